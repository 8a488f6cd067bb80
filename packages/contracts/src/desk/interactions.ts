import { z } from 'zod';
import { idSchema, instantSchema, personRefSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { singleLine, strippedText } from '../text.js';
import { callSummarySchema } from '../voice/calls.js';
import { PENDING_FILTERS, PENDING_NOTIFY, PENDING_SORT_COLUMNS } from './interactions.constants.js';

/** A file sent with a message (a ticket attachment): downloaded through the ticket's attachment route. */
export const messageAttachmentSchema = z.object({
  /** The ticket attachment's id. */
  id: idSchema,
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/** An earlier wording of an edited message and when it was replaced. */
export const messageEditSchema = z.object({ text: z.string(), replacedAt: instantSchema });
export type MessageEdit = z.infer<typeof messageEditSchema>;

export const interactionMessageSchema = named(
  'InteractionMessage',
  z.object({
    id: idSchema,
    direction: z.literal([0, 1]),
    /** Sanitised HTML (safe to render). */
    html: z.string(),
    text: z.string(),
    senderName: z.string().nullable(),
    author: personRefSchema.nullable(),
    deliveryStatus: z.literal([0, 1, 2, 3, 4]).nullable(),
    attachments: z.array(messageAttachmentSchema),
    createdAt: instantSchema,
    /** When the customer last edited the message (WhatsApp, Messenger, Telegram); null when never. */
    editedAt: instantSchema.nullable(),
    /** The earlier wordings of an edited message, oldest first. */
    edits: z.array(messageEditSchema),
    /**
     * When the customer deleted the message for everyone. The content is kept for audit but not shown: `html`,
     * `text`, `edits` and `attachments` come empty.
     */
    deletedAt: instantSchema.nullable(),
    /** The call this message records (telephony channel), with its outcome and duration; null for other messages. */
    call: callSummarySchema.nullable(),
  }),
);
export type InteractionMessage = z.infer<typeof interactionMessageSchema>;

/** One registro_canal: a conversation through one channel and contact datum inside a ticket. */
export const interactionSchema = named(
  'Interaction',
  z.object({
    id: idSchema,
    /** The spec's registro_canal_id (same as id). */
    registro_canal_id: idSchema,
    channel: z.object({ id: idSchema, name: z.string(), typeCode: z.number().int(), typeName: z.string() }),
    /** The contact datum the customer used (phone, e-mail address, visitor id). */
    contactValue: z.string(),
    createdAt: instantSchema,
    lastMessageAt: instantSchema,
    messages: z.array(interactionMessageSchema),
  }),
);
export type Interaction = z.infer<typeof interactionSchema>;

/** What the inbound pipeline recorded for one provider message (`POST /channels/:id/inbound`). */
export const inboundResultSchema = z.object({
  messageId: idSchema,
  interactionId: idSchema,
  ticketId: idSchema,
  campaignId: idSchema,
  /** The same provider message was already stored: nothing new was recorded. */
  duplicate: z.boolean(),
  /** A ticket was opened for this message. */
  newTicket: z.boolean(),
  /** The message arrived outside the channel's business hours. */
  outsideHours: z.boolean(),
  /** A program sent it (an automatic or bulk e-mail): it gets no automatic answer. */
  automatic: z.boolean(),
});
export type InboundResult = z.infer<typeof inboundResultSchema>;

/** One line of a provider's text, kept: what is not text is removed, line breaks become spaces. */
const providerLine = () => strippedText({ singleLine: true }).trim();

/**
 * An inbound message as every channel adapter hands it to the pipeline (and as the API channel accepts it).
 * providerMessageId makes retries idempotent; threadKey joins replies of the same thread (e-mail). A customer's
 * message is never refused for its characters: what is not text (NUL, control characters, lone surrogates) is
 * removed here, the one place every channel's message passes.
 */
export const inboundMessageSchema = z.object({
  providerMessageId: providerLine().min(1).max(300),
  from: providerLine().min(1).max(254),
  senderName: providerLine().max(200).optional(),
  /**
   * An e-mail the sender gave besides the channel's contact datum (a web-chat visitor's): when no customer has that
   * datum yet, a customer with this e-mail is joined instead of creating another.
   */
  senderEmail: z.email().max(254).optional(),
  text: strippedText().max(20_000).default(''),
  html: strippedText().max(200_000).optional(),
  threadKey: providerLine().max(500).optional(),
  /** The message's subject (e-mail): it becomes the description of a ticket it opens. */
  subject: providerLine().max(500).optional(),
  receivedAt: z.iso.datetime({ offset: true }).optional(),
  /** Sent by a program (a mailing list, a newsletter, a notification): recorded, never answered automatically. */
  automatic: z.boolean().optional(),
});
export type InboundMessage = z.input<typeof inboundMessageSchema>;

/** The spec's pending ticket item (drawer entry). */
export const pendingTicketItemSchema = named(
  'PendingTicketItem',
  z.object({
    caso_id: idSchema,
    campana_id: idSchema,
    asignado: idSchema.nullable(),
    asignado_nombre: z.string().nullable(),
    estado: z.number().int(),
    /** 0 unread, 1 read. */
    estado_lectura: z.literal([0, 1]),
    /** HTML preview of the latest message (sanitised) or the description. */
    contenido: z.string(),
    cliente: z.string(),
    remitente: z.string().nullable(),
    fecha_recibido: instantSchema,
    fecha_proxima_gestion: instantSchema.nullable(),
    caso_prioridad: z.number().int(),
    caso_created_at: instantSchema,
    /** 0 when the campaign's service level was missed (no first answer in time). */
    cumplio_sla: z.literal([0, 1]),
    /** 0 incoming, 1 outgoing: direction of the latest message. */
    tipo: z.literal([0, 1]),
    tipo_canal_id: z.number().int().nullable(),
    tipo_canal_icon_class: z.string().nullable(),
  }),
);
export type PendingTicketItem = z.infer<typeof pendingTicketItemSchema>;

export const pendingTicketsSchema = z.object({
  casosPendientes: z.array(pendingTicketItemSchema),
  totalCasosNoLeidos: z.number().int(),
  totalCasosPendientes: z.number().int(),
});
export type PendingTickets = z.infer<typeof pendingTicketsSchema>;

export const pendingQuerySchema = z.object({
  campana: z.coerce.number().int().positive().optional(),
  searchText: singleLine().max(200).optional(),
  sortBy: z
    .enum(['ASC', 'DESC', 'asc', 'desc'])
    .default('DESC')
    .transform((value) => value.toUpperCase() as 'ASC' | 'DESC'),
  sortColumn: z.enum(PENDING_SORT_COLUMNS).default('created_at'),
  filter: z.enum(PENDING_FILTERS).default('mine'),
  notify: z.enum(PENDING_NOTIFY).default('unread'),
});
export type PendingQuery = z.output<typeof pendingQuerySchema>;
