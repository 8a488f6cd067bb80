import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { apiGet, apiPost } from '../support/api.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';
import { chooseInSelect } from '../support/select.js';

/**
 * The user dashboard and the campaign dashboard (issue #16 items 1-3) over the demo tickets, tasks and messages:
 * charts and their table views, the filters in the query string, live figures, the agent's access, English, and
 * the custom period's message. The e2e server recomputes the figures every second (ANALYTICS_RECOMPUTE_MS=1000).
 */

async function newPage(browser: import('@playwright/test').Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

/** A widget's chart is drawn (an svg with bars) and its table view is a real table with column headers. */
async function expectChartAndTable(page: Page, widget: string, header: string) {
  const card = page.getByTestId(`widget-${widget}`);
  await expect(card.getByTestId(`widget-${widget}-chart`).locator('svg').first()).toBeVisible();
  await card.getByTestId(`widget-${widget}-view-table`).click();
  const table = card.getByTestId(`widget-${widget}-table`).getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  await card.getByTestId(`widget-${widget}-view-chart`).click();
  await expect(card.getByTestId(`widget-${widget}-chart`)).toBeVisible();
}

test('the supervisor sees the campaign dashboard with charts and tables, live, its filters kept in the address', async ({
  browser,
}) => {
  // Many steps, and the live one waits for the next 15 s refresh.
  test.setTimeout(180_000);
  const page = await newPage(browser, 'supervisor@atiende.test');
  await page.goto('/v2/app/campaign-dashboard?preset=last30Days');
  await expect(page.getByTestId('page-title')).toHaveText('Tablero de campañas');
  await expect(page.getByTestId('dashboard-range')).toContainText('America/Bogota');

  // The per-campaign table opens as a table: service level and handling time with their state in words.
  const campaigns = page.getByTestId('widget-campaigns-table').getByRole('table');
  await expect(campaigns.getByRole('columnheader', { name: 'Nivel de servicio' })).toBeVisible();
  await expect(campaigns.getByRole('rowheader', { name: 'Servicio al cliente' })).toBeVisible();
  await expect(campaigns.locator('[data-testid^="campaign-sl-state-"]').first()).toHaveText(
    /Meta cumplida|Bajo la meta/,
  );
  await page.getByTestId('widget-campaigns-view-chart').click();
  await expect(page.getByTestId('widget-campaigns-chart').getByRole('img')).toHaveCount(2);

  await expectChartAndTable(page, 'ticketsByStatus', 'Estado');
  await expectChartAndTable(page, 'ticketsByUser', 'Usuario');
  await expectChartAndTable(page, 'tasksByType', 'Tipo');
  await expectChartAndTable(page, 'tasksByHour', 'Hora');
  await expectChartAndTable(page, 'interactionsByChannel', 'Entrantes');
  await expectChartAndTable(page, 'agentsByStatus', 'Agentes');
  await expect(page.getByTestId('kpi-waiting-now')).toBeVisible();
  await expect(
    page.getByTestId('widget-latestTasks').locator('[data-testid^="latest-task-link-"]').first(),
  ).toHaveAttribute('href', /\/v2\/app\/tickets\/\d+\/view$/);

  // The filters live in the address: a reload keeps them.
  // From the keyboard: a loaded machine can make MUI take a slow click's mouseup as a choice (support/select.ts).
  await chooseInSelect(page, page.getByTestId('dashboard-preset'), 'Hoy');
  await expect(page).not.toHaveURL(/preset=/);
  await chooseInSelect(page, page.getByTestId('dashboard-preset'), 'Este año');
  await expect(page).toHaveURL(/preset=thisYear/);
  const mine = await apiGet<{ id: number; nombre: string }[]>(page, '/api/v2/supervision/obtenerCampanas');
  const service = mine.find((item) => item.nombre === 'Servicio al cliente') as { id: number };
  await page.getByTestId('dashboard-campaigns').click();
  await page.getByTestId(`dashboard-campaigns-option-${service.id}`).click();
  await page.keyboard.press('Escape');
  // Both filters stay: the campaign is added to the period chosen just before.
  await expect(page).toHaveURL(new RegExp(`campaigns=${service.id}`));
  await expect(page).toHaveURL(/preset=thisYear/);
  await page.reload();
  await expect(page.getByTestId('dashboard-preset')).toHaveText('Este año');
  await expect(page.getByTestId('dashboard-campaigns')).toHaveText('Servicio al cliente');
  await expect(page.getByTestId('widget-campaigns-table').getByRole('rowheader')).toHaveCount(1);

  // Live: a new ticket counts within the next refresh (15 s), without reloading.
  const tickets = page.getByTestId('kpi-tickets-value');
  await expect(tickets).toHaveText(/^\d+$/);
  const before = Number(await tickets.textContent());
  const documents = await apiGet<{ data: { id: number; code: string }[] }>(
    page,
    '/api/v2/entities/tipo-documento?sizePerPage=100',
  );
  const customer = await apiPost<{ id: number }>(page, '/api/v2/customers', {
    identificationTypeId: documents.data.find((entry) => entry.code === 'CC')?.id,
    identificationNumber: String(Date.now()).slice(-10),
    firstName: 'Tablero',
    lastName: 'Envivo',
  });
  await apiPost(page, '/api/v2/tickets', {
    campaignId: service.id,
    customerId: customer.id,
    description: 'Caso para el tablero',
  });
  await expect(tickets).toHaveText(String(before + 1), { timeout: 30_000 });
  await page.context().close();
});

test('a custom period shows the date fields and the server’s message until both days are chosen', async ({
  browser,
}) => {
  const page = await newPage(browser, 'supervisor@atiende.test');
  await page.goto('/v2/app/campaign-dashboard');
  await expect(page.getByTestId('widget-ticketsByStatus')).toBeVisible();
  await chooseInSelect(page, page.getByTestId('dashboard-preset'), 'Personalizado');
  await expect(page.getByTestId('dashboard-from')).toBeVisible();
  await expect(page.getByTestId('dashboard-period-error')).toHaveText(/Elija la fecha para un periodo personalizado/);
  await expect(page.getByText('Elija la fecha para un periodo personalizado').first()).toBeVisible();
  // Days the other way round: the server's message on the end date.
  await page.goto('/v2/app/campaign-dashboard?preset=custom&from=2026-03-10&to=2026-03-01');
  await expect(page.getByTestId('dashboard-period-error')).toHaveText(
    /La fecha final no puede ser anterior a la inicial/,
  );
  await page.goto('/v2/app/campaign-dashboard?preset=custom&from=2026-03-01&to=2026-03-10');
  await expect(page.getByTestId('dashboard-range')).toContainText('2026');
  await expect(page.getByTestId('dashboard-period-error')).toHaveCount(0);
  await page.context().close();
});

test('the supervisor opens an agent’s user dashboard from the agent picker', async ({ browser }) => {
  const page = await newPage(browser, 'supervisor@atiende.test');
  await page.goto('/v2/app/user-dashboard?preset=last30Days');
  await expect(page.getByTestId('page-title')).toHaveText('Mi tablero');
  const agents = await apiGet<{ id: number; name: string }[]>(page, '/api/v2/analytics/user-dashboard/agents');
  const andrea = agents.find((agent) => agent.name === 'Andrea Agente') as { id: number };
  await page.getByTestId('dashboard-agent').click();
  await page.getByTestId(`dashboard-agent-option-${andrea.id}`).click();
  await expect(page).toHaveURL(new RegExp(`user=${andrea.id}`));
  await expect(page.getByTestId('page-subtitle')).toHaveText('Cifras de Andrea Agente');
  await expectChartAndTable(page, 'ticketsByStatus', 'Estado');
  await expectChartAndTable(page, 'tasksByType', 'Tipo');
  await expectChartAndTable(page, 'interactionsByHour', 'Salientes');
  await page.context().close();
});

test('the agent sees their user dashboard, in English too, and is refused the campaign dashboard', async ({
  browser,
}) => {
  const page = await newPage(browser, 'agente@atiende.test');
  await page.goto('/v2/app/user-dashboard?preset=last30Days');
  await expect(page.getByTestId('page-title')).toHaveText('Mi tablero');
  // Only their own figures: no agent picker.
  await expect(page.getByTestId('widget-ticketsByStatus')).toBeVisible();
  await expect(page.getByTestId('dashboard-agent')).toHaveCount(0);
  await expectChartAndTable(page, 'ticketsByStatus', 'Estado');
  await expectChartAndTable(page, 'statusTime', 'Tiempo');
  await expect(page.locator('[data-testid^="latest-task-link-"]').first()).toBeVisible();

  await page.getByTestId('header-language').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.getByTestId('page-title')).toHaveText('My dashboard');
  await expect(page.getByTestId('widget-ticketsByStatus').getByRole('heading')).toHaveText('Tickets by status');
  await expect(page.getByTestId('dashboard-preset')).toHaveText('Last 30 days');
  await expect(page.getByTestId('widget-ticketsByStatus-download')).toHaveAccessibleName(
    'Download data: Tickets by status',
  );

  await page.goto('/v2/app/campaign-dashboard');
  await expect(page).toHaveURL(/\/v2\/app\/forbidden$/);
  await expect(page.getByTestId('page-forbidden')).toBeVisible();
  await page.context().close();
});

for (const mode of ['light', 'dark'] as const) {
  test(`both dashboards have no serious accessibility violations, charts and tables (${mode})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await newPage(browser, 'supervisor@atiende.test');
    await page.evaluate((value) => {
      localStorage.setItem(
        'appearance',
        JSON.stringify({ color: null, mode: value, direction: 'ltr', bigSidebar: true }),
      );
    }, mode);
    await page.goto('/v2/app/campaign-dashboard?preset=last30Days');
    await expect(page.getByTestId('widget-ticketsByStatus-chart').locator('svg').first()).toBeVisible();
    await expectAccessible(page, `campaign dashboard (${mode})`);
    await page.getByTestId('widget-ticketsByStatus-view-table').click();
    await page.getByTestId('widget-latestTasks-view-table').click();
    await expectAccessible(page, `campaign dashboard tables (${mode})`);
    await page.goto('/v2/app/user-dashboard?preset=last30Days');
    await expect(page.getByTestId('widget-ticketsByStatus')).toBeVisible();
    await expectAccessible(page, `user dashboard (${mode})`);
    await page.context().close();
  });
}

/** The "download data" action saves the widget's figures as the server writes them (`.../download?widget=...`). */
test('download data of a widget saves an .xlsx file named after the widget and the period', async ({ browser }) => {
  const page = await newPage(browser, 'supervisor@atiende.test');
  await page.goto('/v2/app/campaign-dashboard?preset=custom&from=2026-01-01&to=2026-01-31');
  await expect(page.getByTestId('widget-ticketsByStatus')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('widget-ticketsByStatus-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('ticketsByStatus-2026-01-01-2026-01-31.xlsx');
  await page.context().close();
});
