import type { DialerType } from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import type { OutboundRequest, OutboundResult } from '../voice/voice.calls.js';
import { voiceRepo } from '../voice/voice.repo.js';
import { dialerProgressOf } from './dialers.progress.js';
import { type DialerRow, dialersRepo } from './dialers.repo.js';

/** What the engine asks of the node's telephony (the voice layer's call center). */
export interface DialerPlacer {
  place(request: OutboundRequest): Promise<boolean>;
  /** Calls this node could still place now. */
  freeCapacity(): number;
}

export interface DialerEngineOptions {
  /** How long one of a dialer's `rings` lasts. */
  ringMs: number;
  /** How long an account that was not answered waits before its next try. */
  retryMs: number;
  /** How often running dialers are looked at (a call's end also looks at once). */
  tickMs?: number;
}

/**
 * The dialing engine (docs/dialers.md), on the node that runs telephony: for each running dialer it claims due
 * accounts — one try counted and an attempt row each, before the call is placed — up to its concurrency,
 * min(channels, parallels × available agents) for a campaign's calls, channels otherwise; places the calls through
 * the call center; settles each attempt when the call ends (success, a retry after `retryMs`, failed after the last
 * try) and finalizes the dialer when no account is left. Everything is in the tables: a restarted node recovers the
 * calls that were in progress and goes on.
 */
export function createDialerEngine(ctx: AppContext, placer: () => DialerPlacer | null, options: DialerEngineOptions) {
  const { db, logger } = ctx;
  const log = logger.child({ module: 'dialers-engine' });
  /** Calls in progress per dialer on this node. */
  const inFlight = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  /** The dialers' live progress on their views and list (`dialer-progress`). */
  const progress = dialerProgressOf(ctx);

  function destinationOf(dialer: DialerRow): OutboundRequest['destination'] | null {
    switch (dialer.type as DialerType) {
      case 'play_audio': {
        const file = dialer.audioPath ? ctx.storage.absolutePath(dialer.audioPath) : null;
        return file ? { kind: 'audio', file } : null;
      }
      case 'call_extension':
        return dialer.extension ? { kind: 'extension', extension: dialer.extension } : null;
      default:
        return { kind: 'agents' };
    }
  }

  /** How many calls the dialer may have at once now. */
  async function limitOf(dialer: DialerRow): Promise<number> {
    if (dialer.type !== 'call_campaign') return dialer.channels;
    const agents = (await voiceRepo.callCandidates(db, dialer.campaignId, null)).length;
    return Math.min(dialer.channels, dialer.parallels * agents);
  }

  async function settle(dialerId: number, attemptId: number, result: OutboundResult) {
    inFlight.set(dialerId, Math.max(0, (inFlight.get(dialerId) ?? 1) - 1));
    try {
      await db.transaction((tx) =>
        dialersRepo.settleAttempt(tx, {
          attemptId,
          outcome: result.outcome,
          answeredAt: result.answeredAt,
          endedAt: result.endedAt,
          agentId: result.agentUserId,
          retryAt: new Date(Date.now() + options.retryMs),
        }),
      );
    } catch (error) {
      // Left executed: the next start's recovery settles it as failed (its try stays counted).
      log.error({ err: error, dialerId, attemptId }, 'a dialer attempt could not be settled');
    }
    void progress.announce(dialerId);
    poke();
  }

  async function runDialer(dialer: DialerRow, center: DialerPlacer) {
    const destination = destinationOf(dialer);
    if (!destination) {
      await dialersRepo.update(db, dialer.id, { status: 'failed', problem: 'dialers.problem.destination' });
      void progress.announce(dialer.id, { now: true });
      return;
    }
    const current = inFlight.get(dialer.id) ?? 0;
    const free = Math.min((await limitOf(dialer)) - current, center.freeCapacity());
    const claimed = free > 0 ? await dialersRepo.claimDue(db, dialer.id, free) : [];
    if (claimed.length > 0) void progress.announce(dialer.id);
    for (const account of claimed) {
      inFlight.set(dialer.id, (inFlight.get(dialer.id) ?? 0) + 1);
      let settled = false;
      const placed = await center.place({
        phone: account.phone,
        campaignId: dialer.campaignId,
        customerId: account.customerId,
        description: dialer.label,
        ringMs: dialer.rings * options.ringMs,
        destination,
        queue: dialer.sendToQueue,
        onEnd: (result) => {
          if (settled) return;
          settled = true;
          void settle(dialer.id, account.attemptId, result);
        },
      });
      if (!placed && !settled) {
        settled = true;
        await settle(dialer.id, account.attemptId, {
          outcome: 'failed',
          answeredAt: null,
          endedAt: new Date(),
          agentUserId: null,
        });
      }
    }
    if (current === 0 && claimed.length === 0 && (await dialersRepo.finalizeIfDone(db, dialer.id))) {
      log.info({ dialerId: dialer.id }, 'a dialer called every account');
      void progress.announce(dialer.id, { now: true });
    }
  }

  async function tick() {
    const center = placer();
    if (!center || stopped) return;
    for (const dialer of await dialersRepo.running(db)) {
      try {
        await runDialer(dialer, center);
      } catch (error) {
        log.error({ err: error, dialerId: dialer.id }, 'a dialer could not place its calls');
      }
    }
  }

  /** Runs a pass now, or right after the one in progress (passes never overlap). */
  function poke() {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = (async () => {
      do {
        again = false;
        await tick().catch((error: unknown) => log.error({ err: error }, 'the dialing engine failed a pass'));
      } while (again && !stopped);
    })().finally(() => {
      ticking = null;
    });
  }

  return {
    /** Recovers what a stopped node left in progress, then looks at running dialers every `tickMs`. */
    async start(): Promise<void> {
      const recovered = await dialersRepo.recoverInterrupted(db);
      if (recovered > 0)
        log.warn({ accounts: recovered }, 'dialer calls in progress when the node stopped were recorded as failed');
      stopped = false;
      timer = setInterval(poke, options.tickMs ?? 1000);
      timer.unref();
      poke();
    },
    poke,
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await ticking;
      progress.stop();
    },
  };
}

export type DialerEngine = ReturnType<typeof createDialerEngine>;
