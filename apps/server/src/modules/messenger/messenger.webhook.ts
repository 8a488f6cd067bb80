import type { InboundMessage } from '@atiende/contracts';
import { z } from 'zod';

const attachmentSchema = z.object({
  type: z.string(),
  payload: z
    .object({
      url: z.string().optional(),
      title: z.string().optional(),
      coordinates: z.object({ lat: z.number(), long: z.number() }).optional(),
    })
    .nullish(),
});

const eventSchema = z.looseObject({
  sender: z.object({ id: z.string() }),
  recipient: z.object({ id: z.string() }).optional(),
  timestamp: z.number().optional(),
  message: z
    .object({
      mid: z.string().min(1).max(300),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      attachments: z.array(attachmentSchema).optional(),
    })
    .optional(),
  postback: z
    .object({ title: z.string().optional(), payload: z.string().optional(), mid: z.string().optional() })
    .optional(),
  delivery: z.object({ mids: z.array(z.string()).optional(), watermark: z.number().optional() }).optional(),
  read: z.object({ watermark: z.number().optional(), mid: z.string().optional() }).optional(),
});

export const messengerWebhookSchema = z.object({
  object: z.string(),
  entry: z.array(z.looseObject({ id: z.string(), messaging: z.array(z.unknown()).optional() })).default([]),
});
export type MessengerWebhook = z.infer<typeof messengerWebhookSchema>;

/** A file the customer sent, on Meta's CDN (a signed link, fetched without the token). */
export interface MessengerFile {
  url: string;
  kind: string;
}

export interface MessengerEvents {
  messages: { inbound: InboundMessage; files: MessengerFile[] }[];
  /** Outgoing messages Meta delivered. */
  delivered: string[];
  /** Reads: by message id (Instagram) or "everything sent before" a time (Messenger's watermark). */
  reads: { sender: string; mid?: string; watermark?: number }[];
}

const FILE_KINDS = new Set(['image', 'video', 'audio', 'file']);

function textOf(message: NonNullable<z.infer<typeof eventSchema>['message']>): string {
  if (message.text) return message.text;
  const parts = (message.attachments ?? []).map((attachment) => {
    const coordinates = attachment.payload?.coordinates;
    if (attachment.type === 'location' && coordinates) {
      return `📍 https://maps.google.com/?q=${coordinates.lat},${coordinates.long}`;
    }
    if (!FILE_KINDS.has(attachment.type) && attachment.payload?.url) {
      return [attachment.payload.title, attachment.payload.url].filter(Boolean).join(' ');
    }
    return `[${attachment.type}]`;
  });
  return parts.join('\n') || '[message]';
}

/**
 * The events of one webhook call for the channel's page or Instagram account (an app may serve several): the
 * customers' messages (our own echoes skipped), button taps as text, deliveries and reads.
 */
export function readMessengerWebhook(payload: MessengerWebhook, accountId: string | null): MessengerEvents {
  const events: MessengerEvents = { messages: [], delivered: [], reads: [] };
  for (const entry of payload.entry) {
    if (accountId && entry.id !== accountId) continue;
    for (const raw of entry.messaging ?? []) {
      const parsed = eventSchema.safeParse(raw);
      if (!parsed.success) continue;
      const event = parsed.data;
      const receivedAt = event.timestamp ? { receivedAt: new Date(event.timestamp).toISOString() } : {};
      if (event.message && !event.message.is_echo) {
        events.messages.push({
          inbound: {
            providerMessageId: event.message.mid,
            from: event.sender.id,
            text: textOf(event.message).slice(0, 20_000),
            ...receivedAt,
          },
          files: (event.message.attachments ?? []).flatMap((attachment) =>
            FILE_KINDS.has(attachment.type) && attachment.payload?.url
              ? [{ url: attachment.payload.url, kind: attachment.type }]
              : [],
          ),
        });
      } else if (event.postback?.mid) {
        // A tap on a button Atiende (or a bot) sent: the customer's choice is their message.
        events.messages.push({
          inbound: {
            providerMessageId: event.postback.mid,
            from: event.sender.id,
            text: (event.postback.title ?? event.postback.payload ?? '[postback]').slice(0, 20_000),
            ...receivedAt,
          },
          files: [],
        });
      }
      if (event.delivery?.mids) events.delivered.push(...event.delivery.mids);
      if (event.read)
        events.reads.push({ sender: event.sender.id, mid: event.read.mid, watermark: event.read.watermark });
    }
  }
  return events;
}
