import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { apiGet } from '../support/api.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';

/**
 * axe-core on the main pages, in light and in dark: login (with and without errors), password reset, the tickets list, a ticket view, queue supervision and a
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
    // The other sign-in pages (drawn without MUI, like the login page), with their errors showing.
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-email')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, `login with errors (${mode})`);
    await page.goto('/v2/reset-password/token?email=ana@atiende.test');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-password')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, `password reset (${mode})`);

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

/**
 * Where a text's characters are drawn: the left edge of its first and last character and the right edge of the text
 * (a Range over the element's first text node).
 */
async function glyphEdges(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const node = walker.nextNode() as Text;
      const text = node.textContent ?? '';
      const rectOf = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, end);
        return range.getBoundingClientRect();
      };
      const box = element.getBoundingClientRect();
      return {
        text,
        first: rectOf(0, 1).left,
        last: rectOf(text.length - 1, text.length).left,
        textRight: rectOf(0, text.length).right,
        boxRight: box.right,
        boxLeft: box.left,
        boxWidth: box.width,
      };
    });
}

test('right to left: sentences, dates and counts keep their order, aligned to the layout’s start', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  await page.evaluate(() => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem(
      'appearance',
      JSON.stringify({ color: null, mode: 'dark', direction: 'rtl', bigSidebar: true }),
    );
  });
  await page.goto('/v2/app/search?q=zzqxw');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const hint = page.getByTestId('search-empty').locator('p').last();
  await expect(hint).toHaveText(/Messages are searched from 3 letters\.$/);
  // An English sentence reads left to right: its full stop is drawn after (to the right of) its first letter.
  const sentence = await glyphEdges(page, '[data-testid="search-empty"] p:last-child');
  expect(sentence.last).toBeGreaterThan(sentence.first);
  // The page's subtitle ("For “zzqxw”") ends with its closing quote and stays aligned to the right, the layout's start.
  const subtitle = await glyphEdges(page, '[data-testid="page-subtitle"]');
  expect(subtitle.text).toBe('For “zzqxw”');
  expect(subtitle.last).toBeGreaterThan(subtitle.first);
  expect(Math.abs(subtitle.boxRight - subtitle.textRight)).toBeLessThan(2);
  expect(subtitle.textRight - subtitle.first).toBeLessThan(subtitle.boxWidth / 2);

  await page.goto('/v2/app/tickets');
  const count = page.getByTestId('tickets-total');
  await expect(count).toHaveText(/^\d+ tickets$/);
  // "16 tickets", not "tickets 16".
  const counted = await glyphEdges(page, '[data-testid="tickets-total"]');
  expect(counted.last).toBeGreaterThan(counted.first);
  await page.screenshot({ path: '/tmp/accessibility-rtl-tickets.png' });

  // A date keeps "Nov 26, 2:27 PM" order: the time comes after the date.
  const created = page.locator('[data-testid^="ticket-created-"]').first();
  await expect(created).toHaveText(/^[A-Z][a-z]{2} \d{1,2}(, \d{4})?, \d{1,2}:\d{2}\s?[AP]M$/);
  const date = await glyphEdges(page, '[data-testid^="ticket-created-"]');
  expect(date.last).toBeGreaterThan(date.first);
  await context.close();
});
