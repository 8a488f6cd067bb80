import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logCapture, ONE_PIXEL_PNG, signedIn, type TestApp } from '../../test/app.js';
import { ignoredOf, loadCorpus, readable, storedMessages, valuesOf } from '../../test/corpus.js';
import { type Actor, deskCampaign, messagesOf, ticketOfMessage } from '../../test/desk.js';
import { startTelegramBot } from '../../test/telegram-bot.js';

/**
 * Real Telegram Bot API updates (corpus/README.md names each file's origin) through the webhook of a channel of
 * their own: no customer message is lost. A private chat's message or edit ends in a stored message with readable
 * text; every other update is logged with its reason.
 */

const BOT_TOKEN = '123456:corpus-bot-token';
const SECRET = 'corpus-webhook-secret';
const corpus = loadCorpus(fileURLToPath(new URL('./corpus', import.meta.url)));
const logs = logCapture();

let t: TestApp;
let admin: Actor;
let bot: Awaited<ReturnType<typeof startTelegramBot>>;

interface TelegramMessage {
  message_id?: number;
  chat?: { id?: number; type?: string };
}

/** What the stored texts of some cases must say exactly (the rest must at least be readable). */
const TEXTS: Record<string, string[]> = {
  'courier-telegram.json › helloMsg': ['Hello World'],
  'courier-telegram.json › stickerMsg': ['[sticker]'],
  'courier-telegram.json › photoMsg': ['Photo Caption'],
  'courier-telegram.json › voiceMsg': ['[voice]'],
  'courier-telegram.json › documentMsg': ['TabFig2015prel.xls'],
  'courier-telegram.json › locationMsg': ['📍 https://maps.google.com/?q=-2.890287,-79.004333'],
  'courier-telegram.json › venueMsg': [
    '📍 Cuenca, Provincia del Azuay https://maps.google.com/?q=-2.898944,-79.006835',
  ],
  'courier-telegram.json › contactMsg': ['👤 Adolf Taxi 0788531373'],
  'courier-telegram.json › webAppDataMsg': ['📝 Register\nfirst_name: Bob\nage: 32'],
  'courier-telegram.json › webAppDataNonJSONMsg': ['📝 Register\nbob,32'],
  'telemetree-fixtures.json › edited_message_update_not_tracked': ['Not tracked'],
};

/** Why some cases store nothing (every case's ignored events are checked against the update anyway). */
const IGNORED: Record<string, string[]> = {
  'courier-telegram.json › emptyMsg': ['unhandled-kind'],
  'telemetree-fixtures.json › inline_query_update_telegram': ['unhandled-kind'],
  'telemetree-fixtures.json › chosen_inline_result_update_telegram': ['unhandled-kind'],
  'autogram-api-md.json › private_kick': ['unhandled-kind'],
  'autogram-api-md.json › group_add': ['unhandled-kind'],
};

beforeAll(async () => {
  bot = await startTelegramBot({ token: BOT_TOKEN });
  t = await createTestApp({ captureLogs: logs, allowOutbound: [bot.url()] });
  admin = await signedIn(t, 'admin');
  // The files the updates name exist on the local Bot API, so the files jobs end at once.
  for (const { value } of corpus.flatMap(({ payload }) => valuesOf(payload, ['file_id']))) {
    if (typeof value === 'string') bot.addFile(value, ONE_PIXEL_PNG);
  }
});

afterAll(async () => {
  await t?.close();
  await bot?.close();
});

async function telegramChannel() {
  return deskCampaign(t, admin, {
    agents: [],
    channelType: 'telegram',
    channelConfig: { botUsername: '@CorpusBot', botToken: BOT_TOKEN, webhookSecret: SECRET, apiBaseUrl: bot.url() },
  });
}

const post = (channelId: number, update: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/webhooks/telegram/${channelId}`,
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: update,
  });

describe('Telegram update corpus', () => {
  it.each(corpus.map((item) => [`${item.file} › ${item.name}`, item] as const))('%s', async (key, { payload }) => {
    const { channelId } = await telegramChannel();
    const answer = await post(channelId, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    await t.services.inbound.idle();
    const stored = await storedMessages(t, channelId);
    const ignored = ignoredOf(logs.entries, channelId);

    const message = (payload.message ?? payload.edited_message) as TelegramMessage | undefined;
    if (message?.chat?.type === 'private') {
      const kept = stored.find((entry) => entry.providerMessageId === `${message.chat?.id}:${message.message_id}`);
      expect(kept && readable(kept.text), kept?.text).toBe(true);
      if (payload.edited_message) expect(kept?.editedAt).not.toBeNull();
    } else {
      // Groups, channels, membership changes, inline queries: logged, never silently dropped.
      expect(stored).toEqual([]);
      expect(ignored.length).toBeGreaterThan(0);
    }
    if (TEXTS[key]) expect(stored.map((entry) => entry.text)).toEqual(TEXTS[key]);
    if (IGNORED[key]) expect(ignored.map((event) => event.reason)).toEqual(IGNORED[key]);
  });

  it('applies a customer’s edit to the message it names, keeping the earlier words', async () => {
    const original = corpus.find((item) => item.name === 'message_update_telegram_not_tracked');
    const edit = corpus.find((item) => item.name === 'edited_message_update_not_tracked');
    const { channelId } = await telegramChannel();
    await post(channelId, original?.payload ?? {});
    expect((await post(channelId, edit?.payload ?? {})).json().result).toEqual({ recorded: false, changed: true });
    const ticketId = await ticketOfMessage(t, channelId, '714862471:121');
    const [message] = await messagesOf(t, admin, ticketId);
    expect(message).toMatchObject({ text: 'Not tracked', senderName: 'Chris' });
    expect(message.edits.map((version) => version.text)).toEqual(["I'm not even tracked fool"]);
    expect(message.editedAt).toBe(new Date(1709661075 * 1000).toISOString());
  });
});
