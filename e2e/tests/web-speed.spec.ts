import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Response, test } from '@playwright/test';
import { fillCredentials, signIn } from '../support/auth.js';
import { DEMO_PASSWORD, ROOT } from '../support/env.js';
import { insertClosedTickets } from '../support/factories.js';

/** What the build measured for each budget (apps/web/build/bundle-budget.ts): the files each route may load. */
interface BudgetsFile {
  [name: string]: { files: { file: string }[]; gzip: number; maxGzip: number };
}
const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/web/dist/.vite/budgets.json'), 'utf8')) as BudgetsFile;
const filesOf = (name: string) => new Set(budgets[name].files.map((entry) => entry.file));
const LOGIN = filesOf('login');
const WORKSPACE = filesOf('agent workspace');

/** The app's JavaScript and CSS files a page downloads (paths under /v2/, e.g. `assets/index-a1b2.js`). */
function recordAssets(page: Page) {
  const seen: Response[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/v2/assets/') && /\.(?:js|css)$/.test(pathname)) seen.push(response);
  });
  return {
    files: () => seen.map((response) => new URL(response.url()).pathname.replace('/v2/', '')),
    responses: () => [...seen],
  };
}

test('the login page downloads only its budget’s files, compressed and cached for good, and signs in', async ({
  page,
}) => {
  const assets = recordAssets(page);
  await page.goto('/v2/login');
  await expect(page.getByTestId('login-email')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const loaded = assets.files();
  expect(loaded.length).toBeGreaterThan(5);
  // Everything it loaded is counted in the login budget, and nothing of the workspace's own code came along.
  expect(loaded.filter((file) => !LOGIN.has(file))).toEqual([]);
  // Nor the libraries and the code only the workspace loads (apps/web/build/route-chunks.ts), nor the right-to-left
  // styles.
  const workspaceOnly = ['AppLayout', 'TicketsListPage', 'TicketViewPage', 'PendingTicketsPanel', 'datePickers'];
  for (const chunk of [...workspaceOnly, 'workspace', 'libs-app', 'rtlCache']) {
    expect(loaded.filter((file) => file.startsWith(`assets/${chunk}-`))).toEqual([]);
  }
  // Its libraries came in their one chunk.
  expect(loaded.filter((file) => file.startsWith('assets/libs-') && !file.startsWith('assets/libs-app-'))).toHaveLength(
    1,
  );
  for (const response of assets.responses()) {
    const headers = await response.allHeaders();
    const file = new URL(response.url()).pathname.replace('/v2/', '');
    // Chromium accepts brotli: the build's .br file comes back where there is one (files under 1 KB are sent as
    // they are), and either way it is kept a year under its hashed name.
    const precompressed = fs.existsSync(path.join(ROOT, 'apps/web/dist', `${file}.br`));
    expect(precompressed || fs.statSync(path.join(ROOT, 'apps/web/dist', file)).size < 1024, file).toBe(true);
    expect(headers['content-encoding'], response.url()).toBe(precompressed ? 'br' : undefined);
    expect(headers.vary?.toLowerCase(), response.url()).toContain('accept-encoding');
    expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
  }
  const document = await page.request.get('/v2/login', { headers: { 'accept-encoding': 'gzip' } });
  expect(document.headers()['cache-control']).toBe('no-cache');
  expect(document.headers()['content-encoding']).toBe('gzip');

  await fillCredentials(page, 'agente@atiende.test', DEMO_PASSWORD);
  await expect(page.getByTestId('header-user-menu')).toBeVisible();
});

test('the agent workspace downloads only what its budget counts: tickets list, a ticket, the pending drawer', async ({
  browser,
}) => {
  const signInContext = await browser.newContext();
  await signIn(await signInContext.newPage(), 'agente@atiende.test', DEMO_PASSWORD);
  const storageState = await signInContext.storageState();
  await signInContext.close();

  // A fresh cache, as after a new release: everything the workspace needs comes over the wire.
  const context = await browser.newContext({ storageState, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const assets = recordAssets(page);
  // A demo ticket with its conversation (other tests add tickets without one, which open on the task form, whose
  // code loads with that tab): the list filtered by a demo ticket's subject.
  await page.goto(`/v2/app/tickets?searchText=${encodeURIComponent('No ha llegado mi pedido')}`);
  const firstRow = page.locator('[data-testid^="ticket-row-"]').first();
  await expect(firstRow).toBeVisible();
  await firstRow.click();
  await expect(page.getByTestId('ticket-view')).toBeVisible();
  await expect(page.getByTestId('composer-reply')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('header-notifications').click();
  await expect(page.getByTestId('pending-drawer')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const loaded = assets.files();
  expect(loaded.filter((file) => !WORKSPACE.has(file))).toEqual([]);
  // Its libraries came in two chunks: the login page's and the workspace's; its own code in two more: what it shares
  // with the login page and its own. The sign-in form's code stayed out.
  expect(loaded.filter((file) => file.startsWith('assets/libs-'))).toHaveLength(2);
  expect(loaded.filter((file) => /^assets\/(?:app|workspace)-.*\.js$/.test(file))).toHaveLength(2);
  expect(loaded.filter((file) => file.startsWith('assets/login-'))).toEqual([]);
  // The date pickers load when a date field is used, not with the list's date filters; the virtualizer with a long
  // list; the dialogs, the history tab, the task form, the small screens' drawer and the right-to-left styles when
  // needed.
  const onDemand = [
    'datePickers',
    'virtualizer',
    'TicketDialogs',
    'WhatsappTemplateDialog',
    'AuditHistory',
    'TaskFields',
  ];
  for (const chunk of [...onDemand, 'SwipeableDrawer', 'rtlCache']) {
    expect(loaded.filter((file) => file.startsWith(`assets/${chunk}-`))).toEqual([]);
  }
  await context.close();
});

test('a page of 1,000 tickets renders only the rows in view and scrolls from the first to the last', async ({
  page,
}) => {
  const volume = await insertClosedTickets(1000);
  try {
    const numbers = [...volume.numbers].sort((a, b) => a - b);
    await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`/v2/app/tickets?campaigns=${volume.campaignId}&sizePerPage=1000&sortName=number&sortOrder=asc`);
    // A thousand tickets in one answer: given more time than a normal page on a busy 2-core machine.
    await expect(page.getByTestId('tickets-total')).toContainText(/1[.,]?000/, { timeout: 30_000 });
    const table = page.getByTestId('data-table').locator('table');
    await expect(table).toHaveAttribute('aria-rowcount', '1001');
    const firstRow = page.getByTestId(`ticket-row-${numbers[0]}`);
    await expect(firstRow).toBeVisible();
    await expect(firstRow).toHaveAttribute('aria-rowindex', '2');
    // A handful of the thousand rows are in the page.
    const rendered = await page.locator('[data-testid^="ticket-row-"]').count();
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(100);

    // Down to the last row: the rows there come in, the first ones leave.
    const lastRow = page.getByTestId(`ticket-row-${numbers[999]}`);
    await expect(async () => {
      await page.mouse.wheel(0, 20_000);
      await expect(lastRow).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(lastRow).toHaveAttribute('aria-rowindex', '1001');
    await expect(firstRow).toHaveCount(0);
    expect(await page.locator('[data-testid^="ticket-row-"]').count()).toBeLessThan(100);

    // Halfway back up, a row in the middle is there and opens its ticket like any other.
    const middle = page.getByTestId(`ticket-row-${numbers[500]}`);
    await expect(async () => {
      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight / 2)');
      await expect(middle).toBeVisible({ timeout: 500 });
    }).toPass();
    await middle.click();
    await expect(page).toHaveURL(/\/v2\/app\/tickets\/\d+\/view$/);
    await expect(page.getByTestId('ticket-view')).toBeVisible();
  } finally {
    await volume.remove();
  }
});
