import type { InboundMessage } from '@atiende/contracts';
import { z } from 'zod';
import { type IgnoredEvent, providerTime } from '../interactions/ignored.js';
import type { InboundChange, InboundDetails } from '../interactions/inbound.service.js';

/** Placeholders and numbers both appear where Meta documents numbers (quantities, prices). */
const scalar = z.union([z.string(), z.number()]);

/** A part of a message that, when not of the documented shape, is left out instead of dropping the message. */
const part = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const media = z.looseObject({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});

const errorSchema = z.looseObject({
  code: scalar.optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  details: z.string().optional(),
  error_data: z.looseObject({ details: z.string().optional() }).optional(),
});
type ProviderError = z.infer<typeof errorSchema>;

/**
 * The content of a message: every kind the Cloud API sends. Lenient, because Meta adds fields and kinds over time:
 * what is not understood still shows as its kind, never dropped. An edit carries the same content without id.
 */
const contentSchema = z.looseObject({
  type: z.string(),
  text: part(z.looseObject({ body: z.string() })),
  image: part(media),
  document: part(media),
  video: part(media),
  audio: part(media),
  sticker: part(media),
  voice: part(media),
  location: part(
    z.looseObject({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    }),
  ),
  button: part(z.looseObject({ text: z.string().optional(), payload: z.string().optional() })),
  interactive: part(
    z.looseObject({
      type: z.string().optional(),
      button_reply: z.looseObject({ title: z.string() }).optional(),
      list_reply: z.looseObject({ title: z.string(), description: z.string().optional() }).optional(),
      nfm_reply: z
        .looseObject({ body: z.string().optional(), name: z.string().optional(), response_json: z.string().optional() })
        .optional(),
    }),
  ),
  contacts: part(
    z.array(
      z.looseObject({
        name: z.looseObject({ formatted_name: z.string().optional() }).optional(),
        phones: z.array(z.looseObject({ phone: z.string().optional() })).optional(),
      }),
    ),
  ),
  order: part(
    z.looseObject({
      catalog_id: scalar.optional(),
      text: z.string().optional(),
      product_items: z
        .array(
          z.looseObject({
            product_retailer_id: scalar.optional(),
            quantity: scalar.optional(),
            item_price: scalar.optional(),
            currency: z.string().optional(),
          }),
        )
        .optional(),
    }),
  ),
  system: part(
    z.looseObject({
      body: z.string().optional(),
      type: z.unknown().optional(),
      wa_id: z.string().optional(),
      customer: z.string().optional(),
    }),
  ),
  referral: part(
    z.looseObject({ headline: z.string().optional(), body: z.string().optional(), source_url: z.string().optional() }),
  ),
  unsupported: part(z.looseObject({ type: z.string().optional() })),
  errors: part(z.array(errorSchema)),
});
type Content = z.infer<typeof contentSchema>;

const messageSchema = contentSchema.extend({
  id: z.string().trim().min(1).max(300),
  from: z.string().optional(),
  from_user_id: z.string().optional(),
  group_id: z.string().optional(),
  timestamp: part(scalar),
  edit: z.looseObject({ original_message_id: z.string().trim().min(1).max(300), message: contentSchema }).optional(),
  revoke: z.looseObject({ original_message_id: z.string().trim().min(1).max(300) }).optional(),
});

const statusSchema = z.looseObject({
  id: z.string().trim().min(1).max(300),
  status: z.string(),
  recipient_id: z.string().optional(),
  errors: z.array(errorSchema).optional(),
  /** What Atiende sent with the message (`biz_opaque_callback_data`): a bulk recipient's reference. */
  biz_opaque_callback_data: z.string().max(512).optional(),
});

export const webhookSchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.looseObject({
                metadata: z.looseObject({ phone_number_id: z.string() }).optional(),
                contacts: z
                  .array(
                    z.looseObject({
                      wa_id: z.string().optional(),
                      user_id: z.string().optional(),
                      profile: z.looseObject({ name: z.string().optional() }).optional(),
                    }),
                  )
                  .optional(),
                messages: z.array(z.unknown()).optional(),
                statuses: z.array(z.unknown()).optional(),
                errors: z.array(z.unknown()).optional(),
              }),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
export type WhatsappWebhook = z.infer<typeof webhookSchema>;

export interface MediaReference {
  mediaId: string;
  filename: string | null;
  mimeType: string | null;
}

export interface ParsedWhatsappMessage {
  inbound: InboundMessage;
  media: MediaReference[];
  /** Kind and payload of messages whose text only summarises them (order, system, unsupported, ...). */
  details?: InboundDetails;
}

/** Meta's review of a template (`message_template_status_update`). */
export interface TemplateReview {
  providerTemplateId: string;
  event: string;
  reason: string | null;
}

const templateReviewSchema = z.object({
  event: z.string(),
  message_template_id: z.union([z.string(), z.number()]),
  reason: z.string().nullish(),
});

export interface ParsedStatus {
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  error?: string;
  reference?: string;
}

export interface WhatsappEvents {
  messages: ParsedWhatsappMessage[];
  /** Customers' edits and deletions (revokes) of earlier messages. */
  changes: InboundChange[];
  statuses: ParsedStatus[];
  templateReviews: TemplateReview[];
  /** Everything else Meta sent, with why it stores nothing (the service logs each). */
  ignored: IgnoredEvent[];
}

const MEDIA_TYPES = ['image', 'document', 'video', 'audio', 'sticker', 'voice'] as const;
type MediaType = (typeof MEDIA_TYPES)[number];
const DELIVERY = new Set(['sent', 'delivered', 'read', 'failed']);
/** Kinds whose stored text is the content itself; the text of any other kind summarises it (Meta's payload is kept). */
const PLAIN = new Set<string>(['text', 'location', 'button', 'interactive', ...MEDIA_TYPES]);
/** A WhatsApp id is the customer's number in international format: digits only, at most 15 (E.164). */
const WHATSAPP_ID = /^[1-9]\d{3,14}$/;
const TEXT_LIMIT = 20_000;

const isMediaType = (type: string): type is MediaType => (MEDIA_TYPES as readonly string[]).includes(type);

/** Meta's error as one readable line: `⚠️ title (code): details`. */
function errorLine(error: ProviderError): string {
  const title = error.title ?? error.message ?? 'Error';
  const details = error.error_data?.details ?? error.details;
  const code = error.code === undefined ? '' : ` (${error.code})`;
  return `⚠️ ${title}${code}${details && details !== title ? `: ${details}` : ''}`;
}

/** A WhatsApp Flow's answers (`nfm_reply`) as `field: value` lines; the flow token is Meta's, not the customer's. */
function flowAnswers(responseJson: string | undefined): string[] {
  if (!responseJson) return [];
  try {
    const answers: unknown = JSON.parse(responseJson);
    if (answers && typeof answers === 'object' && !Array.isArray(answers)) {
      return Object.entries(answers)
        .filter(([key]) => key !== 'flow_token')
        .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    }
  } catch {
    // Not JSON: shown as sent.
  }
  return [responseJson];
}

/**
 * The text a WhatsApp message shows in the conversation: its words, or a neutral description of what it carries
 * (stored once, so symbols and the provider's own words rather than one language). Never empty.
 */
export function textOf(message: Content, valueErrors: readonly ProviderError[] = []): string {
  const lines: string[] = [];
  switch (message.type) {
    case 'text':
      lines.push(message.text?.body ?? '');
      break;
    case 'location': {
      const place = message.location;
      if (place) {
        const label = [place.name, place.address].filter(Boolean).join(', ');
        lines.push(`📍 ${label ? `${label} ` : ''}https://maps.google.com/?q=${place.latitude},${place.longitude}`);
      }
      break;
    }
    case 'button':
      lines.push(message.button?.text ?? message.button?.payload ?? '');
      break;
    case 'interactive': {
      const reply = message.interactive;
      if (reply?.button_reply) lines.push(reply.button_reply.title);
      if (reply?.list_reply)
        lines.push([reply.list_reply.title, reply.list_reply.description].filter(Boolean).join(' — '));
      if (reply?.nfm_reply) {
        lines.push(`📝 ${reply.nfm_reply.body ?? reply.nfm_reply.name ?? 'Flow'}`);
        lines.push(...flowAnswers(reply.nfm_reply.response_json));
      }
      break;
    }
    case 'contacts':
      for (const contact of message.contacts ?? []) {
        const card = [contact.name?.formatted_name, ...(contact.phones ?? []).map((phone) => phone.phone)];
        lines.push(`👤 ${card.filter(Boolean).join(' ')}`);
      }
      break;
    case 'order': {
      for (const item of message.order?.product_items ?? []) {
        const price = [item.item_price, item.currency].filter((part) => part !== undefined).join(' ');
        lines.push(`🛒 ${item.quantity ?? 1} × ${item.product_retailer_id ?? '?'}${price ? ` (${price})` : ''}`);
      }
      if (message.order?.text) lines.push(message.order.text);
      break;
    }
    case 'system': {
      const kind = typeof message.system?.type === 'string' ? message.system.type : 'system';
      lines.push(`ℹ️ ${message.system?.body ?? kind}`);
      break;
    }
    default:
      if (isMediaType(message.type)) {
        const file = message[message.type];
        lines.push(file?.caption ?? file?.filename ?? `[${message.type}]`);
      }
  }
  // Unsupported and unknown kinds come with Meta's reason; an empty message takes the change's own error.
  for (const error of message.errors ?? []) lines.push(errorLine(error));
  if (message.type === 'unsupported' && message.unsupported?.type) lines.push(`[${message.unsupported.type}]`);
  if (message.type !== 'text' && message.text?.body) lines.push(message.text.body);
  if (!lines.some((line) => line.trim())) lines.push(...valueErrors.map(errorLine));
  const referral = message.referral;
  if (referral && (referral.headline || referral.source_url)) {
    lines.push(`📣 ${[referral.headline, referral.body, referral.source_url].filter(Boolean).join(' · ')}`);
  }
  const text = lines.filter((line) => line.trim()).join('\n');
  return (text || `[${message.type}]`).slice(0, TEXT_LIMIT);
}

/** Meta's payload of a message whose text only summarises it (an order, a flow's answers, an ad it came from, ...). */
function detailsOf(message: Content, raw: unknown): InboundDetails | undefined {
  if (message.referral) return { kind: 'referral', raw };
  if (!PLAIN.has(message.type) || message.interactive?.nfm_reply || message.errors?.length) {
    return { kind: message.type, raw };
  }
  return undefined;
}

function mediaOf(message: Content): MediaReference[] {
  if (!isMediaType(message.type)) return [];
  const file = message[message.type];
  return file ? [{ mediaId: file.id, filename: file.filename ?? null, mimeType: file.mime_type ?? null }] : [];
}

/**
 * Everything in one webhook call for the channel's phone number (one app may serve several): the customers'
 * messages, their edits and deletions, the delivery statuses, template reviews, and what is ignored and why.
 */
export function readWebhook(payload: WhatsappWebhook, phoneNumberId: string | null): WhatsappEvents {
  const events: WhatsappEvents = { messages: [], changes: [], statuses: [], templateReviews: [], ignored: [] };
  const { ignored } = events;
  for (const entry of payload.entry) {
    for (const change of entry.changes) {
      if (change.field === 'message_template_status_update') {
        const review = templateReviewSchema.safeParse(change.value);
        if (review.success) {
          events.templateReviews.push({
            providerTemplateId: String(review.data.message_template_id),
            event: review.data.event,
            reason: review.data.reason ?? null,
          });
        } else ignored.push({ kind: change.field, reason: 'malformed' });
        continue;
      }
      if (change.field === 'smb_message_echoes') {
        ignored.push({ kind: change.field, reason: 'own-message' });
        continue;
      }
      if (change.field !== 'messages') {
        ignored.push({ kind: change.field, reason: 'unhandled-kind' });
        continue;
      }
      const value = change.value;
      const numberId = value.metadata?.phone_number_id;
      if (phoneNumberId && numberId && numberId !== phoneNumberId) {
        ignored.push({ kind: 'messages', reason: 'other-account', detail: numberId });
        continue;
      }
      const valueErrors = (value.errors ?? []).flatMap((raw) => {
        const parsed = errorSchema.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      });
      for (const error of valueErrors)
        ignored.push({ kind: 'error', reason: 'provider-error', detail: errorLine(error) });
      const names = new Map(
        (value.contacts ?? []).flatMap((contact) => {
          const name = contact.profile?.name?.trim();
          return name ? [contact.wa_id, contact.user_id].flatMap((id) => (id ? [[id, name] as const] : [])) : [];
        }),
      );
      for (const raw of value.messages ?? []) readMessage(raw, names, valueErrors, events);
      for (const raw of value.statuses ?? []) {
        const parsed = statusSchema.safeParse(raw);
        if (!parsed.success) {
          ignored.push({ kind: 'status', reason: 'malformed', id: idOf(raw) });
          continue;
        }
        if (!DELIVERY.has(parsed.data.status)) {
          ignored.push({ kind: `status:${parsed.data.status}`, reason: 'status-not-tracked', id: parsed.data.id });
          continue;
        }
        const error = parsed.data.errors?.[0];
        events.statuses.push({
          providerMessageId: parsed.data.id,
          status: parsed.data.status as ParsedStatus['status'],
          ...(error ? { error: `${error.code ?? ''} ${error.title ?? ''}`.trim().slice(0, 1000) } : {}),
          ...(parsed.data.biz_opaque_callback_data ? { reference: parsed.data.biz_opaque_callback_data } : {}),
        });
      }
    }
  }
  return events;
}

const idOf = (raw: unknown): string | undefined =>
  raw && typeof raw === 'object' && 'id' in raw && typeof raw.id === 'string' ? raw.id.slice(0, 300) : undefined;

function readMessage(
  raw: unknown,
  names: ReadonlyMap<string, string>,
  valueErrors: readonly ProviderError[],
  events: WhatsappEvents,
): void {
  const parsed = messageSchema.safeParse(raw);
  if (!parsed.success) {
    events.ignored.push({ kind: 'message', reason: 'malformed', id: idOf(raw) });
    return;
  }
  const message = parsed.data;
  const sender = message.from?.trim() ?? '';
  if (!WHATSAPP_ID.test(sender)) {
    // Not a number a reply can go to: storing it would make a customer no one can answer.
    const detail = sender
      ? 'not a phone number'
      : message.from_user_id
        ? 'username only, no phone number'
        : 'no sender';
    events.ignored.push({ kind: message.type, reason: 'invalid-sender', id: message.id, detail });
    return;
  }
  if (message.group_id) {
    events.ignored.push({ kind: message.type, reason: 'not-private-chat', id: message.id });
    return;
  }
  const senderName = (names.get(sender) ?? (message.from_user_id ? names.get(message.from_user_id) : undefined))?.slice(
    0,
    200,
  );
  const sentAt = providerTime(message.timestamp, 'seconds')?.toISOString();
  const who = { from: sender, ...(senderName ? { senderName } : {}) };
  if (message.type === 'edit' || message.type === 'revoke') {
    const target = message.edit?.original_message_id ?? message.revoke?.original_message_id;
    if (!target) {
      events.ignored.push({ kind: message.type, reason: 'malformed', id: message.id });
      return;
    }
    const edited = message.type === 'edit' && message.edit ? message.edit.message : null;
    events.changes.push({
      providerMessageId: target,
      changeId: message.id,
      change: edited ? 'edit' : 'delete',
      ...who,
      ...(edited ? { text: textOf(edited), details: detailsOf(edited, edited) } : {}),
      ...(sentAt ? { changedAt: sentAt } : {}),
    });
    return;
  }
  if (message.type === 'reaction') {
    events.ignored.push({ kind: 'reaction', reason: 'unhandled-kind', id: message.id });
    return;
  }
  if (message.type === 'request_welcome') {
    events.ignored.push({ kind: message.type, reason: 'unhandled-kind', id: message.id });
    return;
  }
  const details = detailsOf(message, raw);
  events.messages.push({
    inbound: {
      providerMessageId: message.id,
      ...who,
      text: textOf(message, valueErrors),
      ...(sentAt ? { receivedAt: sentAt } : {}),
    },
    media: mediaOf(message),
    ...(details ? { details } : {}),
  });
}
