import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle; repositories accept either the database or a transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(url: string, max = 10): DatabaseHandle {
  // No connection timeout: pg counts the wait for a free pooled client in it, so a burst would fail requests that
  // are only queued; a database that is down refuses connections at once (ECONNREFUSED → 503).
  const pool = new pg.Pool({ connectionString: url, max });
  // A client losing its connection (database restart) must not crash the process: idle ones are replaced by the
  // pool; one checked out at that moment (inside a transaction) fails its query, and its error event is handled here.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * Runs independent queries: together on the pool (each takes its own connection), one after another in a transaction,
 * whose single connection runs one query at a time (pg deprecates overlapping queries on a client; pg 9 refuses them).
 */
export async function concurrently<T extends readonly (() => PromiseLike<unknown>)[] | []>(
  db: Executor,
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries.map((query) => query()))) as Results;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as Results;
}
