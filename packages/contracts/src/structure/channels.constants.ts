/*
 * Channel types, their configuration fields and capabilities, business hours: constants and the pure functions over them, without zod. The schemas are in channels.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
import type { BusinessHours } from './channels.js';

/** The spec's channel types 1-12 (catalogue `tipo-canal`, seeded with these codes in this order). */
export const CHANNEL_TYPE_CODES = {
  telephony: 1,
  ussd: 2,
  sms: 3,
  email: 4,
  twitter: 5,
  facebook: 6,
  whatsapp: 7,
  website: 8,
  webchat: 9,
  instagram: 10,
  inPerson: 11,
  telegram: 12,
} as const;
export type ChannelTypeKey = keyof typeof CHANNEL_TYPE_CODES;
export const CHANNEL_TYPE_KEYS = Object.keys(CHANNEL_TYPE_CODES) as ChannelTypeKey[];

export const CHANNEL_DIRECTIONS = ['inbound', 'outbound', 'blended'] as const;
export type ChannelDirection = (typeof CHANNEL_DIRECTIONS)[number];

export type ConfigFieldKind = 'text' | 'url' | 'email' | 'number' | 'boolean' | 'secret';

/** The kinds of outbound connection the server's outbound policy knows (hosts it may reach, see operations.md). */
export const OUTBOUND_TARGET_KEYS = [
  'metaGraph',
  'metaFiles',
  'telegram',
  'sms',
  'mail',
  'webhook',
  'dialogflow',
] as const;
export type OutboundTarget = (typeof OUTBOUND_TARGET_KEYS)[number];

export interface ConfigField {
  key: string;
  kind: ConfigFieldKind;
  required: boolean;
  /** A URL or host the server connects to: the outbound rules it is checked by when saved and when connecting. */
  target?: OutboundTarget;
  /** A host field's port field: the endpoint is the host and this port. */
  portKey?: string;
  /**
   * Secrets the server sends to this endpoint. They stay bound to it: when the endpoint (URL origin, or host and
   * port) changes, they are cleared unless new values come in the same request.
   */
  secrets?: string[];
  /** A text's required shape, checked when saved: the value must match `pattern`, else the field shows `message`. */
  format?: ConfigFormat;
}

/** The shape a text value must have; `message` is the server's translation key of the refusal. */
export interface ConfigFormat {
  pattern: RegExp;
  message: string;
}

/** A Twilio account: `AC` and 32 hexadecimal digits. */
export const TWILIO_ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
/** An SMS sender: a phone number in E.164 (`+` and up to 15 digits), or a Twilio Messaging Service (`MG…`). */
export const SMS_SENDER = /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/;

const text = (key: string, required = true): ConfigField => ({ key, kind: 'text', required });
const secret = (key: string, required = true): ConfigField => ({ key, kind: 'secret', required });
/** How the composer treats a channel type's conversations. */
export interface ComposerCapabilities {
  /** The provider takes uploaded files in a reply (Instagram wants a public link instead). */
  files: boolean;
  /**
   * Hours after the customer's last message during which a free-form reply is accepted (Meta's customer-service
   * window); after it, only approved templates. `null`: no window.
   */
  replyWindowHours: number | null;
  /** Approved message templates can be sent (the way to write after the window). */
  templates: boolean;
  /** The customer is told while the agent writes (the web chat's typing notice). */
  typingNotice: boolean;
  /** The reply box shows how many SMS segments (GSM-7 or UCS-2) the text takes (`smsSegments`). */
  smsSegments: boolean;
}

/** How a provider reaches Atiende for this channel type: `/api/v2/webhooks/{type}/{channelId}`. */
export interface WebhookDescriptor {
  /** Translation key (under `channels.webhook.`) of the help shown under the callback URL. */
  help: 'metaHelp' | 'whatsappHelp' | 'telegramHelp' | 'smsHelp';
  /** Atiende registers the webhook with the provider itself (a button on the channel page), as with Telegram. */
  registeredByAtiende: boolean;
}

/**
 * Everything the product knows about one channel type, in one entry: adding a channel (SMS and voice are next) fills
 * its entry here and registers its server module (docs/ARCHITECTURE.md, "Adding a channel"); the channel form, the
 * composer, inbound matching and the channel API all read from it.
 */
export interface ChannelTypeDescriptor {
  /**
   * Provider configuration. Secrets are write-only: the API never returns them, only which are set. Field labels
   * are translated in the web app under `channels.config.<key>`.
   */
  configFields: ConfigField[];
  /**
   * Which customer contact types (catalogue `tipo-dato-contacto` codes) identify a sender, the first being the one a
   * new customer's datum is stored as; and how the value is normalised for lookup.
   */
  contact: { codes: string[]; kind: 'email' | 'phone' | 'other' };
  /** `null`: the provider does not call Atiende (mail is polled, the web chat is ours). */
  webhook: WebhookDescriptor | null;
  composer: ComposerCapabilities;
  /** Inbound messages that could not be processed are kept on the channel for an administrator to retry. */
  keepsFailedInbound: boolean;
}

/** Bulk messaging sends at most this many messages per second on the channel (empty: the provider's default). */
const BULK_RATE_FIELD: ConfigField = { key: 'sendRatePerSecond', kind: 'number', required: false };

const plainComposer: ComposerCapabilities = {
  files: true,
  replyWindowHours: null,
  templates: false,
  typingNotice: false,
  smsSegments: false,
};
const metaWebhook: WebhookDescriptor = { help: 'metaHelp', registeredByAtiende: false };

export const CHANNEL_TYPES: Record<ChannelTypeKey, ChannelTypeDescriptor> = {
  telephony: {
    configFields: [
      { ...text('sipHost'), portKey: 'sipPort', secrets: ['sipPassword'] },
      { key: 'sipPort', kind: 'number', required: true },
      text('sipUser'),
      secret('sipPassword'),
      text('did', false),
    ],
    contact: { codes: ['2', '1', '9'], kind: 'phone' },
    webhook: null,
    composer: plainComposer,
    keepsFailedInbound: false,
  },
  ussd: {
    configFields: [
      text('shortCode'),
      { key: 'providerUrl', kind: 'url', required: true, secrets: ['apiKey'] },
      secret('apiKey'),
    ],
    contact: { codes: ['2', '1'], kind: 'phone' },
    webhook: null,
    composer: plainComposer,
    keepsFailedInbound: false,
  },
  sms: {
    // Twilio's Programmable Messaging API (the REST shape most SMS gateways also offer).
    configFields: [
      { ...text('accountSid'), format: { pattern: TWILIO_ACCOUNT_SID, message: 'channels.twilioAccountSid' } },
      // Signs Twilio's webhooks (X-Twilio-Signature) and authenticates the API calls.
      secret('authToken'),
      // The number messages come from, or the Messaging Service that picks one.
      { ...text('sender'), format: { pattern: SMS_SENDER, message: 'channels.smsSender' } },
      { key: 'apiBaseUrl', kind: 'url', required: false, target: 'sms', secrets: ['authToken'] },
      BULK_RATE_FIELD,
    ],
    contact: { codes: ['2', '1', '9'], kind: 'phone' },
    webhook: { help: 'smsHelp', registeredByAtiende: false },
    // MMS needs a public URL of each file for Twilio to fetch: replies are text only.
    composer: { ...plainComposer, files: false, smsSegments: true },
    keepsFailedInbound: false,
  },
  email: {
    configFields: [
      { key: 'address', kind: 'email', required: true },
      { ...text('smtpHost'), target: 'mail', portKey: 'smtpPort', secrets: ['smtpPassword'] },
      { key: 'smtpPort', kind: 'number', required: true },
      { key: 'smtpSecure', kind: 'boolean', required: false },
      text('smtpUser'),
      secret('smtpPassword'),
      { ...text('imapHost'), target: 'mail', portKey: 'imapPort', secrets: ['imapPassword'] },
      { key: 'imapPort', kind: 'number', required: true },
      { key: 'imapSecure', kind: 'boolean', required: false },
      text('imapUser'),
      secret('imapPassword'),
      BULK_RATE_FIELD,
    ],
    contact: { codes: ['4'], kind: 'email' },
    webhook: null,
    composer: plainComposer,
    keepsFailedInbound: true,
  },
  twitter: {
    configFields: [text('handle'), secret('apiKey'), secret('apiSecret')],
    contact: { codes: ['6'], kind: 'other' },
    webhook: null,
    composer: plainComposer,
    keepsFailedInbound: false,
  },
  facebook: {
    configFields: [
      text('pageId'),
      secret('pageAccessToken'),
      secret('appSecret'),
      secret('verifyToken'),
      { key: 'apiBaseUrl', kind: 'url', required: false, target: 'metaGraph', secrets: ['pageAccessToken'] },
    ],
    contact: { codes: ['5'], kind: 'other' },
    webhook: metaWebhook,
    composer: { ...plainComposer, replyWindowHours: 24 },
    keepsFailedInbound: false,
  },
  whatsapp: {
    configFields: [
      // The dialable number (international, digits) the widget's WhatsApp button opens; Meta's API uses the id below.
      text('phoneNumber', false),
      text('phoneNumberId'),
      text('businessAccountId'),
      // Meta's app: media headers of templates are uploaded for review through its resumable upload.
      text('appId', false),
      secret('accessToken'),
      secret('appSecret'),
      secret('verifyToken'),
      { key: 'apiBaseUrl', kind: 'url', required: false, target: 'metaGraph', secrets: ['accessToken'] },
      BULK_RATE_FIELD,
    ],
    contact: { codes: ['9', '2', '1'], kind: 'phone' },
    webhook: { help: 'whatsappHelp', registeredByAtiende: false },
    composer: { ...plainComposer, replyWindowHours: 24, templates: true },
    keepsFailedInbound: false,
  },
  website: {
    configFields: [{ key: 'url', kind: 'url', required: true }],
    contact: { codes: ['10', '12'], kind: 'other' },
    webhook: null,
    composer: plainComposer,
    keepsFailedInbound: false,
  },
  webchat: {
    configFields: [text('welcomeMessage', false)],
    contact: { codes: ['12', '4'], kind: 'other' },
    webhook: null,
    composer: { ...plainComposer, typingNotice: true },
    keepsFailedInbound: false,
  },
  instagram: {
    configFields: [
      text('accountId'),
      secret('accessToken'),
      secret('appSecret'),
      secret('verifyToken'),
      { key: 'apiBaseUrl', kind: 'url', required: false, target: 'metaGraph', secrets: ['accessToken'] },
    ],
    contact: { codes: ['7'], kind: 'other' },
    webhook: metaWebhook,
    composer: { ...plainComposer, files: false, replyWindowHours: 24 },
    keepsFailedInbound: false,
  },
  inPerson: {
    configFields: [text('location', false)],
    contact: { codes: ['12'], kind: 'other' },
    webhook: null,
    composer: plainComposer,
    keepsFailedInbound: false,
  },
  telegram: {
    configFields: [
      text('botUsername'),
      secret('botToken'),
      // Generated when the webhook is registered from the channel's page, unless written here.
      secret('webhookSecret', false),
      // The bot token is in every Bot API path; the webhook secret goes to setWebhook.
      { key: 'apiBaseUrl', kind: 'url', required: false, target: 'telegram', secrets: ['botToken', 'webhookSecret'] },
    ],
    contact: { codes: ['8'], kind: 'other' },
    webhook: { help: 'telegramHelp', registeredByAtiende: true },
    composer: plainComposer,
    keepsFailedInbound: false,
  },
};

/** The descriptor of a channel type named by a string from the wire (a conversation's `typeName`), if known. */
export function channelTypeOf(type: string | null | undefined): ChannelTypeDescriptor | undefined {
  return type && Object.hasOwn(CHANNEL_TYPES, type) ? CHANNEL_TYPES[type as ChannelTypeKey] : undefined;
}

const perType = <T>(pick: (descriptor: ChannelTypeDescriptor) => T) =>
  Object.fromEntries(CHANNEL_TYPE_KEYS.map((key) => [key, pick(CHANNEL_TYPES[key])])) as Record<ChannelTypeKey, T>;

/** Provider configuration per channel type (from `CHANNEL_TYPES`). */
export const CHANNEL_CONFIG_FIELDS: Record<ChannelTypeKey, ConfigField[]> = perType((type) => type.configFields);

/** Channel types a provider reaches through a webhook of Atiende: `/api/v2/webhooks/{type}/{channelId}`. */
export const WEBHOOK_CHANNEL_TYPES: readonly ChannelTypeKey[] = CHANNEL_TYPE_KEYS.filter(
  (key) => CHANNEL_TYPES[key].webhook !== null,
);

/** An SMS status callback's acknowledgement is Twilio's empty TwiML; so is an inbound message's. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** Why a message the channel received could not be taken (see docs/api/email.md). */
export const FAILED_INBOUND_REASONS = ['unreadable', 'no-sender', 'invalid', 'error'] as const;
export type FailedInboundReason = (typeof FAILED_INBOUND_REASONS)[number];

/** Sender identification per channel type (from `CHANNEL_TYPES`). */
export const CHANNEL_CONTACT_TYPES: Record<ChannelTypeKey, ChannelTypeDescriptor['contact']> = perType(
  (type) => type.contact,
);

/** Whether `at` falls inside the channel's business hours (always true when the schedule is not enabled). */
export function isWithinBusinessHours(hours: BusinessHours, at: Date = new Date()): boolean {
  if (!hours.enabled) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: hours.timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  const time = `${part('hour')}:${part('minute')}`;
  return hours.days.some((slot) => slot.day === day && slot.from <= time && time < slot.to);
}
