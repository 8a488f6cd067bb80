import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type {
  FailedInboundMessage,
  FailedInboundReason,
  FailedInboundRetry,
  failedInboundListQuerySchema,
  Page,
} from '@atiende/contracts';
import { ZodError, type z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { auditFacts } from '../../platform/audit/diff.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { type ChannelRow, channelsRepo } from '../channels/channels.repo.js';
import { emailRepo, type FailedInboundRow, type FailureValues } from './email.repo.js';

/** What could be read of a message before it failed. */
export interface KnownOfMessage {
  sender?: string | null;
  subject?: string | null;
  sentAt?: Date | null;
}

/** A message that cannot be taken, for a reason of its own: it is kept as a failed inbound message. */
export class MessageFailure extends Error {
  constructor(
    readonly reason: FailedInboundReason,
    readonly detail: string,
    readonly known: KnownOfMessage = {},
  ) {
    super(detail);
  }

  /** The failure an error of the inbound path means for this message (data refused, or anything unexpected). */
  static of(error: unknown, known: KnownOfMessage): MessageFailure {
    if (error instanceof MessageFailure) return error;
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`);
      return new MessageFailure('invalid', issues.join('; '), known);
    }
    const code = sqlState(error);
    const message = describe(error);
    return new MessageFailure(code && /^2[23]/.test(code) ? 'invalid' : 'error', message, known);
  }
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;
function sqlState(error: unknown): string | null {
  const code = codeOf(error) ?? codeOf((error as { cause?: unknown } | null)?.cause);
  return typeof code === 'string' ? code : null;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error && !message.includes(cause.message) ? `${message}: ${cause.message}` : message;
}

/**
 * PostgreSQL errors of the connection, the transaction (deadlock, serialization), resources, locks and the server
 * (SQLSTATE classes 08, 40, 53, 55, 57, 58), and system errors of the network and the disk.
 */
const PASSING_SQL_STATE = /^(08|40|53|55|57|58)[0-9A-Z]{3}$/;
const PASSING_SYSTEM_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOSPC',
  'EDQUOT',
  'EACCES',
  'EPERM',
  'EROFS',
  'EMFILE',
  'ENFILE',
  'EIO',
]);

/**
 * Whether an error belongs to the channel or the platform rather than to the message: the channel's configuration
 * (disabled, without campaign: the app's own errors), the database or the disk being unavailable. The poll stops
 * and the message is read again on the next one; any other error is the message's own.
 */
export function isPassingFailure(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const code = sqlState(error);
  if (code) return PASSING_SQL_STATE.test(code) || PASSING_SYSTEM_ERRORS.has(code);
  return /connection terminated|timeout exceeded when trying to connect|connection error/i.test(describe(error));
}

/** A message taken: recorded (or already stored), or skipped as automatic mail (with why). */
export type TakenMessage =
  | { status: 'recorded' | 'duplicate'; ticketId: number }
  | { status: 'skipped'; reason: string };

/** Processes one raw message of a channel (the e-mail ingest): throws `MessageFailure` for the message's faults. */
export type TakeMessage = (channel: ChannelRow, source: Buffer) => Promise<TakenMessage>;

const sha256 = (source: Buffer) => createHash('sha256').update(source).digest('hex');

function valuesOf(failure: MessageFailure): FailureValues {
  const sentAt = failure.known.sentAt;
  return {
    reason: failure.reason,
    detail: failure.detail.slice(0, 1000) || null,
    sender: failure.known.sender?.slice(0, 254) || null,
    subject: failure.known.subject?.slice(0, 500) || null,
    sentAt: sentAt && !Number.isNaN(sentAt.getTime()) ? sentAt : null,
  };
}

function toFailedMessage(row: FailedInboundRow): FailedInboundMessage {
  return {
    id: row.id,
    channelId: row.channelId,
    reason: row.reason as FailedInboundReason,
    detail: row.detail,
    sender: row.sender,
    subject: row.subject,
    sentAt: row.sentAt?.toISOString() ?? null,
    size: row.size,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt.toISOString(),
  };
}

/**
 * Failed inbound messages (docs/api/email.md): a message the channel cannot take is kept — its raw source in
 * storage, a row with the reason on the channel — instead of being lost in a log line; someone who may edit the
 * channel lists them, retries one (processed again from its source) or discards it.
 */
export function createFailedInbound(ctx: AppContext, take: TakeMessage) {
  const { db, storage, logger } = ctx;

  async function readSource(row: FailedInboundRow): Promise<Buffer> {
    const absolute = storage.absolutePath(row.sourcePath);
    const source = absolute ? await fs.readFile(absolute).catch(() => null) : null;
    if (!source) throw new AppError(409, 'EMAIL.SOURCE_MISSING', 'email.sourceMissing');
    return source;
  }

  async function channelOf(channelId: number): Promise<ChannelRow> {
    const channel = await channelsRepo.find(db, channelId);
    if (!channel) throw errors.notFound();
    return channel;
  }

  return {
    /** Keeps a message that failed (again): one row per channel and source, its source stored once. */
    async record(channelId: number, source: Buffer, failure: MessageFailure): Promise<void> {
      const sourceHash = sha256(source);
      const values = valuesOf(failure);
      logger.warn({ channelId, reason: values.reason, detail: values.detail }, 'inbound message kept as failed');
      const existing = await emailRepo.failureBySource(db, channelId, sourceHash);
      if (existing) {
        await emailRepo.failedAgain(db, existing.id, values);
        return;
      }
      const sourcePath = await storage.save(`inbound-failures/${channelId}`, 'eml', source);
      const inserted = await emailRepo.insertFailure(db, {
        ...values,
        channelId,
        sourceHash,
        sourcePath,
        size: source.length,
      });
      if (inserted) return;
      // Recorded meanwhile by another poll: that row keeps its own copy of the source.
      await storage.remove(sourcePath);
      const recorded = await emailRepo.failureBySource(db, channelId, sourceHash);
      if (recorded) await emailRepo.failedAgain(db, recorded.id, values);
    },

    /** A message that was taken at last (read again from the mailbox): it is no longer a failed one. */
    async resolve(channelId: number, source: Buffer): Promise<void> {
      const removed = await emailRepo.deleteFailureBySource(db, channelId, sha256(source));
      if (removed) await storage.remove(removed.sourcePath);
    },

    async list(
      channelId: number,
      query: z.output<typeof failedInboundListQuerySchema>,
    ): Promise<Page<FailedInboundMessage>> {
      await channelOf(channelId);
      const { rows, total } = await emailRepo.failures(db, channelId, query);
      return { data: rows.map(toFailedMessage), total, page: query.page, sizePerPage: query.sizePerPage };
    },

    /**
     * Processes a failed message again from its kept source. Taken (or recognised as automatic): it leaves the list.
     * Failing again: its reason and attempts are updated and the answer is 422. A problem of the channel (no
     * campaign, disabled) answers with that problem and changes nothing.
     */
    async retry(actorUserId: number, channelId: number, failedId: number): Promise<FailedInboundRetry> {
      const channel = await channelOf(channelId);
      const row = await emailRepo.failure(db, channelId, failedId);
      if (!row) throw errors.notFound();
      const source = await readSource(row);
      let outcome: TakenMessage;
      try {
        outcome = await take(channel, source);
      } catch (error) {
        if (!(error instanceof MessageFailure)) throw error;
        await emailRepo.failedAgain(db, row.id, valuesOf(error));
        throw new AppError(422, 'EMAIL.RETRY_FAILED', 'email.retryFailed');
      }
      await db.transaction(async (tx) => {
        if (!(await emailRepo.deleteFailure(tx, row.id))) return;
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'channel',
          entityId: channelId,
          action: 'inboundRetried',
          changes: auditFacts('channel', {
            sender: row.sender,
            subject: row.subject,
            reason: row.reason,
            result: outcome.status,
          }),
        });
      });
      await storage.remove(row.sourcePath);
      return { status: outcome.status, ticketId: outcome.status === 'skipped' ? null : outcome.ticketId };
    },

    /** The kept source of a failed message, as an .eml file to open in a mail program. */
    async source(channelId: number, failedId: number): Promise<{ name: string; content: Buffer }> {
      const row = await emailRepo.failure(db, channelId, failedId);
      if (!row) throw errors.notFound();
      return { name: `${row.subject?.trim() || 'mensaje'}.eml`, content: await readSource(row) };
    },

    /** Gives a failed message up: its row and its source are removed (the audit log keeps who did it). */
    async discard(actorUserId: number, channelId: number, failedId: number): Promise<void> {
      await channelOf(channelId);
      const row = await db.transaction(async (tx) => {
        const found = await emailRepo.failure(tx, channelId, failedId);
        if (!found || !(await emailRepo.deleteFailure(tx, found.id))) throw errors.notFound();
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'channel',
          entityId: channelId,
          action: 'inboundDiscarded',
          changes: auditFacts('channel', { sender: found.sender, subject: found.subject, reason: found.reason }),
        });
        return found;
      });
      await storage.remove(row.sourcePath);
    },
  };
}

export type FailedInbound = ReturnType<typeof createFailedInbound>;
