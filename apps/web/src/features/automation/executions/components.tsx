import type { RuleActionOutcome, RuleExecution, RuleExecutionStatus } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<RuleExecutionStatus, 'success' | 'error' | 'default'> = {
  succeeded: 'success',
  failed: 'error',
  skipped: 'default',
};

const OUTCOME_COLOR: Record<RuleActionOutcome['outcome'], 'success' | 'error' | 'default' | 'info'> = {
  done: 'success',
  failed: 'error',
  skipped: 'default',
  queued: 'info',
};

/** How an execution ended, in words and colour. */
export function ExecutionStatusChip({ execution }: { execution: RuleExecution }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[execution.status]}
      variant={execution.status === 'skipped' ? 'outlined' : 'filled'}
      label={t(`automation.executions.statuses.${execution.status}`)}
      data-status={execution.status}
      data-testid={`rule-execution-status-${execution.id}`}
    />
  );
}

/** What started the execution: the event, or the schedule of an automation rule. */
export function triggerLabelKey(trigger: RuleExecution['trigger']): string {
  return `automation.events.${trigger}`;
}

/** Each action of an execution with its outcome and, when there is one, its detail (an HTTP status, an error). */
export function ActionOutcomes({ execution }: { execution: RuleExecution }) {
  const { t } = useTranslation();
  if (execution.actions.length === 0 && !execution.detail) return null;
  return (
    <Box
      component="ol"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
      data-testid={`rule-execution-actions-${execution.id}`}
    >
      {execution.actions.map((action, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an execution's actions are a fixed record, in their order.
        <Box component="li" key={index} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
          <Typography variant="body2" component="span">
            {t(`automation.actions.types.${action.type}`)}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={OUTCOME_COLOR[action.outcome]}
            label={t(`automation.executions.outcomes.${action.outcome}`)}
            data-outcome={action.outcome}
          />
          {action.detail ? (
            <Typography
              variant="caption"
              component="span"
              dir="auto"
              sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
            >
              {/* Known reasons are words; an HTTP status or a retry count is shown as it came. */}
              {t(`automation.executions.details.${action.detail}`, { defaultValue: action.detail })}
            </Typography>
          ) : null}
        </Box>
      ))}
      {execution.detail ? (
        <Box component="li">
          <Typography variant="caption" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {execution.detail}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}

/** "Load more" under a keyset list. */
export function LoadMoreButton({
  visible,
  loading,
  onClick,
  testId,
}: {
  visible: boolean;
  loading: boolean;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1.5 }}>
      <Button
        variant="outlined"
        size="small"
        onClick={onClick}
        disabled={loading}
        startIcon={loading ? <CircularProgress size={16} /> : undefined}
        data-testid={testId}
      >
        {t('automation.list.loadMore')}
      </Button>
    </Box>
  );
}
