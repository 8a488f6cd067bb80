#!/usr/bin/env node
// What the browser really downloads: Chromium (Playwright) opens the login page, then, signed in with a cold cache,
// the tickets list, a ticket view and the pending drawer, and records every response of the app's own files
// (/v2/...). For each step it prints the JavaScript and CSS by file count and size: raw, gzip -9 and brotli q11
// of the bodies (what the build's precompressed files weigh), and the bytes that went over the wire.
//
// Run against a running server with demo data (e2e/support/start-server.mjs starts one):
//   BASE_URL=http://localhost:3210 CHROMIUM_PATH=/usr/bin/chromium node bench/web-load.mjs [--files]
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3210';
const EMAIL = process.env.BENCH_EMAIL ?? 'agente@atiende.test';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'Atiende.2026';
const listFiles = process.argv.includes('--files');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
});

/** Records the app's static responses of one page until `stop()`. */
function record(page) {
  const files = new Map();
  const pending = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/v2/') || url.pathname.startsWith('/v2/app')) return;
    if (!/\.(js|css)$/.test(url.pathname)) return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        files.set(url.pathname, {
          raw: body.length,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          brotli: zlib.brotliCompressSync(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }).length,
          wire: sizes.responseBodySize,
          encoding: (await response.allHeaders())['content-encoding'] ?? 'none',
        });
      })(),
    );
  });
  return {
    files,
    async stop() {
      await Promise.all(pending);
      return new Map(files);
    },
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function report(title, files) {
  const sum = (kind, field) =>
    [...files].filter(([name]) => name.endsWith(kind)).reduce((total, [, file]) => total + file[field], 0);
  const count = (kind) => [...files.keys()].filter((name) => name.endsWith(kind)).length;
  const encodings = [...new Set([...files.values()].map((file) => file.encoding))].join(',');
  console.log(
    `${title.padEnd(34)} JS ${String(count('.js')).padStart(3)} files ${kb(sum('.js', 'raw')).padStart(7)} KB raw ` +
      `${kb(sum('.js', 'gzip')).padStart(6)} KB gzip ${kb(sum('.js', 'brotli')).padStart(6)} KB br | ` +
      `CSS ${kb(sum('.css', 'raw'))} KB raw ${kb(sum('.css', 'gzip'))} KB gzip | ` +
      `wire ${kb(sum('.js', 'wire') + sum('.css', 'wire'))} KB (${encodings})`,
  );
  if (listFiles) {
    for (const [name, file] of [...files].sort((a, b) => b[1].gzip - a[1].gzip)) {
      console.log(`    ${name.padEnd(60)} ${kb(file.raw).padStart(7)} raw ${kb(file.gzip).padStart(6)} gzip`);
    }
  }
}

const only = (after, before) => new Map([...after].filter(([name]) => !before.has(name)));

// 1. The login page, cold.
const loginContext = await browser.newContext();
const loginPage = await loginContext.newPage();
const login = record(loginPage);
await loginPage.goto(`${BASE_URL}/v2/login`);
await loginPage.getByTestId('login-email').waitFor();
await loginPage.waitForLoadState('networkidle');
const loginFiles = await login.stop();
report('login page', loginFiles);

// Sign in there, then carry the stored session to a context with an empty cache.
await loginPage.getByTestId('login-email').fill(EMAIL);
await loginPage.getByTestId('login-password').fill(PASSWORD);
await loginPage.getByTestId('login-submit').click();
await loginPage.getByTestId('header-user-menu').waitFor();
const storageState = await loginContext.storageState();
await loginContext.close();

// 2. The agent workspace, cold: the tickets list, then a ticket, then the pending drawer.
const context = await browser.newContext({ storageState, viewport: { width: 1400, height: 900 } });
const page = await context.newPage();
const workspace = record(page);
await page.goto(`${BASE_URL}/v2/app/tickets`);
await page.getByTestId('header-user-menu').waitFor();
await page.locator('[data-testid^="ticket-row-"], [data-testid="data-table-empty"]').first().waitFor();
await page.waitForLoadState('networkidle');
const listFiles_ = new Map(workspace.files);
report('tickets list (cold)', listFiles_);

const firstRow = page.locator('[data-testid^="ticket-row-"]').first();
if (await firstRow.count()) {
  await firstRow.click();
  await page.waitForURL(/\/tickets\/\d+\/view/);
  await page.getByTestId('ticket-view').waitFor();
  await page.waitForLoadState('networkidle');
}
const viewFiles = new Map(workspace.files);
report('+ ticket view', only(viewFiles, listFiles_));

await page.getByTestId('header-notifications').click();
await page.getByTestId('pending-drawer').waitFor();
await page.waitForLoadState('networkidle');
const drawerFiles = await workspace.stop();
report('+ pending drawer', only(drawerFiles, viewFiles));
report('agent workspace (all of the above)', drawerFiles);
await context.close();
await browser.close();
