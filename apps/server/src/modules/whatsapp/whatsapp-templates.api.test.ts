import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ONE_PIXEL_PNG, postFile, signedIn, type TestApp } from '../../test/app.js';
import {
  type Actor,
  caller,
  deskCampaign,
  messagesOf,
  settle,
  signedInWith,
  ticketOfMessage,
  waitFor,
} from '../../test/desk.js';
import { signWebhook, startWhatsappCloud, webhookBody } from '../../test/whatsapp-cloud.js';

const PHONE_NUMBER_ID = '1055512345';
const BUSINESS_ACCOUNT_ID = '2000000009';
const ACCESS_TOKEN = 'EAAG-templates-token';
const APP_SECRET = 'templates-app-secret';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let outsider: Actor;
let cloud: Awaited<ReturnType<typeof startWhatsappCloud>>;
let channelId: number;
let otherChannelId: number;
let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

const template = (overrides: Record<string, unknown> = {}) => ({
  channelId,
  name: `seguimiento_pedido_${Date.now()}_${next()}`,
  category: 'UTILITY',
  language: 'es',
  headerType: 'text',
  headerText: 'Su pedido',
  body: 'Hola {{1}}, su pedido {{2}} está en camino.',
  footer: 'Tienda Demo',
  examples: ['Ana', '#1234'],
  buttonsType: 'quickReplies',
  buttons: [
    { kind: 'quickReply', text: 'Gracias' },
    { kind: 'quickReply', text: 'Hablar con alguien' },
  ],
  ...overrides,
});

function deliver(body: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/webhooks/whatsapp/${channelId}`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body, APP_SECRET) },
    payload: body,
  });
}

async function count(): Promise<number> {
  const [row] = (await t.ctx.db.execute(sql`select count(*)::int as n from whatsapp_templates`)).rows as {
    n: number;
  }[];
  return row.n;
}

/** A conversation whose customer last wrote 25 hours ago: only templates may go out. */
async function staleConversation() {
  const from = `57310${Date.now() % 1_000_000}${next()}`;
  const id = `wamid.tpl${Date.now()}${next()}`;
  await deliver(
    webhookBody(PHONE_NUMBER_ID, {
      messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'Hola' } }],
    }),
  );
  await t.ctx.db.execute(
    sql`update messages set created_at = now() - interval '25 hours' where provider_message_id = ${id}`,
  );
  return { from, ticketId: await ticketOfMessage(t, channelId, id) };
}

/** A conversation whose customer just wrote: inside the window, chat templates may go out. */
async function freshConversation() {
  const from = `57311${Date.now() % 1_000_000}${next()}`;
  const id = `wamid.fresh${Date.now()}${next()}`;
  await deliver(
    webhookBody(PHONE_NUMBER_ID, {
      messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'Hola' } }],
    }),
  );
  return { from, ticketId: await ticketOfMessage(t, channelId, id) };
}

const upload = (use: string, content: Buffer, filename: string, actor = admin) =>
  postFile(t, `/api/v2/whatsapp-templates/media?use=${use}`, actor, content, filename);

/** A minimal PDF and an MP4's first box: enough for the content checks. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'ascii'), Buffer.alloc(12)]);

beforeAll(async () => {
  cloud = await startWhatsappCloud({ accessToken: ACCESS_TOKEN });
  t = await createTestApp({ listen: true, allowOutbound: [cloud.url()] });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  outsider = await signedIn(t, 'agent');
  ({ channelId } = await deskCampaign(t, admin, {
    agents: [agent],
    channelType: 'whatsapp',
    channelConfig: {
      phoneNumberId: PHONE_NUMBER_ID,
      businessAccountId: BUSINESS_ACCOUNT_ID,
      accessToken: ACCESS_TOKEN,
      appSecret: APP_SECRET,
      verifyToken: 'templates-verify',
      apiBaseUrl: cloud.url(),
    },
    config: { allowAllTickets: true, tasksPerAgent: 100 },
  }));
  ({ channelId: otherChannelId } = await deskCampaign(t, admin, { agents: [outsider] }));
});

afterAll(async () => {
  await t?.close();
  await cloud?.close();
});

describe('WhatsApp templates', () => {
  it('submits a valid template to Meta and keeps it pending, not editable', async () => {
    const body = template();
    const created = await api.post('/api/v2/whatsapp-templates', admin, body);
    expect(created.statusCode, created.body).toBe(201);
    const result = created.json().result;
    expect(result).toMatchObject({
      name: body.name,
      channel: { id: channelId },
      status: 'pending',
      variables: 2,
      providerTemplateId: expect.stringMatching(/^tmpl-\d+$/),
      createdBy: { id: admin.id },
    });
    const submitted = cloud.templates.get(result.providerTemplateId);
    expect(submitted?.body).toEqual({
      name: body.name,
      language: 'es',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Su pedido' },
        {
          type: 'BODY',
          text: 'Hola {{1}}, su pedido {{2}} está en camino.',
          example: { body_text: [['Ana', '#1234']] },
        },
        { type: 'FOOTER', text: 'Tienda Demo' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Gracias' },
            { type: 'QUICK_REPLY', text: 'Hablar con alguien' },
          ],
        },
      ],
    });
    const list = (
      await api.get(`/api/v2/whatsapp-templates?channelId=${channelId}&status=pending&searchText=seguimiento`, admin)
    ).json().result;
    expect(list.data.map((item: { id: number }) => item.id)).toContain(result.id);
    const one = await api.get(`/api/v2/whatsapp-templates/${result.id}`, admin);
    expect(one.json().result?.body, one.body).toBe(body.body);
    // Once sent for approval it cannot be edited: there is no update route.
    expect((await api.put(`/api/v2/whatsapp-templates/${result.id}`, admin, body)).statusCode).toBe(404);

    const duplicate = await api.post('/api/v2/whatsapp-templates', admin, { ...body, footer: 'Otro' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('WHATSAPP_TEMPLATE.DUPLICATE');
  });

  it('answers bad templates with translated field errors and stores nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ name: 'Seguimiento Pedido' }, 'name', 'minúsculas', 'lower-case'],
      [{ examples: ['Ana'] }, 'examples', 'un ejemplo por cada variable', 'one example for each variable'],
      [{ body: 'Hola {{2}}', examples: ['x'] }, 'body', 'en orden', 'in order'],
      [{ headerText: '' }, 'headerText', 'texto del encabezado', 'header text'],
      [{ buttons: [1, 2, 3, 4].map((n) => ({ kind: 'quickReply', text: `Opción ${n}` })) }, 'buttons', '', ''],
      [
        {
          buttonsType: 'callToAction',
          buttons: [
            { kind: 'url', text: 'Ver pedido', url: 'https://tienda.test/p' },
            { kind: 'quickReply', text: 'Gracias' },
          ],
        },
        'buttons',
        'hasta 2 botones',
        'up to 2 link',
      ],
      [
        { buttonsType: 'callToAction', buttons: [{ kind: 'phone', text: 'Llamar', phone: '3001234567' }] },
        'buttons.0.phone',
        'formato internacional',
        'international format',
      ],
    ];
    for (const [overrides, field, spanish, english] of cases) {
      for (const locale of ['es', 'en'] as const) {
        const answer = await api.post('/api/v2/whatsapp-templates', admin, template(overrides), locale);
        expect(answer.statusCode, JSON.stringify(overrides)).toBe(422);
        const fields = answer.json().result.fields as { field: string; message: string }[];
        const found = fields.find((entry) => entry.field === field);
        expect(found, `${field} in ${answer.body}`).toBeTruthy();
        const text = locale === 'es' ? spanish : english;
        if (text) expect(found?.message).toContain(text);
      }
    }
    const notWhatsapp = await api.post('/api/v2/whatsapp-templates', admin, template({ channelId: otherChannelId }));
    expect(notWhatsapp.statusCode).toBe(422);
    expect(notWhatsapp.json().result.fields).toEqual([{ field: 'channelId', message: 'Elija un canal de WhatsApp' }]);
    expect(await count()).toBe(before);
  });

  it('stores nothing when Meta refuses the template or cannot be reached', async () => {
    const before = await count();
    cloud.failNextTemplate(400, 100, 'Invalid parameter: name already used in another language');
    const refused = await api.post('/api/v2/whatsapp-templates', admin, template());
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'WHATSAPP_TEMPLATE.REFUSED' });
    // Our words and Graph's code only: Meta's text never reaches the answer.
    expect(refused.json().message).toBe('Meta no aceptó la plantilla (código 100)');
    expect(refused.body).not.toContain('name already used');
    cloud.failNextTemplate(503, 2, 'Service temporarily unavailable');
    const down = await api.post('/api/v2/whatsapp-templates', admin, template(), 'en');
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('Meta could not be reached; try again in a moment');
    expect(await count()).toBe(before);
  });

  it('follows Meta’s review by webhook and by a manual check', async () => {
    const first = (await api.post('/api/v2/whatsapp-templates', admin, template())).json().result;
    const second = (await api.post('/api/v2/whatsapp-templates', admin, template())).json().result;
    const review = (templateId: string, event: string, reason = 'NONE') =>
      deliver(
        JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: BUSINESS_ACCOUNT_ID,
              changes: [
                {
                  field: 'message_template_status_update',
                  value: { event, message_template_id: templateId, message_template_language: 'es', reason },
                },
              ],
            },
          ],
        }),
      );
    expect((await review(first.providerTemplateId, 'APPROVED')).json().result).toMatchObject({ updated: 1 });
    expect((await api.get(`/api/v2/whatsapp-templates/${first.id}`, admin)).json().result).toMatchObject({
      status: 'approved',
      rejectionReason: null,
    });
    await review(second.providerTemplateId, 'REJECTED', 'INCORRECT_CATEGORY');
    expect((await api.get(`/api/v2/whatsapp-templates/${second.id}`, admin)).json().result).toMatchObject({
      status: 'rejected',
      rejectionReason: 'INCORRECT_CATEGORY',
    });

    const third = (await api.post('/api/v2/whatsapp-templates', admin, template())).json().result;
    cloud.setTemplateStatus(third.providerTemplateId, 'APPROVED');
    const synced = await api.post(`/api/v2/whatsapp-templates/${third.id}/sync`, admin);
    expect(synced.json().result.status).toBe('approved');
  });

  it('lets an agent send an approved template after the 24-hour window, with its values', async () => {
    const approved = (await api.post('/api/v2/whatsapp-templates', admin, template())).json().result;
    cloud.setTemplateStatus(approved.providerTemplateId, 'APPROVED');
    await api.post(`/api/v2/whatsapp-templates/${approved.id}/sync`, admin);
    const pending = (await api.post('/api/v2/whatsapp-templates', admin, template())).json().result;
    const { from, ticketId } = await staleConversation();

    expect((await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Hola' })).statusCode).toBe(409);
    const offered = (await api.get(`/api/v2/tickets/${ticketId}/whatsapp-templates`, agent)).json().result as {
      id: number;
    }[];
    expect(offered.map((item) => item.id)).toContain(approved.id);
    expect(offered.map((item) => item.id)).not.toContain(pending.id);

    const send = (body: object, actor = agent) =>
      api.post(`/api/v2/tickets/${ticketId}/whatsapp-template`, actor, body);
    const notYet = await send({ templateId: pending.id, variables: ['Ana', '#1'] });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('WHATSAPP_TEMPLATE.NOT_APPROVED');
    const missing = await send({ templateId: approved.id, variables: ['Ana'] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().result.fields).toEqual([
      { field: 'variables', message: 'Escriba un valor para cada variable de la plantilla' },
    ]);
    expect((await send({ templateId: approved.id, variables: ['Ana', '#1'] }, outsider)).statusCode).toBe(404);

    const sent = await send({ templateId: approved.id, variables: ['Ana', '#98765'] });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().result.text).toBe(
      'Su pedido\n\nHola Ana, su pedido #98765 está en camino.\n\nTienda Demo\n\n[Gracias]\n[Hablar con alguien]',
    );
    const call = await waitFor(
      () => cloud.sends.find((entry) => entry.body.to === from && entry.body.type === 'template'),
      'the template at the Graph API',
    );
    expect(call.body.template).toEqual({
      name: approved.name,
      language: { code: 'es' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: '#98765' },
          ],
        },
      ],
    });
    await waitFor(async () => {
      const message = (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === sent.json().result.id);
      return message?.deliveryStatus === 1;
    }, 'the template marked sent');
    await settle(100);
    expect(cloud.sends.filter((entry) => entry.body.to === from)).toHaveLength(1);
  });

  it('checks permissions: agents neither list nor create templates', async () => {
    expect((await api.get('/api/v2/whatsapp-templates', agent)).statusCode).toBe(403);
    expect((await api.post('/api/v2/whatsapp-templates', agent, template())).statusCode).toBe(403);
    expect((await api.get('/api/v2/whatsapp-templates/999999', admin)).statusCode).toBe(404);
    // Who manages templates picks the WhatsApp channel without managing channels.
    const editor = await signedInWith(t, admin, ['ver-menu-plantillas-mensaje', 'agregar-plantilla-mensaje']);
    // Other suites leave many WhatsApp channels in the shared database: the editor looks this one up by name.
    const name = (await api.get(`/api/v2/channels/${channelId}`, admin)).json().result.name as string;
    const options = await api.get(`/api/v2/channels?type=whatsapp&searchText=${encodeURIComponent(name)}`, editor);
    expect(options.statusCode).toBe(200);
    expect(options.json().result.data.map((channel: { id: number }) => channel.id)).toContain(channelId);
    expect(
      (await api.post('/api/v2/channels', editor, { name: 'x', type: 'webchat', direction: 'inbound' })).statusCode,
    ).toBe(403);
    expect((await api.post('/api/v2/whatsapp-templates', editor, template())).statusCode).toBe(201);
  });
});

describe('WhatsApp templates, complete: media and chat types', () => {
  it('keeps uploaded template files checked by content for their use', async () => {
    const image = await upload('header-image', ONE_PIXEL_PNG, 'oferta.png');
    expect(image.statusCode, image.body).toBe(201);
    expect(image.json().result).toMatchObject({
      key: expect.stringMatching(/^plantillas-whatsapp\/[a-f0-9]{24}\.png$/),
      filename: 'oferta.png',
      contentType: 'image/png',
      size: ONE_PIXEL_PNG.length,
    });
    expect((await upload('header-document', PDF, 'factura.pdf')).json().result.contentType).toBe('application/pdf');
    expect((await upload('video', MP4, 'promo.mp4')).json().result.contentType).toBe('video/mp4');

    // A PNG is not a video header; a program is nothing at all; names are never trusted.
    const wrong = await upload('header-video', ONE_PIXEL_PNG, 'video.mp4');
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().message).toBe('WhatsApp no acepta este tipo de archivo aquí (mp4)');
    const program = await postFile(
      t,
      '/api/v2/whatsapp-templates/media?use=file',
      { headers: { ...admin.headers, 'x-locale': 'en' } },
      Buffer.from('MZ\x90\0\x03\0\0\0', 'latin1'),
      'factura.pdf',
    );
    expect(program.statusCode).toBe(415);
    expect(program.json().message).toContain('WhatsApp does not take this kind of file here');
    expect((await upload('header-image', ONE_PIXEL_PNG, 'x.png', agent)).statusCode).toBe(403);
    expect((await upload('anything', ONE_PIXEL_PNG, 'x.png')).statusCode).toBe(400);
  });

  it('submits an image header with its sample uploaded for review and sends it with the image', async () => {
    const key = (await upload('header-image', ONE_PIXEL_PNG, 'oferta.png')).json().result.key as string;
    const body = template({
      headerType: 'image',
      headerText: undefined,
      media: { key, filename: 'oferta.png' },
      category: 'MARKETING',
    });
    const before = await count();
    // Meta's resumable upload belongs to the app: without its id the channel cannot submit media headers.
    const noApp = await api.post('/api/v2/whatsapp-templates', admin, body);
    expect(noApp.statusCode).toBe(422);
    expect(noApp.json().result.fields).toEqual([
      { field: 'media', message: 'Configure el ID de la app de Meta en el canal para subir encabezados multimedia' },
    ]);
    const missing = await api.post(
      '/api/v2/whatsapp-templates',
      admin,
      template({
        headerType: 'image',
        media: { key: 'plantillas-whatsapp/0123456789abcdef01234567.png', filename: 'x.png' },
      }),
    );
    expect(missing.statusCode).toBe(422);
    expect(await count()).toBe(before);

    await t.ctx.db.execute(
      sql`update channels set config = config || '{"appId": "880011223344"}'::jsonb where id = ${channelId}`,
    );
    const created = await api.post('/api/v2/whatsapp-templates', admin, body);
    expect(created.statusCode, created.body).toBe(201);
    const result = created.json().result;
    expect(result).toMatchObject({
      type: 'template',
      headerType: 'image',
      headerText: null,
      sessionOnly: false,
      status: 'pending',
      media: { filename: 'oferta.png', contentType: 'image/png', size: ONE_PIXEL_PNG.length },
    });
    const sample = cloud.reviewUploads.at(-1);
    expect(sample).toMatchObject({ appId: '880011223344', type: 'image/png', filename: 'oferta.png' });
    expect(sample?.content.equals(ONE_PIXEL_PNG)).toBe(true);
    const submitted = cloud.templates.get(result.providerTemplateId)?.body.components as Record<string, unknown>[];
    expect(submitted[0]).toEqual({ type: 'HEADER', format: 'IMAGE', example: { header_handle: [sample?.handle] } });

    // Its file, for those who see templates (agents too, for the composer's preview), not for anyone else.
    const file = await api.get(`/api/v2/${result.media.url}`, agent);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type'], file.body).toBe('image/png');
    expect(file.rawPayload.equals(ONE_PIXEL_PNG)).toBe(true);
    const stranger = await signedInWith(t, admin, ['ver-lista-parametrizacion']);
    expect((await api.get(`/api/v2/${result.media.url}`, stranger)).statusCode).toBe(403);

    cloud.setTemplateStatus(result.providerTemplateId, 'APPROVED');
    await api.post(`/api/v2/whatsapp-templates/${result.id}/sync`, admin);
    const { from, ticketId } = await staleConversation();
    const uploadsBefore = cloud.uploads.length;
    const sent = await api.post(`/api/v2/tickets/${ticketId}/whatsapp-template`, agent, {
      templateId: result.id,
      variables: ['Ana', '#55'],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // The conversation keeps what went: the text with the button, and the image among the ticket's files.
    expect(sent.json().result.text).toBe(
      'Hola Ana, su pedido #55 está en camino.\n\nTienda Demo\n\n[Gracias]\n[Hablar con alguien]',
    );
    expect(sent.json().result.attachments).toEqual([
      expect.objectContaining({ name: 'oferta.png', contentType: 'image/png', size: ONE_PIXEL_PNG.length }),
    ]);
    const call = await waitFor(
      () => cloud.sends.find((entry) => entry.body.to === from && entry.body.type === 'template'),
      'the media template at the Graph API',
    );
    const uploaded = cloud.uploads.slice(uploadsBefore);
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0].content.equals(ONE_PIXEL_PNG)).toBe(true);
    expect((call.body.template as { components: unknown[] }).components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { id: uploaded[0].id } }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ana' },
          { type: 'text', text: '#55' },
        ],
      },
    ]);
  });

  it('keeps chat templates ready at once and sends them only inside the window, as WhatsApp session messages', async () => {
    const submittedBefore = cloud.templates.size;
    const replies = ['Ventas', 'Soporte', 'Facturación', 'Envíos', 'Otro'];
    const text = await api.post('/api/v2/whatsapp-templates', admin, {
      channelId,
      name: `menu_${Date.now()}_${next()}`,
      type: 'text',
      language: 'es',
      body: 'Hola {{1}}, ¿con quién desea hablar?',
      examples: ['Ana'],
      quickReplies: replies,
    });
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json().result).toMatchObject({
      type: 'text',
      category: null,
      status: 'approved',
      providerTemplateId: null,
      sessionOnly: true,
      quickReplies: replies,
    });
    const buttons = await api.post('/api/v2/whatsapp-templates', admin, {
      channelId,
      name: `confirmar_${Date.now()}_${next()}`,
      type: 'interactive',
      interactiveType: 'buttons',
      language: 'es',
      headerType: 'text',
      headerText: 'Su cita',
      body: '¿Confirma su cita del {{1}}?',
      footer: 'Clínica Demo',
      examples: ['lunes'],
      replyButtons: ['Confirmo', 'Cambiar fecha'],
    });
    expect(buttons.statusCode, buttons.body).toBe(201);
    const key = (await upload('image', ONE_PIXEL_PNG, 'catalogo.png')).json().result.key as string;
    const media = await api.post('/api/v2/whatsapp-templates', admin, {
      channelId,
      name: `catalogo_${Date.now()}_${next()}`,
      type: 'media',
      mediaType: 'image',
      language: 'es',
      media: { key, filename: 'catalogo.png' },
      body: 'Nuestro catálogo, {{1}}',
      examples: ['Ana'],
    });
    expect(media.statusCode, media.body).toBe(201);
    // Meta reviews none of them.
    expect(cloud.templates.size).toBe(submittedBefore);

    const stale = await staleConversation();
    const offered = (await api.get(`/api/v2/tickets/${stale.ticketId}/whatsapp-templates`, agent)).json().result as {
      id: number;
      sessionOnly: boolean;
    }[];
    expect(offered.find((entry) => entry.id === text.json().result.id)?.sessionOnly).toBe(true);
    const closed = await api.post(`/api/v2/tickets/${stale.ticketId}/whatsapp-template`, agent, {
      templateId: text.json().result.id,
      variables: ['Ana'],
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('MESSAGE.WINDOW_CLOSED');

    const { from, ticketId } = await freshConversation();
    const send = (templateId: number) =>
      api.post(`/api/v2/tickets/${ticketId}/whatsapp-template`, agent, { templateId, variables: ['Ana'] });
    const sentText = await send(text.json().result.id);
    expect(sentText.statusCode, sentText.body).toBe(201);
    expect(sentText.json().result.text).toBe(
      'Hola Ana, ¿con quién desea hablar?\n\n[Ventas]\n[Soporte]\n[Facturación]\n[Envíos]\n[Otro]',
    );
    const list = await waitFor(
      () => cloud.sends.find((entry) => entry.body.to === from && entry.body.type === 'interactive'),
      'the quick replies as a list',
    );
    expect(list.body.interactive).toEqual({
      type: 'list',
      body: { text: 'Hola Ana, ¿con quién desea hablar?' },
      action: {
        button: 'Ver opciones',
        sections: [{ rows: replies.map((title, index) => ({ id: `opt:${index + 1}`, title })) }],
      },
    });

    expect((await send(buttons.json().result.id)).statusCode).toBe(201);
    const buttonsCall = await waitFor(
      () =>
        cloud.sends.find(
          (entry) =>
            entry.body.to === from && (entry.body.interactive as { type?: string } | undefined)?.type === 'button',
        ),
      'the reply buttons',
    );
    expect(buttonsCall.body.interactive).toEqual({
      type: 'button',
      header: { type: 'text', text: 'Su cita' },
      body: { text: '¿Confirma su cita del Ana?' },
      footer: { text: 'Clínica Demo' },
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'opt:1', title: 'Confirmo' } },
          { type: 'reply', reply: { id: 'opt:2', title: 'Cambiar fecha' } },
        ],
      },
    });

    const sentMedia = await send(media.json().result.id);
    expect(sentMedia.statusCode).toBe(201);
    const imageCall = await waitFor(
      () => cloud.sends.find((entry) => entry.body.to === from && entry.body.type === 'image'),
      'the media template',
    );
    const uploadedId = (imageCall.body.image as { id: string }).id;
    expect(imageCall.body.image).toEqual({ id: uploadedId, caption: 'Nuestro catálogo, Ana' });
    expect(cloud.uploads.find((entry) => entry.id === uploadedId)?.content.equals(ONE_PIXEL_PNG)).toBe(true);

    // The customer's tap comes back as the option's title, kept in the conversation.
    const tapId = `wamid.tap${Date.now()}`;
    await deliver(
      webhookBody(PHONE_NUMBER_ID, {
        messages: [
          {
            from,
            id: tapId,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'interactive',
            interactive: { type: 'list_reply', list_reply: { id: 'opt:2', title: 'Soporte' } },
          },
        ],
      }),
    );
    await waitFor(
      async () => (await messagesOf(t, admin, ticketId)).some((message) => message.text === 'Soporte'),
      'the tap in the conversation',
    );
  });

  it('answers bad chat templates with translated field errors and stores nothing', async () => {
    const before = await count();
    const base = { channelId, name: `malo_${Date.now()}`, language: 'es' };
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { type: 'text', body: 'Hola', quickReplies: Array.from({ length: 16 }, (_, i) => `R${i}`) },
        'quickReplies',
        'Hasta 15',
        'Up to 15',
      ],
      [
        {
          type: 'interactive',
          interactiveType: 'list',
          body: 'Elija',
          listButton: 'Ver',
          sections: [{ title: 'A', options: Array.from({ length: 11 }, (_, i) => ({ title: `O${i}` })) }],
        },
        'sections.0.options',
        '',
        '',
      ],
      [{ type: 'media', mediaType: 'image' }, 'media', 'Suba el archivo', 'Upload the file'],
      [
        { type: 'interactive', interactiveType: 'buttons', body: 'Hola' },
        'replyButtons',
        'al menos un botón',
        'at least one button',
      ],
    ];
    for (const [overrides, field, spanish, english] of cases) {
      for (const locale of ['es', 'en'] as const) {
        const answer = await api.post('/api/v2/whatsapp-templates', admin, { ...base, ...overrides }, locale);
        expect(answer.statusCode, JSON.stringify(overrides)).toBe(422);
        const found = (answer.json().result.fields as { field: string; message: string }[]).find(
          (entry) => entry.field === field,
        );
        expect(found, `${field} in ${answer.body}`).toBeTruthy();
        const expected = locale === 'es' ? spanish : english;
        if (expected) expect(found?.message).toContain(expected);
      }
    }
    expect(await count()).toBe(before);
  });
});
