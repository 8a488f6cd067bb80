/*
 * Message directions and delivery statuses, the pending list's options and events: constants and the pure functions over them, without zod. The schemas are in interactions.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
import type { PendingTicketItem } from './interactions.js';

/** Message direction (the spec's tipo): 0 incoming, 1 outgoing. */
export const MESSAGE_DIRECTION = { incoming: 0, outgoing: 1 } as const;
/** Outgoing delivery status; it only moves forward (a late "sent" never undoes "read"), except to failed. */
export const DELIVERY_STATUS = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 } as const;
export type DeliveryStatus = (typeof DELIVERY_STATUS)[keyof typeof DELIVERY_STATUS];

/**
 * Realtime `message-changed`: a message of the ticket changed after it was announced: the customer edited or deleted
 * it, or its files were kept (files come after their message).
 */
export interface MessageChangedEvent {
  casoId: number;
  messageId: number;
  change: 'edit' | 'delete' | 'files';
}

/** The spec's public event for new inbound records (carries newRegistroCanal and casoId). */
export const NEW_INBOUND_EVENT = 'NuevoRegistroCanalEvent';
export interface NewInboundEvent {
  newRegistroCanal: number;
  casoId: number;
  campanaId: number;
  /** The pending-list item as it is after this message (so clients add or replace it without a fetch). */
  item: PendingTicketItem;
}

export const PENDING_SORT_COLUMNS = [
  'created_at',
  'fecha_recibido',
  'caso_prioridad',
  'fecha_proxima_gestion',
] as const;
export const PENDING_FILTERS = ['mine', 'unassigned', 'all'] as const;
export const PENDING_NOTIFY = ['unread', 'pending'] as const;
export const PENDING_LIMIT = 100;

/** Channel type code → the icon class the drawer shows (Material icon names). */
export const CHANNEL_TYPE_ICONS: Record<number, string> = {
  1: 'phone',
  2: 'dialpad',
  3: 'sms',
  4: 'email',
  5: 'alternate_email',
  6: 'facebook',
  7: 'whatsapp',
  8: 'language',
  9: 'chat',
  10: 'photo_camera',
  11: 'storefront',
  12: 'telegram',
};
