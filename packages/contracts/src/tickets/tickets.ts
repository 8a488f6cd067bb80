import { z } from 'zod';
import type { Interaction } from '../desk/interactions.js';
import { CHANNEL_TYPE_KEYS, type ChannelTypeKey } from '../structure/channels.js';
import { jsonValue, multiLine, singleLine } from '../text.js';

/** Ticket statuses (spec: 0 new, 1 open, 2 escalated, 3 transferred, 4 closed) and priorities (0 low .. 2 high). */
export const TICKET_STATUS = { new: 0, open: 1, escalated: 2, transferred: 3, closed: 4 } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];
export const TICKET_PRIORITY = { low: 0, medium: 1, high: 2 } as const;
export type TicketPriority = (typeof TICKET_PRIORITY)[keyof typeof TICKET_PRIORITY];

/** The spec's "all statuses" value of selectedStatus. */
export const ALL_STATUSES = 5;

export type TicketAction = 'open' | 'escalate' | 'transfer' | 'accept' | 'reject' | 'close' | 'merge';

/**
 * The one state machine of a ticket. Closing is irreversible; a transfer waits (status 3) until the recipient
 * accepts (open) or rejects (back to the status before the transfer).
 */
export const TICKET_TRANSITIONS: Record<TicketAction, readonly TicketStatus[]> = {
  open: [TICKET_STATUS.new],
  escalate: [TICKET_STATUS.new, TICKET_STATUS.open],
  transfer: [TICKET_STATUS.new, TICKET_STATUS.open, TICKET_STATUS.escalated],
  accept: [TICKET_STATUS.transferred],
  reject: [TICKET_STATUS.transferred],
  close: [TICKET_STATUS.new, TICKET_STATUS.open, TICKET_STATUS.escalated],
  merge: [TICKET_STATUS.new, TICKET_STATUS.open, TICKET_STATUS.escalated],
};

export function canTransition(action: TicketAction, from: number): boolean {
  return (TICKET_TRANSITIONS[action] as readonly number[]).includes(from);
}

const idList = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : String(value).split(',')),
  z.array(z.coerce.number().int().nonnegative()).max(200),
);

export const TICKET_SORT_COLUMNS = ['created_at', 'updated_at', 'priority', 'number', 'status', 'closed_at'] as const;

/** The spec's tickets filter, as query parameters (lists as repeated or comma-separated values). */
export const ticketFilterSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sizePerPage: z.coerce.number().int().min(1).max(200).default(10),
  sortName: z.enum(TICKET_SORT_COLUMNS).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  searchText: singleLine().max(200).optional(),
  /** Include tickets of disabled campaigns too. */
  inhabilitado: z.enum(['true', 'false']).default('true'),
  users: idList,
  /** mine, unassigned or all ("all" only for non-agents or where the campaign allows all tickets). */
  agents_filter: z.enum(['mine', 'unassigned', 'all']).default('all'),
  status: idList,
  priorities: idList,
  ticket_types: idList,
  campaigns: idList,
  clients: idList,
  channel_types: z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : String(value).split(',')),
    z.array(z.enum(CHANNEL_TYPE_KEYS as [ChannelTypeKey, ...ChannelTypeKey[]])).max(12),
  ),
  /** 0-4 one status, 5 all. */
  selectedStatus: z.coerce.number().int().min(0).max(5).default(ALL_STATUSES),
  features: z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : String(value).split(',')),
    z.array(z.enum(['overdue-task', 'upcoming-task', 'with-attachments', 'merged'])).max(4),
  ),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  unreadOnly: z.enum(['true', 'false']).default('false'),
});
export type TicketFilter = z.output<typeof ticketFilterSchema>;

export const createTicketBodySchema = z.object({
  campaignId: z.number().int().positive(),
  customerId: z.number().int().positive(),
  typeId: z.number().int().positive().nullish(),
  priority: z.number().int().min(0).max(2).default(1),
  description: multiLine().trim().min(1).max(10_000),
  assignedUserId: z.number().int().positive().nullish(),
  /** Optional first task recorded with the ticket. */
  task: z
    .object({
      values: z.record(singleLine(), jsonValue()).default({}),
      notes: multiLine().trim().max(10_000).nullish(),
      nextTaskAt: z.iso.datetime({ offset: true }).nullish(),
    })
    .nullish(),
});

export const updateTicketBodySchema = z.object({
  typeId: z.number().int().positive().nullish(),
  priority: z.number().int().min(0).max(2),
  description: multiLine().trim().min(1).max(10_000),
});

export const taskBodySchema = z.object({
  values: z.record(singleLine(), jsonValue()).default({}),
  notes: multiLine().trim().max(10_000).nullish(),
  nextTaskAt: z.iso.datetime({ offset: true }).nullish(),
});

export const massTaskBodySchema = taskBodySchema.extend({
  ticketIds: z.array(z.number().int().positive()).min(1).max(500),
  /** The spec asks for explicit confirmation: it is irreversible. */
  confirm: z.literal(true),
});

export const noteBodySchema = z.object({ body: multiLine().trim().min(1).max(10_000) });

export const transferBodySchema = z
  .object({
    toUserId: z.number().int().positive().nullish(),
    toCampaignId: z.number().int().positive().nullish(),
    reason: multiLine().trim().max(1000).nullish(),
  })
  .refine((body) => !!body.toUserId || !!body.toCampaignId, {
    path: ['toUserId'],
    message: 'i18n:tickets.transferTarget',
  });

export const mergeBodySchema = z.object({
  targetNumber: z.coerce.number().int().positive(),
  confirm: z.literal(true),
});

export interface TicketListItem {
  id: number;
  number: number;
  status: number;
  priority: number;
  description: string;
  type: { id: number; name: string } | null;
  campaign: { id: number; name: string };
  customer: { id: number; fullName: string; identificationNumber: string };
  assigned: { id: number; nombre: string } | null;
  channelType: string | null;
  unread: boolean;
  nextTaskAt: string | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export interface TicketTask {
  id: number;
  author: { id: number; nombre: string } | null;
  values: Record<string, unknown>;
  notes: string | null;
  nextTaskAt: string | null;
  /** upcoming: due within the next 15 minutes; late: past due (spec section 4). */
  due: 'late' | 'upcoming' | null;
  createdAt: string;
}

export interface TicketNote {
  id: number;
  author: { id: number; nombre: string } | null;
  body: string;
  createdAt: string;
}

export interface Ticket extends TicketListItem {
  firstResponseAt: string | null;
  /** registro_canal entries with their message history, oldest first. */
  interactions: Interaction[];
  attachments: TicketAttachment[];
  tasks: TicketTask[];
  notes: TicketNote[];
  related: { id: number; number: number; status: number }[];
  mergedInto: { id: number; number: number } | null;
  transfer: {
    toUser: { id: number; nombre: string } | null;
    toCampaign: { id: number; name: string } | null;
    from: { id: number; nombre: string } | null;
  } | null;
}

/** upcoming within 15 minutes, late when past due. */
export function taskDue(nextTaskAt: string | Date | null, now = Date.now()): 'late' | 'upcoming' | null {
  if (!nextTaskAt) return null;
  const due = new Date(nextTaskAt).getTime();
  if (due < now) return 'late';
  return due - now <= 15 * 60_000 ? 'upcoming' : null;
}

/** The realtime event of a campaign's pending list (spec: CasoActualizadoEvent on notificacion-campana-{id}). */
export const TICKET_EVENT = 'CasoActualizadoEvent';
export type TicketEventKind = 'leido' | 'asignado' | 'abierto' | 'escalado' | 'transferido' | 'cerrado' | 'nuevo';
export interface TicketEvent {
  tipo: TicketEventKind;
  casoId: number;
  campanaId: number;
  asignado: number | null;
  asignadoNombre: string | null;
}

/** `GET infogeneral`: the header's global search (spec: filtros {tipoCanalId, searchText}). */
export const globalSearchQuerySchema = z.object({
  searchText: singleLine().min(1).max(200),
  tipoCanalId: z.coerce.number().int().min(1).max(12).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export interface GlobalSearchResult {
  casos: { id: number; numero: number; estado: number; campana: string; created_at: string; asignado: string | null }[];
  clientes: { id: number; nombre_completo: string; tipo_documento_abreviatura: string | null; nro_documento: string }[];
}

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export interface TicketAttachment {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  uploadedBy: { id: number; nombre: string } | null;
  createdAt: string;
  url: string;
}
