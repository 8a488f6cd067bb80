import { and, asc, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { cappedCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike, searchable } from '../../platform/text.js';
import { users } from '../users/users.schema.js';
import { bots, botVersions } from './bots.schema.js';

export type BotRow = typeof bots.$inferSelect;
export type BotVersionRow = typeof botVersions.$inferSelect;

export interface BotFilter {
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'createdAt' | 'id';
  sortOrder: 'asc' | 'desc';
  searchText?: string;
  enabled?: boolean;
}

const SORT = { name: bots.searchName, createdAt: bots.createdAt, id: bots.id } as const;

/** A version's list fields (its flow stays in the row it was read from, never in lists). */
const summary = {
  id: botVersions.id,
  botId: botVersions.botId,
  number: botVersions.number,
  note: botVersions.note,
  published: botVersions.published,
  publishedAt: botVersions.publishedAt,
  nodes: sql<number>`jsonb_array_length(${botVersions.flow}->'nodes')`.mapWith(Number),
  updatedBy: botVersions.updatedBy,
  updatedAt: botVersions.updatedAt,
};
export type BotVersionSummaryRow = {
  id: number;
  botId: number;
  number: number;
  note: string;
  published: boolean;
  publishedAt: Date | null;
  nodes: number;
  updatedBy: number | null;
  updatedAt: Date;
};

export const botsRepo = {
  async list(db: Executor, filter: BotFilter) {
    const conditions: SQL[] = [];
    if (filter.searchText) {
      conditions.push(ilike(bots.searchName, `%${escapeLike(searchable(filter.searchText))}%`));
    }
    if (filter.enabled !== undefined) conditions.push(eq(bots.enabled, filter.enabled));
    const where = conditions.length ? and(...conditions) : undefined;
    const dir = filter.sortOrder === 'desc' ? desc : asc;
    return pageOf(
      db,
      filter,
      (window) =>
        db
          .select()
          .from(bots)
          .where(where)
          .orderBy(dir(SORT[filter.sortName]), dir(bots.id))
          .limit(window.limit)
          .offset(window.offset),
      () => cappedCount(db, bots, where),
    );
  },

  async find(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<BotRow | null> {
    const query = db.select().from(bots).where(eq(bots.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insert(db: Executor, values: { name: string; description: string; enabled: boolean; createdBy: number }) {
    const [row] = await db
      .insert(bots)
      .values({ ...values, searchName: searchable(values.name).slice(0, 120) })
      .returning();
    return row;
  },

  async update(db: Executor, id: number, values: { name: string; description: string; enabled: boolean }) {
    const [row] = await db
      .update(bots)
      .set({ ...values, searchName: searchable(values.name).slice(0, 120), updatedAt: new Date() })
      .where(eq(bots.id, id))
      .returning();
    return row;
  },

  async touch(db: Executor, id: number) {
    await db.update(bots).set({ updatedAt: new Date() }).where(eq(bots.id, id));
  },

  /** The versions of these bots, newest first, without their flows. */
  async versionsOf(db: Executor, botIds: number[]): Promise<BotVersionSummaryRow[]> {
    if (botIds.length === 0) return [];
    return db
      .select(summary)
      .from(botVersions)
      .where(inArray(botVersions.botId, botIds))
      .orderBy(desc(botVersions.number));
  },

  async version(db: Executor, botId: number, versionId: number): Promise<BotVersionRow | null> {
    const [row] = await db
      .select()
      .from(botVersions)
      .where(and(eq(botVersions.botId, botId), eq(botVersions.id, versionId)));
    return row ?? null;
  },

  async versionCount(db: Executor, botId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(botVersions)
      .where(eq(botVersions.botId, botId));
    return row.n;
  },

  /** A new version numbered after the bot's last (the bot row is locked by the caller, so numbers never clash). */
  async insertVersion(
    db: Executor,
    values: { botId: number; flow: BotVersionRow['flow']; note: string; updatedBy: number },
  ): Promise<BotVersionRow> {
    const [row] = await db
      .insert(botVersions)
      .values({
        ...values,
        number: sql`(select coalesce(max(${botVersions.number}), 0) + 1 from ${botVersions} where ${botVersions.botId} = ${values.botId})`,
      })
      .returning();
    return row;
  },

  async updateVersion(
    db: Executor,
    versionId: number,
    values: { flow: BotVersionRow['flow']; note: string; updatedBy: number },
  ): Promise<BotVersionRow> {
    const [row] = await db
      .update(botVersions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(botVersions.id, versionId))
      .returning();
    return row;
  },

  async deleteVersion(db: Executor, versionId: number): Promise<void> {
    await db.delete(botVersions).where(eq(botVersions.id, versionId));
  },

  /** Publishes one version: the bot's other versions stop being published in the same statement order. */
  async publish(db: Executor, botId: number, versionId: number, userId: number): Promise<void> {
    await db
      .update(botVersions)
      .set({ published: false, publishedAt: null })
      .where(and(eq(botVersions.botId, botId), ne(botVersions.id, versionId), eq(botVersions.published, true)));
    await db
      .update(botVersions)
      .set({ published: true, publishedAt: new Date(), updatedBy: userId })
      .where(eq(botVersions.id, versionId));
  },

  /** Names of the people who created bots or saved versions. */
  async userNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, unique));
    return new Map(rows.map((row) => [row.id, row.name]));
  },
};
