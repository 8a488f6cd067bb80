import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from './PageLoader';
import { StatusPage } from './StatusPage';

/**
 * What an add/edit page shows before its form: in edit mode, "not found" for a bad id or a failed load (the API's
 * message when there is one) and the loader while the record comes; null when the form can render.
 */
export function useEditGate(
  mode: 'create' | 'edit',
  id: number | null,
  query: { data?: unknown; isError: boolean; error?: Error | null },
  testId: string,
  fallbackDescription?: string,
): ReactNode {
  const { t } = useTranslation();
  if (mode !== 'edit') return null;
  if (id === null || query.isError) {
    return (
      <StatusPage
        title={t('pages.notFound.title')}
        description={query.error?.message ?? fallbackDescription ?? t('pages.notFound.description')}
        data-testid={testId}
      />
    );
  }
  return query.data ? null : <PageLoader />;
}
