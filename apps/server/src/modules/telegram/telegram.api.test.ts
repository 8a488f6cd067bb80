import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logCapture, ONE_PIXEL_PNG, postFile, signedIn, type TestApp } from '../../test/app.js';
import { ignoredOf } from '../../test/corpus.js';
import { type Actor, caller, deskCampaign, messagesOf, settle, ticketOfMessage, waitFor } from '../../test/desk.js';
import { startTelegramBot } from '../../test/telegram-bot.js';

const BOT_TOKEN = '123456:ABC-telegram-test-token';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let bot: Awaited<ReturnType<typeof startTelegramBot>>;
let channelId: number;
let secret: string;
let sequence = 0;
const logs = logCapture();
const next = () => {
  sequence += 1;
  return sequence;
};

function update(message: Record<string, unknown>, headerSecret: string | null = secret) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/webhooks/telegram/${channelId}`,
    headers: headerSecret ? { 'x-telegram-bot-api-secret-token': headerSecret } : {},
    payload: { update_id: next(), message },
  });
}

function privateMessage(chatId: number, content: Record<string, unknown>) {
  return {
    message_id: next(),
    date: Math.floor(Date.now() / 1000),
    from: { id: chatId, is_bot: false, first_name: 'Camilo', last_name: 'Reyes', username: 'camilor' },
    chat: { id: chatId, type: 'private' },
    ...content,
  };
}

beforeAll(async () => {
  bot = await startTelegramBot({ token: BOT_TOKEN });
  t = await createTestApp({ listen: true, allowOutbound: [bot.url()], captureLogs: logs });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  ({ channelId } = await deskCampaign(t, admin, {
    agents: [agent],
    channelType: 'telegram',
    channelConfig: { botUsername: '@TiendaDemoBot', botToken: BOT_TOKEN, apiBaseUrl: bot.url() },
    config: { allowAllTickets: true, tasksPerAgent: 100 },
  }));
});

afterAll(async () => {
  await t?.close();
  await bot?.close();
});

describe('Telegram channel', () => {
  it('registers the webhook with a new secret token; only an administrator may', async () => {
    expect((await api.post(`/api/v2/channels/${channelId}/telegram-webhook`, agent)).statusCode).toBe(403);
    const registered = await api.post(`/api/v2/channels/${channelId}/telegram-webhook`, admin);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().result.webhookUrl).toBe(`${t.ctx.config.publicUrl}/api/v2/webhooks/telegram/${channelId}`);
    const call = bot.calls.find((entry) => entry.method === 'setWebhook');
    expect(call?.fields).toMatchObject({
      url: registered.json().result.webhookUrl,
      allowed_updates: ['message', 'edited_message'],
    });
    secret = String(call?.fields.secret_token);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const channel = (await api.get(`/api/v2/channels/${channelId}`, admin)).json().result;
    expect(channel.secretsSet).toContain('webhookSecret');
    expect(JSON.stringify(channel)).not.toContain(secret);
    expect(channel.webhookUrl).toBe(registered.json().result.webhookUrl);

    // Telegram's refusal reads in our words with its error code; its description never reaches the answer.
    bot.failNext(400, 'Bad Request: bad webhook: HTTPS url must be provided for webhook');
    const refused = await api.post(`/api/v2/channels/${channelId}/telegram-webhook`, admin, {}, 'en');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'TELEGRAM.REFUSED',
      message: 'Telegram did not accept the request (code 400)',
    });
    expect(refused.body).not.toContain('HTTPS url');
    bot.failNext(401, 'Unauthorized: token revoked by @BotFather');
    const revoked = await api.post(`/api/v2/channels/${channelId}/telegram-webhook`, admin);
    expect(revoked.json()).toMatchObject({
      code: 'TELEGRAM.REFUSED',
      message: 'Telegram rechazó las credenciales del canal (código 401)',
    });
    expect(revoked.body).not.toContain('BotFather');
  });

  it('a private message becomes a ticket once; the agent’s reply and file go back to the chat', async () => {
    const chatId = 700_000 + next();
    const message = privateMessage(chatId, { text: '¿Tienen envío a Medellín?' });
    expect((await update(message, null)).statusCode).toBe(401);
    expect((await update(message, 'wrong-secret')).statusCode).toBe(401);
    for (let delivery = 0; delivery < 3; delivery += 1) expect((await update(message)).statusCode).toBe(200);
    await t.services.inbound.idle();
    const ticketId = await ticketOfMessage(t, channelId, `${chatId}:${message.message_id}`);
    expect(ticketId).toBeGreaterThan(0);
    const view = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    expect(view.interactions[0]).toMatchObject({ contactValue: String(chatId), channel: { typeName: 'telegram' } });
    expect(view.interactions[0].messages).toHaveLength(1);
    expect(view.interactions[0].messages[0]).toMatchObject({
      text: '¿Tienen envío a Medellín?',
      senderName: 'Camilo Reyes',
    });

    const pdf = Buffer.from('%PDF-1.4\n% tarifas\n%%EOF\n');
    const uploaded = await postFile(t, `/api/v2/tickets/${ticketId}/attachments`, agent, pdf, 'tarifas.pdf');
    const pdfId = Math.max(...uploaded.json().result.attachments.map((file: { id: number }) => file.id));
    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, {
      text: 'Sí, en 2 días hábiles.',
      attachmentIds: [pdfId],
    });
    expect(reply.statusCode).toBe(201);
    const document = await waitFor(
      () => bot.calls.find((entry) => entry.method === 'sendDocument' && entry.fields.chat_id === String(chatId)),
      'the document at the Bot API',
    );
    expect(document.file).toMatchObject({ field: 'document', filename: 'tarifas.pdf' });
    expect(document.file?.content.equals(pdf)).toBe(true);
    const text = bot.calls.find((entry) => entry.method === 'sendMessage' && entry.fields.chat_id === String(chatId));
    expect(text?.fields.text).toBe('Sí, en 2 días hábiles.');
    await waitFor(async () => {
      const sent = (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === reply.json().result.id);
      return sent?.deliveryStatus === 1;
    }, 'the reply marked sent');
  });

  it('keeps the customer’s photo, and ignores group chats', async () => {
    const chatId = 800_000 + next();
    bot.addFile('photo-large', ONE_PIXEL_PNG);
    const message = privateMessage(chatId, {
      caption: 'Así llegó',
      photo: [
        { file_id: 'photo-small', file_size: 10, width: 90, height: 90 },
        { file_id: 'photo-large', file_size: ONE_PIXEL_PNG.length, width: 800, height: 800 },
      ],
    });
    expect((await update(message)).json().result).toEqual({ recorded: true, changed: false });
    const ticketId = await ticketOfMessage(t, channelId, `${chatId}:${message.message_id}`);
    const withPhoto = await waitFor(async () => {
      const [first] = await messagesOf(t, admin, ticketId);
      return first?.attachments.length ? first : null;
    }, 'the photo fetched from Telegram');
    expect(withPhoto.text).toBe('Así llegó');
    expect(withPhoto.attachments[0].contentType).toBe('image/png');
    expect(bot.calls.filter((entry) => entry.method === 'getFile').map((entry) => entry.fields.file_id)).toEqual([
      'photo-large',
    ]);

    const group = { ...privateMessage(-100123, { text: 'Hola grupo' }), chat: { id: -100123, type: 'group' } };
    expect((await update(group)).json().result).toEqual({ recorded: false, changed: false });
    // A channel's post is not a customer conversation either: logged, with why.
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/telegram/${channelId}`,
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: {
        update_id: next(),
        channel_post: { message_id: 70, date: 1700001000, chat: { id: -1001987654321, type: 'channel' }, text: 'Hoy' },
      },
    });
    expect(post.json().result).toEqual({ recorded: false, changed: false });
    expect(ignoredOf(logs.entries, channelId).map((event) => [event.kind, event.reason])).toEqual(
      expect.arrayContaining([
        ['message', 'not-private-chat'],
        ['channel_post', 'not-private-chat'],
      ]),
    );
  });

  it('fails a reply to a chat that blocked the bot at once, and retries on flood limits', async () => {
    const chatId = 900_000 + next();
    const message = privateMessage(chatId, { text: 'Hola' });
    await update(message);
    const ticketId = await ticketOfMessage(t, channelId, `${chatId}:${message.message_id}`);
    bot.failNext(403, 'Forbidden: bot was blocked by the user');
    const blocked = (await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Uno' })).json().result;
    await waitFor(async () => {
      const sent = (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === blocked.id);
      return sent?.deliveryStatus === 4;
    }, 'the blocked reply failed');
    bot.failNext(429, 'Too Many Requests: retry after 1');
    const throttled = (await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Dos' })).json().result;
    await waitFor(async () => {
      const sent = (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === throttled.id);
      return sent?.deliveryStatus === 1;
    }, 'the throttled reply sent on retry');
    await settle(100);
    expect(bot.calls.filter((entry) => entry.method === 'sendMessage' && entry.fields.text === 'Dos')).toHaveLength(2);
  }, 60_000);
});
