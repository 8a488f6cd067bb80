import { and, eq, gt, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** What the lists of business rules, SLA rules and segmentations filter by (keyset by id, `after` the last one). */
export interface ScopedListFilter {
  /** The campaigns the caller manages; null: every one. */
  campaignIds: readonly number[] | null;
  campaignId?: number;
  search?: string;
  after?: number;
}

/**
 * The WHERE of such a list over a table's campaign, name and id columns: undefined for no condition, false when
 * the caller manages no campaign (the list is empty without asking).
 */
export function scopedListWhere(
  columns: { campaign: PgColumn; name: PgColumn; id: PgColumn },
  filter: ScopedListFilter,
): SQL | undefined | false {
  const where: SQL[] = [];
  if (filter.campaignIds) {
    if (filter.campaignIds.length === 0) return false;
    where.push(inArray(columns.campaign, [...filter.campaignIds]));
  }
  if (filter.campaignId) where.push(eq(columns.campaign, filter.campaignId));
  if (filter.search) where.push(ilike(columns.name, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.after) where.push(gt(columns.id, filter.after));
  return where.length ? and(...where) : undefined;
}
