import type { ProgrammedReport } from '@atiende/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBusiness } from '../../app/queries';
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/PageLoader';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { presetKey } from '../analytics/model';
import { useDeleteProgrammed, useProgrammedReports, useSaveProgrammed } from './api';
import { DeleteReportDialog } from './components';
import { bodyOfProgrammed, describeSchedule, formatInZone } from './model';

/** The programmed reports: when each runs (in words), for whom it is mailed, enabled, its next run. */
export function ProgrammedReportsList() {
  const { t } = useTranslation();
  const list = useProgrammedReports();
  const remove = useDeleteProgrammed();
  const [deleting, setDeleting] = useState<ProgrammedReport | null>(null);

  if (list.error && !list.data) return <LoadError error={list.error} onRetry={list.refetch} testId="reports-error" />;
  if (!list.data) return <PageLoader />;
  if (list.data.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState
          data-testid="reports-programmed-empty"
          icon={<EventRepeatIcon fontSize="inherit" />}
          title={t('reports.empty.programmed')}
          description={t('reports.empty.programmedHint')}
          action={
            <Button
              component={RouterLink}
              to="/app/reports/add?mode=programmed"
              variant="outlined"
              startIcon={<EventRepeatIcon />}
            >
              {t('reports.actions.program')}
            </Button>
          }
        />
      </Paper>
    );
  }

  return (
    <>
      <TableContainer component={Paper} variant="outlined" data-testid="reports-programmed">
        <Table size="small" sx={{ minWidth: 960 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('reports.columns.name')}</TableCell>
              <TableCell>{t('reports.columns.type')}</TableCell>
              <TableCell>{t('reports.columns.schedule')}</TableCell>
              <TableCell>{t('reports.columns.recipients')}</TableCell>
              <TableCell>{t('reports.columns.enabled')}</TableCell>
              <TableCell>{t('reports.columns.nextRun')}</TableCell>
              <TableCell align="right">{t('reports.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.map((report) => (
              <ProgrammedRow key={report.id} report={report} onDelete={() => setDeleting(report)} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <DeleteReportDialog
        target={deleting}
        title={t('reports.confirm.programmedTitle')}
        message={t('reports.confirm.programmed', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        remove={remove.mutate}
      />
    </>
  );
}

function ProgrammedRow({ report, onDelete }: { report: ProgrammedReport; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const timeZone = useBusiness().data?.configuracion.time_zone;
  const save = useSaveProgrammed();
  const feedback = useApiFeedback();
  const enabled = save.isPending && save.variables ? Boolean(save.variables.body.enabled) : report.enabled;
  const toggle = (next: boolean) =>
    save.mutate(
      { id: report.id, body: bodyOfProgrammed(report, { enabled: next }) },
      {
        onSuccess: () => feedback.success(t(next ? 'reports.programmedEnabled' : 'reports.programmedDisabled')),
        onError: (error) => feedback.failure(error),
      },
    );
  return (
    <TableRow hover data-testid={`programmed-row-${report.id}`}>
      <TableCell sx={{ minWidth: 160 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
          {report.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {report.campaigns.map((campaign) => campaign.name).join(', ')}
        </Typography>
      </TableCell>
      <TableCell>{t(`reports.types.${report.type}`)}</TableCell>
      <TableCell sx={{ minWidth: 190 }}>
        <Typography variant="body2" data-testid={`programmed-schedule-${report.id}`}>
          {describeSchedule(report, t, locale)}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t(presetKey(report.preset))}
        </Typography>
      </TableCell>
      <TableCell sx={{ maxWidth: 260 }}>
        {report.recipients.length > 0 ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {report.recipients.map((recipient) => (
              <Chip key={recipient} size="small" label={recipient} dir="ltr" />
            ))}
          </Box>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('reports.noRecipients')}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Switch
          checked={enabled}
          disabled={save.isPending}
          onChange={(event) => toggle(event.target.checked)}
          slotProps={{
            input: {
              'aria-label': t('reports.actions.enableOf', { name: report.name }),
              'data-testid': `programmed-enabled-${report.id}`,
            } as object,
          }}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} title={timeZone ? t('reports.timeZone', { timeZone }) : undefined}>
        {report.enabled && report.nextRunAt ? (
          <span data-testid={`programmed-next-${report.id}`}>{formatInZone(report.nextRunAt, locale, timeZone)}</span>
        ) : (
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            {t('reports.notScheduled')}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('common.edit')}>
          <IconButton
            size="small"
            component={RouterLink}
            to={`/app/reports/add?programmed=${report.id}`}
            aria-label={t('reports.actions.editOf', { name: report.name })}
            data-testid={`programmed-edit-${report.id}`}
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('reports.actions.delete')}>
          <IconButton
            size="small"
            color="error"
            aria-label={t('reports.actions.deleteOf', { name: report.name })}
            onClick={onDelete}
            data-testid={`programmed-delete-${report.id}`}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
