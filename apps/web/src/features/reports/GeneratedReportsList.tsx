import type { GeneratedReport } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client';
import { DownloadBlockedError } from '../../api/download';
import { EmptyState } from '../../ui/EmptyState';
import { formatCompactDateTime, formatDate, formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/PageLoader';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { presetKey } from '../analytics/model';
import { downloadReport, patchGeneratedRow, refreshGeneratedRow, useDeleteGenerated, useGeneratedReports } from './api';
import { DeleteReportDialog, StatusCell } from './components';
import { canDownload, formatPeriod } from './model';

/** The generated reports, newest first, live while they are generated; older ones a page at a time. */
export function GeneratedReportsList() {
  const { t } = useTranslation();
  const list = useGeneratedReports();
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const [deleting, setDeleting] = useState<GeneratedReport | null>(null);
  const remove = useDeleteGenerated();

  if (list.error && !list.data) return <LoadError error={list.error} onRetry={list.refetch} testId="reports-error" />;
  if (!list.data) return <PageLoader />;
  if (rows.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState
          data-testid="reports-generated-empty"
          icon={<AssessmentOutlinedIcon fontSize="inherit" />}
          title={t('reports.empty.generated')}
          description={t('reports.empty.generatedHint')}
          action={
            <Button component={RouterLink} to="/app/reports/add" variant="outlined" startIcon={<AddIcon />}>
              {t('reports.actions.generate')}
            </Button>
          }
        />
      </Paper>
    );
  }

  return (
    <>
      <TableContainer component={Paper} variant="outlined" data-testid="reports-generated">
        <Table size="small" sx={{ minWidth: 1040 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('reports.columns.name')}</TableCell>
              <TableCell>{t('reports.columns.type')}</TableCell>
              <TableCell>{t('reports.columns.period')}</TableCell>
              <TableCell>{t('reports.columns.status')}</TableCell>
              <TableCell align="right">{t('reports.columns.rows')}</TableCell>
              <TableCell>{t('reports.columns.createdAt')}</TableCell>
              <TableCell>{t('reports.columns.file')}</TableCell>
              <TableCell align="right">{t('reports.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((report) => (
              <GeneratedRow key={report.id} report={report} onDelete={() => setDeleting(report)} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {list.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            startIcon={list.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
            data-testid="reports-load-more"
          >
            {t('reports.actions.loadMore')}
          </Button>
        </Box>
      ) : null}
      <DeleteReportDialog
        target={deleting}
        title={t('reports.confirm.title')}
        message={t('reports.confirm.generated', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        remove={remove.mutate}
      />
    </>
  );
}

function GeneratedRow({ report, onDelete }: { report: GeneratedReport; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const client = useQueryClient();
  const feedback = useApiFeedback();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReport(report);
      patchGeneratedRow(client, report.id, (row) => ({ ...row, downloaded: true }));
    } catch (error) {
      if (error instanceof DownloadBlockedError) {
        feedback.notify(t('reports.downloadBlocked'), 'warning');
      } else {
        feedback.failure(error);
        // 410: the file was deleted (30 days) since the list was read: the row says so now.
        if (error instanceof ApiError && error.httpStatus === 410) void refreshGeneratedRow(client, report.id);
      }
    } finally {
      setDownloading(false);
    }
  };
  const available = canDownload(report);
  return (
    <TableRow hover data-testid={`report-row-${report.id}`} data-status={report.status}>
      <TableCell sx={{ minWidth: 160 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
            {report.name}
          </Typography>
          {report.programmedId !== null ? (
            <Tooltip title={t('reports.fromProgrammed')}>
              <EventRepeatIcon
                fontSize="small"
                sx={{ color: 'text.secondary' }}
                aria-label={t('reports.fromProgrammed')}
                aria-hidden={false}
                role="img"
              />
            </Tooltip>
          ) : null}
        </Box>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('reports.createdBy', { name: report.createdBy.nombre })}
        </Typography>
      </TableCell>
      <TableCell data-testid={`report-type-${report.id}`}>{t(`reports.types.${report.type}`)}</TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        {report.config.preset !== 'custom' ? (
          <Typography variant="body2">{t(presetKey(report.config.preset))}</Typography>
        ) : null}
        <Typography
          variant={report.config.preset !== 'custom' ? 'caption' : 'body2'}
          sx={{ color: report.config.preset !== 'custom' ? 'text.secondary' : undefined, display: 'block' }}
          title={t('reports.timeZone', { timeZone: report.config.timeZone })}
          data-testid={`report-period-${report.id}`}
        >
          {formatPeriod(report.config, locale)}
        </Typography>
      </TableCell>
      <TableCell>
        <StatusCell report={report} />
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`report-rows-${report.id}`}>
        {report.rows.toLocaleString(locale)}
      </TableCell>
      <TableCell title={formatDateTime(report.createdAt, locale)} sx={{ whiteSpace: 'nowrap' }}>
        {formatCompactDateTime(report.createdAt, locale)}
      </TableCell>
      <TableCell sx={{ minWidth: 170 }}>
        {report.status === 'generated' ? (
          <Chip
            size="small"
            variant="outlined"
            color={report.downloaded ? 'success' : 'default'}
            label={report.downloaded ? t('reports.downloaded') : t('reports.notDownloaded')}
            data-testid={`report-downloaded-${report.id}`}
            data-downloaded={report.downloaded}
            sx={{ mb: 0.5 }}
          />
        ) : null}
        <Typography
          variant="caption"
          component="p"
          sx={{ color: report.deletedAt ? 'text.disabled' : 'text.secondary' }}
          data-testid={`report-expiry-${report.id}`}
        >
          {report.deletedAt
            ? t('reports.deletedOn', { date: formatDate(report.deletedAt, locale) })
            : t('reports.expiresOn', { date: formatDate(report.expiresAt, locale) })}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('reports.actions.download')}>
          <span>
            <IconButton
              size="small"
              color="primary"
              aria-label={t('reports.actions.downloadOf', { name: report.name })}
              disabled={!available || downloading}
              onClick={() => void download()}
              data-testid={`report-download-${report.id}`}
            >
              {downloading ? <CircularProgress size={18} /> : <FileDownloadOutlinedIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('reports.actions.delete')}>
          <IconButton
            size="small"
            color="error"
            aria-label={t('reports.actions.deleteOf', { name: report.name })}
            onClick={onDelete}
            data-testid={`report-delete-${report.id}`}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
