import { type MessageChangedEvent, REALTIME_EVENTS } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logCapture, ONE_PIXEL_PNG, postFile, signedIn, type TestApp } from '../../test/app.js';
import { ignoredOf } from '../../test/corpus.js';
import {
  type Actor,
  caller,
  collect,
  connect,
  deskCampaign,
  messagesOf,
  settle,
  ticketOfMessage,
  waitFor,
} from '../../test/desk.js';
import { signWebhook, startWhatsappCloud, webhookBody } from '../../test/whatsapp-cloud.js';

const PHONE_NUMBER_ID = '109876543210';
const ACCESS_TOKEN = 'EAAG-test-access-token';
const APP_SECRET = 'meta-app-secret-2026';
const VERIFY_TOKEN = 'verify-me-2026';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let cloud: Awaited<ReturnType<typeof startWhatsappCloud>>;
let channelId: number;
let campaignId: number;
let sequence = 0;
const logs = logCapture();
const next = () => {
  sequence += 1;
  return sequence;
};

const waId = () => `57300${Date.now() % 10_000_000}${next()}`;
const wamid = () => `wamid.HBgM${Date.now()}${next()}`;

/** Meta's call to the webhook, signed (or not) as Meta signs it. */
function deliver(body: string, signature: string | null = signWebhook(body, APP_SECRET)) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/webhooks/whatsapp/${channelId}`,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: body,
  });
}

function textMessage(from: string, id: string, text: string) {
  return { from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } };
}

/** A customer's edit of an earlier message, as the Cloud API reports it (`type: edit`). */
function editMessage(from: string, original: string, text: string, at = Math.floor(Date.now() / 1000)) {
  return {
    from,
    id: wamid(),
    timestamp: String(at),
    type: 'edit',
    edit: { original_message_id: original, message: { type: 'text', text: { body: text } } },
  };
}

/** A customer's deletion of an earlier message for everyone (`type: revoke`). */
function revokeMessage(from: string, original: string) {
  return {
    from,
    id: wamid(),
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: 'revoke',
    revoke: { original_message_id: original },
  };
}

async function storedBody(providerMessageId: string) {
  const [row] = (
    await t.ctx.db.execute(
      sql`select body_text from messages where channel_id = ${channelId} and provider_message_id = ${providerMessageId}`,
    )
  ).rows as { body_text: string }[];
  return row?.body_text;
}

beforeAll(async () => {
  cloud = await startWhatsappCloud({ accessToken: ACCESS_TOKEN });
  t = await createTestApp({ listen: true, allowOutbound: [cloud.url()], captureLogs: logs });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  ({ channelId, campaignId } = await deskCampaign(t, admin, {
    agents: [agent],
    channelType: 'whatsapp',
    channelConfig: {
      phoneNumber: '573001112233',
      phoneNumberId: PHONE_NUMBER_ID,
      businessAccountId: '2000000001',
      accessToken: ACCESS_TOKEN,
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
      apiBaseUrl: cloud.url(),
    },
    config: { allowAllTickets: true, tasksPerAgent: 100 },
  }));
});

afterAll(async () => {
  await t?.close();
  await cloud?.close();
});

describe('WhatsApp Cloud API channel', () => {
  it('answers Meta’s subscription check only with the channel’s verify token', async () => {
    const check = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v2/webhooks/whatsapp/${channelId}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const good = await check(VERIFY_TOKEN);
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('1158201444');
    expect((await check('wrong')).statusCode).toBe(403);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/v2/webhooks/whatsapp/999999?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses unsigned or wrongly signed calls and stores nothing', async () => {
    const from = waId();
    const id = wamid();
    const body = webhookBody(PHONE_NUMBER_ID, { messages: [textMessage(from, id, 'Hola')] });
    expect((await deliver(body, null)).statusCode).toBe(401);
    const forged = await deliver(body, signWebhook(body, 'not-the-secret'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('La firma de la notificación no es válida');
    const tampered = await deliver(body.replace('Hola', 'Adiós'), signWebhook(body, APP_SECRET));
    expect(tampered.statusCode).toBe(401);
    expect(await ticketOfMessage(t, channelId, id)).toBeNaN();
  });

  it('a customer’s message becomes a ticket once, however often Meta delivers it; the agent’s reply goes out', async () => {
    const from = waId();
    const id = wamid();
    const socket = await connect(t, agent);
    const arrivals = collect<{ casoId: number }>(socket, 'NuevoRegistroCanalEvent');
    const statuses = collect<{ messageId: number; deliveryStatus: number }>(socket, REALTIME_EVENTS.messageStatus);
    const body = webhookBody(PHONE_NUMBER_ID, {
      contacts: [{ waId: from, name: 'Lucía Gómez' }],
      messages: [textMessage(from, id, '¿Tienen la talla M?')],
    });
    for (let delivery = 0; delivery < 3; delivery += 1) {
      const answer = await deliver(body);
      expect(answer.statusCode).toBe(200);
    }
    await t.services.inbound.idle();
    const ticketId = await ticketOfMessage(t, channelId, id);
    expect(ticketId).toBeGreaterThan(0);
    const view = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    expect(view.interactions).toHaveLength(1);
    expect(view.interactions[0]).toMatchObject({ contactValue: from, channel: { typeName: 'whatsapp' } });
    expect(view.interactions[0].messages).toHaveLength(1);
    expect(view.interactions[0].messages[0]).toMatchObject({ text: '¿Tienen la talla M?', senderName: 'Lucía Gómez' });
    // A new customer, named by the WhatsApp profile and identified by the number until an agent completes it.
    expect(view.customer).toMatchObject({ fullName: 'Lucía Gómez', identificationNumber: from });
    await waitFor(async () => arrivals.some((event) => event.casoId === ticketId), 'the live new-inbound event');

    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Sí, la tenemos en azul.' });
    expect(reply.statusCode).toBe(201);
    const messageId = reply.json().result.id as number;
    const sent = await waitFor(
      async () => cloud.sends.find((call) => (call.body as { to?: string }).to === from),
      'the reply at the Graph API',
    );
    expect(sent.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(sent.path).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
    expect(sent.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: from,
      type: 'text',
      text: { body: 'Sí, la tenemos en azul.' },
    });
    const stored = await waitFor(async () => {
      const message = (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === messageId);
      return message?.deliveryStatus === 1 ? message : null;
    }, 'the reply marked sent');
    const [{ provider_message_id: providerId }] = (
      await t.ctx.db.execute(sql`select provider_message_id from messages where id = ${stored.id}`)
    ).rows as { provider_message_id: string }[];
    expect(providerId).toMatch(/^wamid\.out\d+$/);

    // Meta's statuses, out of order: read wins over a late delivered; nothing moves backwards.
    const status = (value: string) =>
      deliver(
        webhookBody(PHONE_NUMBER_ID, {
          statuses: [{ id: providerId, status: value, timestamp: '1', recipient_id: from }],
        }),
      );
    expect((await status('read')).json().result).toMatchObject({ statuses: 1, updated: 1 });
    expect((await status('delivered')).json().result).toMatchObject({ statuses: 1, updated: 0 });
    expect((await messagesOf(t, admin, ticketId)).find((entry) => entry.id === messageId)?.deliveryStatus).toBe(3);
    await waitFor(
      async () => statuses.some((event) => event.messageId === messageId && event.deliveryStatus === 3),
      'the live read status',
    );
    socket.close();
  });

  it('keeps the customer’s photo on the message, and sends the agent’s file as a document', async () => {
    const from = waId();
    const id = wamid();
    cloud.addCustomerMedia('media-in-1', ONE_PIXEL_PNG, 'image/png');
    const answer = await deliver(
      webhookBody(PHONE_NUMBER_ID, {
        contacts: [{ waId: from, name: 'Pedro' }],
        messages: [
          {
            from,
            id,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'image',
            image: { id: 'media-in-1', mime_type: 'image/png', sha256: 'x', caption: 'Así llegó la caja' },
          },
        ],
      }),
    );
    expect(answer.statusCode).toBe(200);
    const ticketId = await ticketOfMessage(t, channelId, id);
    const withPhoto = await waitFor(async () => {
      const [message] = await messagesOf(t, admin, ticketId);
      return message?.attachments.length ? message : null;
    }, 'the photo fetched from Meta');
    expect(withPhoto.text).toBe('Así llegó la caja');
    expect(withPhoto.attachments[0]).toMatchObject({ contentType: 'image/png' });
    const download = await api.get(withPhoto.attachments[0].url, admin);
    expect(download.rawPayload.equals(ONE_PIXEL_PNG)).toBe(true);

    const pdf = Buffer.from('%PDF-1.4\n% garantía\n%%EOF\n');
    const uploaded = await postFile(t, `/api/v2/tickets/${ticketId}/attachments`, agent, pdf, 'garantía.pdf');
    const pdfId = Math.max(...uploaded.json().result.attachments.map((file: { id: number }) => file.id));
    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, {
      text: 'Le envío la garantía',
      attachmentIds: [pdfId],
    });
    expect(reply.statusCode).toBe(201);
    const document = await waitFor(
      async () =>
        cloud.sends.find(
          (call) => (call.body as { to?: string; type?: string }).to === from && call.body.type === 'document',
        ),
      'the document message',
    );
    const media = cloud.uploads.find((upload) => upload.id === (document.body.document as { id: string }).id);
    expect(media?.content.equals(pdf)).toBe(true);
    expect(media?.type).toBe('application/pdf');
    expect(document.body.document).toMatchObject({ filename: 'garantía.pdf' });
    const text = cloud.sends.find((call) => call.body.to === from && call.body.type === 'text');
    expect(text?.body.text).toMatchObject({ body: 'Le envío la garantía' });
  });

  it('refuses free-form replies 24 hours after the customer last wrote, in Spanish and English', async () => {
    const from = waId();
    const id = wamid();
    await deliver(webhookBody(PHONE_NUMBER_ID, { messages: [textMessage(from, id, 'Hola, ¿siguen ahí?')] }));
    const ticketId = await ticketOfMessage(t, channelId, id);
    await t.ctx.db.execute(
      sql`update messages set created_at = now() - interval '25 hours' where provider_message_id = ${id}`,
    );
    const sendsBefore = cloud.sends.length;
    const es = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Buenos días' }, 'es');
    expect(es.statusCode).toBe(409);
    expect(es.json()).toMatchObject({ code: 'MESSAGE.WINDOW_CLOSED' });
    expect(es.json().message).toContain('Pasaron más de 24 horas');
    const en = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Good morning' }, 'en');
    expect(en.json().message).toContain('More than 24 hours');
    // Nothing half-saved: no message, nothing sent.
    expect((await messagesOf(t, admin, ticketId)).filter((entry) => entry.direction === 1)).toHaveLength(0);
    await settle(300);
    expect(cloud.sends.length).toBe(sendsBefore);
  });

  it('fails an undeliverable reply at once with Meta’s reason, and retries a throttled one', async () => {
    const from = waId();
    const id = wamid();
    await deliver(webhookBody(PHONE_NUMBER_ID, { messages: [textMessage(from, id, 'Necesito ayuda')] }));
    const ticketId = await ticketOfMessage(t, channelId, id);
    cloud.failNextSend(400, 131026, 'Message undeliverable');
    const failing = (await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Primer intento' })).json()
      .result.id as number;
    await waitFor(async () => {
      const message = (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === failing);
      return message?.deliveryStatus === 4;
    }, 'the undeliverable reply marked failed');
    const [{ delivery_error: reason }] = (
      await t.ctx.db.execute(sql`select delivery_error from messages where id = ${failing}`)
    ).rows as { delivery_error: string }[];
    expect(reason).toContain('131026');
    expect(cloud.sends.filter((call) => call.body.to === from)).toHaveLength(1);

    cloud.failNextSend(429, 130429, 'Rate limit hit');
    const throttled = (
      await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Segundo intento' })
    ).json().result.id as number;
    await waitFor(async () => {
      const message = (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === throttled);
      return message?.deliveryStatus === 1;
    }, 'the throttled reply sent on retry');
    expect(
      cloud.sends.filter((call) => call.body.to === from && JSON.stringify(call.body).includes('Segundo')),
    ).toHaveLength(2);
  }, 60_000);

  it('shows a revoked token on the channel until a reply goes out again', async () => {
    const from = waId();
    const id = wamid();
    await deliver(webhookBody(PHONE_NUMBER_ID, { messages: [textMessage(from, id, 'Hola')] }));
    const ticketId = await ticketOfMessage(t, channelId, id);
    cloud.failNextSend(401, 190, 'Error validating access token: Session has expired');
    const first = (await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Uno' })).json().result;
    await waitFor(
      async () => (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === first.id)?.deliveryStatus === 4,
      'the reply failed at once',
    );
    const broken = (await api.get(`/api/v2/channels/${channelId}`, admin)).json().result;
    // Our words with Graph's code, in the reader's language; Graph's own text never reaches the client.
    expect(broken.lastError).toBe('Graph API: WhatsApp rechazó las credenciales del canal (código 190)');
    expect(broken.lastErrorAt).not.toBeNull();
    const inEnglish = await api.get(`/api/v2/channels/${channelId}`, admin, 'en');
    expect(inEnglish.json().result.lastError).toBe('Graph API: WhatsApp refused the channel’s credentials (code 190)');
    expect(inEnglish.body).not.toContain('Session has expired');

    const second = (await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Dos' })).json().result;
    await waitFor(
      async () => (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === second.id)?.deliveryStatus === 1,
      'the next reply sent',
    );
    const fixed = (await api.get(`/api/v2/channels/${channelId}`, admin)).json().result;
    expect(fixed).toMatchObject({ lastError: null, lastErrorAt: null });
  });

  it('a customer’s edit changes the message and keeps its earlier words; a deletion hides it; both live', async () => {
    const from = waId();
    const id = wamid();
    const socket = await connect(t, agent);
    const changes = collect<MessageChangedEvent>(socket, REALTIME_EVENTS.messageChanged);
    await deliver(webhookBody(PHONE_NUMBER_ID, { messages: [textMessage(from, id, 'Quiero 2 camisas')] }));
    const ticketId = await ticketOfMessage(t, channelId, id);
    const edit = editMessage(from, id, 'Quiero 3 camisas');
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const answer = await deliver(webhookBody(PHONE_NUMBER_ID, { messages: [edit] }));
      expect(answer.json().result).toMatchObject({ changes: 1, changed: delivery === 0 ? 1 : 0 });
    }
    const [edited] = await messagesOf(t, admin, ticketId);
    expect(edited).toMatchObject({ text: 'Quiero 3 camisas', deletedAt: null });
    expect(edited.html).toContain('Quiero 3 camisas');
    expect(edited.editedAt).not.toBeNull();
    // Meta's redelivery of the same edit keeps one earlier version.
    expect(edited.edits).toEqual([{ text: 'Quiero 2 camisas', replacedAt: edited.editedAt }]);
    await waitFor(
      () =>
        changes.some((event) => event.messageId === edited.id && event.change === 'edit' && event.casoId === ticketId),
      'the live edit',
    );

    // Another number cannot change the customer's message.
    const forged = await deliver(webhookBody(PHONE_NUMBER_ID, { messages: [editMessage(waId(), id, 'Cambiado')] }));
    expect(forged.json().result).toMatchObject({ changes: 1, changed: 0, ignored: 1 });
    expect((await messagesOf(t, admin, ticketId))[0].text).toBe('Quiero 3 camisas');

    await deliver(webhookBody(PHONE_NUMBER_ID, { messages: [revokeMessage(from, id)] }));
    const [deleted] = await messagesOf(t, admin, ticketId);
    expect(deleted).toMatchObject({ id: edited.id, text: '', html: '', edits: [], attachments: [] });
    expect(deleted.deletedAt).not.toBeNull();
    // The content stays for audit; the ticket's preview no longer shows it.
    expect(await storedBody(id)).toBe('Quiero 3 camisas');
    const [{ preview }] = (
      await t.ctx.db.execute(sql`select last_message_preview as preview from tickets where id = ${ticketId}`)
    ).rows as { preview: string }[];
    expect(preview).toBe('🚫');
    await waitFor(
      () => changes.some((event) => event.messageId === edited.id && event.change === 'delete'),
      'the live deletion',
    );
    // An edit after the deletion changes nothing.
    await deliver(webhookBody(PHONE_NUMBER_ID, { messages: [editMessage(from, id, 'Otra vez')] }));
    expect(await storedBody(id)).toBe('Quiero 3 camisas');
    socket.close();
  });

  it('an edit or deletion that arrives before its message is not lost; the late original fills in', async () => {
    const from = waId();
    const edited = wamid();
    const earlier = Math.floor(Date.now() / 1000) - 60;
    await deliver(
      webhookBody(PHONE_NUMBER_ID, {
        contacts: [{ waId: from, name: 'Marta Ruiz' }],
        messages: [editMessage(from, edited, 'Llego a las 5', earlier + 30)],
      }),
    );
    const ticketId = await ticketOfMessage(t, channelId, edited);
    expect(ticketId).toBeGreaterThan(0);
    await deliver(
      webhookBody(PHONE_NUMBER_ID, {
        messages: [{ ...textMessage(from, edited, 'Llego a las 4'), timestamp: String(earlier) }],
      }),
    );
    const [message] = await messagesOf(t, admin, ticketId);
    expect(message).toMatchObject({ text: 'Llego a las 5', senderName: 'Marta Ruiz' });
    expect(message.edits.map((version) => version.text)).toEqual(['Llego a las 4']);

    const deleted = wamid();
    await deliver(webhookBody(PHONE_NUMBER_ID, { messages: [revokeMessage(from, deleted)] }));
    await deliver(webhookBody(PHONE_NUMBER_ID, { messages: [textMessage(from, deleted, 'Mi clave es 1234')] }));
    const hidden = (await messagesOf(t, admin, ticketId)).find((entry) => entry.deletedAt !== null);
    expect(hidden).toMatchObject({ text: '', html: '' });
    expect(await storedBody(deleted)).toBe('Mi clave es 1234');
  });

  it('refuses senders that are not phone numbers, and logs every event it does not keep with the reason', async () => {
    const id = wamid();
    const answer = await deliver(
      webhookBody(PHONE_NUMBER_ID, {
        messages: [
          { ...textMessage('<WHATSAPP_USER_PHONE_NUMBER>', id, 'Hola') },
          { ...textMessage(waId(), wamid(), ''), type: 'reaction', reaction: { message_id: id, emoji: '👍' } },
        ],
        statuses: [{ id: wamid(), status: 'played', timestamp: '1' }],
      }),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result).toMatchObject({ messages: 0, recorded: 0, ignored: 3 });
    expect(await ticketOfMessage(t, channelId, id)).toBeNaN();
    const reasons = ignoredOf(logs.entries, channelId).map((event) => [event.kind, event.reason]);
    expect(reasons).toEqual(
      expect.arrayContaining([
        ['text', 'invalid-sender'],
        ['reaction', 'unhandled-kind'],
        ['status:played', 'status-not-tracked'],
      ]),
    );
  });

  it('ignores messages for another phone number of the same app, and statuses of unknown messages', async () => {
    const id = wamid();
    const answer = await deliver(
      webhookBody('other-number', { messages: [textMessage(waId(), id, 'Para otro número')] }),
    );
    expect(answer.json().result).toMatchObject({ messages: 0, recorded: 0 });
    expect(await ticketOfMessage(t, channelId, id)).toBeNaN();
    const unknown = await deliver(
      webhookBody(PHONE_NUMBER_ID, { statuses: [{ id: 'wamid.unknown', status: 'delivered', timestamp: '1' }] }),
    );
    expect(unknown.json().result).toMatchObject({ statuses: 1, updated: 0 });
    expect(ignoredOf(logs.entries, channelId)).toEqual(
      expect.arrayContaining([
        { kind: 'messages', reason: 'other-account', detail: 'other-number', id: undefined },
        { kind: 'status:delivered', reason: 'unknown-message', id: 'wamid.unknown', detail: undefined },
      ]),
    );
    expect(campaignId).toBeGreaterThan(0);
  });
});
