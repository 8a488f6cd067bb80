import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

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
