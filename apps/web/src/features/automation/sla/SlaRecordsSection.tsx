import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCompactDateTime, formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { PageLoader } from '../../../ui/PageLoader';
import { Section } from '../../../ui/Section';
import { LoadMoreButton } from '../executions/components';
import { useSlaRecords } from './api';
import { formatSeconds } from './model';

const dash = (text: string) => text || '—';

/** The edit page's list of the rule's breaches, newest first, a page more at a time. */
export function SlaRecordsSection({ ruleId }: { ruleId: number }) {
  const { t, i18n } = useTranslation();
  const list = useSlaRecords(ruleId);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const locale = i18n.language;

  let content: ReactNode;
  if (list.error && !list.data) {
    content = <LoadError error={list.error} onRetry={list.refetch} testId="sla-records-error" />;
  } else if (!list.data) {
    content = <PageLoader />;
  } else if (rows.length === 0) {
    content = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="sla-records-empty">
        {t('automation.sla.records.empty')}
      </Typography>
    );
  } else {
    content = (
      <>
        <TableContainer>
          <Table size="small" sx={{ minWidth: 720 }} data-testid="sla-records">
            <TableHead>
              <TableRow>
                <TableCell>{t('automation.sla.records.columns.when')}</TableCell>
                <TableCell>{t('automation.sla.records.columns.ticket')}</TableCell>
                <TableCell>{t('automation.sla.records.columns.metric')}</TableCell>
                <TableCell>{t('automation.sla.records.columns.firstResponse')}</TableCell>
                <TableCell>{t('automation.sla.records.columns.customerWaiting')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((record) => (
                <TableRow key={record.id} data-testid={`sla-record-${record.id}`}>
                  <TableCell title={formatDateTime(record.breachedAt, locale)} sx={{ whiteSpace: 'nowrap' }}>
                    {formatCompactDateTime(record.breachedAt, locale)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={`/app/tickets/${record.ticket.id}/view`}>
                      {t('automation.sla.records.ticket', { number: record.ticket.number })}
                    </Link>
                  </TableCell>
                  <TableCell>{t(`automation.sla.metrics.${record.metric}`)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <bdi>{dash(formatSeconds(record.firstResponseSeconds))}</bdi>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <bdi>{dash(formatSeconds(record.customerWaitingSeconds))}</bdi>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <LoadMoreButton
          visible={list.hasNextPage}
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          testId="sla-records-more"
        />
      </>
    );
  }
  return (
    <Section title={t('automation.sla.form.sections.records')} testId="sla-records-section">
      {content}
    </Section>
  );
}
