import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, namedRefSchema, optionalText } from '../admin/common.js';
import { named } from '../registry.js';
import { multiLine, singleLine } from '../text.js';
import {
  CHANNEL_DIRECTIONS,
  CHANNEL_TYPE_KEYS,
  type ChannelTypeKey,
  FAILED_INBOUND_REASONS,
} from './channels.constants.js';

/**
 * A Meta webhook call's acknowledgement: messages read and stored, customers' edits and deletions read and applied,
 * statuses (and template reviews) applied, and events ignored on purpose (each logged with its reason).
 */
export const metaWebhookResultSchema = z.object({
  messages: z.number().int(),
  recorded: z.number().int(),
  changes: z.number().int(),
  changed: z.number().int(),
  statuses: z.number().int().optional(),
  updated: z.number().int(),
  ignored: z.number().int(),
});
/** A Telegram update's acknowledgement: whether it stored a new message, or applied an edit of one. */
export const telegramWebhookResultSchema = z.object({ recorded: z.boolean(), changed: z.boolean() });
/** The URL a provider now calls for the channel (after registering the webhook with it). */
export const webhookRegistrationSchema = z.object({ webhookUrl: z.string() });

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'i18n:channels.timeFormat' });

export const businessHoursSchema = z
  .object({
    enabled: z.boolean().default(false),
    timezone: singleLine().min(1).max(60).default('America/Bogota'),
    days: z
      .array(z.object({ day: z.number().int().min(0).max(6), from: time, to: time }))
      .max(14)
      .default([]),
  })
  .refine((hours) => hours.days.every((slot) => slot.from < slot.to), {
    path: ['days'],
    message: 'i18n:channels.hoursOrder',
  })
  .refine(
    (hours) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: hours.timezone });
        return true;
      } catch {
        return false;
      }
    },
    { path: ['timezone'], message: 'i18n:channels.timezoneInvalid' },
  );
export type BusinessHours = z.output<typeof businessHoursSchema>;

export const channelBodySchema = z.object({
  name: singleLine().min(2).max(120),
  type: z.enum(CHANNEL_TYPE_KEYS as [ChannelTypeKey, ...ChannelTypeKey[]]),
  direction: z.enum(CHANNEL_DIRECTIONS),
  enabled: z.boolean().default(true),
  /** Values by config field key; a secret left empty keeps the stored one. */
  config: z
    .record(singleLine().max(100), z.union([multiLine().max(2000), z.number(), z.boolean(), z.null()]))
    .default({}),
  businessHours: businessHoursSchema.default({ enabled: false, timezone: 'America/Bogota', days: [] }),
  unavailableMessage: optionalText(1000, { multiLine: true }),
});
export type ChannelBody = z.input<typeof channelBodySchema>;

export const channelListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'name').extend({
  type: z.enum(CHANNEL_TYPE_KEYS as [ChannelTypeKey, ...ChannelTypeKey[]]).optional(),
  enabled: z.enum(['true', 'false', 'all']).default('all'),
});

export const channelSchema = named(
  'Channel',
  z.object({
    id: idSchema,
    name: z.string(),
    type: z.enum(CHANNEL_TYPE_KEYS as [ChannelTypeKey, ...ChannelTypeKey[]]),
    typeCode: z.number().int(),
    direction: z.enum(CHANNEL_DIRECTIONS),
    enabled: z.boolean(),
    /** Non-secret values only. */
    config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    /** Keys of the secrets that are set (their values are never returned). */
    secretsSet: z.array(z.string()),
    businessHours: z.object({
      enabled: z.boolean(),
      timezone: z.string(),
      days: z.array(z.object({ day: z.number().int(), from: z.string(), to: z.string() })),
    }) satisfies z.ZodType<BusinessHours>,
    unavailableMessage: z.string().nullable(),
    /** Where the provider calls Atiende for this channel (types with a webhook, e.g. WhatsApp); null otherwise. */
    webhookUrl: z.string().nullable(),
    /** Set when the channel's provider reported a problem: the UI shows "error found in a channel". */
    lastError: z.string().nullable(),
    lastErrorAt: instantSchema.nullable(),
    campaigns: z.array(namedRefSchema),
    /** The omni widgets that offer the channel on websites. */
    widgets: z.array(namedRefSchema),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type Channel = z.infer<typeof channelSchema>;

/**
 * A message the channel received but could not take: listed on the channel with its reason, its source kept
 * until someone retries it (processed again from that source) or discards it.
 */
export const failedInboundMessageSchema = named(
  'FailedInboundMessage',
  z.object({
    id: idSchema,
    channelId: idSchema,
    reason: z.enum(FAILED_INBOUND_REASONS),
    /** The error as the server saw it (for whoever investigates; not translated). */
    detail: z.string().nullable(),
    /** What could be read of the message, when anything could. */
    sender: z.string().nullable(),
    subject: z.string().nullable(),
    /** The message's own date (Date header), when it has a sensible one. */
    sentAt: instantSchema.nullable(),
    /** Size of the kept source, in bytes. */
    size: z.number().int(),
    attempts: z.number().int(),
    createdAt: instantSchema,
    lastAttemptAt: instantSchema,
  }),
);
export type FailedInboundMessage = z.infer<typeof failedInboundMessageSchema>;

export const failedInboundListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sizePerPage: z.coerce.number().int().min(1).max(100).default(10),
});

export const failedInboundParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  failedId: z.coerce.number().int().positive(),
});

/** What a retry did: the message was recorded (or already was), or it was recognised as automatic and skipped. */
export const failedInboundRetrySchema = z.object({
  status: z.enum(['recorded', 'duplicate', 'skipped']),
  ticketId: idSchema.nullable(),
});
export type FailedInboundRetry = z.infer<typeof failedInboundRetrySchema>;
