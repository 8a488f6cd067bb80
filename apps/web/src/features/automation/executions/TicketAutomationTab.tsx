import '../i18n';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePermissions } from '../../../app/queries';
import { formatCompactDateTime, formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { PageLoader } from '../../../ui/PageLoader';
import { useTicketRuleExecutions } from '../api';
import { ActionOutcomes, ExecutionStatusChip, LoadMoreButton, triggerLabelKey } from './components';

/**
 * The ticket view's tab of the business rules that ran on the ticket, newest first. Loaded with its texts only
 * when the tab opens, so the ticket view does not grow.
 */
export function TicketAutomationTab({ ticketId }: { ticketId: number }) {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const list = useTicketRuleExecutions(ticketId);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const locale = i18n.language;
  const canOpenRule = can('editar-business-rule');

  if (list.error && !list.data) {
    return <LoadError error={list.error} onRetry={list.refetch} testId="ticket-rule-executions-error" />;
  }
  if (!list.data) return <PageLoader />;
  if (rows.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="ticket-rule-executions-empty">
        {t('automation.executions.ticketEmpty')}
      </Typography>
    );
  }
  return (
    <Box data-testid="ticket-rule-executions">
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {rows.map((execution) => (
          <Box
            component="li"
            key={execution.id}
            data-testid={`ticket-rule-execution-${execution.id}`}
            sx={{ pb: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0, pb: 0 } }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
              <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {canOpenRule ? (
                  <Link component={RouterLink} to={`/app/business-rules/${execution.rule.id}/edit`} dir="auto">
                    {execution.rule.name}
                  </Link>
                ) : (
                  <bdi>{execution.rule.name}</bdi>
                )}
              </Typography>
              <ExecutionStatusChip execution={execution} />
            </Box>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
              <span title={formatDateTime(execution.createdAt, locale)}>
                {formatCompactDateTime(execution.createdAt, locale)}
              </span>
              {' · '}
              {t(triggerLabelKey(execution.trigger))}
            </Typography>
            <ActionOutcomes execution={execution} />
          </Box>
        ))}
      </Box>
      <LoadMoreButton
        visible={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onClick={() => void list.fetchNextPage()}
        testId="ticket-rule-executions-more"
      />
    </Box>
  );
}
