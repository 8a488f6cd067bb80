import Paper from '@mui/material/Paper';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadError } from '../../../ui/LoadError';
import { PageLoader } from '../../../ui/PageLoader';
import { LoadMoreButton } from '../executions/components';

/** How long a list's search waits after the last keystroke before asking the server. */
export const SEARCH_DELAY_MS = 300;

/** The value after it stopped changing for `delay` ms (the search asks the server once the user pauses). */
export function useSettled<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The rows of every page a keyset list has loaded, in order. */
export function useKeysetRows<T>(query: UseInfiniteQueryResult<InfiniteData<{ data: T[] }>>): T[] {
  return useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
}

/**
 * The body of the automation lists (business rules, SLA rules, segmentations): the load error with a retry, the
 * loader, the empty state (the search's "no match" or the module's first-use hint), or the table and "load more".
 * `testId` prefixes `-error`, `-empty` and `-more`.
 */
export function KeysetListBody<T>({
  query,
  rows,
  testId,
  icon,
  filtered,
  texts,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ data: T[] }>>;
  rows: T[];
  testId: string;
  icon: ReactNode;
  filtered: boolean;
  texts: { noMatch: string; empty: string; emptyHint: string };
  children: ReactNode;
}) {
  if (query.error && !query.data) {
    return <LoadError error={query.error} onRetry={query.refetch} testId={`${testId}-error`} />;
  }
  if (!query.data) return <PageLoader />;
  if (rows.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState
          data-testid={`${testId}-empty`}
          icon={icon}
          title={filtered ? texts.noMatch : texts.empty}
          description={filtered ? undefined : texts.emptyHint}
        />
      </Paper>
    );
  }
  return (
    <>
      {children}
      <LoadMoreButton
        visible={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
        testId={`${testId}-more`}
      />
    </>
  );
}
