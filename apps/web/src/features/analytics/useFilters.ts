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
  // A change is a patch applied to the query string as it is when the change lands, not to the filters of the render
  // that made the handler: two quick changes (a period, then a campaign) must both stay, whatever a slow render did.
  const setFilters = useCallback(
    (patch: Partial<DashboardFilters>) =>
      setSearch((current) => filtersToSearch({ ...filtersFromSearch(current), ...patch }), { replace: true }),
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
