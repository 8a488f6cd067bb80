import { and, asc, desc, eq, ilike, inArray, like, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { exactCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import { campaignChannels, campaigns } from '../campaigns/campaigns.schema.js';
import { omniWidgetChannels, omniWidgets } from '../widgets/widgets.schema.js';
import { type ChannelProblem, encodeProblem } from './channel-problem.js';
import { channels } from './channels.schema.js';

export type ChannelRow = typeof channels.$inferSelect;
export type ChannelValues = Omit<typeof channels.$inferInsert, 'id'>;

export interface ChannelListFilter {
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'createdAt' | 'id';
  sortOrder: 'asc' | 'desc';
  searchText?: string;
  type?: string;
  enabled?: boolean;
}

const SORT = { name: channels.name, createdAt: channels.createdAt, id: channels.id } as const;

export const channelsRepo = {
  async list(db: Executor, filter: ChannelListFilter): Promise<{ rows: ChannelRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.type) conditions.push(eq(channels.type, filter.type));
    if (filter.enabled !== undefined) conditions.push(eq(channels.enabled, filter.enabled));
    if (filter.searchText) conditions.push(ilike(channels.name, `%${escapeLike(filter.searchText)}%`));
    const where = conditions.length ? and(...conditions) : undefined;
    const column = SORT[filter.sortName];
    const { rows, total } = await pageOf(
      db,
      filter,
      (window) =>
        db
          .select()
          .from(channels)
          .where(where)
          .orderBy(filter.sortOrder === 'desc' ? desc(column) : asc(column), asc(channels.id))
          .limit(window.limit)
          .offset(window.offset),
      () => exactCount(db, channels, where),
    );
    return { rows, total };
  },

  async find(db: Executor, id: number): Promise<ChannelRow | null> {
    const [row] = await db.select().from(channels).where(eq(channels.id, id));
    return row ?? null;
  },

  async lock(db: Executor, id: number): Promise<ChannelRow | null> {
    const [row] = await db.select().from(channels).where(eq(channels.id, id)).for('update');
    return row ?? null;
  },

  async insert(db: Executor, values: ChannelValues): Promise<number> {
    const [row] = await db.insert(channels).values(values).returning({ id: channels.id });
    return row.id;
  },

  async update(db: Executor, id: number, values: Partial<ChannelValues>): Promise<void> {
    await db
      .update(channels)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(channels.id, id));
  },

  /**
   * Shows a provider problem on the channel ("error found in a channel"), labelled by the part that found it
   * (`IMAP`, `Graph API`, ...), without touching its settings.
   */
  async setProblem(db: Executor, channelId: number, source: string, problem: ChannelProblem): Promise<void> {
    await db
      .update(channels)
      .set({ lastError: encodeProblem(source, problem), lastErrorAt: new Date() })
      .where(eq(channels.id, channelId));
  },

  /** Clears the channel's problem when that part reported it (other parts report theirs there too). */
  async clearProblem(db: Executor, channelId: number, source: string): Promise<void> {
    await db
      .update(channels)
      .set({ lastError: null, lastErrorAt: null })
      .where(and(eq(channels.id, channelId), like(channels.lastError, `${escapeLike(source)}: %`)));
  },

  /** Related campaigns of many channels in one query. */
  async campaignsOf(db: Executor, channelIds: readonly number[]) {
    if (channelIds.length === 0) return new Map<number, NamedRef[]>();
    const rows = await db
      .select({ channelId: campaignChannels.channelId, id: campaigns.id, name: campaigns.name })
      .from(campaignChannels)
      .innerJoin(campaigns, eq(campaigns.id, campaignChannels.campaignId))
      .where(inArray(campaignChannels.channelId, [...channelIds]))
      .orderBy(campaigns.name);
    return groupByChannel(rows);
  },

  /** The omni widgets that offer each of many channels, in one query. */
  async widgetsOf(db: Executor, channelIds: readonly number[]) {
    if (channelIds.length === 0) return new Map<number, NamedRef[]>();
    const rows = await db
      .select({ channelId: omniWidgetChannels.channelId, id: omniWidgets.id, name: omniWidgets.name })
      .from(omniWidgetChannels)
      .innerJoin(omniWidgets, eq(omniWidgets.id, omniWidgetChannels.widgetId))
      .where(inArray(omniWidgetChannels.channelId, [...channelIds]))
      .orderBy(omniWidgets.name);
    return groupByChannel(rows);
  },

  async existingIds(db: Executor, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: channels.id })
      .from(channels)
      .where(inArray(channels.id, [...ids]));
    return rows.map((row) => row.id);
  },
};

type NamedRef = { id: number; name: string };

function groupByChannel(rows: readonly (NamedRef & { channelId: number })[]): Map<number, NamedRef[]> {
  const byChannel = new Map<number, NamedRef[]>();
  for (const { channelId, id, name } of rows) {
    const list = byChannel.get(channelId) ?? [];
    list.push({ id, name });
    byChannel.set(channelId, list);
  }
  return byChannel;
}
