import { and, asc, desc, eq, ilike, inArray, lt, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { exactCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import { channels } from '../channels/channels.schema.js';
import { customers } from '../customers/customers.schema.js';
import { interactions, messages } from '../interactions/interactions.schema.js';
import { tickets } from '../tickets/tickets.schema.js';
import { omniWidgetChannels, omniWidgets, webchatVisitors } from './widgets.schema.js';

export type WidgetRow = typeof omniWidgets.$inferSelect;
export type WidgetValues = Omit<typeof omniWidgets.$inferInsert, 'id'>;
export type VisitorRow = typeof webchatVisitors.$inferSelect;
export type WidgetChannelRow = Pick<typeof channels.$inferSelect, 'id' | 'name' | 'type' | 'enabled' | 'config'>;

export interface WidgetListFilter {
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'createdAt' | 'id';
  sortOrder: 'asc' | 'desc';
  searchText?: string;
}

const SORT = { name: omniWidgets.name, createdAt: omniWidgets.createdAt, id: omniWidgets.id } as const;
const CLOSED = 4;

export const widgetsRepo = {
  async list(db: Executor, filter: WidgetListFilter): Promise<{ rows: WidgetRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.searchText) conditions.push(ilike(omniWidgets.name, `%${escapeLike(filter.searchText)}%`));
    const where = conditions.length ? and(...conditions) : undefined;
    const column = SORT[filter.sortName];
    const { rows, total } = await pageOf(
      db,
      filter,
      (window) =>
        db
          .select()
          .from(omniWidgets)
          .where(where)
          .orderBy(filter.sortOrder === 'desc' ? desc(column) : asc(column), asc(omniWidgets.id))
          .limit(window.limit)
          .offset(window.offset),
      () => exactCount(db, omniWidgets, where),
    );
    return { rows, total };
  },

  async find(db: Executor, id: number): Promise<WidgetRow | null> {
    const [row] = await db.select().from(omniWidgets).where(eq(omniWidgets.id, id));
    return row ?? null;
  },

  async findByName(db: Executor, name: string): Promise<WidgetRow | null> {
    const [row] = await db.select().from(omniWidgets).where(eq(omniWidgets.name, name)).limit(1);
    return row ?? null;
  },

  async findByKey(db: Executor, publicKey: string): Promise<WidgetRow | null> {
    const [row] = await db.select().from(omniWidgets).where(eq(omniWidgets.publicKey, publicKey));
    return row ?? null;
  },

  async lock(db: Executor, id: number): Promise<WidgetRow | null> {
    const [row] = await db.select().from(omniWidgets).where(eq(omniWidgets.id, id)).for('update');
    return row ?? null;
  },

  async insert(db: Executor, values: WidgetValues): Promise<number> {
    const [row] = await db.insert(omniWidgets).values(values).returning({ id: omniWidgets.id });
    return row.id;
  },

  async update(db: Executor, id: number, values: Partial<WidgetValues>): Promise<void> {
    await db
      .update(omniWidgets)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(omniWidgets.id, id));
  },

  /** Replaces the widget's channels, keeping the given order. */
  async replaceChannels(db: Executor, widgetId: number, channelIds: readonly number[]): Promise<void> {
    await db.delete(omniWidgetChannels).where(eq(omniWidgetChannels.widgetId, widgetId));
    if (channelIds.length === 0) return;
    await db
      .insert(omniWidgetChannels)
      .values(channelIds.map((channelId, position) => ({ widgetId, channelId, position })));
  },

  /** The channels of many widgets in one query, in each widget's order. */
  async channelsOf(db: Executor, widgetIds: readonly number[]): Promise<Map<number, WidgetChannelRow[]>> {
    const byWidget = new Map<number, WidgetChannelRow[]>();
    if (widgetIds.length === 0) return byWidget;
    const rows = await db
      .select({
        widgetId: omniWidgetChannels.widgetId,
        id: channels.id,
        name: channels.name,
        type: channels.type,
        enabled: channels.enabled,
        config: channels.config,
      })
      .from(omniWidgetChannels)
      .innerJoin(channels, eq(channels.id, omniWidgetChannels.channelId))
      .where(inArray(omniWidgetChannels.widgetId, [...widgetIds]))
      .orderBy(asc(omniWidgetChannels.position), asc(channels.id));
    for (const { widgetId, ...channel } of rows) {
      const list = byWidget.get(widgetId) ?? [];
      list.push(channel);
      byWidget.set(widgetId, list);
    }
    return byWidget;
  },

  async existingChannelIds(db: Executor, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: channels.id })
      .from(channels)
      .where(inArray(channels.id, [...ids]));
    return rows.map((row) => row.id);
  },

  /** Channel ids by type (the demo seed picks its channels by type). */
  async channelIdsByType(
    db: Executor,
    types: readonly string[],
  ): Promise<{ id: number; type: string; name: string }[]> {
    return db
      .select({ id: channels.id, type: channels.type, name: channels.name })
      .from(channels)
      .where(inArray(channels.type, [...types]))
      .orderBy(asc(channels.id));
  },

  // Web-chat visitors

  async insertVisitor(db: Executor, values: typeof webchatVisitors.$inferInsert): Promise<VisitorRow> {
    const [row] = await db.insert(webchatVisitors).values(values).returning();
    return row;
  },

  async visitorByToken(db: Executor, tokenHash: string): Promise<VisitorRow | null> {
    const [row] = await db.select().from(webchatVisitors).where(eq(webchatVisitors.tokenHash, tokenHash));
    return row ?? null;
  },

  async visitorById(db: Executor, id: number): Promise<VisitorRow | null> {
    const [row] = await db.select().from(webchatVisitors).where(eq(webchatVisitors.id, id));
    return row ?? null;
  },

  async visitorByPublicId(db: Executor, publicId: string): Promise<VisitorRow | null> {
    const [row] = await db.select().from(webchatVisitors).where(eq(webchatVisitors.publicId, publicId));
    return row ?? null;
  },

  async updateVisitor(db: Executor, id: number, values: Partial<typeof webchatVisitors.$inferInsert>): Promise<void> {
    await db.update(webchatVisitors).set(values).where(eq(webchatVisitors.id, id));
  },

  /**
   * A visitor's conversation on a channel: the messages of every interaction from their public id, newest first
   * before the keyset `beforeId` (the caller reverses the page to show it oldest first).
   */
  async history(db: Executor, channelId: number, publicId: string, options: { beforeId?: number; limit: number }) {
    const conditions = [eq(interactions.channelId, channelId), eq(interactions.contactValue, publicId)];
    if (options.beforeId) conditions.push(lt(messages.id, options.beforeId));
    return db
      .select({
        id: messages.id,
        direction: messages.direction,
        text: messages.bodyText,
        html: messages.bodyHtml,
        senderName: messages.senderName,
        providerMessageId: messages.providerMessageId,
        attachments: messages.attachments,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .innerJoin(interactions, eq(interactions.id, messages.interactionId))
      .where(and(...conditions))
      .orderBy(desc(messages.id))
      .limit(options.limit);
  },

  /** The visitor's latest ticket that is not closed, with its campaign and assignee (who hears typing notices). */
  async openTicketOfVisitor(db: Executor, channelId: number, publicId: string) {
    const [row] = await db
      .select({ ticketId: tickets.id, campaignId: tickets.campaignId, assignedUserId: tickets.assignedUserId })
      .from(interactions)
      .innerJoin(tickets, eq(tickets.id, interactions.ticketId))
      .where(
        and(eq(interactions.channelId, channelId), eq(interactions.contactValue, publicId), ne(tickets.status, CLOSED)),
      )
      .orderBy(desc(interactions.lastMessageAt))
      .limit(1);
    return row ?? null;
  },

  /** The contact values of a ticket's conversations on web-chat channels (the visitors an agent talks to). */
  async webchatContactsOfTicket(db: Executor, ticketId: number): Promise<string[]> {
    const rows = await db
      .selectDistinct({ contactValue: interactions.contactValue })
      .from(interactions)
      .innerJoin(channels, eq(channels.id, interactions.channelId))
      .where(and(eq(interactions.ticketId, ticketId), eq(channels.type, 'webchat')));
    return rows.map((row) => row.contactValue);
  },

  async customerIdentification(db: Executor, customerId: number) {
    const [row] = await db
      .select({ identificationNumber: customers.identificationNumber })
      .from(customers)
      .where(eq(customers.id, customerId));
    return row?.identificationNumber ?? null;
  },
};
