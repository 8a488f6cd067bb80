import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from './db/client.js';

/** What @fastify/rate-limit asks of a store: the hits counted in the key's window and the milliseconds left. */
interface Hits {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, hits?: Hits) => void;

/** What @fastify/rate-limit passes to the constructor and to `child` at run time (its typings say less). */
interface RouteRateLimit {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

export interface RateLimitStore {
  /** The class @fastify/rate-limit's `store` option takes (it makes one per route with `child`). */
  Store: FastifyRateLimitStoreCtor;
  close(): void;
}

/** Expired counters are deleted this often (any node may do it; it is idempotent). */
const PRUNE_EVERY_MS = 60_000;

/**
 * Rate limits counted in PostgreSQL, so every node counts the same hits: N attempts spread over several nodes are N
 * attempts. One atomic upsert per limited request on the UNLOGGED `rate_limits` table (no WAL flush); fixed windows,
 * as the in-memory store keeps them. Chosen over Redis so the limits hold the same way with or without REDIS_URL,
 * embedded database included.
 */
export function createRateLimitStore(db: Database, logger: Logger): RateLimitStore {
  const prune = setInterval(() => {
    db.execute(sql`delete from rate_limits where reset_at < now()`).catch((error: unknown) =>
      logger.warn({ err: error }, 'rate-limit pruning failed'),
    );
  }, PRUNE_EVERY_MS);
  prune.unref();

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: object, prefix = '') {
      const limit = options as RouteRateLimit;
      if (limit.continueExceeding || limit.exponentialBackoff) {
        throw new Error('the PostgreSQL rate-limit store counts fixed windows only');
      }
      this.prefix = prefix;
    }

    incr(key: string, done: Done, timeWindow: number): void {
      db.execute<{ hits: number; ttl: string }>(sql`
        insert into rate_limits as r (key, hits, reset_at)
        values (${this.prefix + key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
        on conflict (key) do update set
          hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::bigint as ttl`)
        .then((result) => {
          const row = result.rows[0];
          done(null, { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
    }

    read(key: string, done: Done): void {
      db.execute<{ hits: number; ttl: string }>(sql`
        select hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::bigint as ttl
        from rate_limits where key = ${this.prefix + key} and reset_at > now()`)
        .then((result) => {
          const row = result.rows[0];
          done(null, row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        })
        .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
    }

    /** One store per limited route: its counters are apart from every other route's. */
    child(options: object): PostgresRateLimitStore {
      const { routeInfo } = options as RouteRateLimit;
      const method = routeInfo?.method;
      const route = `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${routeInfo?.url ?? ''}`;
      return new PostgresRateLimitStore(options, `${route}|`);
    }
  }

  return { Store: PostgresRateLimitStore, close: () => clearInterval(prune) };
}
