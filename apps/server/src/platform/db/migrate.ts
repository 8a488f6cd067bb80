import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Database } from './client.js';

/** The committed SQL migrations live in apps/server/drizzle, next to src/ and dist/. */
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * Runs start-up work (migrations, base rows) while holding a session advisory lock, so nodes starting together take
 * turns: the first migrates, the others wait and then find nothing left to do. The lock is held on a connection of
 * its own (the work uses others), and a node that dies while holding it releases it with its connection.
 */
export async function underStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query(`select pg_advisory_lock(hashtext('atiende.startup'), 0)`);
    try {
      return await work();
    } finally {
      await holder.query(`select pg_advisory_unlock(hashtext('atiende.startup'), 0)`);
    }
  } finally {
    holder.release();
  }
}
