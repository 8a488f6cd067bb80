import { type OutboundPolicy, outboundBaseUrl } from '../../platform/outbound.js';
import { ChannelSetupError, detailForLogs, PermanentDeliveryError, throughPolicy } from '../interactions/adapters.js';

const TIMEOUT_MS = 30_000;
/** Telegram's longest text message; longer replies go out in parts. */
export const TELEGRAM_TEXT_LIMIT = 4096;
/** Bots may download files up to 20 MB. */
export const TELEGRAM_DOWNLOAD_LIMIT = 20 * 1024 * 1024;

export interface BotSettings {
  baseUrl: string;
  token: string;
}

interface BotAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export function botSettings(config: Record<string, unknown>, secrets: Record<string, string>): BotSettings {
  const token = secrets.botToken ?? '';
  if (!token) {
    throw new ChannelSetupError('the Telegram channel has no bot token configured', {
      key: 'channelProblems.notConfigured',
      params: { provider: 'Telegram' },
    });
  }
  return { baseUrl: outboundBaseUrl('telegram', config.apiBaseUrl), token };
}

/**
 * The Telegram Bot API calls Atiende makes for one bot, through the outbound policy: send text and files, register
 * the webhook, download a customer's file. Flood limits (429) and server errors throw plain errors (the job
 * retries); other refusals (blocked by the user, chat not found) throw PermanentDeliveryError. Messages carry the
 * Bot API's error code, never its description (kept apart for the logs).
 */
export function createBotClient(outbound: OutboundPolicy, settings: BotSettings) {
  const method = (name: string) => `${settings.baseUrl}/bot${settings.token}/${name}`;
  const request = (url: string, init: RequestInit) =>
    throughPolicy(() => outbound.fetch('telegram', url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }));

  async function call<T>(name: string, body: FormData | Record<string, unknown>): Promise<T> {
    const response = await request(method(name), {
      method: 'POST',
      ...(body instanceof FormData
        ? { body }
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const answer = (await response.json().catch(() => null)) as BotAnswer<T> | null;
    if (response.ok && answer?.ok && answer.result !== undefined) return answer.result;
    const rawCode = answer?.error_code;
    const code = typeof rawCode === 'number' && Number.isInteger(rawCode) ? rawCode : response.status;
    const message = `Telegram ${name} failed (${code})`;
    const problem = { params: { provider: 'Telegram', code } };
    const error: Error & { providerDetail?: string } =
      code === 429 || code >= 500
        ? new Error(message)
        : // 401: the token is wrong or revoked; 404: no such bot (a mistyped token).
          code === 401 || code === 404
          ? new ChannelSetupError(message, { key: 'channelProblems.credentials', ...problem })
          : new PermanentDeliveryError(message, { key: 'channelProblems.failed', ...problem });
    error.providerDetail = detailForLogs(answer?.description);
    throw error;
  }

  return {
    async sendText(chatId: string, text: string): Promise<string> {
      const sent = await call<{ message_id: number }>('sendMessage', { chat_id: chatId, text });
      return `${chatId}:${sent.message_id}`;
    },

    /** A photo for pictures, a document for every other file; the name travels with the upload. */
    async sendFile(chatId: string, file: { name: string; contentType: string; content: Buffer }): Promise<string> {
      const photo = file.contentType === 'image/jpeg' || file.contentType === 'image/png';
      const form = new FormData();
      form.append('chat_id', chatId);
      form.append(
        photo ? 'photo' : 'document',
        new Blob([new Uint8Array(file.content)], { type: file.contentType }),
        file.name,
      );
      const sent = await call<{ message_id: number }>(photo ? 'sendPhoto' : 'sendDocument', form);
      return `${chatId}:${sent.message_id}`;
    },

    /** Points the bot's updates at Atiende, signed with the secret token Telegram will send back on every call. */
    async setWebhook(url: string, secretToken: string): Promise<void> {
      await call<boolean>('setWebhook', {
        url,
        secret_token: secretToken,
        allowed_updates: ['message', 'edited_message'],
        drop_pending_updates: false,
      });
    },

    /** A customer's file by its file id, or null when Telegram says it is too big for bots. */
    async download(fileId: string): Promise<Buffer | null> {
      const file = await call<{ file_path?: string; file_size?: number }>('getFile', { file_id: fileId });
      if (!file.file_path || (file.file_size ?? 0) > TELEGRAM_DOWNLOAD_LIMIT) return null;
      const response = await request(`${settings.baseUrl}/file/bot${settings.token}/${file.file_path}`, {});
      if (!response.ok) throw new Error(`Telegram file download failed (${response.status})`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
