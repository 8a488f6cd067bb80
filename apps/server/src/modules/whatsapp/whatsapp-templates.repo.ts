import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { concurrently, type Executor } from '../../platform/db/client.js';
import { cappedCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import { channels } from '../channels/channels.schema.js';
import { users } from '../users/users.schema.js';
import { whatsappTemplates } from './whatsapp.schema.js';

export type WhatsappTemplateRow = typeof whatsappTemplates.$inferSelect;
export type WhatsappTemplateValues = Omit<typeof whatsappTemplates.$inferInsert, 'id'>;

export interface WhatsappTemplateFilter {
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'createdAt' | 'id';
  sortOrder: 'asc' | 'desc';
  searchText?: string;
  channelId?: number;
  status?: string;
}

const SORT = {
  name: whatsappTemplates.name,
  createdAt: whatsappTemplates.createdAt,
  id: whatsappTemplates.id,
} as const;

function whereOf(filter: WhatsappTemplateFilter): SQL | undefined {
  const conditions: SQL[] = [];
  // Template names are lower-case ASCII by Meta's rule: a plain case-insensitive match is enough.
  if (filter.searchText) conditions.push(ilike(whatsappTemplates.name, `%${escapeLike(filter.searchText)}%`));
  if (filter.channelId) conditions.push(eq(whatsappTemplates.channelId, filter.channelId));
  if (filter.status) conditions.push(eq(whatsappTemplates.status, filter.status));
  return conditions.length ? and(...conditions) : undefined;
}

export const whatsappTemplatesRepo = {
  async list(db: Executor, filter: WhatsappTemplateFilter) {
    const where = whereOf(filter);
    const dir = filter.sortOrder === 'desc' ? desc : asc;
    const { rows, ...counted } = await pageOf(
      db,
      filter,
      (window) =>
        db
          .select()
          .from(whatsappTemplates)
          .where(where)
          .orderBy(dir(SORT[filter.sortName]), dir(whatsappTemplates.id))
          .limit(window.limit)
          .offset(window.offset),
      () => cappedCount(db, whatsappTemplates, where),
    );
    return { rows, ...counted };
  },

  async find(db: Executor, id: number): Promise<WhatsappTemplateRow | null> {
    const [row] = await db.select().from(whatsappTemplates).where(eq(whatsappTemplates.id, id));
    return row ?? null;
  },

  async findByName(db: Executor, channelId: number, name: string, language: string) {
    const [row] = await db
      .select({ id: whatsappTemplates.id })
      .from(whatsappTemplates)
      .where(
        and(
          eq(whatsappTemplates.channelId, channelId),
          eq(whatsappTemplates.name, name),
          eq(whatsappTemplates.language, language),
        ),
      );
    return row ?? null;
  },

  async findByProviderId(db: Executor, channelId: number, providerTemplateId: string) {
    const [row] = await db
      .select()
      .from(whatsappTemplates)
      .where(
        and(eq(whatsappTemplates.channelId, channelId), eq(whatsappTemplates.providerTemplateId, providerTemplateId)),
      );
    return row ?? null;
  },

  /**
   * The channel's approved templates, by name, of one type or all (the composer's list; a business has tens, Meta
   * allows 250).
   */
  async approvedOf(db: Executor, channelId: number, type?: string): Promise<WhatsappTemplateRow[]> {
    return db
      .select()
      .from(whatsappTemplates)
      .where(
        and(
          eq(whatsappTemplates.channelId, channelId),
          eq(whatsappTemplates.status, 'approved'),
          type ? eq(whatsappTemplates.type, type) : undefined,
        ),
      )
      .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.id))
      .limit(250);
  },

  /** The approved templates of one type on several channels (bulk messaging's options), by name. */
  async approvedOfChannels(db: Executor, channelIds: number[], type: string): Promise<WhatsappTemplateRow[]> {
    if (channelIds.length === 0) return [];
    return db
      .select()
      .from(whatsappTemplates)
      .where(
        and(
          inArray(whatsappTemplates.channelId, channelIds),
          eq(whatsappTemplates.status, 'approved'),
          eq(whatsappTemplates.type, type),
        ),
      )
      .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.id))
      .limit(250 * channelIds.length);
  },

  async insert(db: Executor, values: WhatsappTemplateValues): Promise<number> {
    const [row] = await db.insert(whatsappTemplates).values(values).returning({ id: whatsappTemplates.id });
    return row.id;
  },

  async setStatus(db: Executor, id: number, status: string, rejectionReason: string | null): Promise<boolean> {
    const rows = await db
      .update(whatsappTemplates)
      .set({ status, rejectionReason, updatedAt: new Date() })
      .where(eq(whatsappTemplates.id, id))
      .returning({ id: whatsappTemplates.id });
    return rows.length > 0;
  },

  /** Channel and author names of many templates, in two queries. */
  async namesOf(db: Executor, rows: WhatsappTemplateRow[]) {
    const channelIds = [...new Set(rows.map((row) => row.channelId))];
    const userIds = [...new Set(rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])))];
    const [channelRows, userRows] = await concurrently(db, [
      () =>
        channelIds.length
          ? db.select({ id: channels.id, name: channels.name }).from(channels).where(inArray(channels.id, channelIds))
          : Promise.resolve([]),
      () =>
        userIds.length
          ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
          : Promise.resolve([]),
    ]);
    return {
      channels: new Map(channelRows.map((row) => [row.id, row.name])),
      users: new Map(userRows.map((row) => [row.id, row.name])),
    };
  },
};
