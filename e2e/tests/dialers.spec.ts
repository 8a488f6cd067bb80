import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';
import { chooseInSelect } from '../support/select.js';

/**
 * Dialers (issue #21, slice 1): an administrator writes a dialer in the form (the form refuses what is wrong
 * first), saves it with the campaign's accounts that have a phone, finds it in the list with its registries, and
 * opens its page, which says telephony is not configured (the demo has no voice layer) and keeps start off. Then the
 * same page and form in English, dark, right-to-left. Screenshots go to /tmp/dialers-*.png.
 */

/** Contexts this file opened: closed after each test, so no live page keeps rendering through the rest of the run. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

async function newPage(browser: Browser, viewport = { width: 1400, height: 1000 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  opened.push(context);
  return context.newPage();
}

/** Lets transitions settle, then writes /tmp/dialers-{name}.png for the visual review. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/dialers-${name}.png`, fullPage: true });
}

test('an admin saves a dialer from the form, finds it in the list and opens it without telephony', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await newPage(browser);
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);

  await page.goto('/v2/app/dialers');
  await expect(page.getByTestId('page-title')).toHaveText('Marcadores');
  // The demo's dialer, with the accounts of "Servicio al cliente" that have a phone.
  const demoRow = page.locator('[data-testid^="dialer-row-"]').filter({ hasText: 'Recordatorio de pagos' }).first();
  await expect(demoRow).toBeVisible();
  await expectAccessible(page, 'dialers list');
  await shot(page, 'list-es-light');

  await page.getByTestId('dialer-add').click();
  await expect(page).toHaveURL(/\/v2\/app\/dialers\/add$/);
  await expect(page.getByTestId('page-title')).toHaveText('Nuevo marcador');
  // The spec's help texts under the fields.
  await expect(page.getByText('Máximo de canales telefónicos que usa a la vez')).toBeVisible();
  await expect(page.getByText('Llamadas en paralelo por agente')).toBeVisible();
  await expect(page.getByText('Intentos por cliente')).toBeVisible();
  await expect(page.getByText('Número de timbres por llamada para contarla como abandono')).toBeVisible();

  // Nothing chosen, channels out of range: the form says so before sending.
  await page.getByTestId('dialer-channels').fill('600');
  await page.getByTestId('dialer-save').click();
  await expect(page.getByTestId('dialer-label')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Escriba el nombre del marcador')).toBeVisible();
  await expect(page.getByText('Elija la campaña', { exact: true })).toBeVisible();
  await expect(page.getByText('Los canales van de 1 a 500')).toBeVisible();
  // Call extension needs its extension.
  await page.getByTestId('dialer-type-call_extension').check();
  await page.getByTestId('dialer-save').click();
  await expect(page.getByText('Escriba la extensión a la que se llama')).toBeVisible();
  await expect(page).toHaveURL(/\/v2\/app\/dialers\/add$/);
  await shot(page, 'form-errors-es-light');

  const label = `Cobranza ${Date.now()}`;
  await page.getByTestId('dialer-type-call_campaign').check();
  await chooseInSelect(page, page.getByTestId('dialer-campaign'), 'Servicio al cliente');
  await page.getByTestId('dialer-label').fill(label);
  await page.getByTestId('dialer-channels').fill('20');
  await page.getByTestId('dialer-parallels').fill('2');
  await page.getByTestId('dialer-rings').fill('6');
  await page.getByTestId('dialer-send-to-queue').check();
  // The live count of the accounts it calls.
  const audience = page.getByTestId('dialer-audience-accounts');
  await expect(audience).toHaveText(/^[1-9]/);
  const registries = (await audience.textContent())?.trim() ?? '';
  await expectAccessible(page, 'dialer form');
  await shot(page, 'form-es-light');
  await page.getByTestId('dialer-save').click();

  await expect(page).toHaveURL(/\/v2\/app\/dialers\/\d+\/view$/);
  const dialerId = Number(/dialers\/(\d+)\/view/.exec(page.url())?.[1]);
  await expect(page.getByTestId('page-title')).toHaveText(label);
  await expect(page.getByTestId('dialer-status')).toHaveText('Creado');
  await expect(page.getByTestId('dialer-count-registries')).toHaveText(registries);
  await expect(page.getByTestId('dialer-count-new')).toHaveText(registries);
  // No voice layer on the demo: the notice, and start stays off.
  await expect(page.getByTestId('dialer-telephony-off')).toContainText('La telefonía no está configurada');
  await expect(page.getByTestId('dialer-action-start')).toBeDisabled();
  await expect(page.getByTestId('dialer-view-channels')).toContainText('20');
  // Charts: nothing dialled yet, every account new.
  await expect(page.getByTestId('dialer-chart-attempts-empty')).toBeVisible();
  await expect(page.getByTestId('dialer-chart-states-chart')).toBeVisible();
  await expect(page.locator('[data-testid^="dialer-account-status-"]').first()).toHaveText('Nuevo');
  await expectAccessible(page, 'dialer view');
  await shot(page, 'view-es-light');

  // In the list with its registries.
  await page.getByTestId('page-back').click();
  await expect(page).toHaveURL(/\/v2\/app\/dialers$/);
  await expect(page.getByTestId(`dialer-row-registries-${dialerId}`)).toHaveText(registries);
  await expect(page.getByTestId(`dialer-row-status-${dialerId}`)).toHaveText('Creado');
  // Its actions: start is there but off, saying why.
  await page.getByTestId(`dialer-row-actions-${dialerId}`).click();
  await expect(page.getByTestId(`dialer-row-action-${dialerId}-start`)).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId(`dialer-row-action-${dialerId}-start`)).toContainText(
    'La telefonía no está configurada',
  );
  await page.keyboard.press('Escape');

  // English, dark, right-to-left.
  await page.goto(`/v2/app/dialers/${dialerId}/view`);
  await switchToEnglishDarkRtl(page);
  await expect(page.getByTestId('dialer-telephony-off')).toContainText('Telephony is not configured');
  await expect(page.getByTestId('dialer-status')).toHaveText('Created');
  await expect(page.getByTestId('dialer-count-registries')).toHaveText(/^[1-9]/);
  await expectAccessible(page, 'dialer view (en, dark, rtl)');
  await shot(page, 'view-en-dark-rtl');
  await page.getByTestId('dialer-edit').click();
  await expect(page).toHaveURL(/\/v2\/app\/dialers\/\d+\/edit$/);
  await expect(page.getByTestId('dialer-label')).toHaveValue(label);
  await expect(page.getByText('Parallel calls per agent')).toBeVisible();
  await expectAccessible(page, 'dialer form (en, dark, rtl)');
  await shot(page, 'form-en-dark-rtl');
  await page.goto('/v2/app/dialers');
  await expect(page.getByTestId(`dialer-row-registries-${dialerId}`)).toBeVisible();
  await shot(page, 'list-en-dark-rtl');
});
