import { z } from 'zod';
import { CHANNEL_TYPE_KEYS, CHANNEL_TYPES } from '../structure/channels.js';
import { multiLine, strippedText } from '../text.js';

/**
 * Channel types whose provider accepts a free-form reply only within hours of the customer's last message (Meta's
 * customer-service window); after it, only approved templates may be sent. From `CHANNEL_TYPES[type].composer`.
 */
export const REPLY_WINDOW_HOURS: Partial<Record<string, number>> = Object.fromEntries(
  CHANNEL_TYPE_KEYS.flatMap((key) => {
    const hours = CHANNEL_TYPES[key].composer.replyWindowHours;
    return hours === null ? [] : [[key, hours]];
  }),
);

/** Channel types whose provider takes no uploaded files in a reply (Instagram wants a public link). */
export const CHANNELS_WITHOUT_REPLY_FILES: readonly string[] = CHANNEL_TYPE_KEYS.filter(
  (key) => !CHANNEL_TYPES[key].composer.files,
);

/** Files one reply may carry. */
export const MAX_REPLY_ATTACHMENTS = 10;

/**
 * An agent's reply from the ticket view: to one interaction (default: the latest), as text or sanitised HTML, with
 * files already uploaded as the ticket's attachments (`POST /tickets/:id/attachments`). Files alone are a reply.
 */
export const replyBodySchema = z
  .object({
    interactionId: z.number().int().positive().optional(),
    text: multiLine().max(20_000).default(''),
    html: multiLine().max(200_000).optional(),
    templateId: z.number().int().positive().optional(),
    attachmentIds: z
      .array(z.number().int().positive())
      .max(MAX_REPLY_ATTACHMENTS, { message: 'i18n:messages.tooManyAttachments' })
      .default([])
      .transform((ids) => [...new Set(ids)]),
  })
  .refine(
    (body) =>
      body.attachmentIds.length > 0 ||
      body.text.trim().length > 0 ||
      (body.html ?? '').replace(/<[^>]*>/g, '').trim().length > 0,
    { path: ['text'], message: 'i18n:messages.emptyReplyOrFile' },
  );
export type ReplyBody = z.output<typeof replyBodySchema>;

/** A provider's delivery report for one outgoing message (status callbacks); its text is kept, cleaned. */
export const deliveryReportSchema = z.object({
  providerMessageId: strippedText({ singleLine: true }).trim().min(1).max(300),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  error: strippedText().max(1000).optional(),
});
/** Whether the report moved the message's status (unknown messages and backward moves do not). */
export const deliveryReportResultSchema = z.object({ updated: z.boolean() });

/** Realtime: an outgoing message's delivery status changed (campaign room). */
export interface MessageStatusEvent {
  casoId: number;
  messageId: number;
  deliveryStatus: number;
}
