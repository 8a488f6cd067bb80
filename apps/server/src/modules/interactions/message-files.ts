import { ATTACHMENT_MAX_BYTES } from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { safeFileName, sniffAttachment } from '../../platform/files.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { interactionsRepo } from './interactions.repo.js';
import type { StoredMessageAttachment } from './interactions.schema.js';
import { announceMessageChanged } from './message-changed.js';

/** Files kept per message (the rest are logged and dropped). */
export const MAX_MESSAGE_FILES = 20;

/** A file a customer sent with a message, as a provider handed it over. */
export interface IncomingFile {
  name: string | null;
  content: Buffer;
  /** What the provider says it is (logged only: the content decides). */
  declaredType?: string;
}

const ALREADY_KEPT = new Error('the message already has its files');

/**
 * Keeps the files of an inbound message once: each accepted file (recognised by its content, within the size limit)
 * is stored under the ticket and becomes one of the ticket's attachments, and the message names them. A message
 * whose files were kept before (a provider's redelivery, a mailbox read again) keeps those. Returns how many were
 * kept now.
 */
export async function keepMessageFiles(
  ctx: AppContext,
  messageId: number,
  files: IncomingFile[],
  fallbackName = 'adjunto',
): Promise<number> {
  if (files.length === 0) return 0;
  const message = await interactionsRepo.message(ctx.db, messageId);
  if (!message || message.attachments !== null) return 0;
  const kept: StoredMessageAttachment[] = [];
  for (const file of files.slice(0, MAX_MESSAGE_FILES)) {
    const name = file.name?.trim() || fallbackName;
    const kind = file.content.length <= ATTACHMENT_MAX_BYTES ? sniffAttachment(file.content, name) : null;
    if (!kind) {
      ctx.logger.warn(
        { messageId, name, size: file.content.length, contentType: file.declaredType },
        'message file refused (type or size)',
      );
      continue;
    }
    const storedPath = await ctx.storage.save(`tickets/${message.ticketId}`, kind.extension, file.content);
    kept.push({
      name: safeFileName(name, kind.extension),
      path: storedPath,
      contentType: kind.contentType,
      size: file.content.length,
    });
  }
  const recorded = await ctx.db
    .transaction(async (tx) => {
      const named: StoredMessageAttachment[] = [];
      for (const file of kept) {
        const attachmentId = await ticketsRepo.insertAttachment(tx, {
          ticketId: message.ticketId,
          fileName: file.name,
          storedPath: file.path,
          contentType: file.contentType,
          size: file.size,
          uploadedBy: null,
        });
        named.push({ attachmentId, ...file });
      }
      if (!(await interactionsRepo.setMessageAttachments(tx, message.id, named))) throw ALREADY_KEPT;
      return true;
    })
    .catch((error: unknown) => {
      if (error === ALREADY_KEPT) return false;
      throw error;
    });
  if (!recorded) {
    await Promise.all(kept.map((file) => ctx.storage.remove(file.path)));
    return 0;
  }
  // The message was announced before its files were kept (a provider's files come by a job, a visitor's upload
  // right after its message): an open ticket view reloads to show them.
  if (kept.length > 0) await announceMessageChanged(ctx, { ticketId: message.ticketId, messageId, change: 'files' });
  return kept.length;
}
