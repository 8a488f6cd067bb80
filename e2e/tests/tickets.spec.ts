import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiPost } from '../support/api.js';
import { fillCredentials, readVerificationCode, signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';
import { chooseInSelect, selectByInput } from '../support/select.js';

interface Entry {
  id: number;
  code: string | null;
  name: string;
}

async function serviceCampaign(page: Page) {
  const campaigns = await apiGet<{ id: number; nombre: string }[]>(page, '/api/v2/supervision/obtenerCampanas');
  return campaigns.find((campaign) => campaign.nombre === 'Servicio al cliente') as { id: number };
}

async function demoCustomerId(page: Page, index = 0) {
  const list = await apiGet<{ data: { id: number }[] }>(page, '/api/v2/customers?sizePerPage=50&sortName=id');
  return list.data[index].id;
}

test('an agent creates a ticket for a new customer, records a task with the campaign form and closes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1500, height: 950 });
  await signIn(page, 'agente@atiende.test', DEMO_PASSWORD);
  const campaign = await serviceCampaign(page);

  // The new customer, created from the ticket form and brought back to it.
  await page.goto('/v2/app/tickets/add');
  await page.getByTestId('ticket-customer-create').click();
  await expect(page).toHaveURL(/\/v2\/app\/customers\/add\?returnTo=/);
  const documents = (await apiGet<{ data: Entry[] }>(page, '/api/v2/entities/tipo-documento?sizePerPage=100')).data;
  const contactTypes = (await apiGet<{ data: Entry[] }>(page, '/api/v2/entities/tipo-dato-contacto?sizePerPage=100'))
    .data;
  const pick = async (testId: string, optionId: number) => {
    await page.getByTestId(testId).click();
    await page.getByTestId(`${testId}-option-${optionId}`).click();
    await page.keyboard.press('Escape');
  };
  const number = String(Date.now()).slice(-10);
  await pick('customer-identification-type', documents.find((entry) => entry.code === 'CC')?.id as number);
  await page.getByTestId('customer-field-identificationNumber').fill(number);
  await page.getByTestId('customer-field-firstName').fill('Tomás');
  await page.getByTestId('customer-field-lastName').fill('Villa');
  await page.getByTestId('customer-contact-add').click();
  await pick('customer-contact-0-type', contactTypes.find((entry) => entry.code === '4')?.id as number);
  await page.getByTestId('customer-contact-0-value').fill(`tomas.${number}@example.com`);
  await page.getByTestId('customer-save').click();
  await expect(page).toHaveURL(/\/v2\/app\/tickets\/add\?customerId=\d+/);

  await page.getByTestId('ticket-campaign').click();
  await page.getByTestId(`ticket-campaign-option-${campaign.id}`).click();
  await page.getByTestId('ticket-field-description').fill('El cliente no recibió la factura de noviembre');
  await page.getByTestId('ticket-save').click();
  await expect(page).toHaveURL(/\/v2\/app\/tickets\/\d+\/view$/);
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', '0');

  // A task with the campaign's form: a list, a radio group and the required notes.
  await page.getByTestId('composer-task').click();
  await page.getByTestId('task-save').click();
  await expect(page.getByText('Este campo es obligatorio').first()).toBeVisible();
  await chooseInSelect(page, selectByInput(page, 'task-field-motivo'), 'Garantía');
  await page.getByTestId('task-field-resultado').getByLabel('Resuelto').check();
  await page.getByTestId('task-notes').fill('Se reenvió la factura al correo del cliente');
  await page.getByTestId('task-save').click();
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', '1');
  await expect(page.getByText('Se reenvió la factura al correo del cliente')).toBeVisible();

  await page.getByTestId('ticket-action-close').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', '4');
});

test('the layout choice survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 950 });
  await signIn(page, 'agente@atiende.test', DEMO_PASSWORD);
  const campaign = await serviceCampaign(page);
  const ticket = await apiPost<{ id: number }>(page, '/api/v2/tickets', {
    campaignId: campaign.id,
    customerId: await demoCustomerId(page, 41),
    description: 'Prueba de diseño',
  });
  await page.goto(`/v2/app/tickets/${ticket.id}/view`);
  await expect(page.getByTestId('ticket-layout-three')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('ticket-layout-two').click();
  await page.reload();
  await expect(page.getByTestId('ticket-layout-two')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('ticketView'))).toBe('two_column');
});

test('a transfer is accepted in a second browser', async ({ browser }) => {
  test.setTimeout(120_000);
  const senderContext = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  const sender = await senderContext.newPage();
  await signIn(sender, 'agente@atiende.test', DEMO_PASSWORD);
  const campaign = await serviceCampaign(sender);
  const ticket = await apiPost<{ id: number; number: number }>(sender, '/api/v2/tickets', {
    campaignId: campaign.id,
    customerId: await demoCustomerId(sender, 42),
    description: 'Necesita atención de otro agente',
  });

  // The recipient signs in with the code sent by mail (MFA account).
  const recipientContext = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  const recipient = await recipientContext.newPage();
  await recipient.goto('/v2/login');
  const since = Date.now() - 1;
  await fillCredentials(recipient, 'agente.mfa@atiende.test', DEMO_PASSWORD);
  await recipient.getByTestId('login-code').fill(await readVerificationCode('agente.mfa@atiende.test', since));
  await recipient.getByTestId('login-submit').click();
  await expect(recipient.getByTestId('header-user-menu')).toBeVisible();
  const recipientId = (await apiGet<{ id: number }>(recipient, '/api/v2/usuario/perfil')).id;

  await sender.goto(`/v2/app/tickets/${ticket.id}/view`);
  await sender.getByTestId('ticket-action-transfer').click();
  await sender.getByTestId('transfer-user').click();
  // Only who can receive it, each with their status and load (the sender is not offered).
  const option = sender.getByTestId(`transfer-user-option-${recipientId}`);
  await expect(option).toContainText('Mateo Agente');
  await expect(option).toContainText('casos abiertos');
  await expect(option).toHaveAttribute('data-status', /^[AEGP]$/);
  const senderId = (await apiGet<{ id: number }>(sender, '/api/v2/usuario/perfil')).id;
  await expect(sender.getByTestId(`transfer-user-option-${senderId}`)).toHaveCount(0);
  await option.click();
  const note = 'El cliente pide hablar con ventas';
  await sender.getByTestId('transfer-note').fill(note);
  await sender.screenshot({ path: '/tmp/tickets-transfer-dialog-es-light.png' });
  await sender.getByTestId('transfer-save').click();
  await expect(sender.getByTestId('ticket-status')).toHaveAttribute('data-status', '3');

  // The recipient reads who sends it and the note; accepting opens it for them.
  await expect(recipient.getByTestId('transfer-request-dialog')).toBeVisible();
  await expect(recipient.getByTestId('transfer-request-note')).toContainText(note);
  await expect(recipient.getByTestId('transfer-request-dialog')).toContainText('Andrea Agente');
  await recipient.getByTestId('transfer-request-accept').click();
  await expect(recipient).toHaveURL(new RegExp(`/v2/app/tickets/${ticket.id}/view$`));
  await expect(recipient.getByTestId('ticket-status')).toHaveAttribute('data-status', '1');
  // The sender's open view follows at once: the ticket left them (back to the list).
  await expect(sender).toHaveURL(/\/v2\/app\/tickets(\?|$)/);
  await senderContext.close();
  await recipientContext.close();
});

test('a supervisor merges two tickets', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 950 });
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  const campaign = await serviceCampaign(page);
  // Different customers: the demo campaign combines a customer's new work into their open ticket.
  const source = await apiPost<{ id: number }>(page, '/api/v2/tickets', {
    campaignId: campaign.id,
    customerId: await demoCustomerId(page, 43),
    description: 'Duplicado A',
  });
  const target = await apiPost<{ id: number; number: number }>(page, '/api/v2/tickets', {
    campaignId: campaign.id,
    customerId: await demoCustomerId(page, 45),
    description: 'Original B',
  });
  await page.goto(`/v2/app/tickets/${source.id}/view`);
  await page.getByTestId('ticket-action-merge').click();
  await page.getByTestId('merge-number').fill(String(target.number));
  await expect(page.getByTestId('merge-save')).toBeDisabled();
  await page.getByTestId('merge-confirm').check();
  await page.getByTestId('merge-save').click();
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', '4');
  const merged = await apiGet<{ related: { id: number }[] }>(page, `/api/v2/tickets/${target.id}`);
  expect(merged.related.map((related) => related.id)).toEqual([source.id]);
});

test('files attach to a ticket and the header search finds it by number', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 950 });
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  const campaign = await serviceCampaign(page);
  const ticket = await apiPost<{ id: number; number: number }>(page, '/api/v2/tickets', {
    campaignId: campaign.id,
    customerId: await demoCustomerId(page, 46),
    description: 'Con adjunto',
  });
  await page.goto(`/v2/app/tickets/${ticket.id}/view`);
  await page.getByTestId('ticket-attachment-input').setInputFiles({
    name: 'comprobante.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% comprobante de pago\n'),
  });
  await expect(page.getByTestId('ticket-attachments')).toContainText('comprobante.pdf');

  await page.goto('/v2/app');
  await page.getByTestId('global-search').fill(String(ticket.number));
  await page.getByTestId(`global-search-t${ticket.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/v2/app/tickets/${ticket.id}/view$`));
});

test('the supervisors’ tickets list fits 1,440 px in Spanish and in English: no sideways scrolling', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  const overflow = () =>
    page
      .getByTestId('data-table')
      .locator('.MuiTableContainer-root')
      .evaluate((element) => element.scrollWidth - element.clientWidth);
  for (const locale of ['es', 'en']) {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    await page.goto('/v2/app/tickets');
    await expect(page.locator('[data-testid^="ticket-created-"]').first()).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  }
  await context.close();
});
