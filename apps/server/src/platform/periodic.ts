import type { Logger } from 'pino';

/**
 * A pass run every `intervalMs` on this node (schedulers: programmed reports, automation rules, segmentations, SLA
 * checks): one pass at a time — a tick that finds the previous one still running is skipped —, a failing pass is
 * logged and the next tick tries again; `stop` waits for the pass in flight. The timer does not keep the process up.
 */
export function createPeriodicTask(logger: Logger, what: string, pass: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  return {
    start(intervalMs: number) {
      timer = setInterval(() => {
        if (running) return;
        running = pass()
          .catch((error: unknown) => logger.warn({ err: error }, `${what} failed`))
          .finally(() => {
            running = null;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

/**
 * Keys a node reads again at most every `ttlMs` (and at once after `forget`): which campaigns have rules for which
 * event. Other nodes' edits are seen within the TTL; this node's at once.
 */
export function createCachedKeys(load: () => Promise<Iterable<string>>, ttlMs: number) {
  let cached: { loadedAt: number; keys: Set<string> } | null = null;
  return {
    async has(key: string): Promise<boolean> {
      if (!cached || Date.now() - cached.loadedAt > ttlMs)
        cached = { loadedAt: Date.now(), keys: new Set(await load()) };
      return cached.keys.has(key);
    },
    forget() {
      cached = null;
    },
  };
}
