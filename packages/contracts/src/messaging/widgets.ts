import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema } from '../admin/common.js';
import { named } from '../registry.js';
import { singleLine } from '../text.js';
import { WIDGET_ICON_TYPES, WIDGET_MAX_ORIGINS, WIDGET_POSITIONS, WIDGET_STYLES } from './widgets.constants.js';

const origin = singleLine()
  .max(300)
  // scheme://host[:port] and nothing else (an origin, as browsers send it in the Origin header).
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$/i, { message: 'i18n:widgets.originInvalid' })
  .transform((value) => value.replace(/\/$/, '').toLowerCase());

export const widgetBodySchema = z.object({
  name: singleLine().min(2).max(120),
  enabled: z.boolean().default(true),
  /** The websites allowed to embed the widget: scheme, host and port only (e.g. https://www.example.com). */
  allowedOrigins: z
    .array(origin)
    .min(1)
    .max(WIDGET_MAX_ORIGINS)
    .transform((origins) => [...new Set(origins)]),
  channelIds: z.array(z.number().int().positive()).max(12).default([]),
  style: z.enum(WIDGET_STYLES).default('floating'),
  title: singleLine().max(120).nullish(),
  subtitle: singleLine().max(200).nullish(),
  position: z.enum(WIDGET_POSITIONS).default('bottom-right'),
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { message: 'i18n:widgets.colorInvalid' })
    .default('#d32f2f'),
  iconType: z.enum(WIDGET_ICON_TYPES).default('default'),
  /** A "help center" button that opens the public knowledge base (when its site is on). */
  helpCenter: z.boolean().default(false),
});
export type WidgetBody = z.output<typeof widgetBodySchema>;
export const widgetListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'name');

export const omniWidgetSchema = named(
  'OmniWidget',
  z.object({
    id: idSchema,
    name: z.string(),
    enabled: z.boolean(),
    publicKey: z.string(),
    allowedOrigins: z.array(z.string()),
    channels: z.array(z.object({ id: idSchema, name: z.string(), type: z.string() })),
    style: z.enum(WIDGET_STYLES),
    title: z.string().nullable(),
    subtitle: z.string().nullable(),
    position: z.enum(WIDGET_POSITIONS),
    primaryColor: z.string(),
    businessImageUrl: z.string().nullable(),
    iconType: z.enum(WIDGET_ICON_TYPES),
    iconImageUrl: z.string().nullable(),
    helpCenter: z.boolean(),
    /** The copy-paste embed snippet (a script tag pointing at this server). */
    script: z.string(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type OmniWidget = z.infer<typeof omniWidgetSchema>;

/** What the embed script gets: the widget's look and its buttons (never a channel secret). */
export const publicWidgetSchema = named(
  'PublicWidget',
  z.object({
    publicKey: z.string(),
    style: z.string(),
    position: z.string(),
    title: z.string().nullable(),
    subtitle: z.string().nullable(),
    primaryColor: z.string(),
    businessImageUrl: z.string().nullable(),
    iconType: z.string(),
    iconImageUrl: z.string().nullable(),
    /** One button per enabled channel with a public link; `webchat` opens the chat window (link null). */
    channels: z.array(z.object({ id: idSchema, type: z.string(), name: z.string(), link: z.string().nullable() })),
    /** The web chat, when the widget has an enabled web-chat channel. */
    chat: z.object({ welcomeMessage: z.string().nullable() }).nullable(),
  }),
);
export type PublicWidget = z.infer<typeof publicWidgetSchema>;

/** A web-chat visitor: the token is returned when it is made (only its hash is kept). */
export const widgetVisitorSchema = z.object({
  visitorToken: z.string(),
  visitorId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});

/** A message of the visitor's conversation: `direction` 0 from the visitor, 1 from the business. */
export const visitorMessageSchema = named(
  'VisitorMessage',
  z.object({
    id: idSchema,
    direction: z.literal([0, 1]),
    text: z.string(),
    /** Sanitised HTML (the script shows `text`). */
    html: z.string(),
    senderName: z.string().nullable(),
    /** The visitor's own id for a message they sent (reconciles a pending bubble). */
    clientMessageId: z.string().nullable(),
    /** Files the business sent: downloaded with the visitor's token from `.../messages/:id/attachments/:attachmentId`. */
    attachments: z.array(z.object({ id: idSchema, name: z.string(), contentType: z.string(), size: z.number().int() })),
    createdAt: instantSchema,
  }),
);
export type VisitorMessage = z.infer<typeof visitorMessageSchema>;

/** The visitor's conversation, oldest first; `hasMore` when older messages remain. */
export const visitorHistorySchema = z.object({ messages: z.array(visitorMessageSchema), hasMore: z.boolean() });

/** `POST /tickets/:id/webchat-typing`: how many web-chat visitors of the ticket were told. */
export const typingNoticeSchema = z.object({ visitors: z.number().int() });
