import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';

async function visibleMenuItems(page: import('@playwright/test').Page): Promise<string[]> {
  await expect(page.getByTestId('sidebar')).toBeVisible();
  return page
    .getByTestId('sidebar')
    .locator('[data-testid^="menu-item-"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? ''));
}

test('the agent’s menu is smaller than the administrator’s, and a forbidden page sends to 403', async ({ browser }) => {
  const adminContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@atiende.test', DEMO_PASSWORD);
  const adminItems = await visibleMenuItems(admin);

  const agentContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const agent = await agentContext.newPage();
  await signIn(agent, 'agente@atiende.test', DEMO_PASSWORD);
  const agentItems = await visibleMenuItems(agent);

  expect(agentItems.length).toBeGreaterThan(0);
  expect(agentItems.length).toBeLessThan(adminItems.length);
  expect(adminItems).toContain('menu-item-/app/users');
  expect(agentItems).not.toContain('menu-item-/app/users');
  expect(agentItems).toContain('menu-item-/app/tickets');

  await agent.goto('/v2/app/users');
  await expect(agent).toHaveURL(/\/v2\/app\/forbidden$/);
  await expect(agent.getByTestId('page-forbidden')).toBeVisible();
  await expect(agent.getByText(/permisos insuficientes/i).first()).toBeVisible();
  await adminContext.close();
  await agentContext.close();
});

test('switching to English changes the interface and the X-Locale header', async ({ page }) => {
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  await expect(page.getByTestId('sidebar').getByText('Clientes').first()).toBeVisible();
  await page.getByTestId('header-language').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.getByTestId('sidebar').getByText('Customers').first()).toBeVisible();
  const request = page.waitForRequest((candidate) => candidate.url().includes('/api/v2/'));
  await page.reload();
  expect((await request).headers()['x-locale']).toBe('en');
  await expect(page.getByTestId('sidebar').getByText('Customers').first()).toBeVisible();
});

test('an unknown path shows the not-found page with a way back to the start page', async ({ page }) => {
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  await page.goto('/v2/app/this/does/not/exist');
  await expect(page.getByText(/no existe o no se pudo encontrar/i)).toBeVisible();
  await page
    .getByRole('link', { name: /inicio/i })
    .or(page.getByRole('button', { name: /inicio/i }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/v2\/app\/?$/);
});

test('a second login in another browser closes the first session after the dialog', async ({ browser }) => {
  const firstContext = await browser.newContext();
  const first = await firstContext.newPage();
  await signIn(first, 'agente@atiende.test', DEMO_PASSWORD);

  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signIn(second, 'agente@atiende.test', DEMO_PASSWORD);

  await expect(first.getByTestId('multi-session-dialog')).toBeVisible();
  await expect(first).toHaveURL(/\/v2\/login/, { timeout: 15_000 });
  await expect(second.getByTestId('header-user-menu')).toBeVisible();
  await second.reload();
  await expect(second.getByTestId('header-user-menu')).toBeVisible();
  await firstContext.close();
  await secondContext.close();
});

test('an idle session shows the inactivity dialog: DO NOT CLOSE keeps it, waiting closes it', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  // The business timeout is hours long; the test shortens it through the documented override.
  await page.evaluate(() => localStorage.setItem('inactivityTimeoutMsOverride', '3000'));
  await page.reload();
  await expect(page.getByTestId('header-user-menu')).toBeVisible();

  await page.clock.fastForward(5_000);
  await expect(page.getByTestId('inactivity-dialog')).toBeVisible();
  await page.getByTestId('inactivity-keep').click();
  await expect(page.getByTestId('inactivity-dialog')).toBeHidden();

  await page.clock.fastForward(5_000);
  await expect(page.getByTestId('inactivity-dialog')).toBeVisible();
  await page.clock.fastForward(31_000);
  await expect(page).toHaveURL(/\/v2\/login/);
});

test('while the app loads, the shell shows instead of a blank page (dark for dark-mode users)', async ({ page }) => {
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  await page.evaluate(() =>
    localStorage.setItem(
      'appearance',
      JSON.stringify({ color: null, mode: 'dark', direction: 'rtl', bigSidebar: true }),
    ),
  );
  // Hold the app's code back until the shell was seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/v2\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/v2/app/tickets', { waitUntil: 'commit' });
  const skeleton = page.getByTestId('app-shell-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-shell', 'dark');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  release();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(skeleton).toHaveCount(0);
  await page.evaluate(() => localStorage.removeItem('appearance'));
});

test('a list that fails to load says so with a retry, never as an empty list', async ({ page }) => {
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  let failing = true;
  await page.route(/\/api\/v2\/templates\?/, async (route) => {
    if (!failing) return route.continue();
    await route.fulfill({
      status: 500,
      contentType: 'text/html',
      body: '<pre>TypeError: Cannot read properties of undefined</pre>',
    });
  });
  await page.goto('/v2/app/templates');
  const error = page.getByTestId('templates-error');
  await expect(error).toContainText('No se pudo cargar la información');
  await expect(error).toContainText('Ocurrió un error en el servidor');
  await expect(error).not.toContainText('TypeError');
  await expect(page.getByTestId('data-table-empty')).toHaveCount(0);
  failing = false;
  await page.getByTestId('templates-error-retry').click();
  await expect(page.locator('[data-testid^="template-row-"]').first()).toBeVisible();
  await expect(error).toHaveCount(0);
});
