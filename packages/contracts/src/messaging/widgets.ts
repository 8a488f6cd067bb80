import { z } from 'zod';
import { listQuerySchema } from '../admin/common.js';
import { singleLine } from '../text.js';

export const WIDGET_STYLES = ['list', 'floating'] as const;
export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export const WIDGET_ICON_TYPES = ['default', 'image'] as const;

const origin = singleLine()
  .max(300)
  // scheme://host[:port] and nothing else (an origin, as browsers send it in the Origin header).
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$/i, { message: 'i18n:widgets.originInvalid' })
  .transform((value) => value.replace(/\/$/, '').toLowerCase());

export const widgetBodySchema = z.object({
  name: singleLine().min(2).max(120),
  enabled: z.boolean().default(true),
  /** The website allowed to embed the widget: scheme, host and port only (e.g. https://www.example.com). */
  allowedOrigin: origin,
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
});
export type WidgetBody = z.output<typeof widgetBodySchema>;
export const widgetListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'name');

export interface OmniWidget {
  id: number;
  name: string;
  enabled: boolean;
  publicKey: string;
  allowedOrigin: string;
  channels: { id: number; name: string; type: string }[];
  style: (typeof WIDGET_STYLES)[number];
  title: string | null;
  subtitle: string | null;
  position: (typeof WIDGET_POSITIONS)[number];
  primaryColor: string;
  businessImageUrl: string | null;
  iconType: (typeof WIDGET_ICON_TYPES)[number];
  iconImageUrl: string | null;
  /** The copy-paste embed snippet (a script tag pointing at this server). */
  script: string;
  createdAt: string;
  updatedAt: string;
}

/** A web-chat visitor is typing in a ticket's conversation (to who may see the ticket; unsequenced). */
export const WEBCHAT_TYPING_EVENT = 'webchat-typing';
export interface WebchatTypingEvent {
  casoId: number;
  campanaId: number;
}
