import { createHash } from 'node:crypto';
import type { InboundMessage } from '@atiende/contracts';
import { z } from 'zod';
import { type IgnoredEvent, providerTime } from '../interactions/ignored.js';
import type { InboundChange, InboundDetails } from '../interactions/inbound.service.js';

const payloadSchema = z.looseObject({
  url: z.string().optional(),
  title: z.string().optional(),
  coordinates: z.looseObject({ lat: z.number(), long: z.number() }).optional(),
  elements: z
    .array(
      z.looseObject({
        title: z.string().optional(),
        subtitle: z.string().optional(),
        item_url: z.string().optional(),
        default_action: z.looseObject({ url: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

const attachmentSchema = z.looseObject({
  type: z.string(),
  payload: payloadSchema.nullish(),
  // Fallback attachments (shared links) carry their title and address beside the payload.
  title: z.string().nullish(),
  url: z.string().nullish(),
  URL: z.string().nullish(),
});
type Attachment = z.infer<typeof attachmentSchema>;

const messageSchema = z.looseObject({
  mid: z.string().trim().min(1).max(300).optional(),
  text: z.string().optional(),
  is_echo: z.boolean().optional(),
  is_deleted: z.boolean().optional(),
  attachments: z.array(attachmentSchema).optional(),
  reply_to: z.looseObject({ story: z.looseObject({ url: z.string().optional() }).optional() }).optional(),
});
type MessengerMessage = z.infer<typeof messageSchema>;

const eventSchema = z.looseObject({
  sender: z.looseObject({ id: z.string() }),
  recipient: z.looseObject({ id: z.string() }).optional(),
  timestamp: z.union([z.number(), z.string()]).optional(),
  message: messageSchema.optional(),
  message_edit: z
    .looseObject({
      mid: z.string().trim().min(1).max(300),
      text: z.string().optional(),
      num_edit: z.union([z.number(), z.string()]).optional(),
    })
    .optional(),
  postback: z
    .looseObject({ title: z.string().optional(), payload: z.string().optional(), mid: z.string().optional() })
    .optional(),
  delivery: z.looseObject({ mids: z.array(z.string()).optional(), watermark: z.number().optional() }).optional(),
  read: z.looseObject({ watermark: z.number().optional(), mid: z.string().optional() }).optional(),
});

export const messengerWebhookSchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.looseObject({
        id: z.string(),
        messaging: z.array(z.unknown()).optional(),
        standby: z.array(z.unknown()).optional(),
        changes: z.array(z.looseObject({ field: z.string().optional() })).optional(),
      }),
    )
    .default([]),
});
export type MessengerWebhook = z.infer<typeof messengerWebhookSchema>;

/** A file the customer sent, on Meta's CDN (a signed link, fetched without the token). */
export interface MessengerFile {
  url: string;
  kind: string;
}

export interface MessengerEvents {
  messages: { inbound: InboundMessage; files: MessengerFile[]; details?: InboundDetails }[];
  /** Customers' edits (`message_edits`) and unsent messages (`is_deleted`). */
  changes: InboundChange[];
  /** Outgoing messages Meta delivered. */
  delivered: string[];
  /** Reads: by message id (Instagram) or "everything sent before" a time (Messenger's watermark). */
  reads: { sender: string; mid?: string; watermark?: number }[];
  /** Everything else, with why it stores nothing (the service logs each). */
  ignored: IgnoredEvent[];
}

const FILE_KINDS = new Set(['image', 'video', 'audio', 'file', 'sticker']);
/** Event kinds of the Messenger Platform Atiende does not keep (hand-over, opt-ins, referrals, ...). */
const OTHER_KINDS = [
  'reaction',
  'referral',
  'optin',
  'account_linking',
  'pass_thread_control',
  'take_thread_control',
  'request_thread_control',
  'app_roles',
  'policy_enforcement',
  'game_play',
  'payment',
  'checkout_update',
  'pre_checkout',
  'messaging_feedback',
];
/** Page- and Instagram-scoped user ids are numbers; library fixtures use readable ones. Never spaces or markup. */
const SENDER_ID = /^[\w.:-]{1,100}$/;
const TEXT_LIMIT = 20_000;

/** The words an attachment shows: a link with its title, a map link, or its kind for files fetched aside. */
function attachmentText(attachment: Attachment): string {
  const payload = attachment.payload;
  const coordinates = payload?.coordinates;
  if (attachment.type === 'location' && coordinates) {
    const title = payload?.title ? `${payload.title} ` : '';
    return `📍 ${title}https://maps.google.com/?q=${coordinates.lat},${coordinates.long}`;
  }
  if (attachment.type === 'like_heart') return '❤️';
  if (FILE_KINDS.has(attachment.type)) return `[${attachment.type}]`;
  if (payload?.elements?.length) {
    // A shared template (generic cards): each card's title, subtitle and link.
    return payload.elements
      .map((element) =>
        [element.title, element.subtitle, element.default_action?.url ?? element.item_url].filter(Boolean).join(' · '),
      )
      .filter(Boolean)
      .join('\n');
  }
  const title = payload?.title ?? attachment.title ?? undefined;
  const url = payload?.url ?? attachment.url ?? attachment.URL ?? undefined;
  if (title || url) return [title ?? `[${attachment.type}]`, url].filter(Boolean).join(' ');
  return `[${attachment.type}]`;
}

/** The text a Messenger or Instagram message shows: its words, what it attaches, the story it answers. */
export function textOf(message: MessengerMessage): string {
  const lines = [message.text ?? '', ...(message.attachments ?? []).map(attachmentText)];
  const story = message.reply_to?.story?.url;
  if (story) lines.push(`↩️ ${story}`);
  return (
    lines
      .filter((line) => line.trim())
      .join('\n')
      .slice(0, TEXT_LIMIT) || '[message]'
  );
}

function detailsOf(message: MessengerMessage): InboundDetails | undefined {
  const summarised = (message.attachments ?? []).find((attachment) => !FILE_KINDS.has(attachment.type));
  if (summarised) return { kind: summarised.type, raw: message };
  if (message.reply_to?.story) return { kind: 'story_reply', raw: message };
  return undefined;
}

/** What kind of event a messaging entry is, for the ones Atiende does not keep. */
function otherKind(raw: Record<string, unknown>): string {
  return (
    OTHER_KINDS.find((kind) => kind in raw) ??
    Object.keys(raw).find((key) => !['sender', 'recipient', 'timestamp'].includes(key)) ??
    'empty'
  );
}

/**
 * A postback carries no message id when it comes from a persistent menu or a "get started" button: it is named by
 * sender, time and payload, so Meta's redeliveries of the same tap are stored once.
 */
export function postbackId(sender: string, timestamp: unknown, payload: string | undefined, title?: string): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([sender, timestamp ?? null, payload ?? null, title ?? null]))
    .digest('hex');
  return `postback:${digest.slice(0, 40)}`;
}

/**
 * The events of one webhook call for the channel's page or Instagram account (an app may serve several): the
 * customers' messages, their edits and unsent messages, button taps as text, deliveries and reads, and what is
 * ignored and why.
 */
export function readMessengerWebhook(payload: MessengerWebhook, accountId: string | null): MessengerEvents {
  const events: MessengerEvents = { messages: [], changes: [], delivered: [], reads: [], ignored: [] };
  const { ignored } = events;
  for (const entry of payload.entry) {
    if (accountId && entry.id !== accountId) {
      ignored.push({ kind: payload.object, reason: 'other-account', detail: entry.id });
      continue;
    }
    // Standby: messages while another app controls the conversation (hand-over protocol), not Atiende's to answer.
    for (const raw of entry.standby ?? []) ignored.push({ kind: 'standby', reason: 'unhandled-kind', id: midOf(raw) });
    for (const change of entry.changes ?? [])
      ignored.push({ kind: change.field ?? 'changes', reason: 'unhandled-kind' });
    for (const raw of entry.messaging ?? []) readEvent(raw, events);
  }
  return events;
}

const midOf = (raw: unknown): string | undefined => {
  const message = raw && typeof raw === 'object' && 'message' in raw ? raw.message : undefined;
  return message && typeof message === 'object' && 'mid' in message && typeof message.mid === 'string'
    ? message.mid.slice(0, 300)
    : undefined;
};

function readEvent(raw: unknown, events: MessengerEvents): void {
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) {
    events.ignored.push({ kind: 'messaging', reason: 'malformed', id: midOf(raw) });
    return;
  }
  const event = parsed.data;
  const sender = event.sender.id.trim();
  const message = event.message;
  if (message?.is_echo) {
    events.ignored.push({ kind: 'message', reason: 'own-message', id: message.mid });
    return;
  }
  const sentAt = providerTime(event.timestamp, 'milliseconds')?.toISOString();
  const at = sentAt ? { receivedAt: sentAt } : {};
  const customerEvent = Boolean(message || event.message_edit || event.postback);
  if (customerEvent && !SENDER_ID.test(sender)) {
    events.ignored.push({ kind: 'message', reason: 'invalid-sender', id: message?.mid, detail: 'not a user id' });
    return;
  }
  if (message?.is_deleted && message.mid) {
    events.changes.push({
      providerMessageId: message.mid,
      changeId: `${message.mid}#deleted`,
      change: 'delete',
      from: sender,
      ...(sentAt ? { changedAt: sentAt } : {}),
    });
  } else if (message) {
    if (!message.mid) {
      events.ignored.push({ kind: 'message', reason: 'malformed', detail: 'no message id' });
      return;
    }
    const details = detailsOf(message);
    events.messages.push({
      inbound: { providerMessageId: message.mid, from: sender, text: textOf(message), ...at },
      files: (message.attachments ?? []).flatMap((attachment) =>
        FILE_KINDS.has(attachment.type) && attachment.payload?.url
          ? [{ url: attachment.payload.url, kind: attachment.type }]
          : [],
      ),
      ...(details ? { details } : {}),
    });
  } else if (event.message_edit) {
    const edit = event.message_edit;
    events.changes.push({
      providerMessageId: edit.mid,
      changeId: `${edit.mid}#edit:${edit.num_edit ?? event.timestamp ?? ''}`,
      change: 'edit',
      from: sender,
      text: (edit.text ?? '').slice(0, TEXT_LIMIT) || '[message]',
      ...(sentAt ? { changedAt: sentAt } : {}),
    });
  } else if (event.postback) {
    // A tap on a button Atiende (or a bot) sent, or on the page's menu: the customer's choice is their message.
    const { title, payload, mid } = event.postback;
    events.messages.push({
      inbound: {
        providerMessageId: mid?.trim() || postbackId(sender, event.timestamp, payload, title),
        from: sender,
        text: (title || payload || '[postback]').slice(0, TEXT_LIMIT),
        ...at,
      },
      files: [],
      ...(title ? {} : { details: { kind: 'postback', raw: event.postback } }),
    });
  }
  if (event.delivery?.mids) events.delivered.push(...event.delivery.mids);
  if (event.read) events.reads.push({ sender, mid: event.read.mid, watermark: event.read.watermark });
  if (!customerEvent && !event.delivery && !event.read) {
    events.ignored.push({ kind: otherKind(event), reason: 'unhandled-kind' });
  }
}
