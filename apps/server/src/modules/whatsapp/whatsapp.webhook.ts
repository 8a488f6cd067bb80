import type { InboundMessage } from '@atiende/contracts';
import { z } from 'zod';

const media = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});

// Lenient: Meta adds fields and message types over time; what is not understood is kept as a note, never dropped.
const messageSchema = z.looseObject({
  id: z.string().min(1).max(300),
  from: z.string().min(1).max(50),
  timestamp: z.string().optional(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  image: media.optional(),
  document: media.optional(),
  video: media.optional(),
  audio: media.optional(),
  sticker: media.optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  button: z.object({ text: z.string().optional(), payload: z.string().optional() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string() }).optional(),
      list_reply: z.object({ title: z.string(), description: z.string().optional() }).optional(),
    })
    .optional(),
  contacts: z
    .array(
      z.object({
        name: z.object({ formatted_name: z.string().optional() }).optional(),
        phones: z.array(z.object({ phone: z.string().optional() })).optional(),
      }),
    )
    .optional(),
  context: z.object({ id: z.string().optional() }).optional(),
});

const statusSchema = z.object({
  id: z.string().min(1).max(300),
  status: z.string(),
  recipient_id: z.string().optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() })).optional(),
});

export const webhookSchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.looseObject({
                metadata: z.object({ phone_number_id: z.string() }).optional(),
                contacts: z
                  .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string().optional() }).optional() }))
                  .optional(),
                messages: z.array(z.unknown()).optional(),
                statuses: z.array(z.unknown()).optional(),
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
}

const MEDIA_TYPES = ['image', 'document', 'video', 'audio', 'sticker'] as const;
const DELIVERY = new Set(['sent', 'delivered', 'read', 'failed']);

/** The text a WhatsApp message shows in the conversation: its words, or a description of what it carries. */
function textOf(message: z.infer<typeof messageSchema>): string {
  switch (message.type) {
    case 'text':
      return message.text?.body ?? '';
    case 'location': {
      const place = message.location;
      if (!place) return '📍';
      const label = [place.name, place.address].filter(Boolean).join(', ');
      const link = `https://maps.google.com/?q=${place.latitude},${place.longitude}`;
      return `📍 ${label ? `${label} ` : ''}${link}`;
    }
    case 'button':
      return message.button?.text ?? message.button?.payload ?? '';
    case 'interactive':
      return message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title ?? '';
    case 'contacts':
      return (message.contacts ?? [])
        .map((contact) =>
          [contact.name?.formatted_name, ...(contact.phones ?? []).map((phone) => phone.phone)]
            .filter(Boolean)
            .join(' '),
        )
        .join('\n');
    default: {
      const file = MEDIA_TYPES.includes(message.type as (typeof MEDIA_TYPES)[number])
        ? message[message.type as (typeof MEDIA_TYPES)[number]]
        : undefined;
      if (file) return file.caption ?? file.filename ?? `[${message.type}]`;
      return `[${message.type}]`;
    }
  }
}

/**
 * The customers' messages and the delivery statuses in one webhook call, for the channel's phone number only
 * (one app may serve several numbers). Reactions and malformed entries are skipped; unknown types become a note.
 */
export function readWebhook(
  payload: WhatsappWebhook,
  phoneNumberId: string | null,
): { messages: ParsedWhatsappMessage[]; statuses: ParsedStatus[]; templateReviews: TemplateReview[] } {
  const messages: ParsedWhatsappMessage[] = [];
  const statuses: ParsedStatus[] = [];
  const templateReviews: TemplateReview[] = [];
  for (const entry of payload.entry) {
    for (const change of entry.changes) {
      if (change.field === 'message_template_status_update') {
        const review = templateReviewSchema.safeParse(change.value);
        if (review.success) {
          templateReviews.push({
            providerTemplateId: String(review.data.message_template_id),
            event: review.data.event,
            reason: review.data.reason ?? null,
          });
        }
        continue;
      }
      if (change.field !== 'messages') continue;
      const value = change.value;
      if (phoneNumberId && value.metadata?.phone_number_id && value.metadata.phone_number_id !== phoneNumberId)
        continue;
      const names = new Map((value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name]));
      for (const raw of value.messages ?? []) {
        const parsed = messageSchema.safeParse(raw);
        if (!parsed.success || parsed.data.type === 'reaction') continue;
        const message = parsed.data;
        const senderName = names.get(message.from)?.trim();
        const seconds = Number(message.timestamp);
        const files = MEDIA_TYPES.flatMap((type) => {
          const file = message.type === type ? message[type] : undefined;
          return file ? [{ mediaId: file.id, filename: file.filename ?? null, mimeType: file.mime_type ?? null }] : [];
        });
        messages.push({
          inbound: {
            providerMessageId: message.id,
            from: message.from,
            ...(senderName ? { senderName: senderName.slice(0, 200) } : {}),
            text: textOf(message).slice(0, 20_000),
            ...(Number.isFinite(seconds) && seconds > 0 ? { receivedAt: new Date(seconds * 1000).toISOString() } : {}),
          },
          media: files,
        });
      }
      for (const raw of value.statuses ?? []) {
        const parsed = statusSchema.safeParse(raw);
        if (!parsed.success || !DELIVERY.has(parsed.data.status)) continue;
        const error = parsed.data.errors?.[0];
        statuses.push({
          providerMessageId: parsed.data.id,
          status: parsed.data.status as ParsedStatus['status'],
          ...(error ? { error: `${error.code ?? ''} ${error.title ?? ''}`.trim().slice(0, 1000) } : {}),
        });
      }
    }
  }
  return { messages, statuses, templateReviews };
}
