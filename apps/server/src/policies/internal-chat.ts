import { chatIdOf } from '@atiende/contracts';
import type { Actor } from '../platform/auth-context.js';

/**
 * Internal chat: a conversation is the pair of its two users, and a user reaches only the ones they take part in.
 * The API never takes a conversation id from the caller: it is built from the caller and the other person, so
 * nobody can name a conversation between two others. Realtime follows the same rule by sending each message only
 * to the two users' own rooms.
 */
export const internalChatPolicy = {
  /** The conversation between the actor and another user (the actor is always one side of it). */
  conversationWith(actor: Actor, otherUserId: number): string {
    return chatIdOf(actor.userId, otherUserId);
  },
  /** Only the recipient marks messages as read. */
  mayMarkRead(actor: Actor, destinationId: number): boolean {
    return destinationId === actor.userId;
  },
  /** Nobody writes to themselves. */
  maySendTo(actor: Actor, destinationId: number): boolean {
    return destinationId !== actor.userId;
  },
};
