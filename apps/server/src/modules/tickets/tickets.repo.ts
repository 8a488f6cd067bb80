import { TICKET_STATUS, type TicketAttachment, type TicketListItem, type TicketNote } from '@atiende/contracts';
import { and, asc, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client.js';
import {
  cappedCount,
  newestFirst,
  noCount,
  type PageWindow,
  pageOf,
  TICKETS_TOTAL_CAP,
} from '../../platform/db/paging.js';
import { snippetAround, wordPrefixQuery } from '../../platform/text.js';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { catalogueEntries } from '../catalogues/catalogues.schema.js';
import { channels } from '../channels/channels.schema.js';
import { fullName } from '../customers/customers.repo.js';
import { customers } from '../customers/customers.schema.js';
import { interactions, messages } from '../interactions/interactions.schema.js';
import { users } from '../users/users.schema.js';
import { ticketAttachments, ticketNotes, ticketRelations, tickets, ticketTasks } from './tickets.schema.js';

export type TicketRow = typeof tickets.$inferSelect;

/** Who may see which tickets; computed by the service from the actor's permissions. */
export type TicketScope = { kind: 'all' } | { kind: 'member'; userId: number };

export interface TicketQuery {
  scope: TicketScope;
  page: number;
  sizePerPage: number;
  sortName: 'created_at' | 'updated_at' | 'priority' | 'number' | 'status' | 'closed_at';
  sortOrder: 'asc' | 'desc';
  search?: string;
  number?: number;
  includeDisabledCampaigns: boolean;
  users: number[];
  assignment: 'mine' | 'unassigned' | 'all';
  actorUserId: number;
  statuses: number[];
  priorities: number[];
  types: number[];
  campaigns: number[];
  customers: number[];
  channelTypes: string[];
  from?: string;
  to?: string;
  unreadOnly: boolean;
  overdue: boolean;
  upcoming: boolean;
  merged: boolean;
  /** False: the page only, no total (counting the matches costs more than the page). */
  withTotal?: boolean;
}

const SORT = {
  created_at: tickets.createdAt,
  updated_at: tickets.updatedAt,
  priority: tickets.priority,
  number: tickets.number,
  status: tickets.status,
  closed_at: tickets.closedAt,
} as const;

/**
 * The visibility rule in SQL: supervisors of the campaign see its tickets; agents of the campaign see their own
 * tickets, and all of them when the campaign allows all tickets.
 */
export function scopeCondition(scope: TicketScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return sql`(exists (select 1 from campaign_supervisors s where s.campaign_id = "tickets"."campaign_id" and s.user_id = ${scope.userId})
    or (exists (select 1 from campaign_agent_channels a where a.campaign_id = "tickets"."campaign_id" and a.user_id = ${scope.userId})
      and ("tickets"."assigned_user_id" = ${scope.userId}
        or (select (c.config->>'allowAllTickets')::boolean from campaigns c where c.id = "tickets"."campaign_id"))))`;
}

/**
 * Tickets whose description or customer has a word starting with each word of the search (accents and case
 * ignored), through the GIN index on `search_vector`: PostgreSQL knows how common each word is, so a common word
 * walks the newest tickets and a rare one reads its few matches.
 */
export function ticketTextMatch(search: string): SQL {
  const query = wordPrefixQuery(search);
  return query ? sql`"tickets"."search_vector" @@ to_tsquery('simple', ${query})` : sql`false`;
}

function conditions(query: TicketQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [scopeCondition(query.scope)];
  if (query.number) parts.push(eq(tickets.number, query.number));
  else if (query.search) parts.push(ticketTextMatch(query.search));
  if (!query.includeDisabledCampaigns) {
    parts.push(sql`exists (select 1 from campaigns c where c.id = "tickets"."campaign_id" and c.enabled)`);
  }
  if (query.users.length) parts.push(inArray(tickets.assignedUserId, query.users));
  if (query.assignment === 'mine') parts.push(eq(tickets.assignedUserId, query.actorUserId));
  if (query.assignment === 'unassigned') parts.push(sql`${tickets.assignedUserId} is null`);
  if (query.statuses.length) parts.push(inArray(tickets.status, query.statuses));
  if (query.priorities.length) parts.push(inArray(tickets.priority, query.priorities));
  if (query.types.length) parts.push(inArray(tickets.typeId, query.types));
  if (query.campaigns.length) parts.push(inArray(tickets.campaignId, query.campaigns));
  if (query.customers.length) parts.push(inArray(tickets.customerId, query.customers));
  if (query.channelTypes.length) {
    parts.push(
      sql`exists (select 1 from channels ch where ch.id = "tickets"."channel_id" and ch.type in (${sql.join(
        query.channelTypes.map((type) => sql`${type}`),
        sql`, `,
      )}))`,
    );
  }
  if (query.from) parts.push(sql`${tickets.createdAt} >= ${query.from}::date`);
  if (query.to) parts.push(sql`${tickets.createdAt} < (${query.to}::date + 1)`);
  if (query.unreadOnly) parts.push(eq(tickets.unread, true));
  if (query.overdue) parts.push(sql`${tickets.nextTaskAt} < now()`);
  if (query.upcoming) parts.push(sql`${tickets.nextTaskAt} between now() and now() + interval '15 minutes'`);
  if (query.merged) parts.push(sql`${tickets.mergedIntoId} is not null`);
  const present = parts.filter((part): part is SQL => !!part);
  return present.length ? and(...present) : undefined;
}

const assignee = alias(users, 'assignee');

function selectList(db: Executor) {
  return db
    .select({
      ticket: tickets,
      typeName: catalogueEntries.name,
      campaignName: campaigns.name,
      customer: customers,
      assigneeName: assignee.name,
      channelType: channels.type,
      channelName: channels.name,
    })
    .from(tickets)
    .innerJoin(campaigns, eq(campaigns.id, tickets.campaignId))
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(catalogueEntries, eq(catalogueEntries.id, tickets.typeId))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedUserId))
    .leftJoin(channels, eq(channels.id, tickets.channelId));
}

type ListRow = Awaited<ReturnType<ReturnType<typeof selectList>['execute']>>[number];

export function toListItem(row: ListRow): TicketListItem {
  const { ticket } = row;
  return {
    id: ticket.id,
    number: ticket.number,
    status: ticket.status,
    priority: ticket.priority,
    description: ticket.description,
    type: ticket.typeId ? { id: ticket.typeId, name: row.typeName ?? '' } : null,
    campaign: { id: ticket.campaignId, name: row.campaignName },
    customer: {
      id: ticket.customerId,
      fullName: fullName(row.customer),
      identificationNumber: row.customer.identificationNumber,
    },
    assigned: ticket.assignedUserId ? { id: ticket.assignedUserId, nombre: row.assigneeName ?? '' } : null,
    channelType: row.channelType,
    unread: ticket.unread,
    nextTaskAt: ticket.nextTaskAt?.toISOString() ?? null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    closedAt: ticket.closedAt?.toISOString() ?? null,
  };
}

export const ticketsRepo = {
  async list(db: Executor, query: TicketQuery): Promise<{ data: TicketListItem[]; total: number; capped: boolean }> {
    const where = conditions(query);
    const column = SORT[query.sortName];
    const order = query.sortOrder === 'desc' ? desc(column) : asc(column);
    // Deferred join: the page's ids come from the tickets table and its indexes alone (a deep offset skips index
    // entries, not joined rows); only those ids are joined to campaigns, customers and users.
    const page = (window: PageWindow, range?: SQL, orderBy: SQL[] = [order]) =>
      db
        .select({ id: tickets.id })
        .from(tickets)
        .where(range ? and(where, range) : where)
        .orderBy(...orderBy, query.sortOrder === 'desc' ? desc(tickets.id) : asc(tickets.id))
        .limit(window.limit)
        .offset(window.offset);
    const newestSearch = Boolean(query.search) && query.sortName === 'created_at' && query.sortOrder === 'desc';
    const { rows: pageIds, ...counted } = await pageOf(
      db,
      query,
      (window) =>
        newestSearch
          ? newestFirst(
              tickets.createdAt,
              window.limit,
              (start) => page(window, sql`${tickets.createdAt} >= ${start}`),
              () => page(window, undefined, [sql`${tickets.createdAt} + interval '0 seconds' desc`]),
            )
          : page(window),
      () => (query.withTotal === false ? noCount() : cappedCount(db, tickets, where, TICKETS_TOTAL_CAP)),
    );
    const ids = pageIds.map((row) => row.id);
    const rows = ids.length ? await selectList(db).where(inArray(tickets.id, ids)) : [];
    const byId = new Map(rows.map((row) => [row.ticket.id, row]));
    return {
      data: ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toListItem(row)] : [];
      }),
      ...counted,
    };
  },

  /** Every matching ticket, a page at a time by keyset (newest first), for exports of any size. */
  async *batches(
    db: Executor,
    query: Omit<TicketQuery, 'page' | 'sizePerPage' | 'sortName' | 'sortOrder'>,
    size = 1000,
  ) {
    let beforeId = Number.MAX_SAFE_INTEGER;
    const where = conditions({ ...query, page: 1, sizePerPage: size, sortName: 'created_at', sortOrder: 'desc' });
    while (true) {
      const keyset = sql`${tickets.id} < ${beforeId}`;
      const rows = await selectList(db)
        .where(where ? and(where, keyset) : keyset)
        .orderBy(desc(tickets.id))
        .limit(size);
      if (rows.length === 0) return;
      yield rows.map((row) => ({
        ...toListItem(row),
        channelName: row.channelName,
        firstResponseAt: row.ticket.firstResponseAt,
      }));
      beforeId = rows[rows.length - 1].ticket.id;
      if (rows.length < size) return;
    }
  },

  /** The newest work-log entry (task) of each ticket, with its author: one query for a batch of tickets. */
  async lastTasks(db: Executor, ticketIds: readonly number[]) {
    if (ticketIds.length === 0) return new Map<number, { at: Date; author: string | null; notes: string | null }>();
    const result = await db.execute<{
      ticket_id: string;
      created_at: string;
      author: string | null;
      notes: string | null;
    }>(sql`
      select distinct on (k.ticket_id) k.ticket_id, k.created_at, u.name as author, k.notes
      from ticket_tasks k left join users u on u.id = k.author_id
      where k.ticket_id in (${sql.join(
        ticketIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by k.ticket_id, k.created_at desc, k.id desc`);
    return new Map(
      result.rows.map((row) => [
        Number(row.ticket_id),
        { at: new Date(row.created_at), author: row.author, notes: row.notes },
      ]),
    );
  },

  /** A user's work: assigned tickets by status (within the viewer's scope) and tasks recorded today and this week. */
  async userStats(db: Executor, scope: TicketScope, userId: number) {
    const scoped = scopeCondition(scope);
    const assigned = scoped ? and(eq(tickets.assignedUserId, userId), scoped) : eq(tickets.assignedUserId, userId);
    const [byStatus, tasks] = await Promise.all([
      db
        .select({ status: tickets.status, count: sql<number>`count(*)::int` })
        .from(tickets)
        .where(assigned)
        .groupBy(tickets.status)
        .orderBy(tickets.status),
      db.execute<{ today: number; week: number }>(sql`
        select count(*) filter (where created_at >= date_trunc('day', now()))::int as today,
          count(*) filter (where created_at >= now() - interval '7 days')::int as week
        from ticket_tasks where author_id = ${userId} and created_at >= now() - interval '7 days'`),
    ]);
    return { byStatus, tasksToday: tasks.rows[0]?.today ?? 0, tasksThisWeek: tasks.rows[0]?.week ?? 0 };
  },

  /** A user's agenda: their open tickets with a next task, soonest first (within the viewer's scope). */
  async agenda(db: Executor, scope: TicketScope, userId: number, limit = 50): Promise<TicketListItem[]> {
    const scoped = scopeCondition(scope);
    const mine = and(
      eq(tickets.assignedUserId, userId),
      sql`${tickets.nextTaskAt} is not null`,
      sql`${tickets.status} <> 4`,
    );
    const rows = await selectList(db)
      .where(scoped ? and(mine, scoped) : mine)
      .orderBy(asc(tickets.nextTaskAt), asc(tickets.id))
      .limit(limit);
    return rows.map(toListItem);
  },

  /** A customer's tickets counted by status and by channel type (the customer dashboard), within the scope. */
  async customerCounts(db: Executor, scope: TicketScope, customerId: number) {
    const scoped = scopeCondition(scope);
    const where = scoped ? and(eq(tickets.customerId, customerId), scoped) : eq(tickets.customerId, customerId);
    const [byStatus, byChannel] = await Promise.all([
      db
        .select({ status: tickets.status, count: sql<number>`count(*)::int` })
        .from(tickets)
        .where(where)
        .groupBy(tickets.status)
        .orderBy(tickets.status),
      db
        .select({ channelType: channels.type, count: sql<number>`count(*)::int` })
        .from(tickets)
        .leftJoin(channels, eq(channels.id, tickets.channelId))
        .where(where)
        .groupBy(channels.type)
        .orderBy(channels.type),
    ]);
    return { byStatus, byChannel };
  },

  async listItem(db: Executor, id: number): Promise<TicketListItem | null> {
    const [row] = await selectList(db).where(eq(tickets.id, id));
    return row ? toListItem(row) : null;
  },

  /** A ticket the scope may see, by id or by human number. */
  async findVisible(
    db: Executor,
    scope: TicketScope,
    by: { id?: number; number?: number },
    lock = false,
  ): Promise<TicketRow | null> {
    const scoped = scopeCondition(scope);
    const key = by.id !== undefined ? eq(tickets.id, by.id) : eq(tickets.number, by.number ?? -1);
    const query = db
      .select()
      .from(tickets)
      .where(scoped ? and(key, scoped) : key);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async exists(db: Executor, by: { id?: number; number?: number }): Promise<boolean> {
    const key = by.id !== undefined ? eq(tickets.id, by.id) : eq(tickets.number, by.number ?? -1);
    const [row] = await db.select({ id: tickets.id }).from(tickets).where(key);
    return !!row;
  },

  async insert(db: Executor, values: typeof tickets.$inferInsert): Promise<TicketRow> {
    const [row] = await db.insert(tickets).values(values).returning();
    return row;
  },

  async update(db: Executor, id: number, values: Partial<typeof tickets.$inferInsert>): Promise<void> {
    await db
      .update(tickets)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(tickets.id, id));
  },

  async insertTask(db: Executor, values: typeof ticketTasks.$inferInsert): Promise<number> {
    const [row] = await db.insert(ticketTasks).values(values).returning({ id: ticketTasks.id });
    return row.id;
  },

  async tasks(db: Executor, ticketId: number) {
    const author = alias(users, 'author');
    return db
      .select({ task: ticketTasks, authorName: author.name })
      .from(ticketTasks)
      .leftJoin(author, eq(author.id, ticketTasks.authorId))
      .where(eq(ticketTasks.ticketId, ticketId))
      .orderBy(desc(ticketTasks.createdAt), desc(ticketTasks.id));
  },

  /** A campaign's open tickets by id, a page at a time (keyset `after`): the pending index answers it. */
  async openTicketIds(db: Executor, campaignId: number, after: number, limit: number): Promise<number[]> {
    const rows = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.campaignId, campaignId), ne(tickets.status, TICKET_STATUS.closed), gt(tickets.id, after)))
      .orderBy(asc(tickets.id))
      .limit(limit);
    return rows.map((row) => row.id);
  },

  async countTasks(db: Executor, ticketId: number): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(ticketTasks)
      .where(eq(ticketTasks.ticketId, ticketId));
    return row.total;
  },

  async insertNote(db: Executor, values: typeof ticketNotes.$inferInsert): Promise<void> {
    await db.insert(ticketNotes).values(values);
  },

  async notes(db: Executor, ticketId: number): Promise<TicketNote[]> {
    const author = alias(users, 'author');
    const rows = await db
      .select({ note: ticketNotes, authorName: author.name })
      .from(ticketNotes)
      .leftJoin(author, eq(author.id, ticketNotes.authorId))
      .where(eq(ticketNotes.ticketId, ticketId))
      .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
    return rows.map(({ note, authorName }) => ({
      id: note.id,
      author: note.authorId ? { id: note.authorId, nombre: authorName ?? '' } : null,
      body: note.body,
      createdAt: note.createdAt.toISOString(),
    }));
  },

  /**
   * Messages whose text holds `search` (already `searchable`), newest first, on tickets within the scope; deleted
   * messages left out. The trigram index on the messages' search text finds them; the scope filters their tickets.
   */
  async messageMatches(db: Executor, scope: TicketScope, search: string, limit: number) {
    const scoped = scopeCondition(scope);
    return newestFirst(
      messages.id,
      limit,
      (start) => this.messagesMatching(db, scoped, search, limit, sql`m.id >= ${start}`, sql`m.id desc`),
      () => this.messagesMatching(db, scoped, search, limit, undefined, sql`m.id + 0 desc`),
    );
  },

  async messagesMatching(
    db: Executor,
    scoped: SQL | undefined,
    search: string,
    limit: number,
    range: SQL | undefined,
    orderBy: SQL,
  ) {
    const result = await db.execute<{
      id: string;
      ticket_id: string;
      number: string;
      status: number;
      campaign: string;
      direction: number;
      sender_name: string | null;
      body_text: string;
      created_at: string;
    }>(sql`
      select m.id, m.ticket_id, tickets.number, tickets.status, c.name as campaign, m.direction, m.sender_name,
        left(m.body_text, 4000) as body_text, m.created_at
      from messages m
      join tickets on tickets.id = m.ticket_id
      join campaigns c on c.id = tickets.campaign_id
      where m.search_vector @@ to_tsquery('simple', ${wordPrefixQuery(search) ?? ''}) and m.deleted_at is null
        ${scoped ? sql`and ${scoped}` : sql``} ${range ? sql`and ${range}` : sql``}
      order by ${orderBy}
      limit ${limit}`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      casoId: Number(row.ticket_id),
      numero: Number(row.number),
      estado: row.status,
      campana: row.campaign,
      direccion: row.direction,
      remitente: row.sender_name,
      fragmento: snippetAround(row.body_text, search),
      fecha: new Date(row.created_at).toISOString(),
    }));
  },

  async related(db: Executor, ticketId: number) {
    return db
      .select({ id: tickets.id, number: tickets.number, status: tickets.status })
      .from(ticketRelations)
      .innerJoin(tickets, eq(tickets.id, ticketRelations.relatedId))
      .where(eq(ticketRelations.ticketId, ticketId))
      .orderBy(tickets.number);
  },

  async relate(db: Executor, a: number, b: number): Promise<void> {
    await db
      .insert(ticketRelations)
      .values([
        { ticketId: a, relatedId: b },
        { ticketId: b, relatedId: a },
      ])
      .onConflictDoNothing();
  },

  /** Merge: the source's tasks, notes and attachments move to the target. */
  async moveWork(db: Executor, fromId: number, toId: number) {
    const movedTasks = await db
      .update(ticketTasks)
      .set({ ticketId: toId })
      .where(eq(ticketTasks.ticketId, fromId))
      .returning({ id: ticketTasks.id });
    const movedNotes = await db
      .update(ticketNotes)
      .set({ ticketId: toId })
      .where(eq(ticketNotes.ticketId, fromId))
      .returning({ id: ticketNotes.id });
    const movedAttachments = await db
      .update(ticketAttachments)
      .set({ ticketId: toId })
      .where(eq(ticketAttachments.ticketId, fromId))
      .returning({ id: ticketAttachments.id });
    // Interactions (registro_canal) and their messages follow: the conversation continues on the target.
    const movedInteractions = await db
      .update(interactions)
      .set({ ticketId: toId })
      .where(eq(interactions.ticketId, fromId))
      .returning({ id: interactions.id });
    await db.update(messages).set({ ticketId: toId }).where(eq(messages.ticketId, fromId));
    return {
      tasks: movedTasks.length,
      notes: movedNotes.length,
      attachments: movedAttachments.length,
      interactions: movedInteractions.length,
    };
  },

  async insertAttachment(db: Executor, values: typeof ticketAttachments.$inferInsert): Promise<number> {
    const [row] = await db.insert(ticketAttachments).values(values).returning({ id: ticketAttachments.id });
    return row.id;
  },

  /** The ticket's attachments among the ids (others are left out). */
  async attachmentsByIds(db: Executor, ticketId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.ticketId, ticketId), inArray(ticketAttachments.id, ids)));
  },

  async attachment(db: Executor, ticketId: number, id: number) {
    const [row] = await db
      .select()
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.id, id)));
    return row ?? null;
  },

  async attachments(db: Executor, ticketId: number): Promise<TicketAttachment[]> {
    const uploader = alias(users, 'uploader');
    const rows = await db
      .select({ attachment: ticketAttachments, uploaderName: uploader.name })
      .from(ticketAttachments)
      .leftJoin(uploader, eq(uploader.id, ticketAttachments.uploadedBy))
      .where(eq(ticketAttachments.ticketId, ticketId))
      .orderBy(desc(ticketAttachments.createdAt), desc(ticketAttachments.id));
    return rows.map(({ attachment, uploaderName }) => ({
      id: attachment.id,
      fileName: attachment.fileName,
      contentType: attachment.contentType,
      size: attachment.size,
      uploadedBy: attachment.uploadedBy ? { id: attachment.uploadedBy, nombre: uploaderName ?? '' } : null,
      createdAt: attachment.createdAt.toISOString(),
      url: `/api/v2/tickets/${ticketId}/attachments/${attachment.id}`,
    }));
  },

  /** The open ticket of a customer in a campaign (ticket combination), newest first. */
  async openForCustomer(
    db: Executor,
    campaignId: number,
    customerId: number,
    channelId: number | null,
  ): Promise<TicketRow | null> {
    const [row] = await db
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.campaignId, campaignId),
          eq(tickets.customerId, customerId),
          sql`${tickets.status} <> 4`,
          channelId === null ? undefined : eq(tickets.channelId, channelId),
        ),
      )
      .orderBy(desc(tickets.createdAt))
      .limit(1);
    return row ?? null;
  },

  /** Clears the unread mark; false when it was already clear (a concurrent reader got there first). */
  async markRead(db: Executor, id: number): Promise<boolean> {
    const rows = await db
      .update(tickets)
      .set({ unread: false })
      .where(and(eq(tickets.id, id), eq(tickets.unread, true)))
      .returning({ id: tickets.id });
    return rows.length > 0;
  },

  async userName(db: Executor, userId: number | null): Promise<string | null> {
    if (!userId) return null;
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  },
};
