import { expect, type Page, test } from '@playwright/test';
import { apiGet } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';

interface Entry {
  id: number;
  code: string | null;
  name: string;
  kanban: boolean | null;
}

async function pick(page: Page, testId: string, optionId: number) {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-option-${optionId}`).click();
  await page.keyboard.press('Escape');
}

test('a customer with two contact data and a label appears in its kanban column and moves by drag and drop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1500, height: 950 });
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  const documents = (await apiGet<{ data: Entry[] }>(page, '/api/v2/entities/tipo-documento?sizePerPage=100')).data;
  const contactTypes = (await apiGet<{ data: Entry[] }>(page, '/api/v2/entities/tipo-dato-contacto?sizePerPage=100'))
    .data;
  const labels = (
    await apiGet<{ data: Entry[] }>(
      page,
      '/api/v2/entities/customer-label?sizePerPage=100&sortName=sortOrder&enabled=true',
    )
  ).data.filter((label) => label.kanban);
  const [from, to] = labels;
  const number = String(Date.now()).slice(-10);

  await page.goto('/v2/app/customers/add');
  await pick(page, 'customer-identification-type', documents.find((entry) => entry.code === 'CC')?.id as number);
  await page.getByTestId('customer-field-identificationNumber').fill(number);
  await page.getByTestId('customer-field-firstName').fill('Renata');
  await page.getByTestId('customer-field-lastName').fill('Quintero');
  await pick(page, 'customer-labels', from.id);
  await page.getByTestId('customer-contact-add').click();
  await pick(page, 'customer-contact-0-type', contactTypes.find((entry) => entry.code === '4')?.id as number);
  await page.getByTestId('customer-contact-0-value').fill(`renata.${number}@example.com`);
  await page.getByTestId('customer-contact-add').click();
  await pick(page, 'customer-contact-1-type', contactTypes.find((entry) => entry.code === '2')?.id as number);
  await page.getByTestId('customer-contact-1-value').fill('+57 315 000 1122');
  await page.getByTestId('customer-save').click();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');

  const found = await apiGet<{ data: { id: number }[] }>(page, `/api/v2/customers?searchText=${number}`);
  const customerId = found.data[0].id;
  const saved = await apiGet<{ contacts: unknown[]; labels: { id: number }[] }>(
    page,
    `/api/v2/customers/${customerId}`,
  );
  expect(saved.contacts).toHaveLength(2);
  expect(saved.labels.map((label) => label.id)).toEqual([from.id]);

  await page.goto('/v2/app/customers');
  await page.getByTestId('customers-view-kanban').click();
  const card = page.getByTestId(`kanban-column-${from.id}`).getByTestId(`kanban-card-${customerId}`);
  await expect(card).toBeVisible();
  await card.dragTo(page.getByTestId(`kanban-column-${to.id}`));
  await expect(page.getByTestId(`kanban-column-${to.id}`).getByTestId(`kanban-card-${customerId}`)).toBeVisible();
  await expect
    .poll(async () =>
      (await apiGet<{ labels: { id: number }[] }>(page, `/api/v2/customers/${customerId}`)).labels.map(
        (label) => label.id,
      ),
    )
    .toEqual([to.id]);
});

test('an import with a column mapping runs to 100% and reports the refused rows', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 950 });
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  const prefix = String(Date.now()).slice(-7);
  const rows = ['documento;nombres;apellidos;correo'];
  for (let index = 1; index <= 300; index++) {
    rows.push(
      `${prefix}${index};Persona${index};${index % 50 === 0 ? '' : `Apellido${index}`};p${prefix}${index}@example.com`,
    );
  }
  await page.goto('/v2/app/customers/import');
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'clientes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.join('\n')),
  });
  await expect(page.getByTestId('import-map-identificationNumber')).toBeVisible();
  // The headers were guessed; the document type comes from the default.
  await expect(page.getByTestId('import-map-identificationNumber')).toHaveValue('documento');
  await expect(page.getByTestId('import-map-lastName')).toHaveValue('apellidos');
  const documents = (await apiGet<{ data: Entry[] }>(page, '/api/v2/entities/tipo-documento?sizePerPage=100')).data;
  await page
    .getByTestId('import-default-type')
    .selectOption(String(documents.find((entry) => entry.code === 'CC')?.id));
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('import-result-created')).toHaveText('294');
  await expect(page.getByTestId('import-result-failed')).toHaveText('6');
  await expect(page.getByTestId('import-result-errors')).toBeVisible();
});

test('an agent works with the customers in their scope; another one’s customer reads as not found', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The administrator creates (through the API) a customer no campaign knows yet: nobody's but theirs.
  const login = await request.post('/api/v2/login', {
    data: { email: 'admin@atiende.test', password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).result.token}` };
  const documents = (await (await request.get('/api/v2/entities/tipo-documento?sizePerPage=100', { headers })).json())
    .result.data as Entry[];
  const number = String(Date.now()).slice(-10);
  const created = await request.post('/api/v2/customers', {
    headers,
    data: {
      identificationTypeId: documents.find((entry) => entry.code === 'CC')?.id,
      identificationNumber: number,
      firstName: 'Fuera',
      lastName: 'Dealcance',
    },
  });
  expect(created.status()).toBe(201);
  const outside = (await created.json()).result as { id: number };

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'agente@atiende.test', DEMO_PASSWORD);
  await page.goto('/v2/app/customers');
  // The demo agent's campaign has the demo customers as accounts: the list is full, but not of everyone.
  await expect(page.locator('[data-testid^="customer-row-"]').first()).toBeVisible();
  await page.getByTestId('data-table-search').fill(number);
  await expect(page.getByTestId('customers-total')).toHaveText('0 clientes');
  await expect(page.getByTestId(`customer-row-${number}`)).toHaveCount(0);
  await page.getByTestId('data-table-search').fill('');
  await expect(page.getByTestId('customers-total')).not.toHaveText('0 clientes');
  await page.screenshot({ path: '/tmp/customers-agent-es-light.png' });

  // Their own customer opens; the other one reads as not found, by its page and its edit page.
  const own = page.locator('[data-testid^="customer-row-"]').first();
  await own.click();
  await expect(page).toHaveURL(/\/v2\/app\/customers\/\d+\/view$/);
  await expect(page.getByTestId('customer-not-found')).toHaveCount(0);
  await page.goto(`/v2/app/customers/${outside.id}/view`);
  await expect(page.getByTestId('customer-not-found')).toBeVisible();
  await page.goto(`/v2/app/customers/${outside.id}/edit`);
  await expect(page.getByTestId('customer-not-found')).toBeVisible();

  await page.goto('/v2/app/customers');
  await switchToEnglishDarkRtl(page);
  await expect(page.locator('[data-testid^="customer-row-"]').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/customers-agent-en-dark-rtl.png' });
  await page.goto(`/v2/app/customers/${outside.id}/view`);
  await expect(page.getByTestId('customer-not-found')).toBeVisible();
  await page.screenshot({ path: '/tmp/customers-agent-not-found-en-dark-rtl.png' });
});
