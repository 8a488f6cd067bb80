import { isProviderHost, type OutboundPolicy, outboundBaseUrl } from '../../platform/outbound.js';
import { ChannelSetupError, detailForLogs, PermanentDeliveryError, throughPolicy } from '../interactions/adapters.js';

const TIMEOUT_MS = 30_000;
/** Twilio's longest message body; longer replies go out in parts. */
export const SMS_BODY_LIMIT = 1600;
/** The API version of Twilio's Messages resource (its only one). */
const API_VERSION = '2010-04-01';

/**
 * Twilio error codes worth another attempt: throttling (20429), its own trouble (20500, 20503) and a full queue
 * (30001). Every other refusal will fail again the same way.
 */
const RETRYABLE_CODES = new Set([20429, 20500, 20503, 30001]);
/**
 * Codes that say the channel is wrong rather than the message: credentials or account (20003, 20005, 20008, 20404
 * on the account's own path), a sender the account does not own or may not use (21212, 21606, 21659, 21660), a
 * Messaging Service that is missing or has no sender (21701-21704).
 */
const SETUP_CODES = new Set([20003, 20005, 20008, 20404, 21212, 21606, 21659, 21660, 21701, 21702, 21703, 21704]);
const CREDENTIAL_CODES = new Set([20003, 20005, 20008]);

export interface TwilioSettings {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** A phone number in E.164, or a Messaging Service SID (`MG…`). */
  sender: string;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function twilioSettings(config: Record<string, unknown>, secrets: Record<string, string>): TwilioSettings {
  const accountSid = textOf(config.accountSid);
  const sender = textOf(config.sender);
  const authToken = secrets.authToken ?? '';
  if (!accountSid || !sender || !authToken) {
    throw new ChannelSetupError('the SMS channel has no Twilio account, auth token or sender configured', {
      key: 'channelProblems.notConfigured',
      params: { provider: 'Twilio' },
    });
  }
  return { baseUrl: outboundBaseUrl('sms', config.apiBaseUrl), accountSid, authToken, sender };
}

interface TwilioErrorBody {
  code?: unknown;
  message?: unknown;
}

/**
 * A Twilio answer that was not a success, classified like the other channels': throttling and server errors retry,
 * wrong credentials or sender are the channel's problem, anything else (an invalid or unsubscribed number) fails the
 * message at once. The message is ours with Twilio's status and code; Twilio's words are kept for the logs.
 */
export async function twilioFailure(response: Response, what: string): Promise<Error> {
  const body = (await response.json().catch(() => null)) as TwilioErrorBody | null;
  const code = typeof body?.code === 'number' && Number.isInteger(body.code) ? body.code : undefined;
  const message = `Twilio ${what} failed (${response.status}${code !== undefined ? `, code ${code}` : ''})`;
  const problem = { params: { provider: 'Twilio', code: code ?? response.status } };
  const retryable =
    response.status === 429 || response.status >= 500 || (code !== undefined && RETRYABLE_CODES.has(code));
  const setup = response.status === 401 || (code !== undefined && SETUP_CODES.has(code));
  const credentials = response.status === 401 || (code !== undefined && CREDENTIAL_CODES.has(code));
  const error: Error & { providerDetail?: string } = retryable
    ? new Error(message)
    : setup
      ? new ChannelSetupError(message, {
          key: credentials ? 'channelProblems.credentials' : 'channelProblems.failed',
          ...problem,
        })
      : new PermanentDeliveryError(message, { key: 'channelProblems.failed', ...problem });
  error.providerDetail = detailForLogs(body?.message);
  return error;
}

/** A customer's number as Twilio's `To` takes it (E.164), or null when the contact is not a phone number. */
export function e164(contact: string): string | null {
  const digits = contact.replace(/[^\d]/g, '');
  return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
}

/**
 * The Programmable Messaging calls Atiende makes for one channel, through the outbound policy: send a message (with
 * the status callback Twilio reports its progress to) and download a customer's MMS media. Both authenticate with
 * the account SID and auth token (HTTP basic).
 */
export function createTwilioClient(outbound: OutboundPolicy, settings: TwilioSettings) {
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const apiOrigin = new URL(settings.baseUrl).origin;
  const request = (url: string, init: RequestInit) =>
    throughPolicy(() => outbound.fetch('sms', url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }));

  return {
    /** Sends one message; returns its SID (the id Twilio's status callbacks name). */
    async send(message: { to: string; body: string; statusCallback: string }): Promise<string> {
      const form = new URLSearchParams({ To: message.to, Body: message.body, StatusCallback: message.statusCallback });
      form.set(settings.sender.startsWith('MG') ? 'MessagingServiceSid' : 'From', settings.sender);
      const path = `${API_VERSION}/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
      const response = await request(`${settings.baseUrl}/${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      if (!response.ok) throw await twilioFailure(response, 'send');
      const answer = (await response.json().catch(() => null)) as { sid?: unknown } | null;
      if (typeof answer?.sid !== 'string' || !answer.sid) throw new Error('Twilio send answered without a message SID');
      return answer.sid;
    },

    /**
     * A customer's media from the URL Twilio's webhook gave, or null when it is larger than `maxBytes`. Only the
     * channel's API origin gets the credentials (accounts may require them for media); Twilio redirects to its media
     * hosts, which the outbound policy follows without them.
     */
    async download(url: string, maxBytes: number): Promise<{ content: Buffer; contentType: string | null } | null> {
      const mediaUrl = URL.parse(url);
      if (!mediaUrl || !['http:', 'https:'].includes(mediaUrl.protocol)) {
        throw new PermanentDeliveryError('Twilio media URL is not a URL');
      }
      const onApi = mediaUrl.origin === apiOrigin;
      if (!onApi && !isProviderHost('sms', mediaUrl.hostname)) {
        throw new PermanentDeliveryError(`Twilio media URL on an unexpected host (${mediaUrl.hostname})`);
      }
      const response = await request(mediaUrl.href, onApi ? { headers: { authorization } } : {});
      if (!response.ok) throw await twilioFailure(response, 'media download');
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxBytes) {
        await response.body?.cancel();
        return null;
      }
      const content = Buffer.from(await response.arrayBuffer());
      if (content.length > maxBytes) return null;
      return { content, contentType: response.headers.get('content-type') };
    },
  };
}
