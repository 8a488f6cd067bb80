import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { type DashboardFilters, filtersFromSearch, filtersToSearch } from './model';

/** A dashboard's filters, kept in the page's query string (a reload or a shared link keeps them). */
export function useDashboardFilters() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters change only when the query string does.
  const filters = useMemo(() => filtersFromSearch(search), [key]);
  const setFilters = useCallback(
    (next: DashboardFilters) => setSearch(filtersToSearch(next), { replace: true }),
    [setSearch],
  );
  return { filters, setFilters };
}

/** The custom range's field messages of a refused period (400 with `result.fields`), else none. */
export function periodFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.httpStatus !== 400) return {};
  const fields = error.fields;
  return Object.fromEntries(Object.entries(fields).filter(([field]) => field === 'from' || field === 'to'));
}
