import { z } from 'zod';
import { strippedText } from '../text.js';

/** The spec's internal chat message. */
export interface InternalChatMessage {
  id: number;
  message: string;
  datetime: string;
  sourceName: string;
  sourceId: number;
  destinationId: number;
  chatId: string;
  /** in: received by the current user; out: sent by them. */
  direction: 'in' | 'out';
  /** Read flag: 1 once the recipient opened the conversation. */
  estado: 0 | 1;
}

export interface InternalChatContact {
  id: number;
  nombre: string;
  avatarUrl: string | null;
  unread: number;
  lastMessageAt: string | null;
}

export const chatIdOf = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** Chat text is kept, not refused for its characters: what is not text is removed (empty after it: 422). */
export const sendChatMessageBodySchema = z.object({
  mensaje: strippedText().trim().max(4000),
  usuario_destino_id: z.coerce.number().int().positive(),
});
export const markChatReadBodySchema = z.object({
  /** The reader (current user) and the other participant whose messages become read. */
  destinationId: z.coerce.number().int().positive(),
  sourceId: z.coerce.number().int().positive(),
});
export const chatMessagesQuerySchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Private event on the recipient's room (spec: internal-chat-{userId}). */
export const INTERNAL_CHAT_EVENT = 'internal-chat-message';
export const INTERNAL_CHAT_READ_EVENT = 'internal-chat-read';
