import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logCapture, signedIn, type TestApp } from '../../test/app.js';
import { ignoredOf, loadCorpus, readable, storedMessages } from '../../test/corpus.js';
import { type Actor, caller, deskCampaign, ticketOfMessage, waitFor } from '../../test/desk.js';
import { signedTwilioCall, startTwilioMessaging } from '../../test/twilio-messaging.js';

/**
 * Real Twilio webhook calls (corpus/README.md names each file's origin) through the webhooks of a channel of their
 * own: no customer message is lost. A customer's SMS ends in a stored message with readable text; every other call
 * is logged with its reason; a status callback moves the reply it names as Atiende maps it.
 */

const ACCOUNT_SID = `AC${'c0'.repeat(16)}`;
const AUTH_TOKEN = 'corpus-twilio-auth-token';
const corpus = loadCorpus(fileURLToPath(new URL('./corpus', import.meta.url)));
const inbound = corpus.filter((item) => item.file.endsWith('-inbound.json'));
const statuses = corpus.filter((item) => item.file.endsWith('-status.json'));
const logs = logCapture();

let t: TestApp;
let admin: Actor;
let agent: Actor;
let twilio: Awaited<ReturnType<typeof startTwilioMessaging>>;

/** What the stored texts of some cases must say exactly (the rest must at least be readable). */
const TEXTS: Record<string, string> = {
  receiveValid: 'Msg',
  receiveButtonIgnored: 'Msg',
  receiveMedia: '[file] [file]',
  receiveMediaWithMsg: 'Msg',
  receiveBase64: 'QmFubm9uIEV4cGxhaW5zIFRoZSBXb3JsZCAuLi4K4oCcVGhlIENhbXAgb2YgdGhlIFNhaW50c+KA',
  tmsReceiveExtra: 'John Cruz',
  waReceivePrefixlessURN: 'Msg',
};
/** Why some cases store nothing. */
const IGNORED: Record<string, string[]> = {
  waReceiveValid: ['invalid-sender'],
  receiveNoParams: ['malformed'],
};
/** Each status case's delivery status after it reached a reply that was sent (1), and the error kept. */
const STATUS_AFTER: Record<string, { status: number; error: string | null; ignored?: string }> = {
  statusStop: { status: 4, error: 'failed (Twilio 21610)' },
  statusInvalid: { status: 1, error: null, ignored: 'status-not-tracked' },
  statusValid: { status: 2, error: null },
  statusRead: { status: 3, error: null },
  statusRateLimit: { status: 4, error: 'failed (Twilio 63018)' },
  tmsStatusExtra: { status: 1, error: null },
};

beforeAll(async () => {
  twilio = await startTwilioMessaging({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  t = await createTestApp({ captureLogs: logs, allowOutbound: [twilio.url()] });
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
});

afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

async function smsChannel() {
  return deskCampaign(t, admin, {
    agents: [agent],
    channelType: 'sms',
    channelConfig: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, sender: '+12028831111', apiBaseUrl: twilio.url() },
    config: { allowAllTickets: true, tasksPerAgent: 100 },
  });
}

function post(path: string, params: Record<string, unknown>) {
  const form = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
  const signed = signedTwilioCall(`${t.ctx.config.publicUrl}${path}`, AUTH_TOKEN, form);
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signed.signature },
    payload: signed.body,
  });
}

describe('Twilio webhook corpus', () => {
  it.each(inbound.map((item) => [item.name, item] as const))('%s', async (name, { payload }) => {
    const { channelId } = await smsChannel();
    const answer = await post(`/api/v2/webhooks/sms/${channelId}`, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain('<Response/>');
    await t.services.inbound.idle();
    const stored = await storedMessages(t, channelId);
    const ignored = ignoredOf(logs.entries, channelId);
    if (IGNORED[name]) {
      expect(stored).toEqual([]);
      expect(ignored.map((event) => event.reason)).toEqual(IGNORED[name]);
      return;
    }
    expect(stored.map((entry) => entry.providerMessageId)).toEqual([payload.MessageSid]);
    expect(readable(stored[0].text), stored[0].text).toBe(true);
    if (TEXTS[name]) expect(stored[0].text).toBe(TEXTS[name]);
    // Courier's media URLs are bare names (`cat.jpg`): each is logged, never fetched, and the message is kept.
    expect(ignored).toEqual(
      Array.from({ length: Number(payload.NumMedia) }, (_, index) => ({
        kind: `media:${index}`,
        reason: 'malformed',
        id: payload.MessageSid,
        detail: undefined,
      })),
    );
  });

  it.each(statuses.map((item) => [item.name, item] as const))('%s', async (name, { payload }) => {
    const { channelId } = await smsChannel();
    const customer = { MessageSid: `SM${'1'.repeat(32)}`, From: '+12028880000', Body: 'Hola' };
    await post(`/api/v2/webhooks/sms/${channelId}`, customer);
    const ticketId = await ticketOfMessage(t, channelId, customer.MessageSid);
    const sent = await caller(t).post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Respuesta' });
    const messageId = sent.json().result.id as number;
    const read = async () =>
      (await t.ctx.db.execute(sql`select delivery_status, delivery_error from messages where id = ${messageId}`))
        .rows[0] as { delivery_status: number; delivery_error: string | null };
    await waitFor(async () => Number((await read()).delivery_status) === 1, 'the reply sent');
    // The callback names the reply by the SID of the corpus case, as Twilio would have answered the send.
    await t.ctx.db.execute(
      sql`update messages set provider_message_id = ${String(payload.MessageSid)} where id = ${messageId}`,
    );

    const answer = await post(`/api/v2/webhooks/sms/${channelId}/status`, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    const after = await read();
    expect({ status: Number(after.delivery_status), error: after.delivery_error }).toEqual({
      status: STATUS_AFTER[name].status,
      error: STATUS_AFTER[name].error,
    });
    const ignored = ignoredOf(logs.entries, channelId).map((event) => event.reason);
    expect(ignored).toEqual(STATUS_AFTER[name].ignored ? [STATUS_AFTER[name].ignored] : []);
  });
});
