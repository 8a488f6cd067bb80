import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureBaseRows } from '../platform/boot.js';
import { connectDatabase } from '../platform/db/client.js';
import { startEmbeddedDatabase } from '../platform/db/embedded.js';
import { runMigrations } from '../platform/db/migrate.js';
import { createLogger } from '../platform/logger.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test run: on DATABASE_URL's server when set (CI's real PostgreSQL),
 * otherwise on the embedded PostgreSQL kept in the system temp folder between runs.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  let serverUrl = process.env.DATABASE_URL;
  let stopServer = async () => {};
  if (!serverUrl) {
    const embedded = await startEmbeddedDatabase(
      path.join(os.tmpdir(), 'atiende-test-db'),
      Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54339),
      createLogger('warn'),
    );
    serverUrl = embedded.url;
    stopServer = embedded.stop;
  }
  const name = `atiende_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const handle = connectDatabase(url, 2);
  await runMigrations(handle.db);
  await ensureBaseRows(handle.db);
  await handle.close();
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await stopServer();
    },
  };
}

/**
 * A fresh, migrated database on the same server as `url` (the run's shared test database), for a test whose
 * subject is global to a database — the business's time zone, every pending change — so files running beside it
 * cannot disturb it, nor it them. Dropped by the returned `drop`.
 */
export async function createSiblingDatabase(url: string): Promise<TestDatabase> {
  const name = `atiende_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const siblingUrl = withDatabase(url, name);
  const handle = connectDatabase(siblingUrl, 2);
  await runMigrations(handle.db);
  await ensureBaseRows(handle.db);
  await handle.close();
  return {
    url: siblingUrl,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // The app's job runner closes its pool a moment after it stopped: forcing the drop before would cut its
        // connections, and it would report that on a log the test already closed. Wait for them to go first.
        for (let waited = 0; waited < 5000; waited += 100) {
          const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (open.rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
