import { z } from 'zod';
import { idSchema, instantSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { strippedText } from '../text.js';

/** The spec's internal chat message. */
export const internalChatMessageSchema = named(
  'InternalChatMessage',
  z.object({
    id: idSchema,
    message: z.string(),
    datetime: instantSchema,
    sourceName: z.string(),
    sourceId: idSchema,
    destinationId: idSchema,
    chatId: z.string(),
    /** in: received by the current user; out: sent by them. */
    direction: z.enum(['in', 'out']),
    /** Read flag: 1 once the recipient opened the conversation. */
    estado: z.literal([0, 1]),
  }),
);
export type InternalChatMessage = z.infer<typeof internalChatMessageSchema>;

export const internalChatContactSchema = named(
  'InternalChatContact',
  z.object({
    id: idSchema,
    nombre: z.string(),
    avatarUrl: z.string().nullable(),
    unread: z.number().int(),
    lastMessageAt: instantSchema.nullable(),
  }),
);
export type InternalChatContact = z.infer<typeof internalChatContactSchema>;

/** `GET internalchat/getMessages`: without userId the contacts, with it one page of that conversation. */
export const internalChatMessagesSchema = z.union([
  z.object({ contacts: z.array(internalChatContactSchema) }),
  z.object({ messages: z.array(internalChatMessageSchema) }),
]);

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
/** How many messages became read. */
export const chatReadSchema = z.object({ updated: z.number().int() });
export const chatMessagesQuerySchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
