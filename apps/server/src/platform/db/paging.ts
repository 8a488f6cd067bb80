import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { concurrently, type Executor } from './client.js';

/** Totals are exact up to this many rows; beyond, lists say "more than". Counting 100,000 matches is not cheap. */
export const TOTAL_CAP = 10_000;

/** Counts matching rows but stops at the cap: the cost is bounded by the cap, not by the table. */
export async function cappedCount(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  cap = TOTAL_CAP,
): Promise<{ total: number; capped: boolean }> {
  const result = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${cap + 1}) capped`,
  );
  const total = result.rows[0]?.total ?? 0;
  return { total: Math.min(total, cap), capped: total > cap };
}

/**
 * Tickets count up to this many matches: a filter such as "campaign, open, high priority" matches tens of thousands
 * of a million tickets, and counting them cost more than the page (up to 70 ms of a list's 75); "more than 1,000"
 * says enough to someone who will narrow the list, and the count stays a few milliseconds.
 */
export const TICKETS_TOTAL_CAP = 1_000;

/** How many of a table's newest rows a text search looks at first (see newestFirst). */
export const SEARCH_WINDOW = 20_000;

/**
 * A text search newest first, in two bounded steps. PostgreSQL cannot tell well how many rows a word prefix matches,
 * so for "the newest matches" it either walks the table newest first (fast for a common word, a whole-table scan
 * for a rare one) or gathers every match from the GIN index and sorts them (fast for a rare word, tens of thousands
 * of rows for a common one). Here the newest SEARCH_WINDOW rows are searched first, which a common word fills at
 * once; only when they hold too few matches are all matches gathered, which is cheap because the word is rare.
 * `window(start)` runs the query on rows whose ordering column is at least `start` (an SQL expression);
 * `gather()` runs it on every row, ordered so that no index order can be walked.
 */
export async function newestFirst<Row>(
  column: AnyPgColumn,
  limit: number,
  window: (start: SQL) => PromiseLike<Row[]>,
  gather: () => PromiseLike<Row[]>,
): Promise<Row[]> {
  const start = sql`(select ${column} from ${column.table} order by ${column} desc offset ${SEARCH_WINDOW - 1} limit 1)`;
  const recent = await window(start);
  return recent.length >= limit ? recent : gather();
}

/** For a caller that shows no total (the header's search shows a few of each kind): nothing is counted. */
export async function noCount(): Promise<{ total: number; capped: boolean }> {
  return { total: 0, capped: false };
}

/** An exact count, for lists that stay small (staff, channels, catalogues, widgets, forms). */
export async function exactCount(db: Executor, table: PgTable, where: SQL | undefined): Promise<{ total: number }> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(table).where(where);
  return { total: row?.total ?? 0 };
}

/** Which rows a page is: pages count from 1. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page of a list and how many rows there are in all: the page's query gets its window (limit and offset), the
 * count runs beside it (one after the other inside a transaction, which has one connection). Every paginated list
 * goes through here, with `cappedCount` for tables that grow with the business and `exactCount` for small ones.
 */
export async function pageOf<Row, Count extends { total: number }>(
  db: Executor,
  request: { page: number; sizePerPage: number },
  rows: (window: PageWindow) => PromiseLike<Row[]>,
  count: () => PromiseLike<Count>,
): Promise<{ rows: Row[] } & Count> {
  const window = { limit: request.sizePerPage, offset: (request.page - 1) * request.sizePerPage };
  const [found, counted] = await concurrently(db, [() => rows(window), count]);
  return { rows: found, ...counted };
}
