import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/PageLoader';

/**
 * What a dashboard shows under its filters: a loader on the first load, the refused period's message (the date
 * fields show it too), a load error with retry, or the figures (kept on screen while a refetch runs).
 */
export function DashboardBody({
  query,
  fieldErrors,
  children,
}: {
  query: { isLoading: boolean; error: unknown; data?: unknown; refetch: () => unknown };
  fieldErrors: Record<string, string>;
  children: ReactNode;
}) {
  const periodMessage = fieldErrors.from ?? fieldErrors.to;
  if (periodMessage) {
    return (
      <Paper variant="outlined">
        <EmptyState
          data-testid="dashboard-period-error"
          icon={<EventBusyOutlinedIcon fontSize="inherit" />}
          title={periodMessage}
        />
      </Paper>
    );
  }
  if (query.isLoading) return <PageLoader />;
  if (query.error && !query.data) {
    return <LoadError error={query.error} onRetry={query.refetch} testId="dashboard-error" />;
  }
  return query.data ? children : null;
}
