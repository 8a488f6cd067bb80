/*
 * What each channel type lets an agent reply with: constants and the pure functions over them, without zod. The schemas are in outbound.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
import { CHANNEL_TYPE_KEYS, CHANNEL_TYPES } from '../structure/channels.constants.js';

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

/** Realtime: an outgoing message's delivery status changed (campaign room). */
export interface MessageStatusEvent {
  casoId: number;
  messageId: number;
  deliveryStatus: number;
}
