import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
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
    expect((await api.get(`/api/v2/whatsapp-templates/${result.id}`, admin)).json().result.body).toBe(body.body);
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
    expect(sent.json().result.text).toBe('Su pedido\n\nHola Ana, su pedido #98765 está en camino.\n\nTienda Demo');
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
