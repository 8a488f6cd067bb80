import type { Logger } from 'pino';
import { ensureBusiness } from '../modules/business/business.service.js';
import { seedCatalogues } from '../modules/catalogues/catalogues.seed.js';
import { ensureBuiltInRoles } from '../modules/users/users.service.js';
import type { Config } from './config.js';
import { connectDatabase, type Database, type DatabaseHandle } from './db/client.js';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embedded.js';
import { runMigrations, underStartupLock } from './db/migrate.js';
import { type Jobs, startJobs } from './jobs.js';
import { createMailer, type Mailer } from './mail.js';

export interface Platform {
  database: DatabaseHandle;
  databaseUrl: string;
  jobs: Jobs;
  mailer: Mailer;
  /** Jobs, mail, pool, then the embedded database, within `budgetMs`. */
  stop(budgetMs?: number): Promise<void>;
  /** Out of time: tells the embedded database to stop and returns at once. */
  stopNow(): Promise<void>;
}

/** What every installation has from its first start: the business row, the built-in roles, the catalogues. */
export async function ensureBaseRows(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureBusiness(tx);
    await ensureBuiltInRoles(tx);
    await seedCatalogues(tx);
  });
}

/** Database (embedded or DATABASE_URL) → migrations → base rows → jobs → mail. Stops in reverse order. */
export async function startPlatform(
  config: Config,
  logger: Logger,
  options: { jobs?: boolean } = {},
): Promise<Platform> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(config.dataDir, config.embeddedPgPort, logger);
    databaseUrl = embedded.url;
  }
  const database = connectDatabase(databaseUrl);
  try {
    // Several nodes may start at once (a rolling upgrade, a scale-out): they migrate one at a time.
    await underStartupLock(database.pool, async () => {
      await runMigrations(database.db);
      await ensureBaseRows(database.db);
    });
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
  const jobs = options.jobs === false ? noJobs : await startJobs(databaseUrl, logger);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  return {
    database,
    databaseUrl,
    jobs,
    mailer,
    async stop(budgetMs = 30_000) {
      const deadline = Date.now() + budgetMs;
      const left = () => Math.max(0, deadline - Date.now());
      // Keep a few seconds of the budget for the database's own shutdown.
      await jobs.stop(left() - 5_000);
      mailer.close();
      await database.close();
      await embedded?.stop(Math.max(1_000, left()));
    },
    async stopNow() {
      await embedded?.stop(0);
    },
  };
}

const noJobs: Jobs = {
  async define() {},
  async send() {
    throw new Error('jobs are not started in this process');
  },
  async stop(_timeoutMs?: number) {},
};
