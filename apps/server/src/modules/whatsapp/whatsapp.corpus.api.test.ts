import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logCapture, ONE_PIXEL_PNG, signedIn, type TestApp } from '../../test/app.js';
import { ignoredOf, loadCorpus, readable, storedMessages, valuesOf } from '../../test/corpus.js';
import { type Actor, deskCampaign } from '../../test/desk.js';
import { signWebhook, startWhatsappCloud } from '../../test/whatsapp-cloud.js';

/**
 * Real WhatsApp Cloud API webhook payloads (corpus/README.md names each file's origin) through the signed webhook
 * of a channel of their own: no customer message is lost. Each message is stored with readable text (an edit or
 * deletion changes the message it names), and everything that stores nothing is logged with its reason.
 */

const ACCESS_TOKEN = 'EAAG-corpus-token';
const APP_SECRET = 'corpus-app-secret';
const corpus = loadCorpus(fileURLToPath(new URL('./corpus', import.meta.url)));
const logs = logCapture();

let t: TestApp;
let admin: Actor;
let cloud: Awaited<ReturnType<typeof startWhatsappCloud>>;

interface Value {
  metadata?: { phone_number_id?: string };
  messages?: Record<string, unknown>[];
  statuses?: { id?: string }[];
  errors?: unknown[];
}
const changesOf = (payload: Record<string, unknown>) =>
  ((payload.entry ?? []) as { changes?: { field: string; value: Value }[] }[]).flatMap((entry) => entry.changes ?? []);

/** What the stored texts of some cases must say exactly (the rest must at least be readable). */
const TEXTS: Record<string, string[]> = {
  'pywa-message.json › text': ['Body Text'],
  'pywa-message.json › image': ['[image]'],
  'pywa-message.json › video': ['caption'],
  'pywa-message.json › document': ['caption'],
  'pywa-message.json › voice': ['[audio]'],
  'pywa-message.json › chosen_location': [
    '📍 Facebook HQ, 1 Hacker Way, Menlo Park, CA 94025 https://maps.google.com/?q=37.4611978,-122.2164385',
  ],
  'pywa-message.json › contacts': [
    '👤 Chandler Bing +1 555-555-5555\n👤 Monica +1 666-666-6666\n👤 Rachel Green +1 777-777-7777',
  ],
  'pywa-message.json › order': ['🛒 3 × HAMBURGER (30 ILS)\n🛒 2 × FRENCH_FRIES (35 ILS)\n🛒 2 × SODA (10 ILS)'],
  'pywa-message.json › unsupported': ['⚠️ Message type unknown (131051): Message type is currently not supported.'],
  'pywa-message.json › unsupported_with_type': [
    '⚠️ Message type unknown (131051): Message type is currently not supported.\n[pool]',
  ],
  'pywa-message.json › interactive_message_with_err': ['⚠️ Something went wrong (131000): Unsupported webhook payload'],
  'pywa-message.json › referral': ['BODY\n📣 AD_TITLE · AD_DESCRIPTION · AD_OR_POST_FB_URL'],
  'pywa-callback_button.json › button': ['title'],
  'pywa-callback_button.json › quick_reply': ['title'],
  'pywa-callback_selection.json › description': ['title — description'],
  'pywa-system.json › phone_number_change': ['ℹ️ User A changed from 972987654321 to 972912345678'],
  'pywa-system.json › identity_change': ['ℹ️ User identity changed'],
  'pywa-edited_message.json › image': ['Updated image caption'],
  'courier-wac.json › nfm_reply': ['📝 Sent\nfirst_name: Bob\nage: 32'],
  'courier-wac.json › nfm_reply_non_object': ['📝 Sent\n["not", "an", "object"]'],
  'courier-wac.json › error_msg': [
    '⚠️ Unsupported message type (131051): Message type is not currently supported\nHello World',
  ],
  'courier-wac.json › location': [
    '📍 Main Street Beach, Main Street Beach, Santa Cruz, CA https://maps.google.com/?q=0,1',
  ],
  'courier-wac.json › voice': ['[voice]'],
  'courier-wac.json › duplicate': ['Hello World'],
};

/** Why some cases store nothing (every case's ignored events are checked against the payload anyway). */
const IGNORED: Record<string, string[]> = {
  'pywa-message.json › reaction': ['unhandled-kind'],
  'pywa-deleted_message.json › revoke': ['invalid-sender'],
  'pywa-outgoing_message.json › text': ['own-message'],
  'courier-wac.json › invalid_from': ['invalid-sender'],
  'courier-wac.json › hello_from_bsuid': ['invalid-sender'],
  'courier-wac.json › no_from': ['invalid-sender'],
  'courier-wac.json › group_message': ['not-private-chat'],
  'courier-wac.json › error_errors': ['provider-error'],
  'courier-wac.json › ignore_status': ['status-not-tracked'],
  'courier-wac.json › invalid_status': ['status-not-tracked'],
  'courier-wac.json › valid_status': ['unknown-message'],
  'pywa-template_status_update.json › approved': ['unknown-message'],
  'pywa-account_update.json › account_deleted': ['unhandled-kind'],
};

beforeAll(async () => {
  cloud = await startWhatsappCloud({ accessToken: ACCESS_TOKEN });
  t = await createTestApp({ captureLogs: logs, allowOutbound: [cloud.url()] });
  admin = await signedIn(t, 'admin');
  // The customers' files the payloads name exist on the local Graph API, so the media jobs end at once.
  for (const { value } of corpus.flatMap(({ payload }) =>
    valuesOf(payload, ['image', 'document', 'video', 'audio', 'sticker', 'voice']),
  )) {
    const id = (value as { id?: unknown })?.id;
    if (typeof id === 'string') cloud.addCustomerMedia(id, ONE_PIXEL_PNG, 'image/png');
  }
});

afterAll(async () => {
  await t?.close();
  await cloud?.close();
});

describe('WhatsApp payload corpus', () => {
  it('holds real payloads of every kind the issue names', () => {
    const types = new Set(
      corpus.flatMap(({ payload }) =>
        changesOf(payload).flatMap(({ value }) => (value.messages ?? []).map((message) => String(message.type))),
      ),
    );
    for (const type of ['text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts']) {
      expect(types).toContain(type);
    }
    for (const type of ['interactive', 'button', 'reaction', 'order', 'system', 'unsupported', 'edit', 'revoke']) {
      expect(types).toContain(type);
    }
    const statuses = new Set(
      corpus.flatMap(({ payload }) =>
        changesOf(payload).flatMap(({ value }) =>
          (value.statuses ?? []).map((status) => String((status as { status?: string }).status)),
        ),
      ),
    );
    expect(statuses.size).toBeGreaterThan(0);
  });

  it.each(corpus.map((item) => [`${item.file} › ${item.name}`, item] as const))('%s', async (key, { payload }) => {
    const changes = changesOf(payload);
    const phoneNumberId = changes.find((change) => change.value.metadata?.phone_number_id)?.value.metadata
      ?.phone_number_id;
    const { channelId } = await deskCampaign(t, admin, {
      agents: [],
      channelType: 'whatsapp',
      channelConfig: {
        phoneNumberId: phoneNumberId ?? 'corpus-number',
        businessAccountId: 'corpus-waba',
        accessToken: ACCESS_TOKEN,
        appSecret: APP_SECRET,
        verifyToken: 'corpus-verify',
        apiBaseUrl: cloud.url(),
      },
    });
    const body = JSON.stringify(payload);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/whatsapp/${channelId}`,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body, APP_SECRET) },
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await t.services.inbound.idle();
    const stored = await storedMessages(t, channelId);
    const ignored = ignoredOf(logs.entries, channelId);

    for (const { field, value } of changes) {
      if (field !== 'messages') {
        // A review of a template that is not the channel's is logged like a status of an unknown message.
        const kind = field === 'message_template_status_update' ? 'template-review' : field;
        expect(ignored.some((event) => event.kind === kind)).toBe(true);
        continue;
      }
      for (const message of value.messages ?? []) {
        const edit = message.edit as { original_message_id?: string } | undefined;
        const revoke = message.revoke as { original_message_id?: string } | undefined;
        const target = edit?.original_message_id ?? revoke?.original_message_id ?? message.id;
        const kept = stored.find((entry) => entry.providerMessageId === target);
        if (!kept) {
          expect(
            ignored.some((event) => event.id === message.id),
            `${String(message.id)} stored or logged`,
          ).toBe(true);
        } else if (message.type === 'revoke') {
          expect(kept.deletedAt).not.toBeNull();
        } else {
          expect(readable(kept.text), kept.text).toBe(true);
          if (message.type === 'edit') expect(kept.editedAt).not.toBeNull();
        }
      }
      for (const status of value.statuses ?? []) {
        expect(ignored.some((event) => event.id === status.id)).toBe(true);
      }
      if (value.errors?.length) expect(ignored.some((event) => event.reason === 'provider-error')).toBe(true);
    }
    if (TEXTS[key]) expect(stored.map((entry) => entry.text)).toEqual(TEXTS[key]);
    if (IGNORED[key]) expect(ignored.map((event) => event.reason)).toEqual(IGNORED[key]);
  });
});
