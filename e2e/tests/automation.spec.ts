import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { apiGet } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { BASE_URL, DEMO_PASSWORD, ROOT } from '../support/env.js';

/**
 * Business rules (issue #17, items 1 and 2): a supervisor builds a rule in the UI (a condition on the customer's
 * message, two actions), a web-chat visitor writes, the rule fires: the supervisor hears the rule's notice live, the
 * ticket's priority changes, and the execution shows on the rule and on the ticket. Screenshots (light Spanish, dark
 * English right-to-left) go to .test-results/automation/.
 */

const SCREENS = path.join(ROOT, '.test-results', 'automation');

/** Contexts this file opened: closed after each test, so no live page keeps rendering through the rest of the run. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

async function newPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  opened.push(context);
  return context.newPage();
}

/** Opens a MUI select by its label and picks the option with this value. */
async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, value: string | number) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator(`li[role="option"][data-value="${value}"]`).click();
}

test('a rule built in the UI fires when a web-chat visitor writes', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await newPage(browser);
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  const options = await apiGet<{ campaigns: { id: number; name: string }[] }>(page, '/api/v2/automation/options');
  const campaign = options.campaigns.find((item) => item.name === 'Servicio al cliente');
  expect(campaign, 'the supervisor manages the rules of "Servicio al cliente"').toBeTruthy();

  await page.goto('/v2/app/business-rules');
  await expect(page.getByTestId('page-title')).toHaveText('Reglas de negocio');
  await page.getByTestId('business-rule-add').click();
  await expect(page).toHaveURL(/\/v2\/app\/business-rules\/add$/);

  // Saving an empty form says what is missing, in Spanish, and saves nothing.
  await page.getByTestId('rule-save').click();
  await expect(page.getByText('Escriba el nombre de la regla').first()).toBeVisible();

  const stamp = Date.now();
  const marker = `reclamo${stamp}`;
  const name = `Reclamos urgentes ${stamp}`;
  await page.getByTestId('rule-name').fill(name);
  await page.getByTestId('rule-campaign').click();
  await page.getByTestId('rule-campaign').fill('Servicio al cliente');
  await page.getByRole('option', { name: 'Servicio al cliente' }).click();
  await choose(page, page, 'Evento', 'messageReceived');

  // The condition: the customer's latest message contains the marker.
  await page.locator('[data-testid^="rule-conditions-add-condition-"]').first().click();
  const condition = page.locator('[data-testid^="rule-conditions-condition-"]').first();
  await condition.locator('input[data-testid^="rule-conditions-field-"]').click();
  await page.locator('li[data-field="message.text"]').click();
  await choose(page, condition, 'Operador', 'contains');
  await condition.locator('input[data-testid^="rule-conditions-value-"]').fill(marker.toUpperCase());

  // The actions: priority high, and a notice to the campaign's supervisors.
  await page.getByTestId('rule-action-add').click();
  await page.getByTestId('rule-action-add-setPriority').click();
  await choose(page, page.getByTestId('rule-action-0'), 'Prioridad', 2);
  await page.getByTestId('rule-action-add').click();
  await page.getByTestId('rule-action-add-notifySupervisors').click();
  await page.getByTestId('rule-action-1').getByRole('textbox', { name: 'Mensaje' }).fill('Un cliente reclama');

  await page.getByTestId('rule-preview').click();
  await expect(page.getByTestId('rule-preview-result')).toBeVisible();
  await expectAccessible(page, 'business rule form (light)');
  await page.screenshot({ path: path.join(SCREENS, 'rule-form-es-light.png'), fullPage: true });
  await page.getByTestId('rule-save').click();
  await expect(page.getByText('Regla guardada').first()).toBeVisible();
  // Saved, the list shows it.
  await expect(page).toHaveURL(/\/v2\/app\/business-rules$/);
  const row = page.locator('[data-testid^="business-rule-row-"]', { hasText: name });
  await expect(row).toBeVisible();
  const ruleId = Number((await row.getAttribute('data-testid'))?.replace('business-rule-row-', ''));
  await page.goto(`/v2/app/business-rules/${ruleId}/edit`);
  await expect(page.getByTestId('rule-form')).toBeVisible();

  // A visitor writes on the demo shop's web chat.
  const visitor = await newPage(browser, { width: 1280, height: 820 });
  await visitor.goto(`${BASE_URL}/demo/site`);
  await visitor.getByTestId('atiende-launcher').click();
  await visitor.getByTestId('atiende-channel-webchat').click();
  await visitor.getByTestId('atiende-chat-name').fill(`Rocío Reglas ${stamp}`);
  await visitor.getByTestId('atiende-chat-email').fill(`rocio.${stamp}@correo.test`);
  await visitor.getByTestId('atiende-chat-start').click();
  const input = visitor.getByTestId('atiende-chat-input');
  await input.fill(`Tengo un ${marker} por un cobro doble`);
  await input.press('Enter');

  // The rule fires: the supervisor's notice arrives live, the execution is logged, the ticket is now high.
  await expect(page.getByText(`Un cliente reclama`).first()).toBeVisible({ timeout: 30_000 });
  type Executions = { data: { ticket: { id: number }; status: string }[] };
  const executionsUrl = `/api/v2/business-rules/${ruleId}/executions`;
  await expect
    .poll(async () => (await apiGet<Executions>(page, executionsUrl)).data.length, { timeout: 30_000 })
    .toBe(1);
  const executions = await apiGet<Executions>(page, executionsUrl);
  const [execution] = executions.data;
  expect(execution.status).toBe('succeeded');
  const ticket = await apiGet<{ priority: number; campaign: { id: number } }>(
    page,
    `/api/v2/tickets/${execution.ticket.id}`,
  );
  expect(ticket.priority).toBe(2);
  expect(ticket.campaign.id).toBe(campaign?.id);

  // The ticket follows the demo's SLA rule: its first response counts down live.
  await page.goto(`/v2/app/tickets/${execution.ticket.id}/view`);
  await expect(page.getByTestId('ticket-sla')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('ticket-sla-firstResponse')).toHaveAttribute('data-state', 'running');
  const remaining = page.getByTestId('ticket-sla-firstResponse-value');
  const before = await remaining.textContent();
  await expect(remaining).not.toHaveText(before ?? '', { timeout: 5_000 });
  await page.screenshot({ path: path.join(SCREENS, 'ticket-sla-countdown-es-light.png') });

  // The rule's page lists the execution; the ticket shows which rules ran on it.
  await page.goto(`/v2/app/business-rules/${ruleId}/edit`);
  await expect(page.getByTestId('rule-executions').locator('[data-testid^="rule-execution-status-"]')).toHaveCount(1);
  await page.screenshot({ path: path.join(SCREENS, 'rule-edit-executions-es-light.png'), fullPage: true });
  await page.goto(`/v2/app/tickets/${execution.ticket.id}/view`);
  await page.getByRole('tab', { name: 'Reglas de negocio' }).click();
  await expect(page.getByTestId('ticket-rule-executions')).toContainText(name);
  await page.screenshot({ path: path.join(SCREENS, 'ticket-rules-es-light.png') });

  // English, dark, right-to-left.
  await page.goto(`/v2/app/business-rules/${ruleId}/edit`);
  await switchToEnglishDarkRtl(page);
  await expect(page.getByTestId('rule-form')).toBeVisible();
  await expect(page.getByText('Rule saved')).toHaveCount(0);
  await expectAccessible(page, 'business rule form (dark, rtl)');
  await page.screenshot({ path: path.join(SCREENS, 'rule-edit-en-dark-rtl.png'), fullPage: true });
  await page.goto('/v2/app/business-rules');
  await expect(page.getByTestId(`business-rule-row-${ruleId}`)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'rules-list-en-dark-rtl.png'), fullPage: true });

  // The rule stops acting once disabled (the demo's other tests write in this campaign too).
  await page.goto(`/v2/app/business-rules/${ruleId}/edit`);
  await page.getByTestId('rule-enabled').click();
  await page.getByTestId('rule-save').click();
  await expect(page.getByText('Rule saved').first()).toBeVisible();
});

test('SLA rules and segmentation: their pages in both languages, a segmentation built and run from the UI', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);

  // The demo's SLA rule, its targets per priority.
  await page.goto('/v2/app/sla-rules');
  const slaRow = page.locator('[data-testid^="sla-rule-row-"]', { hasText: 'Tiempos de atención' });
  await expect(slaRow).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'sla-rules-es-light.png'), fullPage: true });
  const slaId = Number((await slaRow.getAttribute('data-testid'))?.replace('sla-rule-row-', ''));
  await page.goto(`/v2/app/sla-rules/${slaId}/edit`);
  await expect(page.getByTestId('sla-targets')).toBeVisible();
  await expectAccessible(page, 'SLA rule form (light)');
  await page.screenshot({ path: path.join(SCREENS, 'sla-rule-form-es-light.png'), fullPage: true });

  // A segmentation of "Ventas": tickets whose description carries a marker go to "Servicio al cliente".
  const stamp = Date.now();
  const name = `Segmentación ${stamp}`;
  await page.goto('/v2/app/segmentation/add');
  await page.getByTestId('segmentation-save').click();
  await expect(page.getByText('Escriba el nombre de la segmentación').first()).toBeVisible();
  await page.getByTestId('segmentation-name').fill(name);
  await page.getByTestId('segmentation-base').click();
  await page.getByTestId('segmentation-base').fill('Ventas');
  await page.getByRole('option', { name: 'Ventas' }).click();
  // A new segmentation starts with one empty segment.
  const segment = page.getByTestId('segment-0');
  await segment.getByTestId('segment-0-name').fill('Marcados');
  await segment.getByTestId('segment-0-destination').click();
  await segment.getByTestId('segment-0-destination').fill('Servicio al cliente');
  await page.getByRole('option', { name: 'Servicio al cliente' }).click();
  await segment.locator('[data-testid^="segment-0-conditions-add-condition-"]').first().click();
  const condition = segment.locator('[data-testid^="segment-0-conditions-condition-"]').first();
  await condition.locator('input[data-testid^="segment-0-conditions-field-"]').click();
  await page.locator('li[data-field="ticket.description"]').click();
  await choose(page, condition, 'Operador', 'contains');
  await condition.locator('input[data-testid^="segment-0-conditions-value-"]').fill(`marca${stamp}`);
  await expectAccessible(page, 'segmentation form (light)');
  await page.screenshot({ path: path.join(SCREENS, 'segmentation-form-es-light.png'), fullPage: true });
  await page.getByTestId('segmentation-save').click();
  await expect(page.getByText('Segmentación guardada').first()).toBeVisible();
  const row = page.locator('[data-testid^="segmentation-row-"]', { hasText: name });
  await expect(row).toBeVisible();
  const segmentationId = Number((await row.getAttribute('data-testid'))?.replace('segmentation-row-', ''));

  // Its dashboard: nothing matches, a run moves nothing and shows among the last runs.
  await page.goto(`/v2/app/segmentation/${segmentationId}/view`);
  await expect(page.getByTestId('segmentation-run')).toBeVisible();
  await expect(page.getByTestId('segmentation-field-ticket.description')).toBeVisible();
  await page.getByTestId('segmentation-run').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.locator('[data-testid^="segmentation-run-moved-"]')).toHaveCount(1);
  await expectAccessible(page, 'segmentation dashboard (light)');
  await page.screenshot({ path: path.join(SCREENS, 'segmentation-view-es-light.png'), fullPage: true });

  await switchToEnglishDarkRtl(page);
  await expect(page.getByTestId('segmentation-run')).toBeVisible();
  await expectAccessible(page, 'segmentation dashboard (dark, rtl)');
  await page.screenshot({ path: path.join(SCREENS, 'segmentation-view-en-dark-rtl.png'), fullPage: true });
  await page.goto(`/v2/app/sla-rules/${slaId}/edit`);
  await expect(page.getByTestId('sla-targets')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'sla-rule-form-en-dark-rtl.png'), fullPage: true });
});
