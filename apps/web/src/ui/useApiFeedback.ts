import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useSnackbar } from './SnackbarProvider';

/** Snackbars for API outcomes: the envelope's `message` on errors (and field messages into the form). */
export function useApiFeedback() {
  const notify = useSnackbar();
  const { t } = useTranslation();
  const success = useCallback((message: string) => notify(message, 'success'), [notify]);
  const failure = useCallback(
    (error: unknown, setFieldErrors?: (errors: Record<string, string>) => void) => {
      if (error instanceof ApiError) {
        const fields = error.fields;
        if (setFieldErrors && Object.keys(fields).length > 0) setFieldErrors(fields);
        notify(error.message || t('errors.unexpected'), 'error');
        return;
      }
      notify(error instanceof Error && error.message ? error.message : t('errors.unexpected'), 'error');
    },
    [notify, t],
  );
  return useMemo(() => ({ success, failure, notify }), [success, failure, notify]);
}
