import { z } from 'zod';
import { multiLine, strippedText } from '../text.js';
import { MAX_REPLY_ATTACHMENTS } from './outbound.constants.js';

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
