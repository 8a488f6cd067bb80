import type { ConditionGroup, SegmentBody } from '@atiende/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { segmentationRuns, segmentationSegments, segmentations } from './automation.schema.js';
import { CONDITION_FROM, compileConditions } from './conditions.sql.js';
import { scopedListWhere } from './listing.js';

export type SegmentationRow = typeof segmentations.$inferSelect;
export type SegmentRow = typeof segmentationSegments.$inferSelect;
export type SegmentationRunRow = typeof segmentationRuns.$inferSelect;

/** A ticket matches a segment when it matches its conditions and none of the segments before it (first match wins). */
function firstMatch(segments: readonly { conditions: ConditionGroup }[], index: number, now: number): SQL {
  const own = compileConditions(segments[index].conditions, now);
  const earlier = segments.slice(0, index).map((segment) => compileConditions(segment.conditions, now));
  return earlier.length ? sql`${own} and not (${sql.join(earlier, sql` or `)})` : own;
}

export const segmentationRepo = {
  async insert(db: Executor, values: typeof segmentations.$inferInsert): Promise<SegmentationRow> {
    const [row] = await db.insert(segmentations).values(values).returning();
    return row;
  },

  async update(db: Executor, id: number, values: Partial<typeof segmentations.$inferInsert>): Promise<SegmentationRow> {
    const [row] = await db
      .update(segmentations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(segmentations.id, id))
      .returning();
    return row;
  },

  async remove(db: Executor, id: number): Promise<void> {
    await db.delete(segmentations).where(eq(segmentations.id, id));
  },

  async find(db: Executor, id: number, lock = false): Promise<SegmentationRow | null> {
    const query = db.select().from(segmentations).where(eq(segmentations.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The segments, replaced whole in their new order. */
  async replaceSegments(db: Executor, segmentationId: number, segments: readonly SegmentBody[]): Promise<void> {
    await db.delete(segmentationSegments).where(eq(segmentationSegments.segmentationId, segmentationId));
    if (segments.length === 0) return;
    await db.insert(segmentationSegments).values(
      segments.map((segment, position) => ({
        segmentationId,
        position,
        name: segment.name,
        destinationCampaignId: segment.destinationCampaignId,
        conditions: segment.conditions,
      })),
    );
  },

  /** The segments of these segmentations, in order, by segmentation. */
  async segmentsOf(db: Executor, ids: readonly number[]): Promise<Map<number, SegmentRow[]>> {
    const bySegmentation = new Map<number, SegmentRow[]>();
    if (ids.length === 0) return bySegmentation;
    const rows = await db
      .select()
      .from(segmentationSegments)
      .where(inArray(segmentationSegments.segmentationId, [...ids]))
      .orderBy(asc(segmentationSegments.segmentationId), asc(segmentationSegments.position));
    for (const row of rows) {
      const list = bySegmentation.get(row.segmentationId) ?? [];
      list.push(row);
      bySegmentation.set(row.segmentationId, list);
    }
    return bySegmentation;
  },

  async list(
    db: Executor,
    filter: { campaignIds: readonly number[] | null; search?: string; after?: number; limit: number },
  ): Promise<SegmentationRow[]> {
    const where = scopedListWhere(
      { campaign: segmentations.baseCampaignId, name: segmentations.name, id: segmentations.id },
      filter,
    );
    if (where === false) return [];
    return db.select().from(segmentations).where(where).orderBy(asc(segmentations.id)).limit(filter.limit);
  },

  /** Which (campaign, event) pairs have enabled trigger segmentations: what the listener looks up per event. */
  async triggerIndex(db: Executor): Promise<string[]> {
    const result = await db.execute<{ key: string }>(sql`
      select distinct base_campaign_id || ':' || trigger_when as key from segmentations
      where enabled and kind = 'trigger' and trigger_when is not null`);
    return result.rows.map((row) => row.key);
  },

  async triggered(db: Executor, campaignId: number, trigger: string): Promise<SegmentationRow[]> {
    return db
      .select()
      .from(segmentations)
      .where(
        and(
          eq(segmentations.baseCampaignId, campaignId),
          eq(segmentations.triggerWhen, trigger),
          eq(segmentations.enabled, true),
          eq(segmentations.kind, 'trigger'),
        ),
      )
      .orderBy(asc(segmentations.id));
  },

  async due(db: Executor, now: Date, limit: number): Promise<SegmentationRow[]> {
    return db
      .select()
      .from(segmentations)
      .where(
        and(
          eq(segmentations.enabled, true),
          eq(segmentations.kind, 'automation'),
          sql`${segmentations.nextRunAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(segmentations.nextRunAt))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async markRan(db: Executor, id: number, ranAt: Date, nextRunAt: Date | null): Promise<void> {
    await db
      .update(segmentations)
      .set({ lastRunAt: ranAt, ...(nextRunAt ? { nextRunAt } : {}) })
      .where(eq(segmentations.id, id));
  },

  /** The campaign's open tickets (the partial index of open tickets answers it). */
  async openCount(db: Executor, campaignId: number): Promise<number> {
    const result = await db.execute<{ count: number }>(sql`
      select count(*)::int as count from tickets where campaign_id = ${campaignId} and status <> 4`);
    return result.rows[0]?.count ?? 0;
  },

  /** The open tickets of the base campaign that go to segment `index` now (first match wins), oldest first. */
  async matching(
    db: Executor,
    campaignId: number,
    segments: readonly { conditions: ConditionGroup }[],
    index: number,
    now: number,
    limit: number,
  ): Promise<number[]> {
    const result = await db.execute<{ id: string }>(sql`
      select t.id from ${CONDITION_FROM}
      where t.campaign_id = ${campaignId} and t.status <> 4 and ${firstMatch(segments, index, now)}
      order by t.id limit ${limit}`);
    return result.rows.map((row) => Number(row.id));
  },

  /** How many open tickets each segment would take now. */
  async matchingCounts(
    db: Executor,
    campaignId: number,
    segments: readonly { conditions: ConditionGroup }[],
    now: number,
  ): Promise<number[]> {
    if (segments.length === 0) return [];
    const counts = segments.map((_, index) => sql`count(*) filter (where ${firstMatch(segments, index, now)})::int`);
    const result = await db.execute<Record<string, number>>(sql`
      select ${sql.join(
        counts.map((count, index) => sql`${count} as ${sql.raw(`s${index}`)}`),
        sql`, `,
      )}
      from ${CONDITION_FROM} where t.campaign_id = ${campaignId} and t.status <> 4`);
    const row = result.rows[0] ?? {};
    return segments.map((_, index) => Number(row[`s${index}`] ?? 0));
  },

  async insertRun(db: Executor, values: typeof segmentationRuns.$inferInsert): Promise<SegmentationRunRow> {
    const [row] = await db.insert(segmentationRuns).values(values).returning();
    return row;
  },

  async lastRuns(db: Executor, segmentationId: number, limit: number): Promise<SegmentationRunRow[]> {
    return db
      .select()
      .from(segmentationRuns)
      .where(eq(segmentationRuns.segmentationId, segmentationId))
      .orderBy(desc(segmentationRuns.id))
      .limit(limit);
  },
};
