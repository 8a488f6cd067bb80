/*
 * The internal chat's conversation ids and events: constants and the pure functions over them, without zod. The schemas are in internalchat.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
export const chatIdOf = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** Private event on the recipient's room (spec: internal-chat-{userId}). */
export const INTERNAL_CHAT_EVENT = 'internal-chat-message';
export const INTERNAL_CHAT_READ_EVENT = 'internal-chat-read';
