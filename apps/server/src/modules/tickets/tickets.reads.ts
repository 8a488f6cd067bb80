import fs from 'node:fs';
import type { Writable } from 'node:stream';
import {
  DEFAULT_TIME_ZONE,
  type GlobalSearchResult,
  type Locale,
  type Page,
  type PendingQuery,
  type PendingTickets,
  type Ticket,
  type TicketFilter,
  type TicketListItem,
  type TransferCandidate,
  ticketFilterSchema,
  type WaitingExplanation,
} from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { errors } from '../../platform/http/errors.js';
import { searchable } from '../../platform/text.js';
import { customerScopeOf, mayLookUpCustomers } from '../../policies/customers.js';
import { mayUseGlobalSearch, ticketScopeOf } from '../../policies/tickets.js';
import { agentsRepo } from '../agents/agents.repo.js';
import { explainWaiting } from '../agents/waiting.js';
import { businessRepo } from '../business/business.repo.js';
import { customersRepo } from '../customers/customers.repo.js';
import { pendingRepo } from './pending.repo.js';
import { queryOf, type TicketCore } from './tickets.core.js';
import { exportTickets } from './tickets.export.js';
import { ticketsRepo } from './tickets.repo.js';

/** Reading tickets: the list and its export, global search, one ticket, the pending drawer, files, a user's and a customer's figures, the history. */
export function createTicketReads(ctx: AppContext, core: TicketCore) {
  const { db } = ctx;
  const { assertMayReadUser, visible, view, campaignConfig } = core;
  return {
    async list(actor: AuthContext, filter: TicketFilter): Promise<Page<TicketListItem> & { totalCapped: boolean }> {
      const { data, total, capped } = await ticketsRepo.list(db, queryOf(actor, filter));
      return { data, total, totalCapped: capped, page: filter.page, sizePerPage: filter.sizePerPage };
    },
    /** The filtered list as a streamed xlsx: the same scope and filters as the list. */
    async export(actor: AuthContext, filter: TicketFilter, output: Writable, locale: Locale) {
      const business = await businessRepo.get(db);
      return exportTickets(db, output, queryOf(actor, filter), locale, business?.timeZone ?? DEFAULT_TIME_ZONE);
    },
    /**
     * The header's global search: tickets the user may see, and customers when they may see customers (those in
     * their customer scope, as the customer list).
     */
    async globalSearch(actor: AuthContext, text: string, limit: number): Promise<GlobalSearchResult> {
      const business = await businessRepo.get(db);
      if (!mayUseGlobalSearch(actor.permissions, business?.advancedSearch ?? true)) throw errors.forbidden();
      const search = searchable(text);
      const number = /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : undefined;
      const [ticketPage, customerPage, messageHits] = await Promise.all([
        // A few of each kind, never a total: counting every match would cost more than finding them.
        ticketsRepo.list(db, {
          ...queryOf(actor, ticketFilterSchema.parse({ sizePerPage: limit })),
          number,
          search,
          withTotal: false,
        }),
        mayLookUpCustomers(actor)
          ? customerScopeOf(db, actor).then((scope) =>
              customersRepo.list(db, {
                scope,
                page: 1,
                sizePerPage: limit,
                sortName: 'name',
                sortOrder: 'asc',
                search,
                withTotal: false,
              }),
            )
          : Promise.resolve({ data: [] }),
        // What customers and agents wrote: a word from a conversation finds its ticket.
        search.length >= 3 ? ticketsRepo.messageMatches(db, ticketScopeOf(actor), search, limit) : Promise.resolve([]),
      ]);
      return {
        casos: ticketPage.data.map((ticket) => ({
          id: ticket.id,
          numero: ticket.number,
          estado: ticket.status,
          campana: ticket.campaign.name,
          created_at: ticket.createdAt,
          asignado: ticket.assigned?.nombre ?? null,
        })),
        clientes: customerPage.data.map((customer) => ({
          id: customer.id,
          nombre_completo: customer.fullName,
          tipo_documento_abreviatura: customer.identificationType.abbr,
          nro_documento: customer.identificationNumber,
        })),
        mensajes: messageHits,
      };
    },
    get: view,
    /**
     * Who the actor may transfer the ticket to: members of its campaign other than the actor and the assignee;
     * agents only below the campaign's limit of open tickets (a supervisor is never at a limit).
     */
    async transferCandidates(actor: AuthContext, id: number): Promise<TransferCandidate[]> {
      const ticket = await visible(db, actor, id);
      const { config } = await campaignConfig(db, ticket.campaignId);
      const rows = await agentsRepo.transferCandidates(db, ticket.campaignId);
      const byUser = new Map<number, (typeof rows)[number]>();
      // Someone both agent and supervisor of the campaign counts as agent: the limit applies.
      for (const row of rows) if (!byUser.has(row.id) || row.role === 'agent') byUser.set(row.id, row);
      return [...byUser.values()]
        .filter((row) => row.id !== actor.userId && row.id !== ticket.assignedUserId)
        .filter((row) => row.role === 'supervisor' || row.open < config.tasksPerAgent)
        .map((row) => ({ ...row, tasksPerAgent: config.tasksPerAgent }));
    },
    /** Why a ticket the actor may see still waits for an agent, and its place in the queue (null: it does not wait). */
    async waiting(actor: AuthContext, id: number): Promise<WaitingExplanation | null> {
      await visible(db, actor, id);
      return explainWaiting(db, id);
    },
    async getByNumber(actor: AuthContext, number: number): Promise<Ticket> {
      const row = await ticketsRepo.findVisible(db, ticketScopeOf(actor), { number });
      if (!row) throw errors.notFound();
      return view(actor, row.id);
    },
    /** Merge: the current ticket closes and its tasks and notes move to the target; both histories say so. */
    /** The pending drawer (spec: caso/pendientes), scoped like every ticket read. */
    async pending(actor: AuthContext, query: PendingQuery): Promise<PendingTickets> {
      const text = query.searchText?.trim();
      return pendingRepo.list(db, {
        scope: ticketScopeOf(actor),
        userId: actor.userId,
        campaignId: query.campana,
        number: text && /^\d{1,15}$/.test(text) ? Number(text) : undefined,
        search: text ? searchable(text) : undefined,
        filter: query.filter,
        sortColumn: query.sortColumn,
        sortBy: query.sortBy,
      });
    },
    async attachmentFile(actor: AuthContext, id: number, attachmentId: number) {
      await visible(db, actor, id);
      const attachment = await ticketsRepo.attachment(db, id, attachmentId);
      const absolute = attachment ? ctx.storage.absolutePath(attachment.storedPath) : null;
      if (!attachment || !absolute || !fs.existsSync(absolute)) throw errors.notFound();
      return { attachment, stream: fs.createReadStream(absolute) };
    },
    /** The user view's statistics and agenda tabs: the user's own work, as far as the viewer may see tickets. */
    async userStats(actor: AuthContext, userId: number) {
      await assertMayReadUser(actor, userId);
      return ticketsRepo.userStats(db, ticketScopeOf(actor), userId);
    },
    async userAgenda(actor: AuthContext, userId: number) {
      await assertMayReadUser(actor, userId);
      return ticketsRepo.agenda(db, ticketScopeOf(actor), userId);
    },
    /**
     * The customer dashboard: how many of the customer's tickets (that the user may see) by status and channel; a
     * customer outside the user's customer scope answers 404, as its page does.
     */
    async customerDashboard(actor: AuthContext, customerId: number) {
      if (!(await customersRepo.findVisible(db, await customerScopeOf(db, actor), customerId))) throw errors.notFound();
      return ticketsRepo.customerCounts(db, ticketScopeOf(actor), customerId);
    },
    async history(actor: AuthContext, id: number) {
      await visible(db, actor, id);
      return auditRepo.list(db, 'ticket', id);
    },
  };
}
