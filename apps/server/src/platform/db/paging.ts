import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { concurrently, type Executor } from './client.js';

/** Totals are exact up to this many rows; beyond, lists say "more than". Counting 100,000 matches is not cheap. */
export const TOTAL_CAP = 10_000;

/** Counts matching rows but stops at the cap: the cost is bounded by the cap, not by the table. */
export async function cappedCount(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ total: number; capped: boolean }> {
  const result = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${TOTAL_CAP + 1}) capped`,
  );
  const total = result.rows[0]?.total ?? 0;
  return { total: Math.min(total, TOTAL_CAP), capped: total > TOTAL_CAP };
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
