import {
  CODES,
  type chatMessagesQuerySchema,
  INTERNAL_CHAT_EVENT,
  INTERNAL_CHAT_READ_EVENT,
  type InternalChatContact,
  type InternalChatMessage,
  stripInvalidText,
} from '@atiende/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { internalChatPolicy } from '../../policies/internal-chat.js';
import { businessRepo } from '../business/business.repo.js';
import { imageUrl } from '../users/users.repo.js';
import { type ChatMessageRow, internalChatRepo } from './internalchat.repo.js';

type MessagesQuery = z.output<typeof chatMessagesQuerySchema>;

/**
 * Chat text is kept as plain text: line breaks normalised to \n, tabs and what is not text removed (contracts'
 * text rule), trimmed. Nothing is escaped here: clients render it as text, never as HTML.
 */
export function plainChatText(text: string): string {
  return stripInvalidText(text.replace(/\r\n?/g, '\n')).replace(/\t/g, '').trim();
}

/** The message as one participant sees it (direction relative to `viewerId`). */
export function toChatMessage(row: ChatMessageRow, viewerId: number): InternalChatMessage {
  return {
    id: row.id,
    message: row.body,
    datetime: row.createdAt.toISOString(),
    sourceName: row.sourceName,
    sourceId: row.sourceId,
    destinationId: row.destinationId,
    chatId: row.chatId,
    direction: row.sourceId === viewerId ? 'out' : 'in',
    estado: row.readAt ? 1 : 0,
  };
}

const chatDisabled = () => new AppError(409, 'CHAT.DISABLED', 'chat.disabled');
const notParticipant = () => new AppError(403, CODES.FORBIDDEN, 'chat.notParticipant');

export function createInternalChatService(ctx: AppContext) {
  const { db } = ctx;

  /** Every endpoint answers 409 while the business configuration turns the chat off. */
  async function assertEnabled() {
    const business = await businessRepo.get(db);
    if (business && !business.internalChat) throw chatDisabled();
  }

  /** Someone one may chat with: an enabled person. */
  async function chatPartner(userId: number) {
    const person = await internalChatRepo.person(db, userId);
    if (!person?.enabled || person.kind !== 'person') {
      throw errors.invalidField('usuario_destino_id', 'chat.unknownUser');
    }
    return person;
  }

  return {
    async contacts(actor: AuthContext): Promise<{ contacts: InternalChatContact[] }> {
      await assertEnabled();
      const rows = await internalChatRepo.contacts(db, actor.userId);
      return {
        contacts: rows.map((row) => ({
          id: row.id,
          nombre: row.name,
          avatarUrl: imageUrl(row.imagePath),
          unread: row.unread,
          lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
        })),
      };
    },

    /** One page of the conversation with `query.userId`, oldest → newest (older pages with `before`). */
    async conversation(
      actor: AuthContext,
      query: MessagesQuery & { userId: number },
    ): Promise<{ messages: InternalChatMessage[] }> {
      await assertEnabled();
      if (!(await internalChatRepo.person(db, query.userId))) {
        throw new AppError(404, CODES.NOT_FOUND, 'chat.unknownUser');
      }
      const rows = await internalChatRepo.page(
        db,
        internalChatPolicy.conversationWith(actor, query.userId),
        query.before,
        query.limit,
      );
      return { messages: rows.reverse().map((row) => toChatMessage(row, actor.userId)) };
    },

    async send(actor: AuthContext, body: { mensaje: string; usuario_destino_id: number }) {
      await assertEnabled();
      const destinationId = body.usuario_destino_id;
      if (!internalChatPolicy.maySendTo(actor, destinationId)) {
        throw errors.invalidField('usuario_destino_id', 'chat.selfMessage');
      }
      const text = plainChatText(body.mensaje);
      if (!text) throw errors.invalidField('mensaje', 'chat.emptyMessage');
      await chatPartner(destinationId);
      const sender = await internalChatRepo.person(db, actor.userId);
      const row: ChatMessageRow = {
        ...(await internalChatRepo.insert(db, { sourceId: actor.userId, destinationId, body: text })),
        sourceName: sender?.name ?? '',
      };
      // The recipient's tabs, then the sender's other tabs (each sees its own direction).
      await ctx.realtime.toUser(destinationId, INTERNAL_CHAT_EVENT, toChatMessage(row, destinationId));
      await ctx.realtime.toUser(actor.userId, INTERNAL_CHAT_EVENT, toChatMessage(row, actor.userId));
      return toChatMessage(row, actor.userId);
    },

    /** The reader (the caller) marks what `sourceId` sent them as read; the sender hears about it. */
    async markRead(actor: AuthContext, body: { destinationId: number; sourceId: number }) {
      await assertEnabled();
      if (!internalChatPolicy.mayMarkRead(actor, body.destinationId)) throw notParticipant();
      const updated = await internalChatRepo.markRead(db, actor.userId, body.sourceId);
      if (updated > 0) {
        const event = { readerId: actor.userId, sourceId: body.sourceId };
        await ctx.realtime.toUser(body.sourceId, INTERNAL_CHAT_READ_EVENT, event);
        // The reader's other tabs clear the unread count too.
        if (body.sourceId !== actor.userId) await ctx.realtime.toUser(actor.userId, INTERNAL_CHAT_READ_EVENT, event);
      }
      return { updated };
    },
  };
}

export type InternalChatService = ReturnType<typeof createInternalChatService>;
