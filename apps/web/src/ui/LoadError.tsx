import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';

/**
 * What to tell the user when loading failed: the server's own message for a refused request (it is translated and
 * says what to do, e.g. a missing permission), one translated line for everything else — never a stack, a
 * browser's network wording or an upstream's text.
 */
export function loadErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.httpStatus === 0) return t('errors.network');
    if (error.httpStatus >= 500) return t('errors.server');
    if (error.httpStatus === 429) return t('errors.rateLimited');
    return error.message || t('errors.unexpected');
  }
  return t('errors.unexpected');
}

interface LoadErrorProps {
  error: unknown;
  /** Loads again (the query's refetch). */
  onRetry: () => unknown;
  testId?: string;
}

/** The error state of a list, board or panel whose data did not load: what happened and a retry button. */
export function LoadError({ error, onRetry, testId }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" data-testid={testId}>
      <AlertTitle>{t('errors.loadFailed')}</AlertTitle>
      {/* dir="auto": a left-to-right sentence keeps its full stop at its end in a right-to-left page. */}
      <Box dir="auto">{loadErrorText(error, t)}</Box>
      {/* Under the text, not at the alert's end: in a wide table the end may lie outside the visible part. */}
      <Button
        color="inherit"
        size="small"
        variant="outlined"
        startIcon={<RefreshIcon />}
        onClick={() => void onRetry()}
        data-testid={testId ? `${testId}-retry` : undefined}
        sx={{ mt: 1 }}
      >
        {t('errors.retry')}
      </Button>
    </Alert>
  );
}

/** A table's error state from its query: the `LoadError` while there is nothing to show, else nothing. */
export function tableLoadError(
  query: { error: unknown; data?: unknown; refetch: () => unknown },
  testId: string,
): ReactNode | undefined {
  return query.error && !query.data ? (
    <LoadError error={query.error} onRetry={query.refetch} testId={testId} />
  ) : undefined;
}
