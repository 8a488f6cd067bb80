import { buildApp } from './app.js';
import { seedDemoData } from './modules/demo/demo.seed.js';
import { startPlatform } from './platform/boot.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { underStartupLock } from './platform/db/migrate.js';
import { createLogger } from './platform/logger.js';
import { shutDown } from './platform/shutdown.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const platform = await startPlatform(config, logger);
  let built: Awaited<ReturnType<typeof buildApp>>;
  let demoBanner: string | null;
  try {
    // Under the start-up lock: nodes starting together on one database seed it once.
    demoBanner = config.demoData
      ? await underStartupLock(platform.database.pool, () => seedDemoData(platform.database.db))
      : null;
    built = await buildApp({ config, db: platform.database.db, logger, jobs: platform.jobs, mailer: platform.mailer });
  } catch (error) {
    // Leave nothing running behind a failed start (the embedded database runs detached).
    await platform.stop().catch(() => undefined);
    throw error;
  }
  const { app } = built;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn('second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down: finishing in-flight requests');
    const outcome = await shutDown(
      [
        { name: 'requests and realtime', run: () => app.close() },
        { name: 'jobs and database', run: (remainingMs) => platform.stop(remainingMs) },
      ],
      {
        timeoutMs: config.shutdownTimeoutMs,
        logger,
        force: async () => {
          app.server.closeAllConnections();
          await platform.stopNow();
        },
      },
    );
    if (outcome === 'clean') logger.info('stopped cleanly');
    process.exit(outcome === 'clean' ? 0 : 1);
  };
  // A promise nobody awaited failed (a background task during a database restart, say): log it and stay up; every
  // loop retries on its own, and crashing here would drop every agent's connection.
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled rejection');
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [`Atiende is running at ${config.publicUrl}/v2/ (API at ${config.publicUrl}/api/v2)`];
  if (!config.smtpUrl) lines.push(`Mail is written to ${config.dataDir}/mail (set SMTP_URL to send it)`);
  if (demoBanner) lines.push(demoBanner);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error) => {
  process.stderr.write(`Atiende could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
