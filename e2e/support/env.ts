import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The slot of the Playwright worker running this test (0 in the runner and with one worker). Each slot has a server of
 * its own (playwright.config.ts starts one per worker with E2E_SLOT), so tests running side by side share no state.
 */
export const E2E_SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** Where the slot's server runs: its own port, embedded database and data folder, fresh every run. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210) + E2E_SLOT;
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54359) + E2E_SLOT;
/**
 * Where a test's local provider server (WhatsApp Cloud API, Bot API, Messenger Platform) listens, one test at a time:
 * the server under test allow-lists exactly this address (`OUTBOUND_ALLOWED_HOSTS`, set in start-server.mjs by
 * the same rule).
 */
export const E2E_PROVIDER_PORT =
  Number(process.env.E2E_PROVIDER_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1000) + E2E_SLOT;
export const E2E_DATA_DIR = path.join(ROOT, '.test-data', E2E_SLOT === 0 ? 'e2e' : `e2e-${E2E_SLOT}`);
export const E2E_OUTBOX = path.join(E2E_DATA_DIR, 'mail');
export const E2E_DATABASE_URL = `postgres://atiende:atiende-embedded@127.0.0.1:${E2E_PG_PORT}/atiende`;
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const DEMO_PASSWORD = 'Atiende.2026';

/**
 * What a failed test keeps: its trace (actions, DOM snapshots, network) and its screenshot. The trace's own
 * screenshots, a screencast of every frame, cost a third of the browser stage's time on 2 cores (3.3 → 2.2 min for
 * three files, 2026-12-07): E2E_TRACE=full records them when a failure needs the film.
 */
export const TRACE =
  process.env.E2E_TRACE === 'full'
    ? ('retain-on-failure' as const)
    : { mode: 'retain-on-failure' as const, screenshots: false };
