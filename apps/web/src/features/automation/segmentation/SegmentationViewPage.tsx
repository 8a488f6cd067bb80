import '../i18n';
// Customer fields in the synced-fields chips are named by the builder's texts, genders by the customers module's.
import '../../customers/i18n';
import { SEGMENTATION_LAST_RUNS, type SegmentationDashboard, type SegmentationRun } from '@atiende/contracts';
import EditIcon from '@mui/icons-material/Edit';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { usePermissions } from '../../../app/queries';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DetailList } from '../../../ui/DetailList';
import { EnabledChip } from '../../../ui/EnabledChip';
import { formatCompactDateTime, formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { PageContainer, PageHeader } from '../../../ui/PageHeader';
import { PageLoader } from '../../../ui/PageLoader';
import { parseId } from '../../../ui/params';
import { Section } from '../../../ui/Section';
import { StatusPage } from '../../../ui/StatusPage';
import { useApiFeedback } from '../../../ui/useApiFeedback';
import { useRunSegmentation, useSegmentationDashboard, useSegmentationOptions } from '../api';
import { isFormField } from '../conditions/model';
import { SegmentationWhen } from './components';
import { conditionFieldLabel, dashboardFigures, movedCount } from './model';
import { SEGMENTATION_LIST_PATH, segmentationEditPath } from './paths';

/** /app/segmentation/:id/view: the segmentation's dashboard (spec: initial and final cases, fields, last runs). */
export function SegmentationViewPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = parseId(params.id);
  const dashboard = useSegmentationDashboard(id);

  if (id === null || (dashboard.error instanceof ApiError && dashboard.error.httpStatus === 404)) {
    return (
      <StatusPage
        title={t('pages.notFound.title')}
        description={dashboard.error?.message || t('automation.segmentation.form.notFound')}
        data-testid="segmentation-not-found"
      />
    );
  }
  if (dashboard.error && !dashboard.data) {
    return (
      <PageContainer>
        <PageHeader title={t('menu.items.segmentation')} backTo={SEGMENTATION_LIST_PATH} />
        <LoadError error={dashboard.error} onRetry={dashboard.refetch} testId="segmentation-dashboard-error" />
      </PageContainer>
    );
  }
  if (!dashboard.data) return <PageLoader />;
  return (
    <PageContainer maxWidth={1200}>
      <Dashboard data={dashboard.data} refreshing={dashboard.isFetching} />
    </PageContainer>
  );
}

function Dashboard({ data, refreshing }: { data: SegmentationDashboard; refreshing: boolean }) {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const run = useRunSegmentation();
  const [confirmRun, setConfirmRun] = useState(false);
  const { segmentation } = data;
  const locale = i18n.language;
  const canEdit = can('editar-segmentacion');

  const runNow = () => {
    setConfirmRun(false);
    run.mutate(segmentation.id, {
      onSuccess: (result) => feedback.success(t('automation.segmentation.ran', { count: movedCount(result) })),
      onError: (error) => feedback.failure(error),
    });
  };

  return (
    <>
      <PageHeader
        title={t('automation.segmentation.view.title', { name: segmentation.name })}
        subtitle={segmentation.description ?? undefined}
        backTo={SEGMENTATION_LIST_PATH}
        actions={
          canEdit ? (
            <>
              <Button
                variant="contained"
                startIcon={run.isPending ? <CircularProgress size={16} color="inherit" /> : <PlayArrowIcon />}
                disabled={run.isPending}
                onClick={() => setConfirmRun(true)}
                data-testid="segmentation-run"
              >
                {t('automation.segmentation.view.run')}
              </Button>
              <Button
                component={RouterLink}
                to={segmentationEditPath(segmentation.id)}
                variant="outlined"
                startIcon={<EditIcon />}
                data-testid="segmentation-edit"
              >
                {t('common.edit')}
              </Button>
            </>
          ) : null
        }
      />
      {/* Asked again after a run: the figures shown stay until the new ones arrive. */}
      <Box sx={{ height: 4, mb: 0.5 }}>{refreshing ? <LinearProgress /> : null}</Box>

      <Section title={t('automation.segmentation.view.sections.details')} testId="segmentation-details">
        <DetailList
          rows={[
            {
              label: t('automation.segmentation.form.fields.baseCampaign'),
              value: <bdi>{segmentation.baseCampaign.name}</bdi>,
              testId: 'segmentation-base-campaign',
            },
            {
              label: t('automation.segmentation.form.fields.kind'),
              value: (
                <Box>
                  <SegmentationWhen segmentation={segmentation} />
                </Box>
              ),
              testId: 'segmentation-when',
            },
            { label: t('automation.segmentation.view.status'), value: <EnabledChip enabled={segmentation.enabled} /> },
            ...(segmentation.kind === 'automation'
              ? [
                  {
                    label: t('automation.segmentation.view.nextRun'),
                    value: segmentation.nextRunAt ? formatDateTime(segmentation.nextRunAt, locale) : '',
                    testId: 'segmentation-next-run',
                  },
                ]
              : []),
            {
              label: t('automation.segmentation.view.lastRun'),
              value: segmentation.lastRunAt
                ? formatDateTime(segmentation.lastRunAt, locale)
                : t('automation.list.never'),
              testId: 'segmentation-last-run',
            },
          ]}
        />
      </Section>

      <NowSection data={data} />
      <SyncedFieldsSection data={data} />
      <RunsSection runs={data.lastRuns} />

      <ConfirmDialog
        open={confirmRun}
        title={t('automation.segmentation.view.runTitle')}
        message={t('automation.segmentation.view.runMessage', { campaign: segmentation.baseCampaign.name })}
        confirmLabel={t('automation.segmentation.view.run')}
        onCancel={() => setConfirmRun(false)}
        onConfirm={runNow}
      />
    </>
  );
}

/** Initial cases now, what each segment would take (in order) and the final cases. */
function NowSection({ data }: { data: SegmentationDashboard }) {
  const { t, i18n } = useTranslation();
  const figures = useMemo(() => dashboardFigures(data), [data]);
  const number = (value: number) => value.toLocaleString(i18n.language);
  const base = data.segmentation.baseCampaign.name;
  return (
    <Section title={t('automation.segmentation.view.sections.now')} testId="segmentation-now">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('automation.segmentation.view.nowHelp')}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
        }}
      >
        <FigureCard
          label={t('automation.segmentation.view.initial')}
          value={number(figures.initial)}
          detail={t('automation.segmentation.view.initialDetail', { campaign: base })}
          testId="segmentation-initial"
        />
        {figures.segments.map((segment, index) => (
          <FigureCard
            key={segment.segmentId}
            label={t('automation.segmentation.view.segmentLabel', { number: index + 1, name: segment.name })}
            value={number(segment.count)}
            detail={t('automation.segmentation.view.segmentDetail', { campaign: segment.destination.name })}
            testId={`segmentation-matching-${segment.segmentId}`}
          />
        ))}
        <FigureCard
          label={t('automation.segmentation.view.final')}
          value={number(figures.final)}
          detail={t('automation.segmentation.view.finalDetail', { campaign: base })}
          testId="segmentation-final"
          emphasis
        />
      </Box>
    </Section>
  );
}

function FigureCard({
  label,
  value,
  detail,
  testId,
  emphasis = false,
}: {
  label: string;
  value: string;
  detail: string;
  testId: string;
  emphasis?: boolean;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid={testId}
      sx={(theme) => ({
        p: 2,
        minWidth: 0,
        // The start edge marks the result card in both directions (a logical property; the colour from the theme,
        // which sx does not resolve for logical border properties).
        borderInlineStartWidth: emphasis ? 4 : undefined,
        borderInlineStartColor: emphasis ? theme.palette.primary.main : undefined,
      })}
    >
      <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', my: 0.5 }}>
        <bdi dir="ltr" data-testid={`${testId}-value`}>
          {value}
        </bdi>
      </Typography>
      <Typography variant="caption" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {detail}
      </Typography>
    </Paper>
  );
}

/** The fields the segments read, named as the condition builder names them. */
function SyncedFieldsSection({ data }: { data: SegmentationDashboard }) {
  const { t } = useTranslation();
  // Form fields are named by the base campaign's form (by their key while it loads, or if it cannot be read).
  const hasFormFields = data.syncedFields.some(isFormField);
  const options = useSegmentationOptions(data.segmentation.baseCampaign.id, hasFormFields);
  const formFields = options.data?.formFields ?? [];
  return (
    <Section title={t('automation.segmentation.view.sections.fields')} testId="segmentation-fields">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('automation.segmentation.view.fieldsHelp')}
      </Typography>
      {data.syncedFields.length === 0 ? (
        <Typography variant="body2" data-testid="segmentation-fields-empty">
          {t('automation.segmentation.view.noFields')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {data.syncedFields.map((field) => (
            <Box component="li" key={field}>
              <Chip
                variant="outlined"
                label={<bdi>{conditionFieldLabel(field, formFields, t)}</bdi>}
                data-field={field}
                data-testid={`segmentation-field-${field}`}
              />
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** The last runs: when, what started them, the cases before and after, and how many each segment moved. */
function RunsSection({ runs }: { runs: SegmentationRun[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const number = (value: number) => value.toLocaleString(locale);
  return (
    <Section title={t('automation.segmentation.view.sections.runs')} testId="segmentation-runs-section">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('automation.segmentation.view.runsHelp', { max: SEGMENTATION_LAST_RUNS })}
      </Typography>
      {runs.length === 0 ? (
        <Typography variant="body2" data-testid="segmentation-runs-empty">
          {t('automation.segmentation.view.noRuns')}
        </Typography>
      ) : (
        <TableContainer>
          <Table
            size="small"
            sx={{ minWidth: 720 }}
            aria-label={t('automation.segmentation.view.sections.runs')}
            data-testid="segmentation-runs"
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('automation.segmentation.view.columns.when')}</TableCell>
                <TableCell>{t('automation.segmentation.view.columns.trigger')}</TableCell>
                <TableCell align="right">{t('automation.segmentation.view.columns.initial')}</TableCell>
                <TableCell align="right">{t('automation.segmentation.view.columns.final')}</TableCell>
                <TableCell>{t('automation.segmentation.view.columns.moved')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.map((run) => (
                <TableRow key={run.id} data-testid={`segmentation-run-${run.id}`} sx={{ verticalAlign: 'top' }}>
                  <TableCell
                    component="th"
                    scope="row"
                    title={formatDateTime(run.createdAt, locale)}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {formatCompactDateTime(run.createdAt, locale)}
                  </TableCell>
                  <TableCell>{t(`automation.segmentation.runTriggers.${run.trigger}`)}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {number(run.initialCases)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {number(run.finalCases)}
                  </TableCell>
                  <TableCell sx={{ minWidth: 220 }} data-testid={`segmentation-run-moved-${run.id}`}>
                    {run.moved.length === 0 ? (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t('automation.segmentation.view.nothingMoved')}
                      </Typography>
                    ) : (
                      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.25 }}>
                        {run.moved.map((item) => (
                          <Typography component="li" variant="body2" key={item.segmentId}>
                            <bdi>{item.name}</bdi>
                            {': '}
                            {number(item.count)}
                          </Typography>
                        ))}
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}
