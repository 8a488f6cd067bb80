import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiPost } from '../support/api.js';
import { storeEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';
import { chooseInSelect as choose, selectByInput } from '../support/select.js';

interface TemplatePage {
  data: { id: number; name: string; body: string; channelType: string | null; campaigns: { id: number }[] }[];
}

async function chooseInSelect(page: Page, testId: string, option: string | RegExp) {
  await choose(page, selectByInput(page, testId), option);
}

test('an administrator writes a template with variable chips, finds it in the list and edits it', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `Saludo E2E ${stamp}`;
  await page.setViewportSize({ width: 1400, height: 1200 });
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  const campaigns = await apiGet<{ data: { id: number; name: string }[] }>(
    page,
    '/api/v2/campaigns?searchText=Servicio',
  );
  const campaign = campaigns.data[0];

  await page.goto('/v2/app/templates');
  await expect(page.getByTestId('page-title')).toHaveText('Plantillas');
  await page.getByTestId('template-add').click();
  await expect(page).toHaveURL(/\/v2\/app\/templates\/add$/);

  await page.getByTestId('template-name').fill(name);
  await chooseInSelect(page, 'template-channelType', 'Chat web');
  await page.getByTestId('template-allCampaigns').uncheck();
  await page.getByTestId('template-campaigns').click();
  await page.getByTestId(`template-campaigns-option-${campaign.id}`).click();
  await page.keyboard.press('Escape');

  // The chips insert the variable where the cursor is.
  const body = page.getByTestId('template-body');
  await body.click();
  await body.pressSequentially('Hola , soy ');
  await page.getByTestId('template-variable-agente.nombre').click();
  await body.press('Control+Home');
  for (let i = 0; i < 5; i++) await body.press('ArrowRight');
  await page.getByTestId('template-variable-cliente.nombre').click();
  await body.pressSequentially('!');
  await expect(body).toHaveValue('Hola {{cliente.nombre}}!, soy {{agente.nombre}}');
  await expect(page.getByTestId('template-preview')).toHaveText('Hola María!, soy Andrea Agente');
  await page.getByTestId('page-title').hover();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/templates-form-es-light.png' });

  await page.getByTestId('template-save').click();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  await expect(page).toHaveURL(/\/v2\/app\/templates$/);
  const saved = await apiGet<TemplatePage>(page, `/api/v2/templates?searchText=${encodeURIComponent(name)}`);
  expect(saved.data).toEqual([
    expect.objectContaining({
      name,
      body: 'Hola {{cliente.nombre}}!, soy {{agente.nombre}}',
      channelType: 'webchat',
      campaigns: [expect.objectContaining({ id: campaign.id })],
    }),
  ]);
  const id = saved.data[0].id;

  // The list: search by name (accents and case ignored), the channel type filter.
  await page.getByTestId('templates-search').fill(`SALUDO e2e ${stamp}`);
  const row = page.getByTestId(`template-row-${id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Chat web');
  await expect(row).toContainText(campaign.name);
  await chooseInSelect(page, 'templates-filter-channelType', 'Correo electrónico');
  await expect(page.getByTestId('data-table-empty')).toBeVisible();
  await chooseInSelect(page, 'templates-filter-channelType', 'Chat web');
  await expect(row).toBeVisible();
  await chooseInSelect(page, 'templates-filter-channelType', 'Todos');
  await page.getByTestId('templates-search').fill('');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.locator('[data-testid^="template-row-"]').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/templates-list-es-light.png' });

  // Edit: another name, for every campaign and channel; the history shows both changes.
  await page.getByTestId('templates-search').fill(name);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/v2/app/templates/${id}/edit$`));
  await expect(page.getByTestId('template-name')).toHaveValue(name);
  await expect(page.getByTestId('audit-history')).toBeVisible();
  await page.getByTestId('template-name').fill(`${name} editada`);
  await chooseInSelect(page, 'template-channelType', 'Cualquier canal');
  await page.getByTestId('template-allCampaigns').check();
  await page.getByTestId('template-save').click();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  await expect(page).toHaveURL(/\/v2\/app\/templates$/);
  await page.getByTestId('templates-search').fill(`${stamp} editada`);
  await expect(row).toContainText(`${name} editada`);
  await expect(row).toContainText('Cualquier canal');
  await expect(row).toContainText('Todas las campañas');
  const history = await apiGet<{ action: string }[]>(page, `/api/v2/templates/${id}/audit`);
  expect(history.map((entry) => entry.action)).toEqual(['updated', 'created']);
});

test('a template with an unknown variable is refused with the message in English (dark, right to left)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 1200 });
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  await storeEnglishDarkRtl(page);
  // A template of its own, so the list is not empty whatever ran before.
  await apiPost(page, '/api/v2/templates', {
    name: `Thanks ${Date.now()}`,
    channelType: 'email',
    body: 'Thank you {{cliente.nombre}}, ticket {{caso.numero}} is closed.',
  });
  await page.goto('/v2/app/templates');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('page-title')).toHaveText('Templates');
  await expect(page.locator('[data-testid^="template-row-"]').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/templates-list-en-dark-rtl.png' });

  await page.getByTestId('template-add').click();
  await page.getByTestId('template-name').fill(`Unknown ${Date.now()}`);
  const body = page.getByTestId('template-body');
  await body.fill('Hi {{cliente.edad}}, ');
  await page.getByTestId('template-variable-empresa.nombre').click();
  await expect(body).toHaveValue('Hi {{cliente.edad}}, {{empresa.nombre}}');
  await expect(page.getByTestId('template-unknown-variables')).toContainText('cliente.edad');
  await page.getByTestId('template-allCampaigns').uncheck();
  await page.getByTestId('template-save').click();
  await expect(page.getByText('The template uses a variable that does not exist')).toBeVisible();
  await expect(page.getByText('Choose at least one campaign or make it available to all')).toBeVisible();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'error');
  await expect(page).toHaveURL(/\/v2\/app\/templates\/add$/);
  await page.getByTestId('page-title').hover();
  await page.screenshot({ path: '/tmp/templates-form-en-dark-rtl.png' });
});
