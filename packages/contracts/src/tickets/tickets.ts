import { z } from 'zod';
import { idSchema, instantSchema, namedRefSchema, personRefSchema } from '../admin/common.js';
import { interactionSchema } from '../desk/interactions.js';
import { named } from '../registry.js';
import { CHANNEL_TYPE_KEYS, type ChannelTypeKey } from '../structure/channels.constants.js';
import { jsonValue, multiLine, singleLine } from '../text.js';
import { ALL_STATUSES, TICKET_PAGE_SIZE_MAX, TICKET_SORT_COLUMNS } from './tickets.constants.js';

// `.default([])`: the same answer for a missing list, and the document marks the parameter optional.
const idList = z
  .preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : String(value).split(',')),
    z.array(z.coerce.number().int().nonnegative()).max(200),
  )
  .default([]);

/** The spec's tickets filter, as query parameters (lists as repeated or comma-separated values). */
export const ticketFilterSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sizePerPage: z.coerce.number().int().min(1).max(TICKET_PAGE_SIZE_MAX).default(10),
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
  channel_types: z
    .preprocess(
      (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : String(value).split(',')),
      z.array(z.enum(CHANNEL_TYPE_KEYS as [ChannelTypeKey, ...ChannelTypeKey[]])).max(12),
    )
    .default([]),
  /** 0-4 one status, 5 all. */
  selectedStatus: z.coerce.number().int().min(0).max(5).default(ALL_STATUSES),
  features: z
    .preprocess(
      (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : String(value).split(',')),
      z.array(z.enum(['overdue-task', 'upcoming-task', 'with-attachments', 'merged'])).max(4),
    )
    .default([]),
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

/** `POST /tickets/tasks`: how many tickets got the task. */
export const tasksAddedSchema = z.object({ created: z.number().int() });
/** `POST /tickets/:id/leido`: the ticket is read now. */
export const ticketReadSchema = z.object({ id: idSchema, unread: z.literal(false) });
/** `POST /caso/:id/rechazar`: the rejected transfer's ticket (it went back to the sender). */
export const ticketIdSchema = z.object({ id: idSchema });

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

/** Someone a ticket can be transferred to: a member of its campaign, with their status and load there. */
export const transferCandidateSchema = z.object({
  id: idSchema,
  nombre: z.string(),
  email: z.string(),
  role: z.enum(['agent', 'supervisor']),
  /** The agent status (D when never set). */
  estado: z.enum(['D', 'A', 'E', 'G', 'P']),
  open: z.number().int(),
  tasksPerAgent: z.number().int(),
});
export type TransferCandidate = z.infer<typeof transferCandidateSchema>;

export const mergeBodySchema = z.object({
  targetNumber: z.coerce.number().int().positive(),
  confirm: z.literal(true),
});

export const ticketListItemSchema = named(
  'TicketListItem',
  z.object({
    id: idSchema,
    number: z.number().int(),
    status: z.number().int(),
    priority: z.number().int(),
    description: z.string(),
    type: namedRefSchema.nullable(),
    campaign: namedRefSchema,
    customer: z.object({ id: idSchema, fullName: z.string(), identificationNumber: z.string() }),
    assigned: personRefSchema.nullable(),
    channelType: z.string().nullable(),
    unread: z.boolean(),
    nextTaskAt: instantSchema.nullable(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
    closedAt: instantSchema.nullable(),
  }),
);
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketTaskSchema = z.object({
  id: idSchema,
  author: personRefSchema.nullable(),
  values: z.record(z.string(), z.unknown()),
  notes: z.string().nullable(),
  nextTaskAt: instantSchema.nullable(),
  /** upcoming: due within the next 15 minutes; late: past due (spec section 4). */
  due: z.enum(['late', 'upcoming']).nullable(),
  createdAt: instantSchema,
});
export type TicketTask = z.infer<typeof ticketTaskSchema>;

export const ticketNoteSchema = z.object({
  id: idSchema,
  author: personRefSchema.nullable(),
  body: z.string(),
  createdAt: instantSchema,
});
export type TicketNote = z.infer<typeof ticketNoteSchema>;

/** `GET infogeneral`: the header's global search (spec: filtros {tipoCanalId, searchText}). */
export const globalSearchQuerySchema = z.object({
  searchText: singleLine().min(1).max(200),
  tipoCanalId: z.coerce.number().int().min(1).max(12).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const globalSearchResultSchema = z.object({
  casos: z.array(
    z.object({
      id: idSchema,
      numero: z.number().int(),
      estado: z.number().int(),
      campana: z.string(),
      created_at: instantSchema,
      asignado: z.string().nullable(),
    }),
  ),
  clientes: z.array(
    z.object({
      id: idSchema,
      nombre_completo: z.string(),
      tipo_documento_abreviatura: z.string().nullable(),
      nro_documento: z.string(),
    }),
  ),
  /** Messages whose text matches (3+ characters searched), newest first, with the words around the match. */
  mensajes: z.array(
    z.object({
      id: idSchema,
      casoId: idSchema,
      numero: z.number().int(),
      estado: z.number().int(),
      campana: z.string(),
      /** 0 from the customer, 1 from the business. */
      direccion: z.number().int(),
      remitente: z.string().nullable(),
      fragmento: z.string(),
      fecha: instantSchema,
    }),
  ),
});
export type GlobalSearchResult = z.infer<typeof globalSearchResultSchema>;

export const ticketAttachmentSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: personRefSchema.nullable(),
  createdAt: instantSchema,
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketSchema = named(
  'Ticket',
  ticketListItemSchema.extend({
    firstResponseAt: instantSchema.nullable(),
    /** registro_canal entries with their message history, oldest first. */
    interactions: z.array(interactionSchema),
    attachments: z.array(ticketAttachmentSchema),
    tasks: z.array(ticketTaskSchema),
    notes: z.array(ticketNoteSchema),
    related: z.array(z.object({ id: idSchema, number: z.number().int(), status: z.number().int() })),
    mergedInto: z.object({ id: idSchema, number: z.number().int() }).nullable(),
    transfer: z
      .object({
        toUser: personRefSchema.nullable(),
        toCampaign: namedRefSchema.nullable(),
        from: personRefSchema.nullable(),
      })
      .nullable(),
  }),
);
export type Ticket = z.infer<typeof ticketSchema>;

/** Tickets counted by status (the user view's statistics, the customer dashboard). */
const countByStatusSchema = z.array(z.object({ status: z.number().int(), count: z.number().int() }));

/** `GET /users/:id/ticket-stats`: the user's assigned tickets by status and the tasks they recorded lately. */
export const userTicketStatsSchema = z.object({
  byStatus: countByStatusSchema,
  tasksToday: z.number().int(),
  tasksThisWeek: z.number().int(),
});

/** `GET /customers/:id/dashboard`: the customer's tickets by status and by channel type. */
export const customerTicketCountsSchema = z.object({
  byStatus: countByStatusSchema,
  byChannel: z.array(z.object({ channelType: z.string().nullable(), count: z.number().int() })),
});
