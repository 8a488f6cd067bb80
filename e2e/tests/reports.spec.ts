import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { apiGet } from '../support/api.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD, ROOT } from '../support/env.js';

/**
 * Reports (issue #16 item 4): the wizard and its 'Select at least one campaign' rule, a tickets report generated in
 * the background with live progress and downloaded by itself with the spec's message, the generated list with the
 * downloaded state, and a programmed report with its periodicity in words. Screenshots (light Spanish, dark English,
 * right-to-left) go to .test-results/reports/.
 */

const SCREENS = path.join(ROOT, '.test-results', 'reports');

async function newPage(browser: Browser, email = 'supervisor@atiende.test'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

/** The demo campaign "Servicio al cliente" as the wizard offers it to the caller. */
async function serviceCampaign(page: Page): Promise<number> {
  const options = await apiGet<{ campaigns: { id: number; name: string }[] }>(page, '/api/v2/reports/options');
  const campaign = options.campaigns.find((item) => item.name === 'Servicio al cliente');
  expect(campaign, 'the supervisor reports on "Servicio al cliente"').toBeTruthy();
  return (campaign as { id: number }).id;
}

async function pick(page: Page, testId: string, value: string | number) {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-option-${value}`).click();
}

async function setAppearance(page: Page, locale: 'es' | 'en', mode: 'light' | 'dark', direction: 'ltr' | 'rtl') {
  await page.evaluate(
    ([language, value, dir]) => {
      localStorage.setItem('locale', language);
      localStorage.setItem(
        'appearance',
        JSON.stringify({ color: null, mode: value, direction: dir, bigSidebar: true }),
      );
    },
    [locale, mode, direction] as const,
  );
}

test('the wizard asks for a name and a type, then for at least one campaign before the agents', async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/v2/app/reports/add');
  await expect(page.getByTestId('page-title')).toHaveText('Generar reporte');
  await expect(page.getByTestId('report-step-title')).toHaveText('Reporte');

  // Nothing filled in: the first step's two messages, and the wizard stays there.
  await page.getByTestId('report-next').click();
  await expect(page.getByText('Escriba el nombre del reporte')).toBeVisible();
  await expect(page.getByTestId('report-type-error')).toHaveText('Elija el tipo de reporte');
  await expect(page.getByTestId('report-step-title')).toHaveText('Reporte');

  await page.getByTestId('report-name').fill('Casos del año');
  await page.getByTestId('report-type-tickets').check();
  await expect(page.getByTestId('report-type-error')).toHaveCount(0);
  await page.getByTestId('report-next').click();
  await expect(page.getByTestId('report-step-title')).toHaveText('Campañas y agentes');

  // No campaign yet: the agents wait for one and say so; Next refuses with the spec's message.
  await expect(page.getByTestId('report-agents-helper')).toHaveText('Seleccione al menos una campaña');
  await expect(page.getByTestId('report-agents')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('report-next').click();
  await expect(page.getByTestId('report-campaigns-helper')).toHaveText('Seleccione al menos una campaña');
  await expect(page.getByTestId('report-step-title')).toHaveText('Campañas y agentes');
  await expect(page.getByTestId('report-step-scope')).toHaveClass(/Mui-error/);
  await expectAccessible(page, 'report wizard with errors (light)');
  await page.screenshot({ path: path.join(SCREENS, 'wizard-scope-error-es-light.png'), fullPage: true });

  // A campaign chosen: the message goes and the campaign's agents are offered.
  const campaignId = await serviceCampaign(page);
  await pick(page, 'report-campaigns', campaignId);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('report-campaigns-helper')).toHaveCount(0);
  await expect(page.getByTestId('report-agents-helper')).toHaveText(
    'Sin agentes elegidos, el reporte incluye a todos los agentes de las campañas',
  );
  await page.getByTestId('report-agents').click();
  await expect(page.locator('[data-testid^="report-agents-option-"]').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('report-next').click();
  await expect(page.getByTestId('report-step-title')).toHaveText('Periodo');
  await page.context().close();
});

test('a tickets report is generated with live progress, downloads by itself and shows as downloaded', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  const campaignId = await serviceCampaign(page);
  // From the list (its cache then holds the new report at once): every state its row goes through is recorded.
  await page.goto('/v2/app/reports');
  await expect(page.getByTestId('page-title')).toHaveText('Reportes');
  await expect(page.getByTestId('reports-tab-generated')).toHaveAttribute('aria-selected', 'true');
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { reportStates: string[] }).reportStates = seen;
    const record = () => {
      for (const row of document.querySelectorAll('[data-testid^="report-row-"]')) {
        const state = `${row.getAttribute('data-testid')}:${row.getAttribute('data-status')}`;
        if (seen.at(-1) !== state && !seen.includes(state)) seen.push(state);
        if (row.querySelector('[data-testid^="report-progress-"]')) {
          const progress = `${row.getAttribute('data-testid')}:progress-bar`;
          if (!seen.includes(progress)) seen.push(progress);
        }
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });

  await page.getByTestId('reports-generate').click();
  await page.getByTestId('report-name').fill('Casos de Servicio al cliente');
  await page.getByTestId('report-type-tickets').check();
  await page.getByTestId('report-next').click();
  await pick(page, 'report-campaigns', campaignId);
  await page.keyboard.press('Escape');
  await page.getByTestId('report-next').click();
  await pick(page, 'report-preset', 'thisYear');
  await expect(page.getByTestId('report-time-zone')).toContainText('America/Bogota');
  await page.getByTestId('report-next').click();
  await expect(page.getByTestId('report-summary-type')).toHaveText('Casos');
  await expect(page.getByTestId('report-summary-campaigns')).toHaveText('Servicio al cliente');
  await expect(page.getByTestId('report-summary-agents')).toHaveText('Todos los agentes de las campañas');
  await expect(page.getByTestId('report-summary-period')).toHaveText('Este año (America/Bogota)');

  const download = page.waitForEvent('download', { timeout: 60_000 });
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/v2/reports') && response.request().method() === 'POST',
  );
  await page.getByTestId('report-generate').click();
  const report = ((await (await created).json()) as { result: { id: number; status: string } }).result;
  expect(report.status).toBe('created');
  await expect(page).toHaveURL(/\/v2\/app\/reports\?tab=generated$/);

  // Generated in the background, then saved by the browser with the spec's success message.
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(file.suggestedFilename()).toBe('Casos de Servicio al cliente.xlsx');
  await expect(page.getByText('El reporte se generó y se descargó automáticamente.')).toBeVisible();
  const row = page.getByTestId(`report-row-${report.id}`);
  await expect(row).toHaveAttribute('data-status', 'generated');
  await expect(page.getByTestId(`report-status-${report.id}`)).toHaveText('Generado');
  await expect(page.getByTestId(`report-downloaded-${report.id}`)).toHaveText('Descargado');
  await expect(page.getByTestId(`report-type-${report.id}`)).toHaveText('Casos');
  await expect(page.getByTestId(`report-expiry-${report.id}`)).toContainText('Disponible hasta el');
  await expect(page.getByTestId(`report-download-${report.id}`)).toBeEnabled();
  const states = await page.evaluate(() => (window as unknown as { reportStates: string[] }).reportStates);
  const mine = states.filter((state) => state.startsWith(`report-row-${report.id}:`));
  // The new row showed first as queued or generating, with its progress bar, and ended generated.
  expect(mine[0]).toMatch(/:(created|generating)$/);
  expect(mine).toContain(`report-row-${report.id}:progress-bar`);
  expect(mine.at(-1)).toBe(`report-row-${report.id}:generated`);

  // The server kept it downloaded; the rows it wrote are the list's.
  const stored = await apiGet<{ downloaded: boolean; rows: number; status: string }>(
    page,
    `/api/v2/reports/generated/${report.id}`,
  );
  expect(stored).toMatchObject({ downloaded: true, status: 'generated' });
  await page.reload();
  await expect(page.getByTestId(`report-downloaded-${report.id}`)).toHaveText('Descargado');
  await expect(page.getByTestId(`report-rows-${report.id}`)).toHaveText(stored.rows.toLocaleString('es'));

  // Downloading again from the list saves the same file.
  const again = page.waitForEvent('download');
  await page.getByTestId(`report-download-${report.id}`).click();
  expect((await again).suggestedFilename()).toBe('Casos de Servicio al cliente.xlsx');

  await expectAccessible(page, 'generated reports (light)');
  await page.screenshot({ path: path.join(SCREENS, 'generated-es-light.png'), fullPage: true });

  // Dark and English; then right-to-left.
  await setAppearance(page, 'en', 'dark', 'ltr');
  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText('Reports');
  await expect(page.getByTestId(`report-status-${report.id}`)).toHaveText('Generated');
  await expect(page.getByTestId(`report-downloaded-${report.id}`)).toHaveText('Downloaded');
  await expectAccessible(page, 'generated reports (dark)');
  await page.screenshot({ path: path.join(SCREENS, 'generated-en-dark.png'), fullPage: true });
  await setAppearance(page, 'es', 'light', 'rtl');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId(`report-status-${report.id}`)).toHaveText('Generado');
  await page.screenshot({ path: path.join(SCREENS, 'generated-es-rtl.png'), fullPage: true });
  await page.goto('/v2/app/reports/add');
  await page.getByTestId('report-name').fill('Reporte');
  await page.getByTestId('report-type-serviceLevel').check();
  await page.screenshot({ path: path.join(SCREENS, 'wizard-es-rtl.png'), fullPage: true });
  await page.context().close();
});

test('a programmed report is saved from the wizard and listed with its periodicity in words', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await newPage(browser);
  const campaignId = await serviceCampaign(page);
  await page.goto('/v2/app/reports?tab=programmed');
  await expect(page.getByTestId('reports-tab-programmed')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('reports-program').click();
  await expect(page.getByTestId('page-title')).toHaveText('Programar reporte');
  await page.getByTestId('report-name').fill('Productividad semanal');
  await page.getByTestId('report-type-agentProductivity').check();
  await page.getByTestId('report-next').click();
  await pick(page, 'report-campaigns', campaignId);
  await page.keyboard.press('Escape');
  await page.getByTestId('report-next').click();

  // Programmed: no custom period; weekly on Monday at 08:00, mailed to a supervisor.
  await expect(page.getByTestId('report-programmed')).toBeChecked();
  await page.getByTestId('report-preset').click();
  await expect(page.getByTestId('report-preset-option-custom')).toHaveCount(0);
  await page.getByTestId('report-preset-option-lastWeek').click();
  await pick(page, 'report-periodicity', 'weekly');
  await pick(page, 'report-weekday', 1);
  await pick(page, 'report-hour', 8);
  await expect(page.getByTestId('report-schedule-preview')).toContainText('Cada lunes a las 08:00');
  // A wrong address is refused on its field.
  await page.getByTestId('report-recipients').fill('no-es-un-correo');
  await page.getByTestId('report-recipients').press('Enter');
  await page.getByTestId('report-next').click();
  await expect(page.getByText('Hay un correo de destinatario no válido')).toBeVisible();
  await page.getByTestId('report-recipients').press('Backspace');
  await page.getByTestId('report-recipients').fill('jefe@atiende.test');
  await page.getByTestId('report-recipients').press('Enter');
  await expect(page.getByTestId('report-recipients-chip-0')).toHaveText('jefe@atiende.test');
  await page.screenshot({ path: path.join(SCREENS, 'wizard-programmed-es-light.png'), fullPage: true });
  await page.getByTestId('report-next').click();
  await expect(page.getByTestId('report-summary-schedule')).toHaveText('Cada lunes a las 08:00');
  await expect(page.getByTestId('report-summary-recipients')).toHaveText('jefe@atiende.test');
  await page.getByTestId('report-save').click();

  await expect(page).toHaveURL(/\/v2\/app\/reports\?tab=programmed$/);
  await expect(page.getByText('Reporte programado guardado')).toBeVisible();
  const list = await apiGet<{ id: number; name: string }[]>(page, '/api/v2/reports/programmed');
  const saved = list.find((item) => item.name === 'Productividad semanal') as { id: number };
  await expect(page.getByTestId(`programmed-schedule-${saved.id}`)).toHaveText('Cada lunes a las 08:00');
  await expect(page.getByTestId(`programmed-row-${saved.id}`)).toContainText('jefe@atiende.test');
  await expect(page.getByTestId(`programmed-next-${saved.id}`)).toBeVisible();

  // Switched off from the list, then edited in the wizard: every day at 06:00.
  await page.getByTestId(`programmed-enabled-${saved.id}`).click();
  await expect(page.getByText('Reporte programado deshabilitado')).toBeVisible();
  await expect(page.getByTestId(`programmed-enabled-${saved.id}`)).not.toBeChecked();
  await page.getByTestId(`programmed-edit-${saved.id}`).click();
  await expect(page.getByTestId('page-title')).toHaveText('Editar reporte programado');
  await expect(page.getByTestId('report-name')).toHaveValue('Productividad semanal');
  await page.getByTestId('report-next').click();
  await page.getByTestId('report-next').click();
  await expect(page.getByTestId('report-programmed')).toBeDisabled();
  await pick(page, 'report-periodicity', 'daily');
  await pick(page, 'report-hour', 6);
  await page.getByTestId('report-next').click();
  await page.getByTestId('report-save').click();
  await expect(page).toHaveURL(/\/v2\/app\/reports\?tab=programmed$/);
  await expect(page.getByTestId(`programmed-schedule-${saved.id}`)).toHaveText('Todos los días a las 06:00');
  await expectAccessible(page, 'programmed reports (light)');
  await page.screenshot({ path: path.join(SCREENS, 'programmed-es-light.png'), fullPage: true });

  // A phone: the list scrolls sideways inside its card, the wizard's fields take the whole width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId(`programmed-schedule-${saved.id}`)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'programmed-es-phone.png'), fullPage: true });
  await page.getByTestId(`programmed-edit-${saved.id}`).click();
  await page.getByTestId('report-next').click();
  await page.getByTestId('report-next').click();
  await expect(page.getByTestId('report-step-title')).toHaveText('Periodo');
  await page.screenshot({ path: path.join(SCREENS, 'wizard-period-es-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/v2/app/reports?tab=programmed');
  await setAppearance(page, 'en', 'dark', 'rtl');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId(`programmed-schedule-${saved.id}`)).toHaveText('Daily at 06:00');
  await page.screenshot({ path: path.join(SCREENS, 'programmed-en-dark-rtl.png'), fullPage: true });
  await page.context().close();
});
