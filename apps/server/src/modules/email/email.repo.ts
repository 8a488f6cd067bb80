import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { channels } from '../channels/channels.schema.js';
import { mailboxStates } from '../widgets/widgets.schema.js';

export type MailboxState = typeof mailboxStates.$inferSelect;

/** How the poller labels the channel problems it writes (and clears once the mailbox answers again). */
export const IMAP_PROBLEM_SOURCE = 'IMAP';

export const emailRepo = {
  /**
   * Takes the mailbox of the channel for the rest of the transaction, without waiting: false when another node
   * (or another poll of this node) is reading it right now.
   */
  async tryLockMailbox(db: Executor, channelId: number): Promise<boolean> {
    const result = await db.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext('mailbox'), ${channelId}::int) as locked`,
    );
    return result.rows[0]?.locked === true;
  },

  /** Enabled e-mail channels, oldest first (the poller skips those without IMAP settings). */
  async emailChannels(db: Executor) {
    return db
      .select()
      .from(channels)
      .where(and(eq(channels.type, 'email'), eq(channels.enabled, true)))
      .orderBy(asc(channels.id));
  },

  async state(db: Executor, channelId: number): Promise<MailboxState | null> {
    const [row] = await db.select().from(mailboxStates).where(eq(mailboxStates.channelId, channelId));
    return row ?? null;
  },

  /** A new position: first contact with the mailbox, or its UIDVALIDITY changed (the UIDs mean other messages). */
  async resetPosition(db: Executor, channelId: number, uidValidity: number, lastUid: number): Promise<void> {
    await db
      .insert(mailboxStates)
      .values({ channelId, uidValidity, lastUid })
      .onConflictDoUpdate({ target: mailboxStates.channelId, set: { uidValidity, lastUid } });
  },

  /** Moves the position past one message (never backwards; only within the same UIDVALIDITY). */
  async advance(db: Executor, channelId: number, uidValidity: number, uid: number): Promise<void> {
    await db
      .update(mailboxStates)
      .set({ lastUid: sql`greatest(${mailboxStates.lastUid}, ${uid})` })
      .where(and(eq(mailboxStates.channelId, channelId), eq(mailboxStates.uidValidity, uidValidity)));
  },

  /** The end of a poll: when it ran and the error it stopped on (null when it went well). */
  async recordPoll(db: Executor, channelId: number, error: string | null): Promise<void> {
    const lastError = error?.slice(0, 1000) ?? null;
    await db
      .insert(mailboxStates)
      .values({ channelId, lastPolledAt: new Date(), lastError })
      .onConflictDoUpdate({ target: mailboxStates.channelId, set: { lastPolledAt: new Date(), lastError } });
  },
};
