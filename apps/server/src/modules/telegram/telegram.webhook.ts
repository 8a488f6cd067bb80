import { timingSafeEqual } from 'node:crypto';
import type { InboundMessage } from '@atiende/contracts';
import { z } from 'zod';

/** Whether the `X-Telegram-Bot-Api-Secret-Token` header is the channel's secret (Telegram sends it on every call). */
export function validSecret(header: string | undefined, secret: string | undefined): boolean {
  if (!header || !secret) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const file = z.object({ file_id: z.string(), file_name: z.string().optional(), mime_type: z.string().optional() });

const messageSchema = z.looseObject({
  message_id: z.number().int(),
  date: z.number().int().optional(),
  from: z
    .object({
      id: z.number(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      username: z.string().optional(),
    })
    .optional(),
  chat: z.object({ id: z.number(), type: z.string() }),
  text: z.string().optional(),
  caption: z.string().optional(),
  photo: z.array(z.object({ file_id: z.string(), file_size: z.number().optional() })).optional(),
  document: file.optional(),
  audio: file.optional(),
  voice: file.optional(),
  video: file.optional(),
  sticker: z.object({ file_id: z.string(), emoji: z.string().optional() }).optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  contact: z
    .object({ phone_number: z.string(), first_name: z.string().optional(), last_name: z.string().optional() })
    .optional(),
});

export const updateSchema = z.looseObject({ update_id: z.number().int(), message: z.unknown().optional() });

export interface TelegramFile {
  fileId: string;
  name: string | null;
}

export interface ParsedUpdate {
  inbound: InboundMessage;
  files: TelegramFile[];
}

/** The text a Telegram message shows in the conversation: its words, or what it carries. */
function textOf(message: z.infer<typeof messageSchema>): string {
  if (message.text) return message.text;
  if (message.caption) return message.caption;
  if (message.location) {
    return `📍 https://maps.google.com/?q=${message.location.latitude},${message.location.longitude}`;
  }
  if (message.contact) {
    return [message.contact.first_name, message.contact.last_name, message.contact.phone_number]
      .filter(Boolean)
      .join(' ');
  }
  if (message.sticker) return message.sticker.emoji ?? '[sticker]';
  if (message.document) return message.document.file_name ?? '[document]';
  for (const kind of ['photo', 'voice', 'audio', 'video'] as const) if (message[kind]) return `[${kind}]`;
  return '[message]';
}

/**
 * A customer's message in one update: private chats only (a bot added to a group is not a customer conversation).
 * The chat id is the contact datum; the provider id is chat and message id, so Telegram's redeliveries repeat it.
 */
export function readUpdate(update: z.infer<typeof updateSchema>): ParsedUpdate | null {
  const parsed = messageSchema.safeParse(update.message);
  if (!parsed.success || parsed.data.chat.type !== 'private') return null;
  const message = parsed.data;
  const chatId = String(message.chat.id);
  const sender = message.from;
  const name = [sender?.first_name, sender?.last_name].filter(Boolean).join(' ').trim() || sender?.username;
  const files: TelegramFile[] = [];
  // Telegram lists a photo in several sizes, smallest first: the largest is the one to keep.
  const photo = message.photo?.at(-1);
  if (photo) files.push({ fileId: photo.file_id, name: null });
  for (const kind of ['document', 'audio', 'voice', 'video'] as const) {
    const attached = message[kind];
    if (attached) files.push({ fileId: attached.file_id, name: attached.file_name ?? null });
  }
  return {
    inbound: {
      providerMessageId: `${chatId}:${message.message_id}`,
      from: chatId,
      ...(name ? { senderName: name.slice(0, 200) } : {}),
      text: textOf(message).slice(0, 20_000),
      ...(message.date ? { receivedAt: new Date(message.date * 1000).toISOString() } : {}),
    },
    files,
  };
}
