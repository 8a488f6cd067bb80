import { defineConfig } from '@playwright/test';
import { BASE_URL, TRACE } from './support/env.js';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * One worker by default: on a 2-core machine Chromium's rendering keeps both cores busy already, and a second worker
 * made the browser stage no faster (19.3 min with two, about the same with one, 2026-12-07). E2E_WORKERS=N runs N
 * workers on a larger machine, each against a server of its own (its port, embedded database and data folder,
 * support/env.ts), so no test sees another's changes to the business settings, the demo's tickets or its users.
 */
const workers = Number(process.env.E2E_WORKERS ?? 1);
const basePort = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: './tests',
  // A file's tests run in order on one worker; files are shared among the workers.
  fullyParallel: false,
  workers,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../.test-results/e2e-artifacts',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.test-results/e2e.json' }],
  ],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: TRACE,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, slot) => ({
    command: 'node e2e/support/start-server.mjs',
    cwd: '..',
    url: `http://localhost:${basePort + slot}/api/v2/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: { E2E_SLOT: String(slot) },
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  })),
});
