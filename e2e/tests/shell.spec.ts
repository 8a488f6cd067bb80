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
