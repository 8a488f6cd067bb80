import { expect, type Page, test } from '@playwright/test';
import { startWhatsappCloud } from '../../apps/server/src/test/whatsapp-cloud.js';
import { apiGet, apiPut } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD, E2E_PROVIDER_PORT } from '../support/env.js';
import { chooseInSelect as choose, selectByInput } from '../support/select.js';

interface Channel {
  id: number;
  name: string;
  type: string;
  direction: string;
  enabled: boolean;
  config: Record<string, string | number | boolean | null>;
  businessHours: unknown;
  unavailableMessage: string | null;
}

/** The demo data's WhatsApp channel (apps/server/src/modules/demo/demo.structure.ts). */
const DEMO_WHATSAPP_CHANNEL = 'WhatsApp ventas';

interface TicketView {
  id: number;
  status: number;
  interactions: { id: number; contactValue: string; channel: { typeName: string; name: string } }[];
}

interface GraphTemplateSend {
  to?: string;
  type?: string;
  template?: { name?: string; language?: { code?: string }; components?: unknown[] };
}

async function chooseInSelect(page: Page, testId: string, option: string | RegExp) {
  await choose(page, selectByInput(page, testId), option);
}

/**
 * Lets animations and fonts settle, then writes /tmp/wa-templates-{name}.png for the visual review. `wholePage`
 * grows the window to the page's height first (a full-page capture would repeat the fixed app bar mid-page).
 */
async function shot(page: Page, name: string, options: { wholePage?: boolean } = {}) {
  const viewport = page.viewportSize();
  if (options.wholePage && viewport) {
    const height = await page.locator('html').evaluate((html) => html.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  }
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/wa-templates-${name}.png` });
  if (options.wholePage && viewport) await page.setViewportSize(viewport);
}

/**
 * The demo WhatsApp channel, pointed at the local Graph server. A token is bound to the host it was saved for, so
 * the new host gets its own (the other secrets, sent empty, are kept).
 */
async function pointWhatsappChannelAt(
  page: Page,
  apiBaseUrl: string,
  accessToken: string,
  extra: Record<string, string> = {},
): Promise<Channel> {
  const channels = await apiGet<{ data: Channel[] }>(page, '/api/v2/channels?type=whatsapp&sizePerPage=100');
  const listed = channels.data.find((channel) => channel.name === DEMO_WHATSAPP_CHANNEL);
  expect(listed).toBeTruthy();
  const channel = await apiGet<Channel>(page, `/api/v2/channels/${(listed as Channel).id}`);
  await apiPut(page, `/api/v2/channels/${channel.id}`, {
    name: channel.name,
    type: channel.type,
    direction: channel.direction,
    enabled: channel.enabled,
    config: { ...channel.config, ...extra, apiBaseUrl, accessToken },
    businessHours: channel.businessHours,
    unavailableMessage: channel.unavailableMessage,
  });
  return channel;
}

/** A demo ticket that is not closed whose only conversation is on WhatsApp (the sales campaign's, over 24 h old). */
async function openWhatsappTicket(page: Page): Promise<{ ticketId: number; contactValue: string }> {
  const tickets = await apiGet<{ data: { id: number; status: number }[] }>(
    page,
    '/api/v2/tickets?sizePerPage=100&selectedStatus=0',
  );
  for (const ticket of tickets.data.filter((item) => item.status !== 4)) {
    const view = await apiGet<TicketView>(page, `/api/v2/tickets/${ticket.id}`);
    const [only] = view.interactions;
    // On the demo's channel: conversations other tests start on their own WhatsApp channels are recent.
    if (view.interactions.length === 1 && only.channel.name === DEMO_WHATSAPP_CHANNEL && view.status !== 4) {
      return { ticketId: view.id, contactValue: only.contactValue };
    }
  }
  throw new Error('no open WhatsApp ticket in the demo data');
}

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

test('an admin submits a WhatsApp template, sees Meta approve it and an agent sends it after the 24-hour window', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const accessToken = 'local-graph-token';
  const cloud = await startWhatsappCloud({ accessToken, port: E2E_PROVIDER_PORT });
  try {
    const stamp = Date.now();
    const name = `confirmacion_pedido_${stamp}`;
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
    const channel = await pointWhatsappChannelAt(page, cloud.url(), accessToken);

    // The list, then the form.
    await page.goto('/v2/app/whatsapp-templates');
    await expect(page.getByTestId('page-title')).toHaveText('Plantillas de WhatsApp');
    await shot(page, 'list-es-light');
    await page.getByTestId('wa-template-add').click();
    await expect(page).toHaveURL(/\/v2\/app\/whatsapp-templates\/add$/);

    // The only WhatsApp channel is chosen already; the name is folded to Meta's format as it is typed.
    await expect(page.getByTestId('wa-template-channel')).toHaveValue(String(channel.id));
    await page.getByTestId('wa-template-name').fill(`Confirmación pedido ${stamp}`);
    await expect(page.getByTestId('wa-template-name')).toHaveValue(name);
    await chooseInSelect(page, 'wa-template-headerType', 'Texto');
    await page.getByTestId('wa-template-headerText').fill('Tu pedido');
    const body = page.getByTestId('wa-template-body');
    await body.fill('Hola , tu pedido ya va en camino.');
    await body.press('Control+Home');
    for (let i = 0; i < 5; i++) await body.press('ArrowRight');
    await page.getByTestId('wa-template-insert-variable').click();
    await expect(body).toHaveValue('Hola {{1}}, tu pedido ya va en camino.');
    await expect(page.getByTestId('wa-template-insert-variable')).toHaveText('Agregar variable {{2}}');
    await page.getByTestId('wa-template-example-1').fill('María');
    await page.getByTestId('wa-template-footer').fill('Atiende · Ventas');
    await chooseInSelect(page, 'wa-template-buttonsType', 'Respuestas rápidas');
    await page.getByTestId('wa-template-button-text-0').fill('Gracias');
    await page.getByTestId('wa-template-button-add').click();
    await page.getByTestId('wa-template-button-text-1').fill('Hablar con un asesor');

    const preview = page.getByTestId('wa-template-preview');
    await expect(page.getByTestId('wa-template-preview-header')).toHaveText('Tu pedido');
    await expect(page.getByTestId('wa-template-preview-body')).toHaveText('Hola María, tu pedido ya va en camino.');
    await expect(page.getByTestId('wa-template-preview-footer')).toHaveText('Atiende · Ventas');
    await expect(preview.getByTestId('wa-template-preview-button-1')).toHaveText('Hablar con un asesor');
    await shot(page, 'form-es-light', { wholePage: true });

    // Sending asks first: once sent for approval it cannot be edited.
    await page.getByTestId('wa-template-submit').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('no se puede editar');
    await page.getByTestId('confirm-accept').click();
    await expect(page).toHaveURL(/\/v2\/app\/whatsapp-templates\/\d+\/view$/);
    const templateId = Number(/whatsapp-templates\/(\d+)\/view/.exec(page.url())?.[1]);
    await expect(page.getByTestId('wa-template-status')).toHaveText('Pendiente');
    await expect(page.getByTestId('wa-template-preview-body')).toHaveText('Hola María, tu pedido ya va en camino.');

    // Meta received the template with its example.
    const submitted = [...cloud.templates.entries()].find(([, template]) => template.body.name === name);
    expect(submitted).toBeTruthy();
    const [providerId, graphTemplate] = submitted as [string, { body: Record<string, unknown> }];
    expect(graphTemplate.body).toMatchObject({ name, language: 'es', category: 'UTILITY' });
    expect(JSON.stringify(graphTemplate.body.components)).toContain('María');
    await shot(page, 'view-pending-es-light');

    // Meta approves it; the button asks again.
    cloud.setTemplateStatus(providerId, 'APPROVED');
    await page.getByTestId('wa-template-sync').click();
    await expect(page.getByTestId('wa-template-status')).toHaveText('Aprobada');
    await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
    await shot(page, 'view-approved-es-light');

    // A template Meta rejected shows why.
    const rejected = await apiGet<{ data: { id: number; rejectionReason: string | null }[] }>(
      page,
      '/api/v2/whatsapp-templates?status=rejected',
    );
    if (rejected.data[0]) {
      await page.goto(`/v2/app/whatsapp-templates/${rejected.data[0].id}/view`);
      await expect(page.getByTestId('wa-template-status')).toHaveText('Rechazada');
      await expect(page.getByTestId('wa-template-rejection')).toContainText(rejected.data[0].rejectionReason ?? '—');
      await shot(page, 'view-rejected-es-light');
    }

    // The list shows it with its status.
    await page.goto('/v2/app/whatsapp-templates');
    await page.getByTestId('wa-templates-search').fill(name);
    await expect(page.getByTestId(`wa-template-status-${templateId}`)).toHaveText('Aprobada');
    await chooseInSelect(page, 'wa-templates-filter-status', 'Pendiente');
    await expect(page.getByTestId(`wa-template-row-${templateId}`)).toHaveCount(0);
    await chooseInSelect(page, 'wa-templates-filter-status', 'Aprobada');
    await expect(page.getByTestId(`wa-template-row-${templateId}`)).toBeVisible();

    // An old WhatsApp conversation: the free reply window closed, a template can still be sent.
    const { ticketId, contactValue } = await openWhatsappTicket(page);
    await page.goto(`/v2/app/tickets/${ticketId}/view`);
    await page.getByTestId('composer-reply').click();
    await expect(page.getByTestId('reply-window-closed')).toContainText('Pasaron más de 24 horas');
    await expect(page.getByTestId('reply-window-closed')).toContainText('plantilla de WhatsApp aprobada');
    await page.getByTestId('reply-composer').scrollIntoViewIfNeeded();
    await shot(page, 'composer-es-light');
    await page.getByTestId('reply-whatsapp-template').click();
    const dialog = page.getByTestId('wa-send-dialog');
    await dialog.getByTestId(`wa-send-template-${templateId}`).click();
    await dialog.getByTestId('wa-send-variable-1').fill('Ana');
    await expect(dialog.getByTestId('wa-send-preview-body')).toHaveText('Hola Ana, tu pedido ya va en camino.');
    await shot(page, 'dialog-es-light');

    const sent = page.waitForResponse(
      (response) => response.url().endsWith(`/tickets/${ticketId}/whatsapp-template`) && response.status() === 201,
    );
    await dialog.getByTestId('wa-send-submit').click();
    const message = ((await (await sent).json()) as { result: { id: number } }).result;
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId(`ticket-message-${message.id}`)).toContainText(
      'Hola Ana, tu pedido ya va en camino.',
    );
    await page.getByTestId(`ticket-message-${message.id}`).scrollIntoViewIfNeeded();
    await shot(page, 'timeline-es-light');

    // The outbound job delivers it to Meta as a template message to the conversation's number.
    const templateSends = () =>
      cloud.sends.map((call) => call.body as GraphTemplateSend).filter((send) => send.type === 'template');
    await expect.poll(() => templateSends().length, { timeout: 20_000 }).toBe(1);
    const [graphSend] = templateSends();
    expect(graphSend.template).toMatchObject({ name, language: { code: 'es' } });
    expect(digits(graphSend.to)).toBe(digits(contactValue));
    expect(JSON.stringify(graphSend.template?.components)).toContain('Ana');

    // English, dark, right to left: the dialog, the list, the form and the view.
    await switchToEnglishDarkRtl(page);
    await page.getByTestId('composer-reply').click();
    await expect(page.getByTestId('reply-window-closed')).toContainText('approved WhatsApp template');
    await page.getByTestId('reply-composer').scrollIntoViewIfNeeded();
    await shot(page, 'composer-en-dark-rtl');
    await page.getByTestId('reply-whatsapp-template').click();
    await dialog.getByTestId(`wa-send-template-${templateId}`).click();
    await dialog.getByTestId('wa-send-variable-1').fill('Mary');
    await expect(dialog.getByTestId('wa-send-preview-body')).toHaveText('Hola Mary, tu pedido ya va en camino.');
    await shot(page, 'dialog-en-dark-rtl');
    await dialog.getByTestId('wa-send-cancel').click();

    await page.goto('/v2/app/whatsapp-templates');
    await expect(page.getByTestId('page-title')).toHaveText('WhatsApp templates');
    await expect(page.getByTestId(`wa-template-status-${templateId}`)).toHaveText('Approved');
    await shot(page, 'list-en-dark-rtl');

    await page.getByTestId('wa-template-add').click();
    await page.getByTestId('wa-template-name').fill('Order update');
    await chooseInSelect(page, 'wa-template-headerType', 'Text');
    await page.getByTestId('wa-template-headerText').fill('Your order');
    await page.getByTestId('wa-template-body').fill('Hi {{1}}, your order {{2}} is on its way.');
    await page.getByTestId('wa-template-example-1').fill('Mary');
    await page.getByTestId('wa-template-footer').fill('Atiende');
    await chooseInSelect(page, 'wa-template-buttonsType', 'Call to action');
    await page.getByTestId('wa-template-button-text-0').fill('Track order');
    await page.getByTestId('wa-template-button-value-0').fill('https://shop.example/orders');
    await page.getByTestId('wa-template-button-add').click();
    await page.getByTestId('wa-template-button-text-1').fill('Call us');
    await page.getByTestId('wa-template-button-value-1').fill('+15551234567');
    await expect(page.getByTestId('wa-template-preview-body')).toHaveText('Hi Mary, your order {{2}} is on its way.');
    await shot(page, 'form-en-dark-rtl', { wholePage: true });
    // A phone-sized window: one column, nothing overflows.
    await page.setViewportSize({ width: 400, height: 900 });
    await shot(page, 'form-en-dark-rtl-narrow', { wholePage: true });
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(400);
    await page.setViewportSize({ width: 1400, height: 1000 });

    await page.goto(`/v2/app/whatsapp-templates/${templateId}/view`);
    await expect(page.getByTestId('wa-template-status')).toHaveText('Approved');
    await shot(page, 'view-en-dark-rtl', { wholePage: true });
  } finally {
    await cloud.close();
  }
});

/** A picture to upload as a header: a small banner Chromium draws and captures (a real PNG, not a pixel). */
async function bannerPng(page: Page): Promise<Buffer> {
  const canvas = await page.context().newPage();
  try {
    await canvas.setViewportSize({ width: 480, height: 240 });
    await canvas.setContent(
      '<body style="margin:0"><div style="width:480px;height:240px;display:flex;align-items:center;' +
        'justify-content:center;background:linear-gradient(135deg,#0b7a5a,#25d366);color:#fff;' +
        'font:bold 40px sans-serif">Oferta de temporada</div></body>',
    );
    return await canvas.screenshot({ type: 'png' });
  } finally {
    await canvas.close();
  }
}

test('an admin makes a template with an image header and an agent sends it from the composer with the image', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const accessToken = 'local-graph-media-token';
  const cloud = await startWhatsappCloud({ accessToken, port: E2E_PROVIDER_PORT });
  try {
    const stamp = Date.now();
    const name = `oferta_imagen_${stamp}`;
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
    // The media header's sample goes to Meta's resumable upload, which belongs to the channel's Meta app.
    const channel = await pointWhatsappChannelAt(page, cloud.url(), accessToken, { appId: '880011223344' });
    const banner = await bannerPng(page);

    await page.goto('/v2/app/whatsapp-templates/add');
    await expect(page.getByTestId('wa-template-channel')).toHaveValue(String(channel.id));
    await page.getByTestId('wa-template-name').fill(name);
    await chooseInSelect(page, 'wa-template-category', 'Marketing');
    await chooseInSelect(page, 'wa-template-headerType', 'Imagen');
    const uploaded = page.waitForResponse(
      (response) => response.url().includes('/whatsapp-templates/media?use=header-image') && response.status() === 201,
    );
    await page
      .getByTestId('wa-template-file')
      .setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: banner });
    await uploaded;
    await page.getByTestId('wa-template-body').fill('Hola {{1}}, esta semana su oferta llega con 20 % de descuento.');
    await page.getByTestId('wa-template-example-1').fill('María');
    await chooseInSelect(page, 'wa-template-buttonsType', 'Respuestas rápidas');
    await page.getByTestId('wa-template-button-text-0').fill('Me interesa');
    const formPreview = page.getByRole('region', { name: 'Vista previa' });
    await expect(formPreview.locator('img')).toBeVisible();
    await expect(page.getByTestId('wa-template-preview-body')).toHaveText(
      'Hola María, esta semana su oferta llega con 20 % de descuento.',
    );
    await shot(page, 'media-form-es-light', { wholePage: true });

    await page.getByTestId('wa-template-submit').click();
    await page.getByTestId('confirm-accept').click();
    await expect(page).toHaveURL(/\/v2\/app\/whatsapp-templates\/\d+\/view$/);
    const templateId = Number(/whatsapp-templates\/(\d+)\/view/.exec(page.url())?.[1]);

    // Meta got the sample through the resumable upload and the template names its handle.
    expect(cloud.reviewUploads).toHaveLength(1);
    expect(cloud.reviewUploads[0].content.equals(banner)).toBe(true);
    const [providerId, submitted] = [...cloud.templates.entries()].find(
      ([, template]) => template.body.name === name,
    ) as unknown as [string, { body: { components: Record<string, unknown>[] } }];
    expect(submitted.body.components[0]).toEqual({
      type: 'HEADER',
      format: 'IMAGE',
      example: { header_handle: [cloud.reviewUploads[0].handle] },
    });
    cloud.setTemplateStatus(providerId, 'APPROVED');
    await page.getByTestId('wa-template-sync').click();
    await expect(page.getByTestId('wa-template-status')).toHaveText('Aprobada');
    await expect(page.getByRole('region', { name: 'Vista previa' }).locator('img')).toBeVisible();
    await shot(page, 'media-view-es-light', { wholePage: true });

    // The agent's composer: the template with its image, a value, the preview, sent.
    const { ticketId, contactValue } = await openWhatsappTicket(page);
    await page.goto(`/v2/app/tickets/${ticketId}/view`);
    await page.getByTestId('composer-reply').click();
    await page.getByTestId('reply-whatsapp-template').click();
    const dialog = page.getByTestId('wa-send-dialog');
    await dialog.getByTestId(`wa-send-template-${templateId}`).click();
    await dialog.getByTestId('wa-send-variable-1').fill('Ana');
    const sendPreview = dialog.getByRole('region', { name: 'Vista previa' });
    await expect(sendPreview.locator('img')).toBeVisible();
    await expect(dialog.getByTestId('wa-send-preview-body')).toHaveText(
      'Hola Ana, esta semana su oferta llega con 20 % de descuento.',
    );
    await expect(dialog.getByTestId('wa-send-preview-button-0')).toHaveText('Me interesa');
    await shot(page, 'media-dialog-es-light');
    const sent = page.waitForResponse(
      (response) => response.url().endsWith(`/tickets/${ticketId}/whatsapp-template`) && response.status() === 201,
    );
    await dialog.getByTestId('wa-send-submit').click();
    const message = ((await (await sent).json()) as { result: { id: number } }).result;
    await expect(dialog).toHaveCount(0);
    const inThread = page.getByTestId(`ticket-message-${message.id}`);
    await expect(inThread).toContainText('Hola Ana, esta semana su oferta llega con 20 % de descuento.');
    await expect(inThread).toContainText('[Me interesa]');
    await expect(page.getByTestId(`ticket-message-files-${message.id}`)).toContainText('oferta.png');
    await inThread.scrollIntoViewIfNeeded();
    await shot(page, 'media-timeline-es-light');

    // Meta gets the template with the image uploaded for the message and named in its header.
    const templateSends = () =>
      cloud.sends.map((call) => call.body as GraphTemplateSend).filter((send) => send.type === 'template');
    await expect.poll(() => templateSends().length, { timeout: 20_000 }).toBe(1);
    const [graphSend] = templateSends();
    expect(digits(graphSend.to)).toBe(digits(contactValue));
    const upload = cloud.uploads.find((entry) => entry.content.equals(banner));
    expect(upload).toBeTruthy();
    expect(graphSend.template?.components?.[0]).toEqual({
      type: 'header',
      parameters: [{ type: 'image', image: { id: upload?.id } }],
    });

    // English, dark, right to left: the dialog with the image.
    await switchToEnglishDarkRtl(page);
    await page.getByTestId('composer-reply').click();
    await page.getByTestId('reply-whatsapp-template').click();
    await dialog.getByTestId(`wa-send-template-${templateId}`).click();
    await dialog.getByTestId('wa-send-variable-1').fill('Mary');
    await expect(dialog.getByRole('region', { name: 'Preview' }).locator('img')).toBeVisible();
    await shot(page, 'media-dialog-en-dark-rtl');
    await dialog.getByTestId('wa-send-cancel').click();
  } finally {
    await cloud.close();
  }
});

test('chat templates: an interactive list with sections and a text with 12 quick replies, ready at once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);

  // An interactive list: two sections with titled options; the preview opens the list like WhatsApp does.
  await page.goto('/v2/app/whatsapp-templates/add');
  await chooseInSelect(page, 'wa-template-type', 'Interactivo');
  await page.getByTestId('wa-template-name').fill(`sedes_${stamp}`);
  await page.getByTestId('wa-template-interactiveType-list').click();
  await page.getByTestId('wa-template-body').fill('Elija la sede y le enviamos el horario.');
  await page.getByTestId('wa-template-listButton').fill('Ver sedes');
  await page.getByTestId('wa-template-section-title-0').fill('Bogotá');
  await page.getByTestId('wa-template-option-title-0-0').fill('Centro');
  await page.getByTestId('wa-template-option-description-0-0').fill('Cra. 7 # 12-30, lunes a sábado');
  await page.getByTestId('wa-template-option-add-0').click();
  await page.getByTestId('wa-template-option-title-0-1').fill('Usaquén');
  await page.getByTestId('wa-template-section-add').click();
  await page.getByTestId('wa-template-section-title-1').fill('Medellín');
  await page.getByTestId('wa-template-option-title-1-0').fill('El Poblado');
  await expect(page.getByTestId('wa-template-list-count')).toContainText('3');
  await page.getByTestId('wa-template-preview-list-button').click();
  await expect(page.getByTestId('wa-template-preview-list')).toContainText('Usaquén');
  await shot(page, 'list-form-es-light', { wholePage: true });
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/v2/whatsapp-templates') && response.request().method() === 'POST',
  );
  await page.getByTestId('wa-template-submit').click();
  expect((await saved).status()).toBe(201);
  await expect(page).toHaveURL(/\/v2\/app\/whatsapp-templates\/\d+\/view$/);
  // Meta does not review chat templates: approved at once, sent only inside the 24-hour window.
  await expect(page.getByTestId('wa-template-status')).toHaveText('Aprobada');
  await expect(page.getByTestId('wa-template-session-only')).toBeVisible();
  await shot(page, 'list-view-es-light', { wholePage: true });

  // A text with 12 quick replies, in English, dark, right to left: WhatsApp gets them as numbered options.
  await switchToEnglishDarkRtl(page);
  await page.goto('/v2/app/whatsapp-templates/add');
  await chooseInSelect(page, 'wa-template-type', 'Text');
  await page.getByTestId('wa-template-name').fill(`menu_${stamp}`);
  await page.getByTestId('wa-template-body').fill('Hi {{1}}, what can we help you with?');
  await page.getByTestId('wa-template-example-1').fill('Mary');
  for (let index = 0; index < 12; index++) {
    await page.getByTestId('wa-template-quickReplies-add').click();
    await page.getByTestId(`wa-template-quickReplies-${index}`).fill(`Option ${index + 1}`);
  }
  await expect(page.getByTestId('wa-template-quickReplies-count')).toContainText('12');
  // More than a list holds: a numbered list under the text.
  const numbered = page.getByTestId('wa-template-preview-numbered').locator('li');
  await expect(numbered).toHaveCount(12);
  await expect(numbered.last()).toHaveText('Option 12');
  await shot(page, 'quick-replies-form-en-dark-rtl', { wholePage: true });
  const textSaved = page.waitForResponse(
    (response) => response.url().endsWith('/api/v2/whatsapp-templates') && response.request().method() === 'POST',
  );
  await page.getByTestId('wa-template-submit').click();
  expect((await textSaved).status()).toBe(201);
  await expect(page.getByTestId('wa-template-status')).toHaveText('Approved');
});
