import { randomBytes } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './db/client.js';
import { createLogger } from './logger.js';
import { createRateLimitStore, type RateLimitStore } from './rate-limits.js';

// The store behind every rate limit (platform/rate-limits.ts): fixed windows counted in PostgreSQL. Sharing between
// nodes is proved in multi-node.api.test.ts; here, the window's arithmetic.

let handle: DatabaseHandle;
let limits: RateLimitStore;

beforeAll(() => {
  handle = connectDatabase(inject('databaseUrl'), 2);
  limits = createRateLimitStore(handle.db, createLogger('silent'));
});

afterAll(async () => {
  limits?.close();
  await handle?.close();
});

const routeStore = (url: string): FastifyRateLimitStore =>
  new limits.Store({}).child({ routeInfo: { method: 'POST', url } } as never);

function incr(store: FastifyRateLimitStore, key: string, windowMs = 60_000) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, hits) => (error || !hits ? reject(error) : resolve(hits)), windowMs, 5),
  );
}

describe('the PostgreSQL rate-limit store', () => {
  it('counts hits in a fixed window, per route and key, and starts again once the window is over', async () => {
    const key = `127.0.0.1|${randomBytes(4).toString('hex')}@test.atiende`;
    const login = routeStore('/api/v2/login');
    const reset = routeStore('/api/v2/password/email');
    const first = await incr(login, key);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(59_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await incr(login, key)).current).toBe(2);
    const third = await incr(login, key);
    expect(third.current).toBe(3);
    // The window does not move with each hit.
    expect(third.ttl).toBeLessThanOrEqual(first.ttl);
    // Another route, and another key on the same route, count apart.
    expect((await incr(reset, key)).current).toBe(1);
    expect((await incr(login, `${key}.other`)).current).toBe(1);

    // The window ends (moved into the past rather than waited for): the next hit starts a new one.
    await handle.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key like ${`%|${key}`}`,
    );
    const fresh = await incr(login, key);
    expect(fresh).toMatchObject({ current: 1 });
    expect(fresh.ttl).toBeGreaterThan(59_000);
  });

  it('counts every hit of a burst once, however they interleave', async () => {
    const key = `burst-${randomBytes(4).toString('hex')}`;
    const store = routeStore('/api/v2/public/widgets/:publicKey/messages');
    const counts = await Promise.all(Array.from({ length: 20 }, () => incr(store, key)));
    expect(counts.map((hits) => hits.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('refuses the sliding options it does not implement, instead of ignoring them', () => {
    expect(() => new limits.Store({ continueExceeding: true } as never)).toThrow(/fixed windows/);
    expect(() => routeStore('/x').child({ exponentialBackoff: true } as never)).toThrow(/fixed windows/);
  });
});
