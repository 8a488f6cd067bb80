import type { BotSilence } from '@atiende/contracts';
import { and, asc, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { cappedCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike, searchable } from '../../platform/text.js';
import { channels } from '../channels/channels.schema.js';
import { messages } from '../interactions/interactions.schema.js';
import { tickets } from '../tickets/tickets.schema.js';
import { users } from '../users/users.schema.js';
import { type BotSessionState, botChannels, botSessions, bots, botVersions } from './bots.schema.js';

export type BotRow = typeof bots.$inferSelect;
export type BotVersionRow = typeof botVersions.$inferSelect;
export type BotSessionRow = typeof botSessions.$inferSelect;

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

  async insert(
    db: Executor,
    values: { name: string; description: string; enabled: boolean; silence: BotSilence; createdBy: number },
  ) {
    const [row] = await db
      .insert(bots)
      .values({ ...values, searchName: searchable(values.name).slice(0, 120) })
      .returning();
    return row;
  },

  async update(
    db: Executor,
    id: number,
    values: { name: string; description: string; enabled: boolean; silence: BotSilence },
  ) {
    const [row] = await db
      .update(bots)
      .set({ ...values, searchName: searchable(values.name).slice(0, 120), updatedAt: new Date() })
      .where(eq(bots.id, id))
      .returning();
    return row;
  },

  async setSecrets(db: Executor, id: number, secrets: Record<string, string>): Promise<void> {
    await db.update(bots).set({ secrets, updatedAt: new Date() }).where(eq(bots.id, id));
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

  /** The channels each bot answers, by name. */
  async channelsOf(db: Executor, botIds: number[]) {
    if (botIds.length === 0) return [];
    return db
      .select({ botId: botChannels.botId, id: channels.id, name: channels.name })
      .from(botChannels)
      .innerJoin(channels, eq(channels.id, botChannels.channelId))
      .where(inArray(botChannels.botId, botIds))
      .orderBy(asc(channels.name), asc(channels.id));
  },

  /** The bot answers exactly these channels: a channel another bot answered moves to this one. */
  async setChannels(db: Executor, botId: number, channelIds: number[]): Promise<void> {
    await db
      .delete(botChannels)
      .where(
        channelIds.length
          ? and(
              eq(botChannels.botId, botId),
              sql`${botChannels.channelId} <> all(${`{${channelIds.join(',')}}`}::bigint[])`,
            )
          : eq(botChannels.botId, botId),
      );
    if (channelIds.length === 0) return;
    await db
      .insert(botChannels)
      .values(channelIds.map((channelId) => ({ channelId, botId })))
      .onConflictDoUpdate({ target: botChannels.channelId, set: { botId } });
  },

  async channelsExist(db: Executor, channelIds: number[]): Promise<number> {
    if (channelIds.length === 0) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(channels)
      .where(inArray(channels.id, channelIds));
    return row.n;
  },

  /** The bot that answers the channel now: attached, enabled, with a published version (null: agents answer). */
  async liveBotOfChannel(db: Executor, channelId: number): Promise<{ botId: number; versionId: number } | null> {
    const [row] = await db
      .select({ botId: bots.id, versionId: botVersions.id })
      .from(botChannels)
      .innerJoin(bots, and(eq(bots.id, botChannels.botId), eq(bots.enabled, true)))
      .innerJoin(botVersions, and(eq(botVersions.botId, bots.id), eq(botVersions.published, true)))
      .where(eq(botChannels.channelId, channelId));
    return row ?? null;
  },

  /** Campaigns with a channel a live bot answers (the runtime skips every other campaign's messages cheaply). */
  async campaignsWithLiveBots(db: Executor): Promise<string[]> {
    const result = await db.execute<{ campaign_id: string }>(sql`
      select distinct cc.campaign_id from campaign_channels cc
      join bot_channels bc on bc.channel_id = cc.channel_id
      join bots b on b.id = bc.bot_id and b.enabled
      join bot_versions v on v.bot_id = b.id and v.published`);
    return result.rows.map((row) => String(row.campaign_id));
  },

  /** Whether any conversation still follows this version (its flow must stay while they do). */
  async versionInUse(db: Executor, versionId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: botSessions.id })
      .from(botSessions)
      .where(and(eq(botSessions.versionId, versionId), eq(botSessions.status, 'active')))
      .limit(1);
    return Boolean(row);
  },

  /** The ticket as the runtime needs it, locked (one turn at a time per ticket, whatever the node). */
  async lockTicket(db: Executor, ticketId: number) {
    const [row] = await db
      .select({
        id: tickets.id,
        campaignId: tickets.campaignId,
        status: tickets.status,
        assignedUserId: tickets.assignedUserId,
        botActive: tickets.botActive,
      })
      .from(tickets)
      .where(eq(tickets.id, ticketId))
      .for('update');
    return row ?? null;
  },

  /** What a bot knows of the ticket's customer from the start: `cliente.nombre`, `cliente.apellido`, … */
  async customerVariables(db: Executor, ticketId: number): Promise<Record<string, string>> {
    const result = await db.execute<{ first_name: string; last_name: string; document: string | null }>(sql`
      select c.first_name, c.last_name, c.identification_number as document
      from tickets t join customers c on c.id = t.customer_id where t.id = ${ticketId}`);
    const row = result.rows[0];
    if (!row) return {};
    return {
      'cliente.nombre': row.first_name ?? '',
      'cliente.apellido': row.last_name ?? '',
      'cliente.nombre_completo': `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
      'cliente.documento': row.document ?? '',
    };
  },

  async setBotActive(db: Executor, ticketId: number, botActive: boolean): Promise<void> {
    await db.update(tickets).set({ botActive }).where(eq(tickets.id, ticketId));
  },

  async activeSession(db: Executor, ticketId: number): Promise<BotSessionRow | null> {
    const [row] = await db
      .select()
      .from(botSessions)
      .where(and(eq(botSessions.ticketId, ticketId), eq(botSessions.status, 'active')));
    return row ?? null;
  },

  /** The last session of the ticket (active or ended): where a new one takes the answered messages from. */
  async lastSession(db: Executor, ticketId: number): Promise<BotSessionRow | null> {
    const [row] = await db
      .select()
      .from(botSessions)
      .where(eq(botSessions.ticketId, ticketId))
      .orderBy(desc(botSessions.id))
      .limit(1);
    return row ?? null;
  },

  async insertSession(
    db: Executor,
    values: { ticketId: number; interactionId: number; botId: number; versionId: number; lastMessageId: number },
  ): Promise<BotSessionRow> {
    const [row] = await db.insert(botSessions).values(values).returning();
    return row;
  },

  async saveSession(
    db: Executor,
    sessionId: number,
    values: { state: BotSessionState; lastMessageId: number; ending?: Record<string, unknown> | null },
  ): Promise<void> {
    await db
      .update(botSessions)
      .set({
        state: values.state,
        lastMessageId: values.lastMessageId,
        ...(values.ending ? { status: 'ended', ending: values.ending } : {}),
        updatedAt: new Date(),
      })
      .where(eq(botSessions.id, sessionId));
  },

  async endSessions(db: Executor, ticketId: number, ending: Record<string, unknown>): Promise<void> {
    await db
      .update(botSessions)
      .set({ status: 'ended', ending, updatedAt: new Date() })
      .where(and(eq(botSessions.ticketId, ticketId), eq(botSessions.status, 'active')));
  },

  /** The customer's newest message on the ticket after `afterId` (what the bot has not answered yet). */
  async unansweredMessage(db: Executor, ticketId: number, afterId: number) {
    const [row] = await db
      .select({ id: messages.id, interactionId: messages.interactionId, text: messages.bodyText })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.direction, 0), sql`${messages.id} > ${afterId}`))
      .orderBy(desc(messages.id))
      .limit(1);
    return row ?? null;
  },

  /**
   * Conversations waiting for a customer who has been silent longer than their bot allows (the sweep ends them),
   * oldest first.
   */
  async silentSessions(db: Executor, limit: number) {
    const result = await db.execute<{ id: string; ticket_id: string; last_message_id: string; updated_at: Date }>(sql`
      select s.id, s.ticket_id, s.last_message_id, s.updated_at from bot_sessions s
      join bots b on b.id = s.bot_id
      where s.status = 'active' and (b.silence->>'minutes')::int > 0 and s.state->>'waitingAt' is not null
        and s.updated_at < now() - make_interval(mins => (b.silence->>'minutes')::int)
      order by s.updated_at
      limit ${limit}`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      ticketId: Number(row.ticket_id),
      lastMessageId: Number(row.last_message_id),
    }));
  },

  /** Tickets a bot has whose customer wrote after the bot last answered (a restart's or a lost event's leftovers). */
  async ticketsWithUnanswered(db: Executor, limit: number): Promise<number[]> {
    const result = await db.execute<{ id: string }>(sql`
      select t.id from tickets t
      where t.bot_active and t.status <> 4
        and exists (
          select 1 from messages m
          where m.ticket_id = t.id and m.direction = 0
            and m.id > coalesce((select max(s.last_message_id) from bot_sessions s where s.ticket_id = t.id), 0))
      order by t.id
      limit ${limit}`);
    return result.rows.map((row) => Number(row.id));
  },
};
