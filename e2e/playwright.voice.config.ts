import { defineConfig } from '@playwright/test';
import { BASE_URL, E2E_PORT, TRACE } from './support/env.js';

/**
 * The softphone's browser tests (e2e/voice): the app with its telephony daemons (VOICE_ENABLED) and Chromium with
 * fake microphones. scripts/test.mjs runs them inside a network namespace that has only a loopback interface, so no
 * packet of a call can leave the machine; the app's daemons listen on 127.0.0.1 there.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './voice',
  fullyParallel: false,
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: '../.test-results/e2e-voice-artifacts',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.test-results/e2e-voice.json' }],
  ],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: TRACE,
    permissions: ['microphone'],
    ignoreHTTPSErrors: true,
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
        // A fake microphone (a beep) and no permission prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        // The registrar's self-signed certificate (wss://127.0.0.1:8089/ws).
        '--ignore-certificate-errors',
        // The namespace has only loopback: ICE must be allowed to use it.
        '--allow-loopback-in-peer-connection',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    cwd: '..',
    url: `http://localhost:${E2E_PORT}/api/v2/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { VOICE_ENABLED: '1' },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
