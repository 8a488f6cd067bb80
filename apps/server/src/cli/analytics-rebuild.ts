import { createAnalyticsService } from '../modules/analytics/analytics.service.js';
import { startPlatform } from '../platform/boot.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';

/**
 * Recomputes every dashboard figure from the raw rows (`npm run analytics:rebuild`): after restoring a backup, or to
 * check the incremental figures. Running nodes keep serving; their recompute waits for the rebuild's lock.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger('warn');
  const platform = await startPlatform(config, logger, { jobs: false });
  try {
    const started = Date.now();
    const outcome = await createAnalyticsService({ db: platform.database.db, logger }).rebuild();
    process.stdout.write(
      `Analytics rebuilt: ${outcome.hours} campaign hours in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  } finally {
    await platform.stop();
  }
}

main().catch((error) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
