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
import { useRuleExecutions } from '../api';
import { ActionOutcomes, ExecutionStatusChip, LoadMoreButton, triggerLabelKey } from './components';

/** The edit page's list of a rule's executions, newest first, a page more at a time. */
export function RuleExecutionsSection({ ruleId }: { ruleId: number }) {
  const { t, i18n } = useTranslation();
  const list = useRuleExecutions(ruleId);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const locale = i18n.language;

  let content: ReactNode;
  if (list.error && !list.data) {
    content = <LoadError error={list.error} onRetry={list.refetch} testId="rule-executions-error" />;
  } else if (!list.data) {
    content = <PageLoader />;
  } else if (rows.length === 0) {
    content = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="rule-executions-empty">
        {t('automation.executions.empty')}
      </Typography>
    );
  } else {
    content = (
      <>
        <TableContainer>
          <Table size="small" sx={{ minWidth: 720 }} data-testid="rule-executions">
            <TableHead>
              <TableRow>
                <TableCell>{t('automation.executions.columns.when')}</TableCell>
                <TableCell>{t('automation.executions.columns.ticket')}</TableCell>
                <TableCell>{t('automation.executions.columns.trigger')}</TableCell>
                <TableCell>{t('automation.executions.columns.status')}</TableCell>
                <TableCell>{t('automation.executions.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((execution) => (
                <TableRow
                  key={execution.id}
                  data-testid={`rule-execution-${execution.id}`}
                  sx={{ verticalAlign: 'top' }}
                >
                  <TableCell title={formatDateTime(execution.createdAt, locale)} sx={{ whiteSpace: 'nowrap' }}>
                    {formatCompactDateTime(execution.createdAt, locale)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={`/app/tickets/${execution.ticket.id}/view`}>
                      {t('automation.executions.ticket', { number: execution.ticket.number })}
                    </Link>
                  </TableCell>
                  <TableCell>{t(triggerLabelKey(execution.trigger))}</TableCell>
                  <TableCell>
                    <ExecutionStatusChip execution={execution} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 260 }}>
                    <ActionOutcomes execution={execution} />
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
          testId="rule-executions-more"
        />
      </>
    );
  }
  return (
    <Section title={t('automation.form.sections.executions')} testId="rule-executions-section">
      {content}
    </Section>
  );
}
