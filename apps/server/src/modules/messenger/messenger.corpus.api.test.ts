import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logCapture, ONE_PIXEL_PNG, signedIn, type TestApp } from '../../test/app.js';
import { ignoredOf, loadCorpus, readable, storedMessages } from '../../test/corpus.js';
import { type Actor, deskCampaign } from '../../test/desk.js';
import { startMessengerPlatform } from '../../test/meta-messenger.js';
import { signWebhook } from '../../test/whatsapp-cloud.js';

/**
 * Real Messenger and Instagram webhook payloads (corpus/README.md names each file's origin) through the signed
 * webhook of a channel of their own: no customer message is lost. Every message, postback, edit and unsent message
 * ends in a stored message with readable text (or its deletion marker); everything else is logged with its reason.
 */

const TOKEN = 'EAAG-corpus-token';
const APP_SECRET = 'corpus-app-secret';
const corpus = loadCorpus(fileURLToPath(new URL('./corpus', import.meta.url)));
const logs = logCapture();

let t: TestApp;
let admin: Actor;
let meta: Awaited<ReturnType<typeof startMessengerPlatform>>;

type Event = Record<string, unknown> & {
  sender?: { id?: string };
  message?: { mid?: string; is_echo?: boolean; is_deleted?: boolean; attachments?: { type: string }[] };
  postback?: { title?: string; payload?: string; mid?: string };
  message_edit?: { mid?: string };
};
type Entry = { id?: string; messaging?: Event[]; standby?: Event[] };

const FILE_KINDS = new Set(['image', 'video', 'audio', 'file', 'sticker']);

/** What the stored texts of some cases must say exactly (the rest must at least be readable). */
const TEXTS: Record<string, string[]> = {
  'bottender-messenger-events.json › textMessage': ['Sharp tools make good work.'],
  'bottender-messenger-events.json › fallbackMessage': ['TITLE_OF_THE_URL_ATTACHMENT URL_OF_THE_ATTACHMENT'],
  'bottender-messenger-events.json › locationMessage': ['📍 https://maps.google.com/?q=0,0'],
  'bottender-messenger-events.json › fileMessage': ['[file]'],
  'bottender-messenger-events.json › postback': ['USER_DEFINED_PAYLOAD'],
  'bottender-messenger-events.json › postbackReferral': ['Get Started'],
  'courier-fba.json › fallback': ['Foo My Documents/foo.doc'],
  'courier-fba.json › postback': ['postback title'],
  'courier-fba.json › reel': ['[ig_reel] /reel/123451234512345/'],
  'courier-fba.json › location_attachment': ['📍 https://maps.google.com/?q=1.2,-1.3'],
  'courier-ig.json › like_heart': ['❤️'],
  'courier-ig.json › story_mention': ['[story_mention] https://story-url'],
  'courier-ig.json › icebreaker_get_started': ['icebreaker question'],
  'chatwoot-instagram-factories.json › instagram_story_reply_event': [
    'This is the story reply\n↩️ https://chatwoot-assets.local/sample.png',
  ],
  'chatwoot-instagram-factories.json › instagram_message_attachment_event': [
    '[share] https://www.example.com/test.jpeg',
  ],
};

/** Why some cases store nothing (every case's ignored events are checked against the payload anyway). */
const IGNORED: Record<string, string[]> = {
  'bottender-messenger-events.json › reactionReact': ['unhandled-kind'],
  'bottender-messenger-events.json › linkReferral': ['unhandled-kind'],
  'courier-fba.json › echo': ['own-message'],
  'courier-fba.json › notification_messages_optin': ['unhandled-kind'],
  'courier-fba.json › different_page': [],
  'courier-ig.json › echo': ['own-message'],
  'chatwoot-instagram-factories.json › instagram_message_standby_event': ['unhandled-kind'],
  'chatwoot-instagram-factories.json › instagram_story_mention_event_with_echo': ['own-message'],
  'chatwoot-instagram-factories.json › messaging_seen_event': ['unknown-message'],
};

/** Payloads that are not a webhook call of the channel's product at all: refused whole, nothing stored. */
const REFUSED = new Set(['courier-fba.json › not_page', 'courier-ig.json › not_instagram']);

/** The payload with its files' links on the local "CDN", so the files jobs never leave the machine. */
function withLocalFiles(payload: Record<string, unknown>, cdn: string): Record<string, unknown> {
  const copy = structuredClone(payload);
  for (const entry of (copy.entry ?? []) as Entry[]) {
    for (const event of entry.messaging ?? []) {
      for (const attachment of (event.message?.attachments ?? []) as { type: string; payload?: { url?: string } }[]) {
        if (FILE_KINDS.has(attachment.type) && attachment.payload?.url) attachment.payload.url = cdn;
      }
    }
  }
  return copy;
}

beforeAll(async () => {
  meta = await startMessengerPlatform({ accessToken: TOKEN });
  t = await createTestApp({ captureLogs: logs, allowOutbound: [meta.url()] });
  admin = await signedIn(t, 'admin');
});

afterAll(async () => {
  await t?.close();
  await meta?.close();
});

describe('Messenger and Instagram payload corpus', () => {
  it.each(corpus.map((item) => [`${item.file} › ${item.name}`, item] as const))('%s', async (key, { payload }) => {
    const instagram = payload.object === 'instagram';
    const entries = (Array.isArray(payload.entry) ? payload.entry : []) as Entry[];
    const account = entries.find((entry) => typeof entry.id === 'string')?.id ?? 'corpus-account';
    const { channelId } = await deskCampaign(t, admin, {
      agents: [],
      channelType: instagram ? 'instagram' : 'facebook',
      channelConfig: {
        ...(instagram ? { accountId: account, accessToken: TOKEN } : { pageId: account, pageAccessToken: TOKEN }),
        appSecret: APP_SECRET,
        verifyToken: 'corpus-verify',
        apiBaseUrl: meta.url(),
      },
    });
    const body = JSON.stringify(withLocalFiles(payload, meta.addCdnFile('corpus-file', ONE_PIXEL_PNG, 'image/png')));
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/${instagram ? 'instagram' : 'facebook'}/${channelId}`,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body, APP_SECRET) },
      payload: body,
    });
    if (REFUSED.has(key)) {
      expect(answer.statusCode).toBe(400);
      expect(await storedMessages(t, channelId)).toEqual([]);
      return;
    }
    expect(answer.statusCode, answer.body).toBe(200);
    await t.services.inbound.idle();
    const stored = await storedMessages(t, channelId);
    const ignored = ignoredOf(logs.entries, channelId);

    for (const entry of entries) {
      for (const event of entry.standby ?? []) {
        expect(ignored.some((item) => item.kind === 'standby' && item.id === event.message?.mid)).toBe(true);
      }
      for (const event of entry.messaging ?? []) {
        const mid = event.message?.mid ?? event.message_edit?.mid;
        if (event.message?.is_echo) {
          expect(ignored.some((item) => item.reason === 'own-message' && item.id === mid)).toBe(true);
        } else if (event.message || event.message_edit) {
          const kept = stored.find((message) => message.providerMessageId === mid);
          if (!kept)
            expect(
              ignored.some((item) => item.id === mid),
              `${mid} stored or logged`,
            ).toBe(true);
          else if (event.message?.is_deleted) expect(kept.deletedAt).not.toBeNull();
          else expect(readable(kept.text), kept.text).toBe(true);
        } else if (event.postback) {
          // A postback without its own id is named by sender, time and payload.
          const { mid: postbackMid, title, payload: data } = event.postback;
          const kept = stored.find((message) =>
            postbackMid ? message.providerMessageId === postbackMid : message.providerMessageId.startsWith('postback:'),
          );
          expect(kept?.text).toBe(title || data);
        } else if (!event.delivery && !event.read) {
          expect(ignored.some((item) => item.reason === 'unhandled-kind')).toBe(true);
        }
      }
    }
    if (TEXTS[key]) expect(stored.map((message) => message.text)).toEqual(TEXTS[key]);
    if (IGNORED[key]) expect(ignored.map((item) => item.reason)).toEqual(IGNORED[key]);
  });

  it('stores a postback without its own id once, however often Meta delivers it', async () => {
    const { payload } = corpus.find((item) => item.file === 'courier-fba.json' && item.name === 'postback') ?? {};
    const { channelId } = await deskCampaign(t, admin, {
      agents: [],
      channelType: 'facebook',
      channelConfig: {
        pageId: '1234567890',
        pageAccessToken: TOKEN,
        appSecret: APP_SECRET,
        verifyToken: 'corpus-verify',
        apiBaseUrl: meta.url(),
      },
    });
    const body = JSON.stringify(payload);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/webhooks/facebook/${channelId}`,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body, APP_SECRET) },
        payload: body,
      });
    expect((await post()).json().result).toMatchObject({ messages: 1, recorded: 1 });
    expect((await post()).json().result).toMatchObject({ messages: 1, recorded: 0 });
    expect((await storedMessages(t, channelId)).map((message) => message.text)).toEqual(['postback title']);
  });
});
