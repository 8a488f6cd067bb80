import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { apiGet } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD, ROOT } from '../support/env.js';
import { chooseInSelect } from '../support/select.js';

/**
 * Bulk messaging (issue #18, items 1 and 2): a supervisor writes an e-mail bulk message in the four-step wizard
 * (each step refuses what is missing, the last one warns it cannot be changed), saves it, and follows it on its
 * page: started from there, its status, progress and recipients. Then the same screens in English, dark,
 * right-to-left. Screenshots go to .test-results/bulk-messaging/.
 */

const SCREENS = path.join(ROOT, '.test-results', 'bulk-messaging');

interface Options {
  campaigns: { id: number; name: string; channels: { id: number; name: string; type: string }[] }[];
}

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

/** Fills the first two steps of an e-mail bulk message ("Servicio al cliente" by "Correo de soporte"). */
async function fillEmailBasics(page: Page, name: string) {
  await page.getByTestId('bulk-name').fill(name);
  await chooseInSelect(page, page.getByTestId('bulk-campaign'), 'Servicio al cliente');
  await chooseInSelect(page, page.getByTestId('bulk-channel'), /Correo de soporte/);
}

test('an e-mail bulk message written in the wizard, saved, started and followed on its page', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await newPage(browser);
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  const options = await apiGet<Options>(page, '/api/v2/bulk-messages/options');
  const service = options.campaigns.find((item) => item.name === 'Servicio al cliente');
  expect(service, 'the supervisor sends bulk messages in "Servicio al cliente"').toBeTruthy();
  expect(service?.channels.some((channel) => channel.type === 'email')).toBe(true);

  await page.goto('/v2/app/bulk-messaging');
  await expect(page.getByTestId('page-title')).toHaveText('Mensajería masiva');
  await page.getByTestId('bulk-add').click();
  await expect(page).toHaveURL(/\/v2\/app\/bulk-messaging\/add$/);
  await expect(page.getByTestId('bulk-step-title')).toHaveText('Configuración básica');

  // Step 1 refuses an empty form, in Spanish.
  await page.getByTestId('bulk-next').click();
  await expect(page.getByText('Escriba el nombre del mensaje masivo').first()).toBeVisible();
  await expect(page.getByText('Elija la campaña').first()).toBeVisible();
  await expect(page.getByText('Elija el canal').first()).toBeVisible();
  await expect(page.getByTestId('bulk-step-title')).toHaveText('Configuración básica');

  const stamp = Date.now();
  const name = `Novedades ${stamp}`;
  await fillEmailBasics(page, name);
  // E-mail needs its subject.
  await page.getByTestId('bulk-next').click();
  await expect(page.getByText('Escriba el asunto del correo').first()).toBeVisible();
  await page.getByTestId('bulk-subject').fill('Novedades para {{cliente.nombre}}');
  await page.getByTestId('bulk-active-tickets').check();
  await page.getByTestId('bulk-next').click();

  // Step 2: the text is required; a chip inserts a variable; the preview fills the sample customer.
  await expect(page.getByTestId('bulk-step-title')).toHaveText('Configuración del mensaje');
  await page.getByTestId('bulk-next').click();
  await expect(page.getByText('Escriba el mensaje').first()).toBeVisible();
  await page.getByTestId('bulk-message').fill('Hola ');
  await page.getByTestId('bulk-message-variable-cliente.nombre').click();
  await page.getByTestId('bulk-message').press('End');
  await page.getByTestId('bulk-message').pressSequentially(', {{agente.nombre}} le escribe.');
  await expect(page.getByTestId('bulk-message-unknown')).toContainText('agente.nombre');
  await page.getByTestId('bulk-next').click();
  await expect(page.getByText('El texto usa una variable que no existe').first()).toBeVisible();
  await page.getByTestId('bulk-message').fill('Hola {{cliente.nombre}}, tenemos novedades para usted.');
  await expect(page.getByTestId('bulk-preview-subject')).toHaveText('Novedades para María');
  await expect(page.getByTestId('bulk-preview-body')).toHaveText('Hola María, tenemos novedades para usted.');
  await expectAccessible(page, 'bulk wizard, message step (light)');
  await page.screenshot({ path: path.join(SCREENS, 'wizard-message-es-light.png'), fullPage: true });
  await page.getByTestId('bulk-next').click();

  // Step 3: the live count; "selected" needs at least one account.
  await expect(page.getByTestId('bulk-step-title')).toHaveText('Configuración de cuentas');
  await expect(page.getByTestId('bulk-audience-recipients')).toHaveText(/^\d[\d.,\s]*$/, { timeout: 15_000 });
  await page.getByTestId('bulk-send-to-selected').check();
  await expect(page.getByTestId('bulk-accounts')).toBeVisible();
  await page.getByTestId('bulk-next').click();
  await expect(page.getByTestId('bulk-accounts-error')).toHaveText('Seleccione al menos una cuenta');
  // One account chosen from the matching list: the run messages that one only.
  await page.locator('[data-testid^="bulk-account-"]').first().check();
  await expect(page.getByTestId('bulk-accounts-selected')).toContainText('1');
  await page.screenshot({ path: path.join(SCREENS, 'wizard-accounts-es-light.png'), fullPage: true });
  await page.getByTestId('bulk-next').click();

  // Step 4: the summary and the spec's warning.
  await expect(page.getByTestId('bulk-step-title')).toHaveText('Revisar datos');
  await expect(page.getByTestId('bulk-warning')).toContainText('no se puede modificar después de guardarlo');
  await expect(page.getByTestId('bulk-summary-name')).toHaveText(name);
  await expect(page.getByTestId('bulk-summary-subject')).toHaveText('Novedades para {{cliente.nombre}}');
  await expectAccessible(page, 'bulk wizard, check step (light)');
  await page.screenshot({ path: path.join(SCREENS, 'wizard-check-es-light.png'), fullPage: true });
  await page.getByTestId('bulk-save').click();
  await expect(page.getByText(`Mensaje masivo «${name}» guardado`).first()).toBeVisible();

  // Its page: created, with its configuration; started from there.
  await expect(page).toHaveURL(/\/v2\/app\/bulk-messaging\/\d+\/view$/);
  const bulkId = Number(/bulk-messaging\/(\d+)\/view/.exec(page.url())?.[1]);
  await expect(page.getByTestId('page-title')).toHaveText(name);
  await expect(page.getByTestId('bulk-status')).toHaveAttribute('data-status', 'created');
  await expect(page.getByTestId('bulk-view-channel')).toContainText('Correo de soporte');
  await expect(page.getByTestId('bulk-view-active-tickets')).toHaveText('Sí');
  await page.getByTestId('bulk-action-start').click();
  await expect(page.getByText('Envío iniciado').first()).toBeVisible();
  await expect(page.getByTestId('bulk-status')).not.toHaveAttribute('data-status', 'created');
  // The run moves on by itself (realtime, no reload): it ends with every recipient tried.
  await expect(page.getByTestId('bulk-status')).toHaveAttribute('data-status', 'finalized', { timeout: 60_000 });
  await expect(page.getByTestId('bulk-percent-value')).toHaveText(/^(100|0) %$/);
  await expect(page.getByTestId('bulk-recipients')).toBeVisible();
  await expect(page.getByTestId('bulk-action-repeat')).toBeVisible();
  await expectAccessible(page, 'bulk message page (light)');
  await page.screenshot({ path: path.join(SCREENS, 'view-es-light.png'), fullPage: true });

  // The list shows it with its status and progress.
  await page.goto('/v2/app/bulk-messaging');
  await expect(page.getByTestId(`bulk-row-status-${bulkId}`)).toHaveText('Finalizado');
  await page.screenshot({ path: path.join(SCREENS, 'list-es-light.png'), fullPage: true });

  // English, dark, right-to-left: the list, the page, and the wizard's validation and warning.
  await switchToEnglishDarkRtl(page);
  await expect(page.getByTestId('page-title')).toHaveText('Bulk messaging');
  await expect(page.getByTestId(`bulk-row-status-${bulkId}`)).toHaveText('Finished');
  await page.screenshot({ path: path.join(SCREENS, 'list-en-dark-rtl.png'), fullPage: true });
  await page.getByTestId(`bulk-row-${bulkId}`).click();
  await expect(page.getByTestId('bulk-recipients')).toContainText('Recipients');
  await expectAccessible(page, 'bulk message page (dark, rtl)');
  await page.screenshot({ path: path.join(SCREENS, 'view-en-dark-rtl.png'), fullPage: true });

  await page.goto('/v2/app/bulk-messaging/add');
  await page.getByTestId('bulk-next').click();
  await expect(page.getByText("Type the bulk message's name").first()).toBeVisible();
  await fillEmailBasics(page, `Unsaved ${stamp}`);
  await page.getByTestId('bulk-subject').fill('News');
  await page.getByTestId('bulk-next').click();
  await page.getByTestId('bulk-message').fill('Hello {{cliente.nombre}}');
  await expect(page.getByTestId('bulk-preview-body')).toHaveText('Hello Mary');
  await page.getByTestId('bulk-next').click();
  await expect(page.getByTestId('bulk-step-title')).toHaveText('Accounts config');
  await page.getByTestId('bulk-next').click();
  await expect(page.getByTestId('bulk-warning')).toContainText('cannot be changed after it is saved');
  await expectAccessible(page, 'bulk wizard, check step (dark, rtl)');
  await page.screenshot({ path: path.join(SCREENS, 'wizard-check-en-dark-rtl.png'), fullPage: true });
  await page.getByTestId('bulk-cancel').click();
  await expect(page).toHaveURL(/\/v2\/app\/bulk-messaging$/);
});
