import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { apiGet } from '../support/api.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';

/**
 * axe-core on the main pages, in light and in dark: login, the tickets list, a ticket view, queue supervision and a
 * form page. Any serious or critical violation fails (docs/ui.md, accessibility).
 */

async function setMode(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((value) => {
    localStorage.setItem(
      'appearance',
      JSON.stringify({ color: null, mode: value, direction: 'ltr', bigSidebar: true }),
    );
  }, mode);
  await page.reload();
}

for (const mode of ['light', 'dark'] as const) {
  test(`the main pages have no serious accessibility violations (${mode})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();

    await page.goto('/v2/login');
    await setMode(page, mode);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await expectAccessible(page, `login (${mode})`);

    await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
    await page.goto('/v2/app/tickets');
    await expect(page.locator('[data-testid^="ticket-select-"]').first()).toBeVisible();
    await expectAccessible(page, `tickets list (${mode})`);

    const list = await apiGet<{ data: { id: number }[] }>(page, '/api/v2/tickets?sizePerPage=1');
    await page.goto(`/v2/app/tickets/${list.data[0].id}/view`);
    await expect(page.getByTestId('ticket-view')).toBeVisible();
    await expect(page.getByTestId('ticket-customer-panel')).toBeVisible();
    await expectAccessible(page, `ticket view (${mode})`);

    await page.goto('/v2/app/supervision/queues');
    await expect(page.locator('[data-testid^="queue-waiting-"]').first()).toBeVisible();
    await expectAccessible(page, `queue supervision (${mode})`);

    const campaigns = await apiGet<{ data: { id: number }[] }>(page, '/api/v2/campaigns?sizePerPage=1');
    await page.goto(`/v2/app/campaigns/${campaigns.data[0].id}/edit`);
    await expect(page.getByTestId('campaign-field-name')).toHaveValue(/.+/);
    await expectAccessible(page, `campaign form (${mode})`);
    await context.close();
  });
}
