import { z } from 'zod';

/** Message direction (the spec's tipo): 0 incoming, 1 outgoing. */
export const MESSAGE_DIRECTION = { incoming: 0, outgoing: 1 } as const;
/** Outgoing delivery status; it only moves forward (a late "sent" never undoes "read"), except to failed. */
export const DELIVERY_STATUS = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 } as const;
export type DeliveryStatus = (typeof DELIVERY_STATUS)[keyof typeof DELIVERY_STATUS];

/** A file sent with a message (a ticket attachment): downloaded through the ticket's attachment route. */
export interface MessageAttachment {
  /** The ticket attachment's id. */
  id: number;
  name: string;
  contentType: string;
  size: number;
  url: string;
}

export interface InteractionMessage {
  id: number;
  direction: 0 | 1;
  /** Sanitised HTML (safe to render). */
  html: string;
  text: string;
  senderName: string | null;
  author: { id: number; nombre: string } | null;
  deliveryStatus: DeliveryStatus | null;
  attachments: MessageAttachment[];
  createdAt: string;
  /** When the customer last edited the message (WhatsApp, Messenger, Telegram); null when never. */
  editedAt: string | null;
  /** The earlier wordings of an edited message, oldest first. */
  edits: MessageEdit[];
  /**
   * When the customer deleted the message for everyone. The content is kept for audit but not shown: `html`,
   * `text`, `edits` and `attachments` come empty.
   */
  deletedAt: string | null;
}

/** An earlier wording of an edited message and when it was replaced. */
export interface MessageEdit {
  text: string;
  replacedAt: string;
}

/** Realtime `message-changed`: a message of the ticket was edited or deleted by the customer. */
export interface MessageChangedEvent {
  casoId: number;
  messageId: number;
  change: 'edit' | 'delete';
}

/** One registro_canal: a conversation through one channel and contact datum inside a ticket. */
export interface Interaction {
  id: number;
  /** The spec's registro_canal_id (same as id). */
  registro_canal_id: number;
  channel: { id: number; name: string; typeCode: number; typeName: string };
  /** The contact datum the customer used (phone, e-mail address, visitor id). */
  contactValue: string;
  createdAt: string;
  lastMessageAt: string;
  messages: InteractionMessage[];
}

/**
 * An inbound message as every channel adapter hands it to the pipeline (and as the API channel accepts it).
 * providerMessageId makes retries idempotent; threadKey joins replies of the same thread (e-mail).
 */
export const inboundMessageSchema = z.object({
  providerMessageId: z.string().trim().min(1).max(300),
  from: z.string().trim().min(1).max(254),
  senderName: z.string().trim().max(200).optional(),
  text: z.string().max(20_000).default(''),
  html: z.string().max(200_000).optional(),
  threadKey: z.string().trim().max(500).optional(),
  /** The message's subject (e-mail): it becomes the description of a ticket it opens. */
  subject: z.string().trim().max(500).optional(),
  receivedAt: z.iso.datetime({ offset: true }).optional(),
});
export type InboundMessage = z.input<typeof inboundMessageSchema>;

/** The spec's public event for new inbound records (carries newRegistroCanal and casoId). */
export const NEW_INBOUND_EVENT = 'NuevoRegistroCanalEvent';
export interface NewInboundEvent {
  newRegistroCanal: number;
  casoId: number;
  campanaId: number;
  /** The pending-list item as it is after this message (so clients add or replace it without a fetch). */
  item: PendingTicketItem;
}

/** The spec's pending ticket item (drawer entry). */
export interface PendingTicketItem {
  caso_id: number;
  campana_id: number;
  asignado: number | null;
  asignado_nombre: string | null;
  estado: number;
  /** 0 unread, 1 read. */
  estado_lectura: 0 | 1;
  /** HTML preview of the latest message (sanitised) or the description. */
  contenido: string;
  cliente: string;
  remitente: string | null;
  fecha_recibido: string;
  fecha_proxima_gestion: string | null;
  caso_prioridad: number;
  caso_created_at: string;
  /** 0 when the campaign's service level was missed (no first answer in time). */
  cumplio_sla: 0 | 1;
  /** 0 incoming, 1 outgoing: direction of the latest message. */
  tipo: 0 | 1;
  tipo_canal_id: number | null;
  tipo_canal_icon_class: string | null;
}

export interface PendingTickets {
  casosPendientes: PendingTicketItem[];
  totalCasosNoLeidos: number;
  totalCasosPendientes: number;
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

export const pendingQuerySchema = z.object({
  campana: z.coerce.number().int().positive().optional(),
  searchText: z.string().trim().max(200).optional(),
  sortBy: z
    .enum(['ASC', 'DESC', 'asc', 'desc'])
    .default('DESC')
    .transform((value) => value.toUpperCase() as 'ASC' | 'DESC'),
  sortColumn: z.enum(PENDING_SORT_COLUMNS).default('created_at'),
  filter: z.enum(PENDING_FILTERS).default('mine'),
  notify: z.enum(PENDING_NOTIFY).default('unread'),
});
export type PendingQuery = z.output<typeof pendingQuerySchema>;

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
