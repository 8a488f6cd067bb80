import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { RoutingCandidate } from '../agents/agents.repo.js';
import { users } from '../users/users.schema.js';
import { voiceCalls, voiceExtensionCodes, voiceSettings } from './voice.schema.js';

export type VoiceCallRow = typeof voiceCalls.$inferSelect;

/** An agent a call may be offered to: available, with an extension, serving the campaign on the channel. */
export interface CallCandidate extends RoutingCandidate {
  extension: string;
}

/** A heartbeat older than this means the node running the daemons is gone. */
export const VOICE_HEARTBEAT_STALE_SECONDS = 30;

export const voiceRepo = {
  /** The installation's secret, made by the first node that needs it (concurrent first calls agree on one). */
  async secret(db: Executor, candidate: string): Promise<string> {
    await db.insert(voiceSettings).values({ id: 1, secret: candidate }).onConflictDoNothing();
    const [row] = await db.select({ secret: voiceSettings.secret }).from(voiceSettings).where(eq(voiceSettings.id, 1));
    return row.secret;
  },

  async beat(db: Executor, alive: boolean): Promise<void> {
    await db
      .update(voiceSettings)
      .set({ heartbeatAt: alive ? sql`now()` : null })
      .where(eq(voiceSettings.id, 1));
  },

  /** Whether some node's daemons answered within the last VOICE_HEARTBEAT_STALE_SECONDS. */
  async running(db: Executor): Promise<boolean> {
    const [row] = await db
      .select({
        alive: sql<boolean>`${voiceSettings.heartbeatAt} > now() - make_interval(secs => ${VOICE_HEARTBEAT_STALE_SECONDS})`,
      })
      .from(voiceSettings)
      .where(eq(voiceSettings.id, 1));
    return row?.alive === true;
  },

  async secretIfAny(db: Executor): Promise<string | null> {
    const [row] = await db.select({ secret: voiceSettings.secret }).from(voiceSettings).where(eq(voiceSettings.id, 1));
    return row?.secret ?? null;
  },

  async caller(db: Executor, userId: number) {
    const [row] = await db
      .select({ name: users.name, extension: users.extension })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  },

  /** Whether another enabled user holds this extension (the registrar knows a number, not a person). */
  async extensionShared(db: Executor, userId: number, extension: string): Promise<boolean> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.extension, extension), ne(users.id, userId), eq(users.enabled, true)))
      .limit(1);
    return rows.length > 0;
  },

  /** The enabled telephony channel whose number (`did`, compared by its digits) is this one. */
  async telephonyChannelByNumber(db: Executor, digits: string): Promise<{ id: number; name: string } | null> {
    const result = await db.execute<{ id: string; name: string }>(sql`
      select id, name from channels
      where type = 'telephony' and enabled and regexp_replace(config->>'did', '[^0-9]', '', 'g') = ${digits}
      order by id limit 1`);
    const row = result.rows[0];
    return row ? { id: Number(row.id), name: row.name } : null;
  },

  /** The campaign's enabled telephony channel (its first): the line a dialer's calls are recorded on. */
  async telephonyChannelOfCampaign(
    db: Executor,
    campaignId: number,
  ): Promise<{ id: number; name: string; number: string } | null> {
    const result = await db.execute<{ id: string; name: string; did: string | null }>(sql`
      select c.id, c.name, c.config->>'did' as did from channels c
      join campaign_channels cc on cc.channel_id = c.id
      where cc.campaign_id = ${campaignId} and c.type = 'telephony' and c.enabled
      order by c.id limit 1`);
    const row = result.rows[0];
    return row ? { id: Number(row.id), name: row.name, number: row.did ?? '' } : null;
  },

  /** Who a call of this campaign and channel may ring now (status A or E, an extension, enabled). */
  async callCandidates(db: Executor, campaignId: number, channelId: number | null): Promise<CallCandidate[]> {
    const result = await db.execute<{
      user_id: string;
      extension: string;
      last_assigned_at: string | null;
      assigned_today: number;
    }>(sql`
      select u.id as user_id, trim(u.extension) as extension, s.last_assigned_at,
        case when s.assigned_day = current_date then s.assigned_today else 0 end as assigned_today
      from campaign_agent_channels a
      join users u on u.id = a.user_id and u.enabled and coalesce(trim(u.extension), '') <> ''
      join agent_states s on s.user_id = u.id and s.status in ('A', 'E')
      where a.campaign_id = ${campaignId} and ${channelId === null ? sql`true` : sql`a.channel_id = ${channelId}`}
      group by u.id, u.extension, s.last_assigned_at, s.assigned_today, s.assigned_day`);
    return result.rows.map((row) => ({
      userId: Number(row.user_id),
      extension: row.extension,
      load: 0,
      lastAssignedAt: row.last_assigned_at ? new Date(row.last_assigned_at) : null,
      assignedToday: row.assigned_today,
      matchingSkills: 0,
    }));
  },

  /** The enabled user who holds an extension, as a call candidate when available (a dialer's extension calls). */
  async extensionHolder(db: Executor, extension: string): Promise<CallCandidate[]> {
    const result = await db.execute<{ user_id: string; extension: string }>(sql`
      select u.id as user_id, trim(u.extension) as extension from users u
      join agent_states s on s.user_id = u.id and s.status in ('A', 'E')
      where u.enabled and trim(u.extension) = ${extension}
      limit 1`);
    return result.rows.map((row) => ({
      userId: Number(row.user_id),
      extension: row.extension,
      load: 0,
      lastAssignedAt: null,
      assignedToday: 0,
      matchingSkills: 0,
    }));
  },

  async insertCall(db: Executor, values: typeof voiceCalls.$inferInsert): Promise<VoiceCallRow> {
    const [row] = await db.insert(voiceCalls).values(values).returning();
    return row;
  },

  async updateCall(db: Executor, id: number, values: Partial<typeof voiceCalls.$inferInsert>): Promise<void> {
    await db.update(voiceCalls).set(values).where(eq(voiceCalls.id, id));
  },

  /** Calls a stopped node left open: they ended when it stopped (its workers and their calls are gone). */
  async failInterrupted(db: Executor): Promise<number> {
    const rows = await db
      .update(voiceCalls)
      .set({ status: 'failed', endedBy: 'system', endedAt: sql`now()` })
      .where(isNull(voiceCalls.endedAt))
      .returning({ id: voiceCalls.id });
    return rows.length;
  },

  async call(db: Executor, id: number): Promise<VoiceCallRow | null> {
    const [row] = await db.select().from(voiceCalls).where(eq(voiceCalls.id, id));
    return row ?? null;
  },

  /** The calls recorded as these timeline messages, with the name of who answered. */
  async callsOfMessages(db: Executor, messageIds: readonly number[]) {
    if (messageIds.length === 0) return [];
    return db
      .select({
        call: voiceCalls,
        agentName: users.name,
      })
      .from(voiceCalls)
      .leftJoin(users, eq(users.id, voiceCalls.userId))
      .where(inArray(voiceCalls.messageId, [...messageIds]));
  },

  /** What the agent is told of a call's ticket: its number and the customer's name. */
  async ticketSummary(db: Executor, ticketId: number): Promise<{ number: number; customerName: string | null }> {
    const result = await db.execute<{ number: number; name: string }>(sql`
      select t.number, concat_ws(' ', c.first_name, c.last_name) as name
      from tickets t join customers c on c.id = t.customer_id where t.id = ${ticketId}`);
    const row = result.rows[0];
    return { number: Number(row?.number ?? 0), customerName: row?.name?.trim() || null };
  },

  async assigneeOfTicket(db: Executor, ticketId: number): Promise<number | null> {
    const result = await db.execute<{ assigned_user_id: string | null }>(
      sql`select assigned_user_id from tickets where id = ${ticketId}`,
    );
    const value = result.rows[0]?.assigned_user_id;
    return value ? Number(value) : null;
  },
  /**
   * Keeps a user's new extension code (replacing theirs), after dropping lapsed ones so they never hold a hash a new
   * code needs. False when another user's code in force has the same hash: the caller draws another.
   */
  async saveExtensionCode(db: Executor, userId: number, codeHash: string, expiresAt: Date): Promise<boolean> {
    await db.delete(voiceExtensionCodes).where(sql`${voiceExtensionCodes.expiresAt} <= now()`);
    const saved = await db
      .insert(voiceExtensionCodes)
      .values({ userId, codeHash, expiresAt })
      .onConflictDoUpdate({ target: voiceExtensionCodes.userId, set: { codeHash, expiresAt, createdAt: sql`now()` } })
      .returning({ userId: voiceExtensionCodes.userId })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'voice_extension_codes_hash_idx')) return [];
        throw error;
      });
    return saved.length > 0;
  },

  /** Uses up the code in force with this hash: its user, or null. */
  async takeExtensionCode(db: Executor, codeHash: string): Promise<number | null> {
    const [row] = await db
      .delete(voiceExtensionCodes)
      .where(and(eq(voiceExtensionCodes.codeHash, codeHash), sql`${voiceExtensionCodes.expiresAt} > now()`))
      .returning({ userId: voiceExtensionCodes.userId });
    return row?.userId ?? null;
  },

  /** The user's extension and name, locked (the registration line changes it). */
  async lockCaller(db: Executor, userId: number) {
    const [row] = await db
      .select({ name: users.name, extension: users.extension, enabled: users.enabled })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row ?? null;
  },

  /** Gives `extension` to the user and takes it from anyone else who held it (a number rings one person). */
  async bindExtension(db: Executor, userId: number, extension: string): Promise<number[]> {
    const others = await db
      .update(users)
      .set({ extension: null })
      .where(and(eq(users.extension, extension), ne(users.id, userId)))
      .returning({ id: users.id });
    await db.update(users).set({ extension }).where(eq(users.id, userId));
    return others.map((row) => row.id);
  },
};
