import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ONE_PIXEL_PNG, postFile, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, deskCampaign, messagesOf, settle, ticketOfMessage, waitFor } from '../../test/desk.js';
import { startMessengerPlatform } from '../../test/meta-messenger.js';
import { signWebhook } from '../../test/whatsapp-cloud.js';

const PAGE_ID = '1122334455';
const IG_ID = '17841400000000001';
const TOKEN = 'EAAG-messenger-token';
const APP_SECRET = 'messenger-app-secret';
const VERIFY = 'messenger-verify';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let meta: Awaited<ReturnType<typeof startMessengerPlatform>>;
let pageChannel: number;
let igChannel: number;
let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

function deliver(product: 'facebook' | 'instagram', channelId: number, body: object, secret = APP_SECRET) {
  const payload = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/webhooks/${product}/${channelId}`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(payload, secret) },
    payload,
  });
}

const pageEvent = (events: object[], entryId = PAGE_ID) => ({
  object: 'page',
  entry: [{ id: entryId, time: Date.now(), messaging: events }],
});
const igEvent = (events: object[]) => ({
  object: 'instagram',
  entry: [{ id: IG_ID, time: Date.now(), messaging: events }],
});

beforeAll(async () => {
  meta = await startMessengerPlatform({ accessToken: TOKEN });
  t = await createTestApp({ listen: true, allowOutbound: [meta.url()] });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  const campaignConfig = { allowAllTickets: true, tasksPerAgent: 100 };
  ({ channelId: pageChannel } = await deskCampaign(t, admin, {
    agents: [agent],
    channelType: 'facebook',
    channelConfig: {
      pageId: PAGE_ID,
      pageAccessToken: TOKEN,
      appSecret: APP_SECRET,
      verifyToken: VERIFY,
      apiBaseUrl: meta.url(),
    },
    config: campaignConfig,
  }));
  ({ channelId: igChannel } = await deskCampaign(t, admin, {
    agents: [agent],
    channelType: 'instagram',
    channelConfig: {
      accountId: IG_ID,
      accessToken: TOKEN,
      appSecret: APP_SECRET,
      verifyToken: VERIFY,
      apiBaseUrl: meta.url(),
    },
    config: campaignConfig,
  }));
});

afterAll(async () => {
  await t?.close();
  await meta?.close();
});

describe('Messenger channel', () => {
  it('checks Meta’s subscription and signatures', async () => {
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/v2/webhooks/facebook/${pageChannel}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=777`,
    });
    expect(check.body).toBe('777');
    // A WhatsApp or Instagram channel id is not a Messenger webhook.
    const wrongType = await t.app.inject({
      method: 'GET',
      url: `/api/v2/webhooks/facebook/${igChannel}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
    });
    expect(wrongType.statusCode).toBe(404);
    const forged = await deliver('facebook', pageChannel, pageEvent([]), 'wrong-secret');
    expect(forged.statusCode).toBe(401);
  });

  it('a customer’s message becomes a ticket once, named by the profile; echoes and other pages are ignored', async () => {
    const psid = `psid-${Date.now()}-${next()}`;
    meta.setProfile(psid, { first_name: 'Daniela', last_name: 'Soto' });
    const mid = `m_${Date.now()}_${next()}`;
    const event = {
      sender: { id: psid },
      recipient: { id: PAGE_ID },
      timestamp: Date.now(),
      message: { mid, text: '¿Abren el domingo?' },
    };
    for (let delivery = 0; delivery < 3; delivery += 1) {
      expect((await deliver('facebook', pageChannel, pageEvent([event]))).statusCode).toBe(200);
    }
    const echo = {
      sender: { id: PAGE_ID },
      recipient: { id: psid },
      message: { mid: `echo-${mid}`, text: 'x', is_echo: true },
    };
    const other = { sender: { id: psid }, message: { mid: `other-${mid}`, text: 'otra página' } };
    const ignored = await deliver('facebook', pageChannel, {
      object: 'page',
      entry: [...pageEvent([echo]).entry, ...pageEvent([other], '999').entry],
    });
    expect(ignored.json().result).toMatchObject({ messages: 0, recorded: 0 });
    await t.services.inbound.idle();
    const ticketId = await ticketOfMessage(t, pageChannel, mid);
    const view = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    expect(view.customer.fullName).toBe('Daniela Soto');
    expect(view.interactions[0]).toMatchObject({ contactValue: psid, channel: { typeName: 'facebook' } });
    expect(view.interactions[0].messages).toHaveLength(1);

    // The reply and a file go to the customer's page-scoped id; deliveries and reads come back.
    const pdf = Buffer.from('%PDF-1.4\n% menú\n%%EOF\n');
    const uploaded = await postFile(t, `/api/v2/tickets/${ticketId}/attachments`, agent, pdf, 'menu.pdf');
    const pdfId = Math.max(...uploaded.json().result.attachments.map((file: { id: number }) => file.id));
    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, {
      text: 'Sí, de 9 a 1.',
      attachmentIds: [pdfId],
    });
    expect(reply.statusCode).toBe(201);
    const sentFile = await waitFor(
      () => meta.sends.find((call) => call.body.recipient?.id === psid && call.file),
      'the file',
    );
    expect(sentFile.file).toMatchObject({ filename: 'menu.pdf', type: 'application/pdf' });
    expect(sentFile.file?.content.equals(pdf)).toBe(true);
    expect(sentFile.body.message).toEqual({ attachment: { type: 'file', payload: { is_reusable: false } } });
    const text = meta.sends.find((call) => call.body.recipient?.id === psid && !call.file);
    expect(text?.body).toEqual({
      recipient: { id: psid },
      messaging_type: 'RESPONSE',
      message: { text: 'Sí, de 9 a 1.' },
    });
    const messageId = reply.json().result.id as number;
    await waitFor(
      async () => (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === messageId)?.deliveryStatus === 1,
      'sent',
    );
    const [{ provider_message_id: providerId }] = (
      await t.ctx.db.execute(sql`select provider_message_id from messages where id = ${messageId}`)
    ).rows as { provider_message_id: string }[];
    await deliver(
      'facebook',
      pageChannel,
      pageEvent([{ sender: { id: psid }, delivery: { mids: [providerId], watermark: Date.now() } }]),
    );
    expect((await messagesOf(t, admin, ticketId)).find((entry) => entry.id === messageId)?.deliveryStatus).toBe(2);
    const read = await deliver(
      'facebook',
      pageChannel,
      pageEvent([{ sender: { id: psid }, read: { watermark: Date.now() + 1000 } }]),
    );
    expect(read.json().result.updated).toBe(1);
    expect((await messagesOf(t, admin, ticketId)).find((entry) => entry.id === messageId)?.deliveryStatus).toBe(3);
  });

  it('keeps a customer’s photo from Meta’s CDN and takes a button tap as the customer’s words', async () => {
    const psid = `psid-photo-${next()}`;
    const mid = `m_photo_${Date.now()}_${next()}`;
    const link = meta.addCdnFile(`foto-${next()}.png`, ONE_PIXEL_PNG, 'image/png');
    await deliver(
      'facebook',
      pageChannel,
      pageEvent([{ sender: { id: psid }, message: { mid, attachments: [{ type: 'image', payload: { url: link } }] } }]),
    );
    const ticketId = await ticketOfMessage(t, pageChannel, mid);
    const photo = await waitFor(async () => {
      const [first] = await messagesOf(t, admin, ticketId);
      return first?.attachments.length ? first : null;
    }, 'the photo');
    expect(photo.text).toBe('[image]');
    expect(photo.attachments[0].contentType).toBe('image/png');

    const tap = `m_tap_${next()}`;
    await deliver(
      'facebook',
      pageChannel,
      pageEvent([{ sender: { id: psid }, postback: { title: 'Hablar con un asesor', payload: 'AGENT', mid: tap } }]),
    );
    expect(await ticketOfMessage(t, pageChannel, tap)).toBe(ticketId);
    expect((await messagesOf(t, admin, ticketId)).at(-1)?.text).toBe('Hablar con un asesor');
  });

  it('applies a customer’s edit (message_edits) to the message, keeping its earlier words, once per edit', async () => {
    const psid = `${Date.now()}${next()}`;
    const mid = `m_edit_${Date.now()}_${next()}`;
    await deliver(
      'facebook',
      pageChannel,
      pageEvent([
        { sender: { id: psid }, timestamp: Date.now() - 5_000, message: { mid, text: 'Mi pedido es el 55' } },
      ]),
    );
    const ticketId = await ticketOfMessage(t, pageChannel, mid);
    const edit = {
      sender: { id: psid },
      recipient: { id: PAGE_ID },
      timestamp: Date.now(),
      message_edit: { mid, text: 'Mi pedido es el 56', num_edit: 1 },
    };
    expect((await deliver('facebook', pageChannel, pageEvent([edit]))).json().result).toMatchObject({ changed: 1 });
    expect((await deliver('facebook', pageChannel, pageEvent([edit]))).json().result).toMatchObject({ changed: 0 });
    const [message] = await messagesOf(t, admin, ticketId);
    expect(message).toMatchObject({ text: 'Mi pedido es el 56' });
    expect(message.edits.map((version) => version.text)).toEqual(['Mi pedido es el 55']);
  });
});

describe('Instagram channel', () => {
  it('takes direct messages, answers them, and refuses files before storing anything', async () => {
    const igsid = `igsid-${Date.now()}-${next()}`;
    meta.setProfile(igsid, { name: 'Sara Gil', username: 'sara.gil' });
    const mid = `ig_${Date.now()}_${next()}`;
    await deliver(
      'instagram',
      igChannel,
      igEvent([{ sender: { id: igsid }, recipient: { id: IG_ID }, message: { mid, text: 'Hola!' } }]),
    );
    const ticketId = await ticketOfMessage(t, igChannel, mid);
    expect((await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result.customer.fullName).toBe('Sara Gil');

    const uploaded = await postFile(t, `/api/v2/tickets/${ticketId}/attachments`, agent, ONE_PIXEL_PNG, 'foto.png');
    const fileId = Math.max(...uploaded.json().result.attachments.map((file: { id: number }) => file.id));
    for (const [locale, text] of [
      ['es', 'Este canal no permite enviar archivos'],
      ['en', 'This channel does not take files'],
    ] as const) {
      const refused = await api.post(
        `/api/v2/tickets/${ticketId}/messages`,
        agent,
        { text: 'Mire', attachmentIds: [fileId] },
        locale,
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().result.fields[0]).toMatchObject({ field: 'attachmentIds' });
      expect(refused.json().result.fields[0].message).toContain(text);
    }
    expect((await messagesOf(t, admin, ticketId)).filter((entry) => entry.direction === 1)).toHaveLength(0);

    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: '¡Hola Sara!' });
    expect(reply.statusCode).toBe(201);
    const sent = await waitFor(
      () => meta.sends.find((call) => call.body.recipient?.id === igsid),
      'the Instagram reply',
    );
    expect(sent.path).toBe(`/v21.0/${IG_ID}/messages`);
    const messageId = reply.json().result.id as number;
    await waitFor(
      async () => (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === messageId)?.deliveryStatus === 1,
      'sent',
    );
    const [{ provider_message_id: providerId }] = (
      await t.ctx.db.execute(sql`select provider_message_id from messages where id = ${messageId}`)
    ).rows as { provider_message_id: string }[];
    // Instagram reads name the message they reached.
    await deliver('instagram', igChannel, igEvent([{ sender: { id: igsid }, read: { mid: providerId } }]));
    expect((await messagesOf(t, admin, ticketId)).find((entry) => entry.id === messageId)?.deliveryStatus).toBe(3);
    await settle(50);
  });

  it('hides a message the customer unsent, keeping it for audit', async () => {
    const igsid = `${Date.now()}${next()}`;
    const mid = `ig_unsend_${Date.now()}_${next()}`;
    await deliver(
      'instagram',
      igChannel,
      igEvent([{ sender: { id: igsid }, message: { mid, text: 'Ups, otro chat' } }]),
    );
    const ticketId = await ticketOfMessage(t, igChannel, mid);
    await deliver(
      'instagram',
      igChannel,
      igEvent([{ sender: { id: igsid }, timestamp: Date.now(), message: { mid, is_deleted: true } }]),
    );
    const [message] = await messagesOf(t, admin, ticketId);
    expect(message).toMatchObject({ text: '', html: '' });
    expect(message.deletedAt).not.toBeNull();
    const [{ body }] = (await t.ctx.db.execute(sql`select body_text as body from messages where id = ${message.id}`))
      .rows as { body: string }[];
    expect(body).toBe('Ups, otro chat');
  });
});
