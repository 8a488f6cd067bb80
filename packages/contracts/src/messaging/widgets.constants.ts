/*
 * Web chat widget options, events and visitor ids: constants and the pure functions over them, without zod. The schemas are in widgets.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
export const WIDGET_STYLES = ['list', 'floating'] as const;
export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export const WIDGET_ICON_TYPES = ['default', 'image'] as const;

/** How many sites one widget may serve (a shop with and without www, a staging site...). */
export const WIDGET_MAX_ORIGINS = 10;

/** A web-chat visitor is typing in a ticket's conversation (to who may see the ticket; unsequenced). */
export const WEBCHAT_TYPING_EVENT = 'webchat-typing';
export interface WebchatTypingEvent {
  casoId: number;
  campanaId: number;
}

/** A web-chat visitor's technical id (`wv-` and 24 hex digits): the contact datum of the web-chat channel. */
const VISITOR_ID = /^wv-[0-9a-f]{24}$/;
export function isWebchatVisitorId(value: string): boolean {
  return VISITOR_ID.test(value);
}
