import { createHmac, timingSafeEqual } from 'node:crypto';
import type { InboundMessage } from '@atiende/contracts';
import { z } from 'zod';
import type { IgnoredEvent } from '../interactions/ignored.js';

/** A form parameter as Twilio posted it, in order (a name may repeat). */
export type FormParams = readonly (readonly [string, string])[];

/** The parameters of a form body (`application/x-www-form-urlencoded`), in the order they came. */
export function readForm(raw: string): FormParams {
  return [...new URLSearchParams(raw).entries()];
}

/**
 * Twilio's `X-Twilio-Signature`: HMAC-SHA1 with the auth token over the full URL Twilio called followed by every
 * POST parameter's name and value, sorted by name (a repeated name's values sorted too), in base64.
 */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  const byName = new Map<string, string[]>();
  for (const [name, value] of params) byName.set(name, [...(byName.get(name) ?? []), value]);
  const data = [...byName.keys()]
    .sort()
    .reduce(
      (text, name) => text + [...new Set(byName.get(name))].sort().reduce((part, value) => part + name + value, ''),
      url,
    );
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The URL with and without its scheme's default port: Twilio signs whichever it was configured with. */
function urlVariants(url: string): string[] {
  const parsed = URL.parse(url);
  if (!parsed) return [url];
  const defaultPort = parsed.protocol === 'https:' ? '443' : '80';
  const withoutPort = new URL(parsed.href);
  withoutPort.port = '';
  const withPort = parsed.port
    ? parsed.href
    : `${parsed.protocol}//${parsed.host}:${defaultPort}${parsed.pathname}${parsed.search}`;
  return [...new Set([url, withoutPort.href, withPort])];
}

/** Whether the header is Twilio's signature of this call, made with the channel's auth token. */
export function validTwilioSignature(
  header: string | undefined,
  authToken: string | undefined,
  url: string,
  params: FormParams,
): boolean {
  if (!header || !authToken) return false;
  const given = Buffer.from(header);
  return urlVariants(url).some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const sid = z.string().regex(/^[A-Za-z0-9]{2,64}$/);
/** Twilio error codes are numbers (30003, 21610); anything else is not kept. */
const errorCode = z.string().regex(/^\d{1,6}$/);

/** An inbound message's parameters (the rest are kept by nobody: location fields, NumSegments, ApiVersion). */
const inboundSchema = z.looseObject({
  MessageSid: sid,
  From: z.string().min(1).max(254),
  To: z.string().max(254).optional(),
  Body: z.string().max(20_000).optional(),
  NumMedia: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional(),
});

const statusSchema = z.looseObject({
  MessageSid: sid,
  MessageStatus: z.string().max(40),
  ErrorCode: errorCode.optional(),
});

/** At most this many media per message (Twilio's own limit). */
const MEDIA_LIMIT = 10;
/** A media URL as Twilio gives it: http(s), visible ASCII only (no space or control character), not too long. */
const WEB_ADDRESS = /^https?:\/\/[!-~]{1,2000}$/i;
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/i;

export interface SmsMedia {
  url: string;
  contentType: string | null;
}

export interface ParsedSms {
  inbound: InboundMessage;
  media: SmsMedia[];
}

/** The first value of each parameter (Twilio's messaging webhooks repeat none). */
const firstValues = (params: FormParams) => {
  const values: Record<string, string> = {};
  for (const [name, value] of params) if (!Object.hasOwn(values, name)) values[name] = value;
  return values;
};

/** What a media item shows as in the text while its file is fetched (`[image]`, `[video]`, `[file]`). */
const mediaLabel = (contentType: string | null) => {
  const kind = contentType?.split('/')[0];
  return `[${kind && ['image', 'video', 'audio'].includes(kind) ? kind : 'file'}]`;
};

/**
 * A customer's SMS or MMS: the message SID is the provider id, so Twilio's retries are stored once; the sender is
 * the `From` number. Media are listed for the media job; their kinds stand in for a missing body. A sender on
 * another of Twilio's channels (`whatsapp:+…`, `messenger:…`), which an SMS channel cannot answer, is ignored.
 */
export function readInbound(params: FormParams): { message?: ParsedSms; ignored: IgnoredEvent[] } {
  const values = firstValues(params);
  const parsed = inboundSchema.safeParse(values);
  if (!parsed.success) return { ignored: [{ kind: 'sms', reason: 'malformed', id: values.MessageSid?.slice(0, 64) }] };
  const { MessageSid, From, Body, NumMedia } = parsed.data;
  if (From.includes(':')) {
    return { ignored: [{ kind: 'sms', reason: 'invalid-sender', id: MessageSid, detail: From.split(':')[0] }] };
  }
  const media: SmsMedia[] = [];
  const labels: string[] = [];
  const ignored: IgnoredEvent[] = [];
  for (let index = 0; index < Math.min(Number(NumMedia ?? 0), MEDIA_LIMIT); index += 1) {
    const url = values[`MediaUrl${index}`];
    if (!url) continue;
    const declared = values[`MediaContentType${index}`] ?? '';
    const contentType = MIME_TYPE.test(declared) ? declared.toLowerCase() : null;
    labels.push(mediaLabel(contentType));
    // Only a web address goes to the media job (and into its stored payload); anything else is logged here.
    if (WEB_ADDRESS.test(url)) media.push({ url, contentType });
    else ignored.push({ kind: `media:${index}`, reason: 'malformed', id: MessageSid });
  }
  const body = Body?.trim() ? Body : '';
  const text = body || labels.join(' ') || '[SMS]';
  return { message: { inbound: { providerMessageId: MessageSid, from: From.trim(), text }, media }, ignored };
}

/** Twilio's message statuses as Atiende's delivery states; the others are not tracked. */
const STATUSES: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = {
  // Accepted by Twilio and on its way: the message is out of Atiende's hands, which is what "sent" means here.
  accepted: 'sent',
  scheduled: 'sent',
  queued: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

export interface SmsStatus {
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  error?: string;
}

/** A status callback: the message it names and its state, or why it is not applied. */
export function readStatus(params: FormParams): { status?: SmsStatus; ignored: IgnoredEvent[] } {
  const values = firstValues(params);
  const parsed = statusSchema.safeParse(values);
  if (!parsed.success) {
    return { ignored: [{ kind: 'status', reason: 'malformed', id: values.MessageSid?.slice(0, 64) }] };
  }
  const { MessageSid, MessageStatus, ErrorCode } = parsed.data;
  const status = Object.hasOwn(STATUSES, MessageStatus) ? STATUSES[MessageStatus] : undefined;
  if (!status) return { ignored: [{ kind: `status:${MessageStatus}`, reason: 'status-not-tracked', id: MessageSid }] };
  return {
    status: {
      providerMessageId: MessageSid,
      status,
      ...(status === 'failed' ? { error: `${MessageStatus}${ErrorCode ? ` (Twilio ${ErrorCode})` : ''}` } : {}),
    },
    ignored: [],
  };
}
