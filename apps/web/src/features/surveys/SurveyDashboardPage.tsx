import './i18n';
import {
  type Survey,
  type SurveyAnalysis,
  type SurveyParticipant,
  type SurveyQuestionAnalysis,
  surveyLinkBodySchema,
} from '@atiende/contracts';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LinkIcon from '@mui/icons-material/Link';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { DownloadBlockedError } from '../../api/download';
import { usePermissions } from '../../app/queries';
import { CopyField } from '../../ui/CopyField';
import { DataTable, type DataTableColumn, type TableQuery } from '../../ui/DataTable';
import { DetailList } from '../../ui/DetailList';
import { DateTimeField } from '../../ui/dates';
import { EmptyState } from '../../ui/EmptyState';
import { FormField } from '../../ui/FormField';
import { formatCompactDateTime, formatDateTime } from '../../ui/format';
import { LoadError, tableLoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { Section } from '../../ui/Section';
import { StatusPage } from '../../ui/StatusPage';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useFormErrors } from '../../ui/useFormErrors';
import {
  downloadSurveyReport,
  useCreateSurveyLink,
  useSurvey,
  useSurveyAnalysis,
  useSurveyLinks,
  useSurveyParticipants,
} from './api';
import { CountsChart, HiddenCountsTable, StackedBar } from './charts';
import {
  answerRate,
  answerText,
  filtersFromSearch,
  filtersToQuery,
  filtersToSearch,
  isChoiceType,
  isScaleType,
  RESULT_SOURCES,
  type ResultsFilters,
  reportFileName,
} from './model';

/** The dashboard's filters, kept in the page's query string (a reload or a shared link keeps them). */
function useResultsFilters() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters change only when the query string does.
  const filters = useMemo(() => filtersFromSearch(search), [key]);
  const setFilters = useCallback(
    (next: ResultsFilters) => setSearch(filtersToSearch(next), { replace: true }),
    [setSearch],
  );
  return { filters, setFilters };
}

// ---------------------------------------------------------------------------------------------------------------
// Filters and the report

function ReportButton({ survey, query }: { survey: Survey; query: Record<string, string | number | undefined> }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadSurveyReport(survey.id, query, reportFileName(survey.name));
      feedback.notify(t('surveys.report.success'), 'success');
    } catch (error) {
      if (error instanceof DownloadBlockedError) feedback.notify(t('surveys.report.warning'), 'warning');
      else feedback.notify(t('surveys.report.error'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="contained"
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlinedIcon />}
      disabled={busy}
      onClick={() => void download()}
      data-testid="survey-report"
    >
      {t('surveys.report.button')}
    </Button>
  );
}

function FiltersBar({
  survey,
  filters,
  onChange,
  rangeError,
}: {
  survey: Survey;
  filters: ResultsFilters;
  onChange: (next: ResultsFilters) => void;
  rangeError?: string;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<ResultsFilters>) => onChange({ ...filters, ...patch });
  const campaigns = [...survey.campaigns];
  if (filters.campaignId && !campaigns.some((campaign) => campaign.id === filters.campaignId)) {
    campaigns.push({ id: filters.campaignId, name: t('surveys.dashboard.campaignNumber', { id: filters.campaignId }) });
  }
  return (
    <Box
      role="group"
      aria-label={t('surveys.dashboard.filters')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}
      data-testid="survey-filters"
    >
      <DateTimeField
        kind="date"
        label={t('surveys.dashboard.from')}
        value={filters.from}
        onValueChange={(from) => set({ from })}
        testId="survey-filter-from"
        size="small"
        margin="none"
        fullWidth={false}
        sx={{ width: 180 }}
      />
      <DateTimeField
        kind="date"
        label={t('surveys.dashboard.to')}
        value={filters.to}
        onValueChange={(to) => set({ to })}
        error={rangeError}
        testId="survey-filter-to"
        size="small"
        margin="none"
        fullWidth={false}
        sx={{ width: 180 }}
      />
      <TextField
        select
        size="small"
        margin="none"
        label={t('surveys.dashboard.source')}
        value={filters.source}
        onChange={(event) => set({ source: event.target.value as ResultsFilters['source'] })}
        sx={{ minWidth: 190 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'survey-filter-source' } as object } }}
      >
        {RESULT_SOURCES.map((source) => (
          <MenuItem key={source} value={source} data-testid={`survey-filter-source-option-${source}`}>
            {t(`surveys.sources.${source}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        margin="none"
        label={t('surveys.dashboard.campaign')}
        value={filters.campaignId ?? ''}
        onChange={(event) => set({ campaignId: event.target.value === '' ? null : Number(event.target.value) })}
        sx={{ minWidth: 200 }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'survey-filter-campaign' } as object },
        }}
      >
        <MenuItem value="">{t('surveys.dashboard.allCampaigns')}</MenuItem>
        {campaigns.map((campaign) => (
          <MenuItem key={campaign.id} value={campaign.id} data-testid={`survey-filter-campaign-option-${campaign.id}`}>
            {campaign.name}
          </MenuItem>
        ))}
      </TextField>
      {filters.from || filters.to || filters.source !== 'all' || filters.campaignId ? (
        <Button
          size="small"
          sx={{ alignSelf: 'center' }}
          onClick={() => onChange({ from: '', to: '', source: 'all', campaignId: null })}
          data-testid="survey-filter-clear"
        >
          {t('surveys.dashboard.clearFilters')}
        </Button>
      ) : null}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// General analysis

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', my: 0.5 }}>
        <bdi dir="ltr" data-testid={`${testId}-value`}>
          {value}
        </bdi>
      </Typography>
      {detail ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      ) : null}
    </Paper>
  );
}

function GeneralAnalysis({ analysis }: { analysis: SurveyAnalysis }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const rate = answerRate(analysis.linksSent, analysis.linksAnswered);
  const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  const perDay = analysis.perDay.map((day) => ({
    label: dayFormat.format(new Date(`${day.date}T00:00:00`)),
    count: day.count,
  }));
  const perDayTitle = t('surveys.dashboard.perDay');
  return (
    <Section title={t('surveys.dashboard.general')} testId="survey-analysis">
      <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))' }}>
        <Figure
          label={t('surveys.dashboard.responses')}
          value={number.format(analysis.responses)}
          testId="survey-analysis-responses"
        />
        <Figure
          label={t('surveys.dashboard.participants')}
          value={number.format(analysis.participants)}
          testId="survey-analysis-participants"
        />
        <Figure
          label={t('surveys.dashboard.linksSent')}
          value={number.format(analysis.linksSent)}
          detail={t('surveys.dashboard.linksAnswered', { count: analysis.linksAnswered })}
          testId="survey-analysis-links"
        />
        <Figure
          label={t('surveys.dashboard.answerRate')}
          value={rate === null ? '—' : `${number.format(rate)} %`}
          testId="survey-analysis-rate"
        />
        <Figure
          label={t('surveys.dashboard.firstResponse')}
          value={analysis.firstResponseAt ? formatCompactDateTime(analysis.firstResponseAt, locale) : '—'}
          detail={analysis.firstResponseAt ? formatDateTime(analysis.firstResponseAt, locale) : undefined}
          testId="survey-analysis-first"
        />
        <Figure
          label={t('surveys.dashboard.lastResponse')}
          value={analysis.lastResponseAt ? formatCompactDateTime(analysis.lastResponseAt, locale) : '—'}
          detail={analysis.lastResponseAt ? formatDateTime(analysis.lastResponseAt, locale) : undefined}
          testId="survey-analysis-last"
        />
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {perDayTitle}
      </Typography>
      {perDay.length === 0 || analysis.responses === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }} data-testid="survey-per-day-empty">
          {t('surveys.dashboard.noResponses')}
        </Typography>
      ) : (
        <Box data-testid="survey-per-day">
          <CountsChart title={perDayTitle} rows={perDay} height={220} testId="survey-per-day-chart" />
          <HiddenCountsTable caption={perDayTitle} rows={perDay} testId="survey-per-day-table" />
        </Box>
      )}
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Per question

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 90 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        <bdi dir="ltr" data-testid={testId}>
          {value}
        </bdi>
      </Typography>
    </Box>
  );
}

function QuestionResult({ question, index }: { question: SurveyQuestionAnalysis; index: number }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const format = (value: number | null) => (value === null ? '—' : number.format(value));
  const key = question.key;
  const title = question.label;
  const rows = question.distribution.map((item) => ({ label: item.label, count: item.count }));
  const scale = isScaleType(question.type);
  const choices = isChoiceType(question.type);
  let body: ReactNode;

  if (question.answered === 0) {
    body = (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }} data-testid={`survey-question-empty-${key}`}>
        {t('surveys.dashboard.noAnswers')}
      </Typography>
    );
  } else if (scale || choices) {
    const stats: ReactNode[] = [];
    if (question.type === 'csat' && question.satisfaction !== null) {
      stats.push(
        <Stat
          key="satisfaction"
          label={t('surveys.dashboard.satisfaction')}
          value={`${number.format(question.satisfaction)} %`}
          testId={`survey-question-satisfaction-${key}`}
        />,
      );
    }
    if (question.type === 'nps' && question.nps) {
      stats.push(
        <Stat
          key="nps"
          label={t('surveys.dashboard.npsScore')}
          value={number.format(question.nps.score)}
          testId={`survey-question-nps-${key}`}
        />,
      );
    }
    if (scale && question.average !== null) {
      stats.push(
        <Stat
          key="average"
          label={t('surveys.dashboard.average')}
          value={format(question.average)}
          testId={`survey-question-average-${key}`}
        />,
      );
    }
    body = (
      <>
        {stats.length > 0 ? <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1 }}>{stats}</Box> : null}
        {question.type === 'nps' && question.nps ? (
          <Box sx={{ mb: 2 }}>
            <StackedBar
              title={t('surveys.dashboard.npsGroups')}
              testId={`survey-question-nps-groups-${key}`}
              segments={[
                {
                  id: 'promoters',
                  label: t('surveys.dashboard.promoters'),
                  count: question.nps.promoters,
                  color: theme.palette.success.main,
                },
                {
                  id: 'passives',
                  label: t('surveys.dashboard.passives'),
                  count: question.nps.passives,
                  color: theme.palette.warning.main,
                },
                {
                  id: 'detractors',
                  label: t('surveys.dashboard.detractors'),
                  count: question.nps.detractors,
                  color: theme.palette.error.main,
                },
              ]}
            />
          </Box>
        ) : null}
        <CountsChart title={title} rows={rows} horizontal={choices} height={220} />
        <HiddenCountsTable caption={title} rows={rows} testId={`survey-question-table-${key}`} />
      </>
    );
  } else if (question.type === 'number') {
    body = (
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Stat
          label={t('surveys.dashboard.average')}
          value={format(question.average)}
          testId={`survey-question-average-${key}`}
        />
        <Stat label={t('surveys.dashboard.min')} value={format(question.min)} testId={`survey-question-min-${key}`} />
        <Stat label={t('surveys.dashboard.max')} value={format(question.max)} testId={`survey-question-max-${key}`} />
      </Box>
    );
  } else {
    body = (
      <Box>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('surveys.dashboard.latest')}
        </Typography>
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 320, overflowY: 'auto' }}
          data-testid={`survey-question-latest-${key}`}
        >
          {question.latest.map((answer, position) => (
            <Box
              component="li"
              // biome-ignore lint/suspicious/noArrayIndexKey: the newest answers, in the server's order.
              key={position}
              sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
                {answer.value}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {formatDateTime(answer.at, locale)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`survey-question-title-${index}`}
      sx={{ p: 2, minWidth: 0 }}
      data-testid={`survey-question-chart-${key}`}
      data-type={question.type}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
        <Chip size="small" label={index + 1} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            id={`survey-question-title-${index}`}
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 700, lineHeight: 1.3 }}
            dir="auto"
          >
            {title}
          </Typography>
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary' }}
            data-testid={`survey-question-answered-${key}`}
          >
            {t(`surveys.types.${question.type}`)} ·{' '}
            {t('surveys.dashboard.answered', { count: question.answered, skipped: question.skipped })}
          </Typography>
        </Box>
      </Box>
      {body}
    </Paper>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Participants

function ParticipantLabel({ participant }: { participant: SurveyParticipant }) {
  const { t } = useTranslation();
  if (participant.customer) return <span dir="auto">{participant.customer.name}</span>;
  return (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {participant.source === 'general' ? t('surveys.sources.generalLink') : t('surveys.dashboard.anonymous')}
    </Box>
  );
}

function ParticipantDialog({
  survey,
  participant,
  onClose,
}: {
  survey: Survey;
  participant: SurveyParticipant | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog
      open={participant !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="survey-participant-title"
    >
      <DialogTitle id="survey-participant-title">{t('surveys.participants.dialogTitle')}</DialogTitle>
      <DialogContent dividers data-testid="survey-participant-dialog">
        {participant ? (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              <ParticipantLabel participant={participant} /> · {formatDateTime(participant.submittedAt, i18n.language)}
              {participant.ticketId ? ` · ${t('surveys.participants.ticketNumber', { id: participant.ticketId })}` : ''}
            </Typography>
            <DetailList
              rows={survey.questions.map((question) => ({
                label: question.label,
                testId: `survey-participant-answer-${question.key}`,
                value: (
                  <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
                    {answerText(participant.answers[question.key])}
                  </Box>
                ),
              }))}
            />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="survey-participant-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Answers shown as columns of the table (the rest are in the row's dialog). */
const ANSWER_COLUMNS = 3;

function Participants({
  survey,
  query: filters,
}: {
  survey: Survey;
  query: Record<string, string | number | undefined>;
}) {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const [table, setTable] = useState<TableQuery>({
    page: 1,
    sizePerPage: 10,
    sortName: 'submittedAt',
    sortOrder: 'desc',
    searchText: '',
  });
  const [open, setOpen] = useState<SurveyParticipant | null>(null);
  const filtersKey = JSON.stringify(filters);
  // A change of the filters goes back to the first page.
  const [lastFilters, setLastFilters] = useState(filtersKey);
  if (lastFilters !== filtersKey) {
    setLastFilters(filtersKey);
    setTable((current) => ({ ...current, page: 1 }));
  }
  const list = useSurveyParticipants(survey.id, { ...filters, page: table.page, sizePerPage: table.sizePerPage });
  const locale = i18n.language;
  const shownQuestions = survey.questions.slice(0, ANSWER_COLUMNS);
  const columns: DataTableColumn<SurveyParticipant>[] = [
    {
      id: 'submittedAt',
      label: t('surveys.participants.submittedAt'),
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(row.submittedAt, locale)}>
          {formatCompactDateTime(row.submittedAt, locale)}
        </Box>
      ),
    },
    {
      id: 'participant',
      label: t('surveys.participants.participant'),
      render: (row) => <ParticipantLabel participant={row} />,
    },
    {
      id: 'ticket',
      label: t('surveys.participants.ticket'),
      render: (row) =>
        row.ticketId ? (
          can('ver-caso') ? (
            <Link
              component={RouterLink}
              to={`/app/tickets/${row.ticketId}/view`}
              onClick={(event) => event.stopPropagation()}
              data-testid={`survey-participant-ticket-${row.responseId}`}
            >
              {t('surveys.participants.ticketNumber', { id: row.ticketId })}
            </Link>
          ) : (
            t('surveys.participants.ticketNumber', { id: row.ticketId })
          )
        ) : (
          '—'
        ),
    },
    ...shownQuestions.map<DataTableColumn<SurveyParticipant>>((question) => ({
      id: `answer-${question.key}`,
      label: question.label,
      render: (row) => (
        <Typography
          variant="body2"
          sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}
          noWrap
          dir="auto"
          title={answerText(row.answers[question.key])}
        >
          {answerText(row.answers[question.key])}
        </Typography>
      ),
    })),
  ];
  return (
    <Section title={t('surveys.participants.title')} testId="survey-participants">
      {survey.questions.length > ANSWER_COLUMNS ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('surveys.participants.moreInDialog')}
        </Typography>
      ) : null}
      <DataTable
        tableId="survey-participants"
        columns={columns}
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        error={tableLoadError(list, 'survey-participants-error')}
        query={table}
        onQueryChange={setTable}
        rowKey={(row) => row.responseId}
        rowTestId={(row) => `survey-participant-${row.responseId}`}
        onRowClick={setOpen}
        searchable={false}
        emptyTitle={t('surveys.participants.empty')}
        actions={(row) => (
          <Button
            size="small"
            startIcon={<VisibilityOutlinedIcon fontSize="small" />}
            onClick={() => setOpen(row)}
            aria-label={t('surveys.participants.viewOf', { date: formatDateTime(row.submittedAt, locale) })}
            data-testid={`survey-participant-open-${row.responseId}`}
          >
            {t('surveys.participants.view')}
          </Button>
        )}
      />
      <ParticipantDialog survey={survey} participant={open} onClose={() => setOpen(null)} />
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Links

function CreateLinkForm({ survey }: { survey: Survey }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const create = useCreateSurveyLink(survey.id);
  const [customerId, setCustomerId] = useState('');
  const [ticketId, setTicketId] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const toId = (value: string) => (value.trim() === '' ? null : Number(value));
  const body = { customerId: toId(customerId), ticketId: toId(ticketId) };
  const form = useFormErrors({ values: body, schema: surveyLinkBodySchema });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = surveyLinkBodySchema.safeParse(body);
    if (!form.check() || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (link) => {
        feedback.success(t('surveys.links.created'));
        setCreated(link.url);
        setCustomerId('');
        setTicketId('');
        form.reset();
      },
      onError: (error) => feedback.failure(error, form.show),
    });
  };
  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="survey-link-form" sx={{ mt: 1 }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {t('surveys.links.createTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('surveys.links.createHelp')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <FormField
          type="number"
          label={t('surveys.links.customerId')}
          value={customerId}
          onValueChange={setCustomerId}
          error={form.errors.customerId}
          testId="survey-link-customer"
          sx={{ width: 200 }}
          slotProps={{ htmlInput: { min: 1 } }}
        />
        <FormField
          type="number"
          label={t('surveys.links.ticketId')}
          value={ticketId}
          onValueChange={setTicketId}
          error={form.errors.ticketId}
          testId="survey-link-ticket"
          sx={{ width: 200 }}
          slotProps={{ htmlInput: { min: 1 } }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<LinkIcon />}
          disabled={create.isPending}
          sx={{ mt: 1.25 }}
          data-testid="survey-link-create"
        >
          {t('surveys.links.create')}
        </Button>
      </Box>
      {created ? (
        <CopyField label={t('surveys.links.createdUrl')} value={created} testId="survey-link-created" />
      ) : null}
    </Box>
  );
}

function Links({ survey }: { survey: Survey }) {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const locale = i18n.language;
  const [table, setTable] = useState<TableQuery>({
    page: 1,
    sizePerPage: 10,
    sortName: 'createdAt',
    sortOrder: 'desc',
    searchText: '',
  });
  const list = useSurveyLinks(survey.id, { page: table.page, sizePerPage: table.sizePerPage });
  return (
    <Section title={t('surveys.links.title')} testId="survey-links">
      <CopyField
        label={t('surveys.form.publicUrl')}
        value={survey.publicUrl}
        testId="survey-public-url"
        helperText={t('surveys.form.publicUrlHelp')}
      />
      {can('editar-encuesta') ? <CreateLinkForm survey={survey} /> : null}
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mt: 2 }}>
        {t('surveys.links.personal')}
      </Typography>
      <DataTable
        tableId="survey-links"
        columns={[
          {
            id: 'createdAt',
            label: t('surveys.links.createdAt'),
            render: (link) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatCompactDateTime(link.createdAt, locale)}
              </Box>
            ),
          },
          {
            id: 'customer',
            label: t('surveys.links.customer'),
            render: (link) => (link.customer ? <span dir="auto">{link.customer.name}</span> : '—'),
          },
          {
            id: 'ticket',
            label: t('surveys.participants.ticket'),
            render: (link) =>
              link.ticketId ? (
                <Link component={RouterLink} to={`/app/tickets/${link.ticketId}/view`}>
                  {t('surveys.participants.ticketNumber', { id: link.ticketId })}
                </Link>
              ) : (
                '—'
              ),
          },
          {
            id: 'expiresAt',
            label: t('surveys.links.expiresAt'),
            render: (link) => (link.expiresAt ? formatDateTime(link.expiresAt, locale) : t('surveys.links.never')),
          },
          {
            id: 'url',
            label: t('surveys.links.url'),
            render: (link) => (
              <Box
                component="span"
                dir="ltr"
                sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}
                data-testid={`survey-link-url-${link.id}`}
              >
                {link.url}
              </Box>
            ),
          },
        ]}
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        error={tableLoadError(list, 'survey-links-error')}
        query={table}
        onQueryChange={setTable}
        rowKey={(link) => link.id}
        rowTestId={(link) => `survey-link-${link.id}`}
        searchable={false}
        emptyTitle={t('surveys.links.empty')}
      />
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The page

function SurveyDashboard({ survey }: { survey: Survey }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const { filters, setFilters } = useResultsFilters();
  const rangeError =
    filters.from && filters.to && filters.from > filters.to ? t('surveys.dashboard.rangeInvalid') : undefined;
  const query = useMemo(() => filtersToQuery(filters), [filters]);
  const analysis = useSurveyAnalysis(survey.id, query, !rangeError);
  const data = analysis.data;
  return (
    <PageContainer maxWidth={1400}>
      <PageHeader
        title={survey.name}
        subtitle={t('surveys.dashboard.subtitle')}
        backTo="/app/surveys"
        actions={
          <>
            {can('editar-encuesta') ? (
              <Button
                variant="outlined"
                component={RouterLink}
                to={`/app/surveys/${survey.id}/edit`}
                startIcon={<EditIcon />}
                data-testid="survey-dashboard-edit"
              >
                {t('common.edit')}
              </Button>
            ) : null}
            <ReportButton survey={survey} query={query} />
          </>
        }
      />
      <FiltersBar survey={survey} filters={filters} onChange={setFilters} rangeError={rangeError} />
      {rangeError ? null : analysis.isError && !data ? (
        <LoadError error={analysis.error} onRetry={analysis.refetch} testId="survey-analysis-error" />
      ) : !data ? (
        <PageLoader />
      ) : (
        <>
          <GeneralAnalysis analysis={data} />
          <Section title={t('surveys.dashboard.perQuestion')} testId="survey-questions-results">
            {data.questions.length === 0 ? (
              <EmptyState
                icon={<InsightsOutlinedIcon fontSize="inherit" />}
                title={t('surveys.dashboard.noQuestions')}
              />
            ) : (
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
                  alignItems: 'start',
                }}
              >
                {data.questions.map((question, index) => (
                  <QuestionResult key={question.key} question={question} index={index} />
                ))}
              </Box>
            )}
          </Section>
          <Participants survey={survey} query={query} />
        </>
      )}
      <Links survey={survey} />
    </PageContainer>
  );
}

/** /app/surveys/:id/dashboard: the results with their filters, per question and per participant, links, report. */
export function SurveyDashboardPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = parseId(params.id);
  const survey = useSurvey(id);
  if (id === null) {
    return <StatusPage title={t('surveys.form.notFound')} description={t('pages.notFound.description')} />;
  }
  if (survey.error && !survey.data) {
    const notFound = (survey.error as { httpStatus?: number }).httpStatus === 404;
    return notFound ? (
      <StatusPage
        title={t('surveys.form.notFound')}
        description={t('pages.notFound.description')}
        data-testid="survey-not-found"
      />
    ) : (
      <PageContainer>
        <LoadError error={survey.error} onRetry={survey.refetch} testId="survey-load-error" />
      </PageContainer>
    );
  }
  if (!survey.data) return <PageLoader />;
  return <SurveyDashboard survey={survey.data} />;
}
