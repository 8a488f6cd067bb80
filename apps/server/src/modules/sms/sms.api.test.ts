import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logCapture, ONE_PIXEL_PNG, signedIn, type TestApp } from '../../test/app.js';
import { ignoredOf } from '../../test/corpus.js';
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
import { signedTwilioCall, startTwilioMessaging, twilioSid } from '../../test/twilio-messaging.js';

const ACCOUNT_SID = `AC${'5e'.repeat(16)}`;
const AUTH_TOKEN = 'twilio-test-auth-token-7f3a';
const SENDER = '+15005550006';
const FORM = 'application/x-www-form-urlencoded';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let twilio: Awaited<ReturnType<typeof startTwilioMessaging>>;
let channelId: number;
let customerSequence = 0;
const logs = logCapture();

/** A customer's number nobody else in this file uses. */
const nextCustomer = () => {
  customerSequence += 1;
  return `+1415555${String(1000 + customerSequence).padStart(4, '0')}`;
};

const webhookPath = (id = channelId) => `/api/v2/webhooks/sms/${id}`;
const statusPath = (id = channelId) => `/api/v2/webhooks/sms/${id}/status`;

/** A call as Twilio makes it: the form signed for the public URL of `path` (or with the given signature). */
function twilioCall(path: string, params: Record<string, string>, signature?: string | null) {
  const signed = signedTwilioCall(`${t.ctx.config.publicUrl}${path}`, AUTH_TOKEN, params);
  const header = signature === undefined ? signed.signature : signature;
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': FORM, ...(header === null ? {} : { 'x-twilio-signature': header }) },
    payload: signed.body,
  });
}

/** An inbound SMS as Twilio posts it (the fields of a real one; see corpus/README.md). */
function sms(from: string, body: string, extra: Record<string, string> = {}) {
  const sid = extra.MessageSid ?? twilioSid('SM');
  return {
    ToCountry: 'US',
    SmsMessageSid: sid,
    NumMedia: '0',
    SmsSid: sid,
    SmsStatus: 'received',
    Body: body,
    To: SENDER,
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: ACCOUNT_SID,
    From: from,
    ApiVersion: '2010-04-01',
    ...extra,
  };
}

async function counts() {
  const [row] = (
    await t.ctx.db.execute(sql`select (select count(*) from messages) as messages,
      (select count(*) from tickets) as tickets, (select count(*) from customers) as customers,
      (select count(*) from interactions) as interactions`)
  ).rows as Record<string, string>[];
  return row;
}

async function delivery(messageId: number) {
  const [row] = (
    await t.ctx.db.execute(
      sql`select delivery_status, delivery_error, provider_message_id from messages where id = ${messageId}`,
    )
  ).rows as { delivery_status: number; delivery_error: string | null; provider_message_id: string | null }[];
  return { status: Number(row.delivery_status), error: row.delivery_error, sid: row.provider_message_id };
}

/** A customer's first message on the channel, stored; returns its ticket. */
async function conversation(from: string, id = channelId) {
  const message = sms(from, 'Hola');
  expect((await twilioCall(webhookPath(id), message)).statusCode).toBe(200);
  return ticketOfMessage(t, id, message.MessageSid);
}

/** The agent's reply, sent to the local Twilio; returns the stored message id and the send Twilio recorded. */
async function reply(ticketId: number, text: string) {
  const before = twilio.sends.length;
  const answer = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text });
  expect(answer.statusCode, answer.body).toBe(201);
  const messageId = answer.json().result.id as number;
  await waitFor(async () => (await delivery(messageId)).status === 1, 'the reply sent');
  return { messageId, send: twilio.sends[before] };
}

beforeAll(async () => {
  twilio = await startTwilioMessaging({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  t = await createTestApp({ allowOutbound: [twilio.url()], captureLogs: logs });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  ({ channelId } = await deskCampaign(t, admin, {
    agents: [agent],
    channelType: 'sms',
    channelConfig: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, sender: SENDER, apiBaseUrl: twilio.url() },
    config: { allowAllTickets: true, tasksPerAgent: 100 },
  }));
});

afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

describe('SMS channel configuration', () => {
  it('shows the webhook URL to give Twilio and never the auth token', async () => {
    const channel = (await api.get(`/api/v2/channels/${channelId}`, admin)).json().result;
    expect(channel.webhookUrl).toBe(`${t.ctx.config.publicUrl}/api/v2/webhooks/sms/${channelId}`);
    expect(channel.config).toMatchObject({ accountSid: ACCOUNT_SID, sender: SENDER, apiBaseUrl: twilio.url() });
    expect(channel.secretsSet).toEqual(['authToken']);
    expect(JSON.stringify(channel)).not.toContain(AUTH_TOKEN);
  });

  it('refuses a bad account SID, a sender that is not a number and a missing token, in both languages', async () => {
    const payload = {
      name: `SMS inválido ${Date.now()}`,
      type: 'sms',
      direction: 'inbound',
      config: { accountSid: 'acctid', sender: '300 123 4567', apiBaseUrl: 'http://169.254.169.254/' },
    };
    const before = await counts();
    const es = await api.post('/api/v2/channels', admin, payload);
    expect(es.statusCode).toBe(422);
    const fields = Object.fromEntries(
      es.json().result.fields.map((field: { field: string; message: string }) => [field.field, field.message]),
    );
    expect(fields).toMatchObject({
      'config.accountSid': 'Escriba el Account SID de Twilio: AC seguido de 32 caracteres hexadecimales',
      'config.sender':
        'Escriba el número remitente en formato internacional (+573001234567) o el SID del Messaging Service (MG…)',
      'config.authToken': 'Este dato es obligatorio para el tipo de canal',
    });
    expect(fields['config.apiBaseUrl']).toBeTruthy();
    const en = await api.post('/api/v2/channels', admin, payload, 'en');
    const english = en.json().result.fields.find((field: { field: string }) => field.field === 'config.sender');
    expect(english.message).toBe(
      'Write the sender number in international format (+573001234567) or the Messaging Service SID (MG…)',
    );
    const list = await api.get(`/api/v2/channels?searchText=${encodeURIComponent(payload.name)}`, admin);
    expect(list.json().result.total).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('is registered and edited only with the channel permissions', async () => {
    const viewer = await signedInWith(t, admin, ['ver-menu-canales']);
    const body = {
      name: `SMS ${Date.now()}`,
      type: 'sms',
      direction: 'inbound',
      config: { accountSid: ACCOUNT_SID, authToken: 'another-token', sender: '+573001234567' },
    };
    const channelsBefore = (await api.get('/api/v2/channels?type=sms&sizePerPage=100', admin)).json().result.total;
    expect((await api.post('/api/v2/channels', viewer, body)).statusCode).toBe(403);
    expect((await api.get('/api/v2/channels?type=sms&sizePerPage=100', admin)).json().result.total).toBe(
      channelsBefore,
    );
    const current = (await api.get(`/api/v2/channels/${channelId}`, admin)).json().result;
    const edit = { ...body, name: current.name, config: { ...body.config, apiBaseUrl: twilio.url() } };
    expect((await api.put(`/api/v2/channels/${channelId}`, viewer, edit)).statusCode).toBe(403);
    const after = (await api.get(`/api/v2/channels/${channelId}`, admin)).json().result;
    expect(after.config.sender).toBe(SENDER);
    expect(after.updatedAt).toBe(current.updatedAt);
  });
});

describe('SMS webhook', () => {
  it('stores nothing from a call without Twilio’s signature', async () => {
    const message = sms(nextCustomer(), 'Soy un mensaje falso');
    const before = await counts();
    const forged = signedTwilioCall(`${t.ctx.config.publicUrl}${webhookPath()}`, 'not-the-token', message);
    const otherBody = signedTwilioCall(`${t.ctx.config.publicUrl}${webhookPath()}`, AUTH_TOKEN, {
      ...message,
      Body: 'otro',
    });
    const otherUrl = signedTwilioCall(`${t.ctx.config.publicUrl}${statusPath()}`, AUTH_TOKEN, message);
    for (const signature of [
      null,
      '',
      'bm90LWEtc2lnbmF0dXJl',
      forged.signature,
      otherBody.signature,
      otherUrl.signature,
    ]) {
      const answer = await twilioCall(webhookPath(), message, signature);
      expect(answer.statusCode, String(signature)).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'WEBHOOK.SIGNATURE' });
    }
    // A JSON body proves nothing either.
    const json = await t.app.inject({
      method: 'POST',
      url: webhookPath(),
      headers: { 'x-twilio-signature': forged.signature },
      payload: message,
    });
    expect(json.statusCode).toBe(403);
    await t.services.inbound.idle();
    expect(await counts()).toEqual(before);
    expect(await ticketOfMessage(t, channelId, message.MessageSid)).toBeNaN();
  });

  it('stores a customer’s SMS once though Twilio posts it three times, and answers empty TwiML', async () => {
    const from = nextCustomer();
    const message = sms(from, '¿Tienen envío a Medellín?\u0000');
    const before = await counts();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await twilioCall(webhookPath(), message);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/xml/);
      expect(answer.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    }
    await t.services.inbound.idle();
    const after = await counts();
    expect(Number(after.messages) - Number(before.messages)).toBe(1);
    expect(Number(after.tickets) - Number(before.tickets)).toBe(1);
    expect(Number(after.customers) - Number(before.customers)).toBe(1);
    const ticketId = await ticketOfMessage(t, channelId, message.MessageSid);
    const view = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    expect(view.interactions[0]).toMatchObject({ contactValue: from, channel: { typeName: 'sms' } });
    expect(view.interactions[0].messages.map((entry: { text: string }) => entry.text)).toEqual([
      '¿Tienen envío a Medellín?',
    ]);

    // The same number written another way is the same customer: the contact is compared as a phone.
    const again = sms(from.replace('+1', '1'), 'Otra pregunta');
    await twilioCall(webhookPath(), again);
    expect(await ticketOfMessage(t, channelId, again.MessageSid)).toBe(ticketId);
  });

  it('sends the agent’s reply through the Messages API with the status callback, in parts when long', async () => {
    const from = nextCustomer();
    const ticketId = await conversation(from);
    const { messageId, send } = await reply(ticketId, 'Sí, en 2 días hábiles.');
    expect(send.credentials).toBe(`${ACCOUNT_SID}:${AUTH_TOKEN}`);
    expect(send.fields).toEqual({
      To: from,
      From: SENDER,
      Body: 'Sí, en 2 días hábiles.',
      StatusCallback: `${t.ctx.config.publicUrl}${statusPath()}`,
    });
    expect((await delivery(messageId)).sid).toBe(send.sid);

    const long = `${'Un texto largo. '.repeat(110)}Fin.`;
    const before = twilio.sends.length;
    await reply(ticketId, long);
    const parts = twilio.sends.slice(before).map((entry) => entry.fields.Body);
    expect(parts).toHaveLength(2);
    expect(parts.every((part) => part.length <= 1600)).toBe(true);
    expect(parts.join(' ')).toBe(long);
  });

  it('sends from a Messaging Service when the sender is one', async () => {
    const service = `MG${'a1'.repeat(16)}`;
    const { channelId: serviceChannel } = await deskCampaign(t, admin, {
      agents: [agent],
      channelType: 'sms',
      channelConfig: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, sender: service, apiBaseUrl: twilio.url() },
      config: { allowAllTickets: true, tasksPerAgent: 100 },
    });
    const ticketId = await conversation(nextCustomer(), serviceChannel);
    const { send } = await reply(ticketId, 'Hola desde el servicio');
    expect(send.fields.MessagingServiceSid).toBe(service);
    expect(send.fields.From).toBeUndefined();
    expect(send.fields.StatusCallback).toBe(`${t.ctx.config.publicUrl}${statusPath(serviceChannel)}`);
  });

  it('moves a reply’s delivery status forward only; Twilio’s failures keep their error code', async () => {
    const ticketId = await conversation(nextCustomer());
    const status = (sid: string, MessageStatus: string, extra: Record<string, string> = {}) =>
      twilioCall(statusPath(), {
        SmsSid: sid,
        SmsStatus: MessageStatus,
        MessageStatus,
        To: '+14155550100',
        MessageSid: sid,
        AccountSid: ACCOUNT_SID,
        From: SENDER,
        ApiVersion: '2010-04-01',
        ...extra,
      });

    const delivered = await reply(ticketId, 'Primera');
    expect((await status(delivered.send.sid, 'sent')).statusCode).toBe(200);
    expect((await status(delivered.send.sid, 'delivered')).statusCode).toBe(200);
    expect((await delivery(delivered.messageId)).status).toBe(2);
    // Twilio's callbacks may arrive out of order: a late "sent" or "queued" leaves it delivered.
    await status(delivered.send.sid, 'sent');
    await status(delivered.send.sid, 'queued');
    expect((await delivery(delivered.messageId)).status).toBe(2);
    await status(delivered.send.sid, 'read');
    expect((await delivery(delivered.messageId)).status).toBe(3);
    await status(delivered.send.sid, 'delivered');
    expect((await delivery(delivered.messageId)).status).toBe(3);

    const undelivered = await reply(ticketId, 'Segunda');
    await status(undelivered.send.sid, 'undelivered', { ErrorCode: '30003' });
    expect(await delivery(undelivered.messageId)).toMatchObject({ status: 4, error: 'undelivered (Twilio 30003)' });
    await status(undelivered.send.sid, 'sent');
    expect(await delivery(undelivered.messageId)).toMatchObject({ status: 4, error: 'undelivered (Twilio 30003)' });

    const failed = await reply(ticketId, 'Tercera');
    await status(failed.send.sid, 'failed', { ErrorCode: '21610' });
    expect(await delivery(failed.messageId)).toMatchObject({ status: 4, error: 'failed (Twilio 21610)' });
    const [view] = (await messagesOf(t, admin, ticketId)).filter((entry) => entry.id === failed.messageId);
    expect(view.deliveryStatus).toBe(4);

    // A failure after the customer read it, or a forged callback, changes nothing; one for a message Atiende did not
    // send is logged.
    expect((await status(delivered.send.sid, 'failed', { ErrorCode: '30008' })).statusCode).toBe(200);
    expect(
      (
        await twilioCall(
          statusPath(),
          { MessageSid: delivered.send.sid, MessageStatus: 'failed', ErrorCode: '30008' },
          'Zm9yZ2Vk',
        )
      ).statusCode,
    ).toBe(403);
    expect((await delivery(delivered.messageId)).status).toBe(3);
    const stranger = twilioSid('SM');
    expect((await status(stranger, 'delivered')).statusCode).toBe(200);
    await status(delivered.send.sid, 'huh');
    expect(ignoredOf(logs.entries, channelId).map((event) => [event.kind, event.reason, event.id])).toEqual(
      expect.arrayContaining([
        ['status:delivered', 'unknown-message', stranger],
        ['status:huh', 'status-not-tracked', delivered.send.sid],
      ]),
    );
  });

  it('fails a reply Twilio refuses at once, marks wrong credentials on the channel, and retries throttling', async () => {
    const ticketId = await conversation(nextCustomer());
    const send = async (text: string) => {
      const answer = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text });
      return answer.json().result.id as number;
    };

    twilio.failNext(400, 21610, 'Attempt to send to unsubscribed recipient');
    const unsubscribed = await send('Uno');
    await waitFor(async () => (await delivery(unsubscribed)).status === 4, 'the refused reply failed');
    expect((await delivery(unsubscribed)).error).toBe('Twilio send failed (400, code 21610)');

    twilio.failNext(401, 20003, 'Authenticate');
    const refused = await send('Dos');
    await waitFor(async () => (await delivery(refused)).status === 4, 'the reply with bad credentials failed');
    const channel = (await api.get(`/api/v2/channels/${channelId}`, admin, 'en')).json().result;
    expect(channel.lastError).toBe('Twilio: Twilio refused the channel’s credentials (code 20003)');

    twilio.failNext(429, 20429, 'Too Many Requests');
    const before = twilio.sends.length;
    const throttled = await send('Tres');
    await waitFor(async () => (await delivery(throttled)).status === 1, 'the throttled reply sent on retry', 40_000);
    expect(twilio.sends.slice(before).filter((entry) => entry.fields.Body === 'Tres')).toHaveLength(2);
    // A delivery that succeeds again clears the channel's problem.
    expect((await api.get(`/api/v2/channels/${channelId}`, admin)).json().result.lastError).toBeNull();
    await settle(100);
  }, 60_000);

  it('keeps a customer’s MMS media as the ticket’s files, fetched with the account’s credentials', async () => {
    const messageSid = twilioSid('MM');
    const mediaUrl = twilio.addMedia(messageSid, ONE_PIXEL_PNG, 'image/png');
    const message = sms(nextCustomer(), '', {
      MessageSid: messageSid,
      NumMedia: '1',
      MediaUrl0: mediaUrl,
      MediaContentType0: 'image/png',
    });
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await twilioCall(webhookPath(), message)).statusCode).toBe(200);
    const ticketId = await ticketOfMessage(t, channelId, messageSid);
    const withFile = await waitFor(async () => {
      const [first] = await messagesOf(t, admin, ticketId);
      return first?.attachments.length ? first : null;
    }, 'the MMS image fetched from Twilio');
    expect(withFile.text).toBe('[image]');
    expect(withFile.attachments).toHaveLength(1);
    expect(withFile.attachments[0].contentType).toBe('image/png');
    const fetched = twilio.mediaRequests.filter((entry) => mediaUrl.endsWith(entry.id));
    expect(fetched.length).toBeGreaterThanOrEqual(1);
    expect(fetched.every((entry) => entry.credentials === `${ACCOUNT_SID}:${AUTH_TOKEN}`)).toBe(true);

    // Media on a host that is not Twilio's is never fetched; the message stays, and the log says why.
    const elsewhere = sms(nextCustomer(), 'Mire la foto', {
      NumMedia: '1',
      MediaUrl0: 'https://media.example.com/foto.jpg',
      MediaContentType0: 'image/jpeg',
    });
    expect((await twilioCall(webhookPath(), elsewhere)).statusCode).toBe(200);
    await waitFor(
      () => logs.entries.find((entry) => entry.msg === 'MMS media could not be fetched'),
      'the refused media logged',
    );
    const [kept] = await messagesOf(t, admin, await ticketOfMessage(t, channelId, elsewhere.MessageSid));
    expect(kept).toMatchObject({ text: 'Mire la foto', attachments: [] });
  });

  it('logs, rather than drops silently, what an SMS channel cannot take', async () => {
    const whatsapp = sms('whatsapp:+14155550123', 'Hola por WhatsApp');
    expect((await twilioCall(webhookPath(), whatsapp)).statusCode).toBe(200);
    const malformed = await twilioCall(webhookPath(), { From: nextCustomer(), Body: 'sin id' });
    expect(malformed.statusCode).toBe(200);
    expect(ignoredOf(logs.entries, channelId).map((event) => [event.reason, event.id])).toEqual(
      expect.arrayContaining([
        ['invalid-sender', whatsapp.MessageSid],
        ['malformed', undefined],
      ]),
    );
  });
});
