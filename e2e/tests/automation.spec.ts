import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
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

async function newPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
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

  // The rule's page lists the execution; the ticket shows which rules ran on it.
  await page.reload();
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
