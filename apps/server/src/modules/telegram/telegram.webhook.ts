import { timingSafeEqual } from 'node:crypto';
import type { InboundMessage } from '@atiende/contracts';
import { z } from 'zod';
import type { IgnoredEvent } from '../interactions/ignored.js';
import type { InboundChange } from '../interactions/inbound.service.js';

/** Whether the `X-Telegram-Bot-Api-Secret-Token` header is the channel's secret (Telegram sends it on every call). */
export function validSecret(header: string | undefined, secret: string | undefined): boolean {
  if (!header || !secret) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const file = z.looseObject({
  file_id: z.string(),
  file_name: z.string().optional(),
  mime_type: z.string().optional(),
});
const point = z.looseObject({ latitude: z.number(), longitude: z.number() });

const messageSchema = z.looseObject({
  message_id: z.number().int(),
  date: z.number().int().optional(),
  edit_date: z.number().int().optional(),
  from: z
    .looseObject({
      id: z.number(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      username: z.string().optional(),
    })
    .optional(),
  chat: z.looseObject({ id: z.number(), type: z.string() }),
  text: z.string().optional(),
  caption: z.string().optional(),
  photo: z.array(z.looseObject({ file_id: z.string(), file_size: z.number().optional() })).optional(),
  document: file.optional(),
  audio: file.optional(),
  voice: file.optional(),
  video: file.optional(),
  video_note: file.optional(),
  sticker: z.looseObject({ file_id: z.string(), emoji: z.string().optional() }).optional(),
  location: point.optional(),
  venue: z
    .looseObject({ location: point.optional(), title: z.string().optional(), address: z.string().optional() })
    .optional(),
  contact: z
    .looseObject({ phone_number: z.string(), first_name: z.string().optional(), last_name: z.string().optional() })
    .optional(),
  poll: z
    .looseObject({ question: z.string(), options: z.array(z.looseObject({ text: z.string() })).optional() })
    .optional(),
  dice: z.looseObject({ emoji: z.string().optional(), value: z.number().optional() }).optional(),
  web_app_data: z.looseObject({ data: z.string(), button_text: z.string().optional() }).optional(),
});
type TelegramMessage = z.infer<typeof messageSchema>;

export const updateSchema = z.looseObject({ update_id: z.number().int() });

export interface TelegramFile {
  fileId: string;
  name: string | null;
}

export interface ParsedUpdate {
  inbound: InboundMessage;
  files: TelegramFile[];
}

/** What one update means for Atiende: a customer's message, an edit of one, or nothing (with why). */
export interface UpdateEvents {
  message?: ParsedUpdate;
  change?: InboundChange;
  ignored: IgnoredEvent[];
}

const TEXT_LIMIT = 20_000;
const FILE_KINDS = ['document', 'audio', 'voice', 'video', 'video_note'] as const;
/** Update kinds that carry a message of a group or channel rather than of a customer's private chat. */
const CHANNEL_KINDS = new Set(['channel_post', 'edited_channel_post']);

const mapLink = (place: { latitude: number; longitude: number }) =>
  `https://maps.google.com/?q=${place.latitude},${place.longitude}`;

/** A Mini App's answer (`web_app_data`): its fields as `field: value` lines when it sent JSON. */
function webAppLines(data: string): string[] {
  try {
    const answers: unknown = JSON.parse(data);
    if (answers && typeof answers === 'object' && !Array.isArray(answers)) {
      return Object.entries(answers).map(([key, value]) => `${key}: ${String(value)}`);
    }
  } catch {
    // Not JSON: shown as sent.
  }
  return [data];
}

/** The text a Telegram message shows in the conversation: its words, or what it carries. Never empty. */
export function textOf(message: TelegramMessage): string {
  const lines: string[] = [];
  if (message.text) lines.push(message.text);
  if (message.caption) lines.push(message.caption);
  if (message.venue) {
    // A venue is a place with its name and address (Telegram also sends its bare location).
    const where = message.venue.location ?? message.location;
    const label = [message.venue.title, message.venue.address].filter(Boolean).join(', ');
    lines.push(`📍 ${label}${where ? ` ${mapLink(where)}` : ''}`);
  } else if (message.location) {
    lines.push(`📍 ${mapLink(message.location)}`);
  }
  if (message.contact) {
    const { first_name, last_name, phone_number } = message.contact;
    lines.push(`👤 ${[first_name, last_name, phone_number].filter(Boolean).join(' ')}`);
  }
  if (message.poll) {
    lines.push(`📊 ${message.poll.question}`, ...(message.poll.options ?? []).map((option) => `- ${option.text}`));
  }
  if (message.dice) lines.push(`${message.dice.emoji ?? '🎲'} ${message.dice.value ?? ''}`.trim());
  if (message.web_app_data) {
    lines.push(`📝 ${message.web_app_data.button_text ?? 'Web App'}`, ...webAppLines(message.web_app_data.data));
  }
  if (lines.length === 0) {
    if (message.sticker) lines.push(message.sticker.emoji ?? '[sticker]');
    else if (message.document) lines.push(message.document.file_name ?? '[document]');
    else {
      const kind = (['photo', ...FILE_KINDS] as const).find((key) => message[key]);
      lines.push(`[${kind ?? 'message'}]`);
    }
  }
  return lines.join('\n').slice(0, TEXT_LIMIT);
}

const nameOf = (message: TelegramMessage) => {
  const sender = message.from;
  return [sender?.first_name, sender?.last_name].filter(Boolean).join(' ').trim() || sender?.username;
};

const kindOf = (update: Record<string, unknown>) => Object.keys(update).find((key) => key !== 'update_id') ?? 'empty';

/**
 * What one update means. A customer's message in a private chat (a bot added to a group is not a customer
 * conversation), or its edit; the chat id is the contact datum and `{chatId}:{messageId}` the provider id, so
 * Telegram's redeliveries repeat it. Every other kind is ignored with its reason.
 */
export function readUpdate(update: z.infer<typeof updateSchema>): UpdateEvents {
  const kind = kindOf(update);
  const edited = kind === 'edited_message';
  if (kind !== 'message' && !edited) {
    return { ignored: [{ kind, reason: CHANNEL_KINDS.has(kind) ? 'not-private-chat' : 'unhandled-kind' }] };
  }
  const parsed = messageSchema.safeParse(update[kind]);
  if (!parsed.success) return { ignored: [{ kind, reason: 'malformed' }] };
  const message = parsed.data;
  const chatId = String(message.chat.id);
  const providerMessageId = `${chatId}:${message.message_id}`;
  if (message.chat.type !== 'private') {
    return { ignored: [{ kind, reason: 'not-private-chat', id: providerMessageId, detail: message.chat.type }] };
  }
  const name = nameOf(message)?.slice(0, 200);
  if (edited) {
    const at = message.edit_date ?? message.date;
    return {
      change: {
        providerMessageId,
        changeId: `${providerMessageId}#edit:${message.edit_date ?? update.update_id}`,
        change: 'edit',
        from: chatId,
        ...(name ? { senderName: name } : {}),
        text: textOf(message),
        ...(at ? { changedAt: new Date(at * 1000).toISOString() } : {}),
      },
      ignored: [],
    };
  }
  const files: TelegramFile[] = [];
  // Telegram lists a photo in several sizes, smallest first: the largest is the one to keep.
  const photo = message.photo?.at(-1);
  if (photo) files.push({ fileId: photo.file_id, name: null });
  for (const fileKind of FILE_KINDS) {
    const attached = message[fileKind];
    if (attached) files.push({ fileId: attached.file_id, name: attached.file_name ?? null });
  }
  return {
    message: {
      inbound: {
        providerMessageId,
        from: chatId,
        ...(name ? { senderName: name } : {}),
        text: textOf(message),
        ...(message.date ? { receivedAt: new Date(message.date * 1000).toISOString() } : {}),
      },
      files,
    },
    ignored: [],
  };
}
