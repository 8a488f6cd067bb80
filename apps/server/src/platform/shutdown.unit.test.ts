import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.js';
import { shutDown } from './shutdown.js';

const logger = createLogger('silent');
afterEach(() => {
  vi.useRealTimers();
});

describe('bounded shutdown', () => {
  it('runs every step in order with what is left of the budget', async () => {
    const seen: [string, number][] = [];
    const outcome = await shutDown(
      [
        { name: 'requests', run: async (remaining) => void seen.push(['requests', remaining]) },
        { name: 'failing', run: async () => Promise.reject(new Error('boom')) },
        { name: 'database', run: async (remaining) => void seen.push(['database', remaining]) },
      ],
      { timeoutMs: 25_000, logger, force: async () => {} },
    );
    expect(outcome).toBe('clean');
    expect(seen.map(([name]) => name)).toEqual(['requests', 'database']);
    for (const [, remaining] of seen) expect(remaining).toBeLessThanOrEqual(25_000);
  });

  it('forces the stop when a step outlives SHUTDOWN_TIMEOUT', async () => {
    vi.useFakeTimers();
    const force = vi.fn(async () => {});
    const after = vi.fn();
    const outcome = shutDown(
      [
        { name: 'requests', run: () => new Promise<void>(() => {}) }, // a request that never ends
        { name: 'database', run: async () => after() },
      ],
      { timeoutMs: 25_000, logger, force },
    );
    await vi.advanceTimersByTimeAsync(24_999);
    expect(force).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('forced');
    expect(force).toHaveBeenCalledOnce();
    expect(after).not.toHaveBeenCalled();
  });
});
