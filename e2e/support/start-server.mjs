// Starts the built app for the browser tests on a fresh embedded database with demo data. E2E_SLOT (set by
// playwright.config.ts, one server per worker) shifts its ports and names its data folder, by the rule of env.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const slot = Number(process.env.E2E_SLOT ?? 0);
const dataDir = path.join(root, '.test-data', slot === 0 ? 'e2e' : `e2e-${slot}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
delete process.env.SMTP_URL;
// The tests' local provider servers listen here (E2E_PROVIDER_PORT in env.ts, same rule): the only address outside
// the providers' own hosts the app may reach.
const port = Number(process.env.E2E_PORT ?? 3210) + slot;
const providerPort = Number(process.env.E2E_PROVIDER_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1000) + slot;
Object.assign(process.env, {
  NODE_ENV: 'test',
  // The dashboards' figures follow changes within a second (10 s in production).
  ANALYTICS_RECOMPUTE_MS: '1000',
  // The browser tests count and find the demo's own tickets; the dashboards' test makes its own history.
  DEMO_HISTORY_DAYS: '0',
  PORT: String(port),
  EMBEDDED_PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 54359) + slot),
  DATA_DIR: dataDir,
  DEMO_DATA: '1',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  PUBLIC_URL: `http://localhost:${port}`,
  RATE_LIMIT_LOGIN_PER_MINUTE: '500',
  RATE_LIMIT_RESET_PER_HOUR: '100',
  OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${providerPort}`,
});
await import('../../apps/server/dist/main.js');
