import { DIALER_PROGRESS_EVENT, type DialerCounts, type DialerStatus } from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { type DialerRow, dialersRepo } from './dialers.repo.js';

/** A dialer's counters as the API shows them (kept on the row with every change of its accounts). */
export function dialerCounts(row: DialerRow): DialerCounts {
  return {
    registries: row.accountsTotal,
    new: row.accountsNew,
    executed: row.accountsExecuted,
    success: row.accountsSuccess,
    failed: row.accountsFailed,
  };
}

/** How often one dialer's progress goes out at most while its calls are placed and settled. */
export const DIALER_PROGRESS_EVERY_MS = 1000;

/**
 * `dialer-progress` (docs/dialers.md): the dialer's status and counters, read once from its row, to its campaign's
 * supervisors and its author — as bulk messages' progress goes.
 */
export async function announceDialerProgress(ctx: AppContext, dialerId: number): Promise<void> {
  const row = await dialersRepo.find(ctx.db, dialerId);
  if (!row) return;
  const event = { dialerId, status: row.status as DialerStatus, counts: dialerCounts(row) };
  await ctx.realtime.toSupervisors([row.campaignId], DIALER_PROGRESS_EVENT, event);
  if (row.createdBy) await ctx.realtime.toUser(row.createdBy, DIALER_PROGRESS_EVENT, event);
}

/**
 * A node's announcer of dialers' progress (one per app, shared by the engine and the actions): a dialer's progress
 * at most once per `everyMs`; a change inside the window is sent when the window ends, so the last change of a burst
 * is never lost, and `now` sends at once (a status change). One dialer's sends run one after another, each reading
 * the row when its turn comes, so a slower earlier send never overwrites a later state on the screens.
 */
export function createDialerProgress(ctx: AppContext, everyMs = DIALER_PROGRESS_EVERY_MS) {
  const lastSent = new Map<number, number>();
  const waiting = new Map<number, NodeJS.Timeout>();
  const queues = new Map<number, Promise<void>>();
  const log = ctx.logger.child({ module: 'dialers-progress' });

  const send = (dialerId: number) => {
    clearTimeout(waiting.get(dialerId));
    waiting.delete(dialerId);
    lastSent.set(dialerId, Date.now());
    const queued = (queues.get(dialerId) ?? Promise.resolve())
      .then(() => announceDialerProgress(ctx, dialerId))
      .catch((error: unknown) => log.warn({ err: error, dialerId }, 'a dialer’s progress could not be announced'));
    queues.set(dialerId, queued);
    void queued.finally(() => {
      if (queues.get(dialerId) === queued) queues.delete(dialerId);
    });
    return queued;
  };

  return {
    /** Announces now (`now`) or within the window; resolves once this call's send, if any, is done. */
    announce(dialerId: number, options: { now?: boolean } = {}): Promise<void> {
      const since = Date.now() - (lastSent.get(dialerId) ?? 0);
      if (options.now || since >= everyMs) return send(dialerId);
      if (!waiting.has(dialerId)) {
        const timer = setTimeout(() => void send(dialerId), everyMs - since);
        timer.unref();
        waiting.set(dialerId, timer);
      }
      return Promise.resolve();
    },
    stop(): void {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}

export type DialerProgress = ReturnType<typeof createDialerProgress>;

const perApp = new WeakMap<AppContext, DialerProgress>();

/** The app's one announcer (the engine's calls and the actions' answers go through the same queues). */
export function dialerProgressOf(ctx: AppContext): DialerProgress {
  let progress = perApp.get(ctx);
  if (!progress) {
    progress = createDialerProgress(ctx);
    perApp.set(ctx, progress);
  }
  return progress;
}
