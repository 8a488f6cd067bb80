import { DEFAULT_TIME_ZONE } from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { businessRepo } from '../business/business.repo.js';
import { type AnalyticsFigure, analyticsRepo, type FiguresFilter } from './analytics.repo.js';

/** Marks taken per transaction: a rebuild proceeds in bounded steps instead of one huge transaction. */
const BATCH = 2_000;

export interface RecomputeOutcome {
  /** (campaign, local hour) pairs recomputed. */
  hours: number;
  /** false when another node was recomputing (it will have done the work). */
  ran: boolean;
}

/**
 * The dashboards' figures (docs/analytics.md): hourly aggregates that triggers mark stale in the same transaction
 * as each change, and that this service recomputes hour by hour from the raw rows, on one node at a time.
 */
export function createAnalyticsService(ctx: Pick<AppContext, 'db' | 'logger'>) {
  const { db } = ctx;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RecomputeOutcome> | null = null;

  const businessTimeZone = async () => (await businessRepo.get(db))?.timeZone ?? DEFAULT_TIME_ZONE;

  /**
   * One batch: takes marks, recomputes their hours, in one transaction (a failure leaves the marks for next time).
   * A time zone other than the one the figures were computed in starts a rebuild first.
   */
  async function batch(): Promise<{ hours: number; taken: number; locked: boolean }> {
    const timeZone = await businessTimeZone();
    return db.transaction(async (tx) => {
      if (!(await analyticsRepo.tryLock(tx))) return { hours: 0, taken: 0, locked: false };
      const computedIn = await analyticsRepo.stateTimeZone(tx);
      if (computedIn !== timeZone) {
        await analyticsRepo.clear(tx);
        await analyticsRepo.markCampaigns(tx, 'all');
        await analyticsRepo.saveState(tx, timeZone);
      }
      const { targets, taken } = await analyticsRepo.takeDirty(tx, timeZone, BATCH);
      await analyticsRepo.recompute(tx, timeZone, targets);
      return { hours: targets.length, taken, locked: true };
    });
  }

  /** Folds every pending change into the figures (batch after batch until none is left). */
  async function recompute(): Promise<RecomputeOutcome> {
    running ??= (async () => {
      let hours = 0;
      try {
        for (;;) {
          const step = await batch();
          if (!step.locked) return { hours, ran: hours > 0 };
          hours += step.hours;
          if (step.taken === 0) return { hours, ran: true };
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** Recomputes every figure from the raw rows (`npm run analytics:rebuild`; also after a time zone change). */
  async function rebuild(): Promise<RecomputeOutcome> {
    const timeZone = await businessTimeZone();
    await db.transaction(async (tx) => {
      await analyticsRepo.lock(tx);
      await analyticsRepo.clear(tx);
      await analyticsRepo.markCampaigns(tx, 'all');
      await analyticsRepo.saveState(tx, timeZone);
    });
    const outcome = await recompute();
    // Every figure was rewritten: the planner's statistics of the tables are refreshed now, not whenever autovacuum
    // gets to them (with stale ones, a year's rebuild left the campaign dashboard sorting where it should hash).
    await analyticsRepo.refreshStatistics(db);
    return outcome;
  }

  return {
    recompute,
    rebuild,
    async figures(filter: FiguresFilter): Promise<AnalyticsFigure[]> {
      return analyticsRepo.figures(db, filter);
    },
    /** Recomputes every `intervalMs` (config ANALYTICS_RECOMPUTE_MS: 10 s by default; the dashboards refresh at it). */
    start(intervalMs: number) {
      const tick = () =>
        void recompute().catch((error: unknown) =>
          ctx.logger.warn({ err: error }, 'analytics recompute failed; retried'),
        );
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
