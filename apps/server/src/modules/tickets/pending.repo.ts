import {
  CHANNEL_TYPE_CODES,
  CHANNEL_TYPE_ICONS,
  type ChannelTypeKey,
  PENDING_LIMIT,
  type PendingTicketItem,
  type PendingTickets,
} from '@atiende/contracts';
import { and, asc, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { TOTAL_CAP } from '../../platform/db/paging.js';
import { runPrepared } from '../../platform/db/prepared.js';
import { textToHtml } from '../../platform/html.js';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { channels } from '../channels/channels.schema.js';
import { fullName } from '../customers/customers.repo.js';
import { customers } from '../customers/customers.schema.js';
import { users } from '../users/users.schema.js';
import { scopeCondition, type TicketScope, ticketTextMatch } from './tickets.repo.js';
import { tickets } from './tickets.schema.js';

export interface PendingListQuery {
  scope: TicketScope;
  userId: number;
  campaignId?: number;
  search?: string;
  number?: number;
  filter: 'mine' | 'unassigned' | 'all';
  sortColumn: 'created_at' | 'fecha_recibido' | 'caso_prioridad' | 'fecha_proxima_gestion';
  sortBy: 'ASC' | 'DESC';
}

const receivedAt = sql`coalesce(${tickets.lastMessageAt}, ${tickets.createdAt})`;
const SORT: Record<PendingListQuery['sortColumn'], SQL> = {
  created_at: sql`${tickets.createdAt}`,
  fecha_recibido: receivedAt,
  caso_prioridad: sql`${tickets.priority}`,
  fecha_proxima_gestion: sql`${tickets.nextTaskAt}`,
};

function selectItems(db: Executor) {
  return db
    .select({
      ticket: tickets,
      assignedName: users.name,
      customer: {
        firstName: customers.firstName,
        middleName: customers.middleName,
        lastName: customers.lastName,
        secondLastName: customers.secondLastName,
      },
      channelType: channels.type,
      // The ticket's SLA rule when one covers it (no breach recorded: met); else the campaign's service level: the
      // first answer (or, while unanswered, now) within the campaign's seconds.
      slaMet: sql<boolean>`coalesce((select not s.breached from ticket_sla s where s.ticket_id = ${tickets.id}),
        coalesce(${tickets.firstResponseAt}, now()) - ${tickets.createdAt}
          <= make_interval(secs => coalesce((${campaigns.config}->>'serviceLevelSeconds')::int, 20)))`,
    })
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .innerJoin(campaigns, eq(campaigns.id, tickets.campaignId))
    .leftJoin(users, eq(users.id, tickets.assignedUserId))
    .leftJoin(channels, eq(channels.id, tickets.channelId));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

function toItem(row: ItemRow): PendingTicketItem {
  const { ticket } = row;
  const typeCode = row.channelType ? (CHANNEL_TYPE_CODES[row.channelType as ChannelTypeKey] ?? null) : null;
  return {
    caso_id: ticket.id,
    campana_id: ticket.campaignId,
    asignado: ticket.assignedUserId,
    asignado_nombre: row.assignedName,
    estado: ticket.status,
    estado_lectura: ticket.unread ? 0 : 1,
    contenido: textToHtml(ticket.lastMessagePreview ?? ticket.description),
    cliente: fullName(row.customer),
    remitente: ticket.lastMessageSender,
    fecha_recibido: (ticket.lastMessageAt ?? ticket.createdAt).toISOString(),
    fecha_proxima_gestion: ticket.nextTaskAt?.toISOString() ?? null,
    caso_prioridad: ticket.priority,
    caso_created_at: ticket.createdAt.toISOString(),
    cumplio_sla: row.slaMet ? 1 : 0,
    tipo: ticket.lastMessageDirection === 1 ? 1 : 0,
    tipo_canal_id: typeCode,
    tipo_canal_icon_class: typeCode ? (CHANNEL_TYPE_ICONS[typeCode] ?? null) : null,
  };
}

function conditions(query: PendingListQuery): SQL | undefined {
  return and(
    ne(tickets.status, 4),
    scopeCondition(query.scope),
    query.campaignId ? eq(tickets.campaignId, query.campaignId) : undefined,
    query.filter === 'mine' ? eq(tickets.assignedUserId, query.userId) : undefined,
    query.filter === 'unassigned' ? isNull(tickets.assignedUserId) : undefined,
    query.number ? eq(tickets.number, query.number) : query.search ? ticketTextMatch(query.search) : undefined,
  );
}

/** The pending drawer: tickets not closed, in what the user may see; counts are capped like every total. */
export const pendingRepo = {
  async list(db: Executor, query: PendingListQuery): Promise<PendingTickets> {
    const where = conditions(query);
    const direction = query.sortBy === 'ASC' ? asc : desc;
    const [rows, counts] = await Promise.all([
      selectItems(db)
        .where(where)
        .orderBy(direction(SORT[query.sortColumn]), direction(tickets.id))
        .limit(PENDING_LIMIT),
      db.execute<{ total: number; unread: number }>(sql`
        select count(*)::int as total, count(*) filter (where unread)::int as unread
        from (select ${tickets.unread} as unread from ${tickets} where ${where} limit ${TOTAL_CAP}) capped`),
    ]);
    return {
      casosPendientes: rows.map(toItem),
      totalCasosPendientes: counts.rows[0]?.total ?? 0,
      totalCasosNoLeidos: counts.rows[0]?.unread ?? 0,
    };
  },

  /** One ticket as a pending item (what realtime events carry). */
  async item(db: Executor, ticketId: number): Promise<PendingTicketItem | null> {
    const [row] = await runPrepared(selectItems(db).where(eq(tickets.id, ticketId)));
    return row ? toItem(row) : null;
  },
};
