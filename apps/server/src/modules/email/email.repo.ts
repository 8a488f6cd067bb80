import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { exactCount, pageOf } from '../../platform/db/paging.js';
import { channels } from '../channels/channels.schema.js';
import { mailboxStates } from '../widgets/widgets.schema.js';
import { failedInboundMessages } from './email.schema.js';

export type MailboxState = typeof mailboxStates.$inferSelect;
export type FailedInboundRow = typeof failedInboundMessages.$inferSelect;
/** What is known of a failure: why, and what could be read of the message. */
export type FailureValues = Pick<FailedInboundRow, 'reason' | 'detail' | 'sender' | 'subject' | 'sentAt'>;

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

  /** The failed message of a channel with this source (SHA-256), if any. */
  async failureBySource(db: Executor, channelId: number, sourceHash: string): Promise<FailedInboundRow | null> {
    const [row] = await db
      .select()
      .from(failedInboundMessages)
      .where(and(eq(failedInboundMessages.channelId, channelId), eq(failedInboundMessages.sourceHash, sourceHash)));
    return row ?? null;
  },

  /** A new failed message; null when the same source was recorded meanwhile (the caller updates that one). */
  async insertFailure(
    db: Executor,
    values: FailureValues & Pick<FailedInboundRow, 'channelId' | 'sourceHash' | 'sourcePath' | 'size'>,
  ): Promise<FailedInboundRow | null> {
    const [row] = await db.insert(failedInboundMessages).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  /** Another failed attempt at a message: the latest reason, one more attempt. */
  async failedAgain(db: Executor, id: number, values: FailureValues): Promise<FailedInboundRow | null> {
    const [row] = await db
      .update(failedInboundMessages)
      .set({ ...values, attempts: sql`${failedInboundMessages.attempts} + 1`, lastAttemptAt: new Date() })
      .where(eq(failedInboundMessages.id, id))
      .returning();
    return row ?? null;
  },

  async failure(db: Executor, channelId: number, id: number): Promise<FailedInboundRow | null> {
    const [row] = await db
      .select()
      .from(failedInboundMessages)
      .where(and(eq(failedInboundMessages.channelId, channelId), eq(failedInboundMessages.id, id)));
    return row ?? null;
  },

  /** A channel's failed messages, newest first. */
  async failures(
    db: Executor,
    channelId: number,
    page: { page: number; sizePerPage: number },
  ): Promise<{ rows: FailedInboundRow[]; total: number }> {
    const where = eq(failedInboundMessages.channelId, channelId);
    const { rows, total } = await pageOf(
      db,
      page,
      (window) =>
        db
          .select()
          .from(failedInboundMessages)
          .where(where)
          .orderBy(desc(failedInboundMessages.createdAt), desc(failedInboundMessages.id))
          .limit(window.limit)
          .offset(window.offset),
      () => exactCount(db, failedInboundMessages, where),
    );
    return { rows, total };
  },

  /** Removes a failed message (taken at last, or discarded); returns its row so its source can be removed. */
  async deleteFailure(db: Executor, id: number): Promise<FailedInboundRow | null> {
    const [row] = await db.delete(failedInboundMessages).where(eq(failedInboundMessages.id, id)).returning();
    return row ?? null;
  },

  async deleteFailureBySource(db: Executor, channelId: number, sourceHash: string): Promise<FailedInboundRow | null> {
    const [row] = await db
      .delete(failedInboundMessages)
      .where(and(eq(failedInboundMessages.channelId, channelId), eq(failedInboundMessages.sourceHash, sourceHash)))
      .returning();
    return row ?? null;
  },
};
