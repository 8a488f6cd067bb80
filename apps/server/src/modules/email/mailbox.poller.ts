import type { FailedInboundReason } from '@atiende/contracts';
import { ImapFlow } from 'imapflow';
import type { AppContext } from '../../platform/context.js';
import { OutboundRefusedError } from '../../platform/outbound.js';
import type { ChannelProblem } from '../channels/channel-problem.js';
import { type ChannelRow, channelsRepo } from '../channels/channels.repo.js';
import { refusedConnection } from '../interactions/adapters.js';
import type { TakenMessage } from './email.failures.js';
import { emailRepo, IMAP_PROBLEM_SOURCE } from './email.repo.js';

export type IngestOutcome = TakenMessage | { status: 'failed'; reason: FailedInboundReason };

/**
 * Turns one raw message (RFC 822 source) of the channel's mailbox into an inbound message, skips it, or keeps it as
 * a failed inbound message; throws only for what is not the message's fault (the poll stops, the message waits).
 */
export type Ingest = (channel: ChannelRow, source: Buffer) => Promise<IngestOutcome>;

export interface PollResult {
  channelId: number;
  /** `busy`: another node (or poll) holds the mailbox; `not-configured`: no IMAP settings or not an enabled e-mail channel. */
  status: 'done' | 'busy' | 'not-configured';
  recorded: number;
  duplicates: number;
  skipped: number;
  /** Kept as failed inbound messages of the channel (listed there with their reason). */
  failed: number;
}

export interface MailboxPollerOptions {
  /** Between two passes over every e-mail channel (default 30 s). */
  intervalMs?: number;
  /** On first contact with a mailbox (or after its UIDVALIDITY changed) only messages of these last days are read. */
  initialWindowDays?: number;
  /** Messages per channel and pass (the rest wait for the next pass). */
  batchSize?: number;
}

interface ImapSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
}

function imapSettings(channel: ChannelRow): ImapSettings | null {
  const host = typeof channel.config.imapHost === 'string' ? channel.config.imapHost.trim() : '';
  const user = typeof channel.config.imapUser === 'string' ? channel.config.imapUser.trim() : '';
  const port = Number(channel.config.imapPort);
  const password = channel.secrets.imapPassword;
  if (!host || !user || !password || !Number.isInteger(port) || port < 1) return null;
  return { host, port, secure: channel.config.imapSecure === true, user, password };
}

/** The error for the logs and the mailbox's own state (IMAP servers explain refusals in the response text). */
function describe(error: unknown): string {
  const responseText = (error as { responseText?: unknown })?.responseText;
  const message = error instanceof Error ? error.message : String(error);
  return typeof responseText === 'string' && responseText ? `${message}: ${responseText.slice(0, 300)}` : message;
}

/**
 * What the channel shows: our own message with, at most, the IMAP server's response code or the network error's
 * code — never the server's response text.
 */
function imapProblem(error: unknown): ChannelProblem {
  if (error instanceof OutboundRefusedError) return refusedConnection(error).problem;
  const { authenticationFailed, serverResponseCode, code } = error as {
    authenticationFailed?: boolean;
    serverResponseCode?: unknown;
    code?: unknown;
  };
  const structured = (value: unknown) =>
    typeof value === 'string' && /^[A-Z0-9_.-]{1,40}$/i.test(value) ? value : undefined;
  if (authenticationFailed) {
    return {
      key: 'channelProblems.credentials',
      params: { provider: 'IMAP', code: structured(serverResponseCode) ?? 'AUTHENTICATIONFAILED' },
    };
  }
  const networkCode = structured(code);
  if (networkCode) return { key: 'channelProblems.unreachable', params: { provider: 'IMAP', code: networkCode } };
  return { key: 'channelProblems.failed', params: { provider: 'IMAP', code: structured(serverResponseCode) ?? '?' } };
}

/**
 * Reads the INBOX of every enabled e-mail channel over IMAP: on an interval and on demand. Per channel: a
 * PostgreSQL advisory lock (two nodes never read one mailbox at once), UIDVALIDITY checked against the stored
 * position (a new value resets it), then the UIDs after the last one taken, one message at a time; the position
 * advances only after the message was handled, so a crash re-reads it and the inbound deduplication (channel +
 * Message-ID) keeps it exactly-once. The mailbox itself is never modified.
 */
export function createMailboxPoller(ctx: AppContext, ingest: Ingest, options: MailboxPollerOptions = {}) {
  const { db, logger } = ctx;
  const intervalMs = options.intervalMs ?? 30_000;
  const windowDays = options.initialWindowDays ?? 7;
  const batchSize = options.batchSize ?? 200;
  const clients = new Set<ImapFlow>();
  const reported = new Map<number, string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopping = false;

  async function readMailbox(channel: ChannelRow, settings: ImapSettings, result: PollResult): Promise<void> {
    // The server's name resolved and checked by the outbound policy, then connected to by that very address.
    const { address, servername } = await ctx.outbound.connectAddress('mail', settings.host, settings.port);
    const client = new ImapFlow({
      host: address,
      ...(servername ? { servername } : {}),
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: 30_000,
      greetingTimeout: 15_000,
      socketTimeout: 120_000,
    });
    client.on('error', (error: unknown) => logger.warn({ err: error, channelId: channel.id }, 'IMAP connection error'));
    clients.add(client);
    try {
      await client.connect();
      const lock = await client.getMailboxLock('INBOX', { readOnly: true });
      try {
        if (!client.mailbox) throw new Error('INBOX could not be opened');
        const uidValidity = Number(client.mailbox.uidValidity);
        const uidNext = client.mailbox.uidNext;
        const state = await emailRepo.state(db, channel.id);
        let lastUid: number;
        let uids: number[];
        if (!state || state.uidValidity !== uidValidity) {
          // First contact, or the mailbox was re-created: its UIDs mean other messages now. Recent mail only.
          const since = new Date(Date.now() - windowDays * 86_400_000);
          uids = ((await client.search({ since }, { uid: true })) || []).sort((a, b) => a - b);
          lastUid = uids.length > 0 ? uids[0] - 1 : Math.max(0, uidNext - 1);
          await emailRepo.resetPosition(db, channel.id, uidValidity, lastUid);
          if (state?.uidValidity != null) {
            logger.warn({ channelId: channel.id, uidValidity }, 'mailbox UIDVALIDITY changed: position reset');
          }
        } else {
          lastUid = state.lastUid;
          uids =
            uidNext > lastUid + 1
              ? ((await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || []).sort((a, b) => a - b)
              : [];
        }
        // `n:*` always includes the newest message, even when it is older than n.
        for (const uid of uids.filter((value) => value > lastUid).slice(0, batchSize)) {
          if (stopping) break;
          const fetched = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
          const source = fetched ? fetched.source : undefined;
          if (source) {
            const outcome = await ingest(channel, source);
            if (outcome.status === 'skipped') {
              result.skipped += 1;
              logger.info({ channelId: channel.id, uid, reason: outcome.reason }, 'automatic e-mail skipped');
            } else if (outcome.status === 'failed') result.failed += 1;
            else if (outcome.status === 'recorded') result.recorded += 1;
            else result.duplicates += 1;
          }
          await emailRepo.advance(db, channel.id, uidValidity, uid);
        }
      } finally {
        lock.release();
      }
    } finally {
      clients.delete(client);
      await client.logout().catch(() => client.close());
    }
  }

  async function pollChannel(channel: ChannelRow): Promise<PollResult> {
    const result: PollResult = {
      channelId: channel.id,
      status: 'done',
      recorded: 0,
      duplicates: 0,
      skipped: 0,
      failed: 0,
    };
    const settings = channel.type === 'email' && channel.enabled ? imapSettings(channel) : null;
    if (!settings) return { ...result, status: 'not-configured' };
    // The transaction only holds the advisory lock; positions and messages commit on their own as they go.
    return db.transaction(async (tx) => {
      if (!(await emailRepo.tryLockMailbox(tx, channel.id))) return { ...result, status: 'busy' as const };
      try {
        await readMailbox(channel, settings, result);
      } catch (error) {
        await emailRepo
          .recordPoll(db, channel.id, describe(error))
          .then(() => channelsRepo.setProblem(db, channel.id, IMAP_PROBLEM_SOURCE, imapProblem(error)))
          .catch((recordError: unknown) => logger.error({ err: recordError }, 'mailbox error not recorded'));
        throw error;
      }
      await emailRepo.recordPoll(db, channel.id, null);
      await channelsRepo.clearProblem(db, channel.id, IMAP_PROBLEM_SOURCE);
      return result;
    });
  }

  async function pollAll(): Promise<void> {
    for (const channel of await emailRepo.emailChannels(db)) {
      if (stopping) return;
      try {
        await pollChannel(channel);
        reported.delete(channel.id);
      } catch (error) {
        // A mailbox that stays unreachable is logged when its error changes, not every pass (it is on the channel).
        if (reported.get(channel.id) !== describe(error)) {
          logger.warn({ err: error, channelId: channel.id }, 'mailbox poll failed');
          reported.set(channel.id, describe(error));
        }
      }
    }
  }

  function tick() {
    if (running || stopping) return;
    running = pollAll()
      .catch((error: unknown) => logger.error({ err: error }, 'mailbox polling failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    /** Polls every enabled e-mail channel now and then every interval (not started under NODE_ENV=test). */
    start() {
      stopping = false;
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      setTimeout(tick, Math.min(intervalMs, 1_000)).unref();
    },

    /** Stops the interval, cuts open IMAP connections and waits for the pass in progress. */
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      for (const client of clients) client.close();
      await running;
    },

    /** One channel's mailbox, now (tests, and an operator's "check now"); throws what stopped the poll. */
    async pollNow(channelId: number): Promise<PollResult> {
      const channel = await channelsRepo.find(db, channelId);
      if (!channel) return { channelId, status: 'not-configured', recorded: 0, duplicates: 0, skipped: 0, failed: 0 };
      return pollChannel(channel);
    },
  };
}

export type MailboxPoller = ReturnType<typeof createMailboxPoller>;
