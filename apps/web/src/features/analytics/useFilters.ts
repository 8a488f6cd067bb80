import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { type DashboardFilters, filtersFromSearch, filtersToSearch } from './model';

/** A dashboard's filters, kept in the page's query string (a reload or a shared link keeps them). */
export function useDashboardFilters() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters change only when the query string does.
  const filters = useMemo(() => filtersFromSearch(search), [key]);
  // A change is a patch on the query string as it is when the change lands, not on the filters of the render that
  // made the handler: two quick changes (a period, then a campaign) must both stay, whatever a slow render did. The
  // router's functional update does not give that (it hands the params of the render that made the setter, and a
  // control that kept an older handler undid the period: seen in the dashboards' browser test on a loaded machine),
  // so the latest query string is kept here, by each render and by each change before its render.
  const latest = useRef(search);
  latest.current = search;
  const setFilters = useCallback(
    (patch: Partial<DashboardFilters>) => {
      const next = filtersToSearch({ ...filtersFromSearch(latest.current), ...patch });
      latest.current = next;
      setSearch(next, { replace: true });
    },
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
