import fs from 'node:fs';
import type { Writable } from 'node:stream';
import {
  ALL_STATUSES,
  buildFormValuesSchema,
  type CampaignConfig,
  canTransition,
  type FormField,
  type GlobalSearchResult,
  type Locale,
  type OptionNode,
  type Page,
  type PendingQuery,
  type PendingTickets,
  REALTIME_EVENTS,
  TICKET_EVENT,
  TICKET_STATUS,
  type Ticket,
  type TicketAction,
  type TicketEventKind,
  type TicketFilter,
  type TicketListItem,
  taskDue,
  ticketFilterSchema,
} from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { safeFileName, sniffAttachment } from '../../platform/files.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { translateIssues } from '../../platform/i18n/validation.js';
import { searchable } from '../../platform/text.js';
import { customerScopeOf, mayLookUpCustomers } from '../../policies/customers.js';
import { mayOpenTicketIn, ticketScopeOf } from '../../policies/tickets.js';
import { mayReadUser } from '../../policies/users.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { customersRepo, fullName } from '../customers/customers.repo.js';
import { formsRepo } from '../forms/forms.repo.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import { usersRepo } from '../users/users.repo.js';
import { pendingRepo } from './pending.repo.js';
import { exportTickets } from './tickets.export.js';
import { type TicketQuery, type TicketRow, ticketsRepo } from './tickets.repo.js';

const invalidTransition = () => new AppError(409, 'TICKET.INVALID_TRANSITION', 'tickets.invalidTransition');

interface TaskInput {
  values: Record<string, unknown>;
  notes?: string | null;
  nextTaskAt?: string | null;
}

/** The spec's filter object as a repository query, scoped to what the actor may see. */
function queryOf(actor: AuthContext, filter: TicketFilter): TicketQuery {
  const text = filter.searchText?.trim();
  return {
    scope: ticketScopeOf(actor),
    page: filter.page,
    sizePerPage: filter.sizePerPage,
    sortName: filter.sortName,
    sortOrder: filter.sortOrder,
    number: text && /^\d{1,15}$/.test(text) ? Number(text) : undefined,
    search: text ? searchable(text) : undefined,
    includeDisabledCampaigns: filter.inhabilitado === 'true',
    users: filter.users,
    assignment: filter.agents_filter,
    actorUserId: actor.userId,
    statuses: filter.selectedStatus === ALL_STATUSES ? filter.status : [filter.selectedStatus],
    priorities: filter.priorities,
    types: filter.ticket_types,
    campaigns: filter.campaigns,
    customers: filter.clients,
    channelTypes: filter.channel_types,
    from: filter.from,
    to: filter.to,
    unreadOnly: filter.unreadOnly === 'true',
    overdue: filter.features.includes('overdue-task'),
    upcoming: filter.features.includes('upcoming-task'),
    merged: filter.features.includes('merged'),
  };
}

export function createTicketsService(ctx: AppContext) {
  const { db } = ctx;

  /** Someone else's work is visible with the users menu permission; one's own always. */
  async function assertMayReadUser(actor: AuthContext, userId: number) {
    if (!mayReadUser(actor, userId)) throw errors.forbidden();
    if (!(await usersRepo.findById(db, userId))) throw errors.notFound();
  }

  /** After commit: the campaign's pending lists hear about the change (spec: CasoActualizadoEvent). */
  async function announce(
    kind: TicketEventKind,
    ticket: Pick<TicketRow, 'id' | 'campaignId' | 'assignedUserId'>,
    actorId: number | null = null,
  ) {
    await ctx.realtime.toCampaign(ticket.campaignId, TICKET_EVENT, {
      tipo: kind,
      casoId: ticket.id,
      campanaId: ticket.campaignId,
      asignado: ticket.assignedUserId,
      asignadoNombre: await ticketsRepo.userName(db, ticket.assignedUserId),
    });
    // Routing refills freed capacity; agents handling a ticket that left them hear `ticket-exit`.
    await ctx.events.emit('ticket.changed', {
      kind,
      ticket: { id: ticket.id, campaignId: ticket.campaignId, assignedUserId: ticket.assignedUserId },
      actorId,
    });
  }

  async function visible(tx: Executor, actor: AuthContext, id: number, lock = false): Promise<TicketRow> {
    const row = await ticketsRepo.findVisible(tx, ticketScopeOf(actor), { id }, lock);
    if (!row) throw errors.notFound();
    return row;
  }

  async function campaignConfig(
    tx: Executor,
    campaignId: number,
  ): Promise<{ config: CampaignConfig; formId: number | null }> {
    const campaign = await campaignsRepo.find(tx, campaignId);
    if (!campaign) throw errors.notFound();
    return { config: campaign.config, formId: campaign.formId };
  }

  /** A task must satisfy the campaign's form, and its notes and next-task date when the form requires them. */
  async function validateTask(
    tx: Executor,
    campaignId: number,
    input: TaskInput,
    locale: 'es' | 'en',
    fieldPrefix = '',
  ) {
    const { formId } = await campaignConfig(tx, campaignId);
    if (!formId) return input.values;
    const form = await formsRepo.findForm(tx, formId);
    if (!form) return input.values;
    const listIds = [
      ...new Set(form.fields.flatMap((field: FormField) => (field.reusableListId ? [field.reusableListId] : []))),
    ];
    const lists = new Map<number, OptionNode[]>(
      (await formsRepo.listsByIds(tx, listIds)).map((list) => [list.id, list.options]),
    );
    const problems: { field: string; message: string }[] = [];
    const parsed = buildFormValuesSchema(form.fields, lists).safeParse(input.values);
    if (!parsed.success) {
      problems.push(
        ...translateIssues(parsed.error.issues, locale).map((issue) => ({
          ...issue,
          field: `${fieldPrefix}values.${issue.field}`,
        })),
      );
    }
    if (form.requireNotes && !input.notes)
      problems.push({ field: `${fieldPrefix}notes`, message: 'tickets.notesRequired' });
    if (form.requireNextTask && !input.nextTaskAt)
      problems.push({ field: `${fieldPrefix}nextTaskAt`, message: 'tickets.nextTaskRequired' });
    if (problems.length) throw new AppError(422, 'VALIDATION', 'errors.validation', {}, problems);
    return parsed.success ? (parsed.data as Record<string, unknown>) : input.values;
  }

  async function recordTask(
    tx: Executor,
    actor: AuthContext,
    ticket: TicketRow,
    input: TaskInput,
    values: Record<string, unknown>,
  ) {
    await ticketsRepo.insertTask(tx, {
      ticketId: ticket.id,
      authorId: actor.userId,
      values,
      notes: input.notes ?? null,
      nextTaskAt: input.nextTaskAt ? new Date(input.nextTaskAt) : null,
    });
    // Opening happens when the assigned agent first works the ticket.
    const opens = ticket.status === TICKET_STATUS.new && ticket.assignedUserId === actor.userId;
    await ticketsRepo.update(tx, ticket.id, {
      nextTaskAt: input.nextTaskAt ? new Date(input.nextTaskAt) : null,
      ...(opens ? { status: TICKET_STATUS.open, openedAt: new Date() } : {}),
      ...(ticket.firstResponseAt ? {} : { firstResponseAt: new Date() }),
    });
    await auditRepo.record(tx, {
      actorUserId: actor.userId,
      entity: 'ticket',
      entityId: ticket.id,
      action: 'task-added',
    });
    return opens;
  }

  async function view(actor: AuthContext, id: number): Promise<Ticket> {
    const row = await visible(db, actor, id);
    const [item, tasks, notes, related, mergedInto, toUser, fromUser, toCampaign, attachments, interactions] =
      await Promise.all([
        ticketsRepo.listItem(db, id),
        ticketsRepo.tasks(db, id),
        ticketsRepo.notes(db, id),
        ticketsRepo.related(db, id),
        row.mergedIntoId ? ticketsRepo.findVisible(db, { kind: 'all' }, { id: row.mergedIntoId }) : null,
        ticketsRepo.userName(db, row.transferToUserId),
        ticketsRepo.userName(db, row.transferFromUserId),
        row.transferToCampaignId ? campaignsRepo.find(db, row.transferToCampaignId) : null,
        ticketsRepo.attachments(db, id),
        interactionsRepo.ofTicket(db, id),
      ]);
    if (!item) throw errors.notFound();
    return {
      ...item,
      firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
      interactions,
      attachments,
      tasks: tasks.map(({ task, authorName }) => ({
        id: task.id,
        author: task.authorId ? { id: task.authorId, nombre: authorName ?? '' } : null,
        values: task.values,
        notes: task.notes,
        nextTaskAt: task.nextTaskAt?.toISOString() ?? null,
        due: taskDue(task.nextTaskAt),
        createdAt: task.createdAt.toISOString(),
      })),
      notes,
      related,
      mergedInto: mergedInto ? { id: mergedInto.id, number: mergedInto.number } : null,
      transfer:
        row.status === TICKET_STATUS.transferred
          ? {
              toUser: row.transferToUserId ? { id: row.transferToUserId, nombre: toUser ?? '' } : null,
              toCampaign: toCampaign ? { id: toCampaign.id, name: toCampaign.name } : null,
              from: row.transferFromUserId ? { id: row.transferFromUserId, nombre: fromUser ?? '' } : null,
            }
          : null,
    };
  }

  /** Runs one transition inside a transaction after checking the state machine; announces it after commit. */
  async function transition(
    actor: AuthContext,
    id: number,
    action: TicketAction,
    change: (
      tx: Executor,
      ticket: TicketRow,
    ) => Promise<{ event: TicketEventKind; audit?: Record<string, unknown> } | undefined>,
  ) {
    const outcome = await db.transaction(async (tx) => {
      const ticket = await visible(tx, actor, id, true);
      if (!canTransition(action, ticket.status)) throw invalidTransition();
      const result = await change(tx, ticket);
      await auditRepo.record(tx, {
        actorUserId: actor.userId,
        entity: 'ticket',
        entityId: id,
        action,
        changes: { status: { from: ticket.status, to: null }, ...(result?.audit ?? {}) },
      });
      return result;
    });
    const updated = await ticketsRepo.findVisible(db, { kind: 'all' }, { id });
    if (outcome && updated) await announce(outcome.event, updated, actor.userId);
    return view(actor, id);
  }

  return {
    async list(actor: AuthContext, filter: TicketFilter): Promise<Page<TicketListItem> & { totalCapped: boolean }> {
      const { data, total, capped } = await ticketsRepo.list(db, queryOf(actor, filter));
      return { data, total, totalCapped: capped, page: filter.page, sizePerPage: filter.sizePerPage };
    },

    /** The filtered list as a streamed xlsx: the same scope and filters as the list. */
    export(actor: AuthContext, filter: TicketFilter, output: Writable, locale: Locale) {
      return exportTickets(db, output, queryOf(actor, filter), locale);
    },

    /**
     * The header's global search: tickets the user may see, and customers when they may see customers (those in
     * their customer scope, as the customer list).
     */
    async globalSearch(actor: AuthContext, text: string, limit: number): Promise<GlobalSearchResult> {
      const search = searchable(text);
      const number = /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : undefined;
      const [ticketPage, customerPage] = await Promise.all([
        ticketsRepo.list(db, { ...queryOf(actor, ticketFilterSchema.parse({ sizePerPage: limit })), number, search }),
        mayLookUpCustomers(actor)
          ? customerScopeOf(db, actor).then((scope) =>
              customersRepo.list(db, {
                scope,
                page: 1,
                sizePerPage: limit,
                sortName: 'name',
                sortOrder: 'asc',
                search,
              }),
            )
          : Promise.resolve({ data: [] }),
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
      };
    },

    get: view,

    async getByNumber(actor: AuthContext, number: number): Promise<Ticket> {
      const row = await ticketsRepo.findVisible(db, ticketScopeOf(actor), { number });
      if (!row) throw errors.notFound();
      return view(actor, row.id);
    },

    async create(
      actor: AuthContext,
      body: {
        campaignId: number;
        customerId: number;
        typeId?: number | null;
        priority: number;
        description: string;
        assignedUserId?: number | null;
        task?: TaskInput | null;
      },
      locale: 'es' | 'en',
    ): Promise<Ticket> {
      const customerScope = await customerScopeOf(db, actor);
      const created = await db.transaction(async (tx) => {
        const campaign = await campaignsRepo.find(tx, body.campaignId);
        if (!campaign) throw errors.invalidField('campaignId', 'tickets.unknownCampaign');
        if (!(await mayOpenTicketIn(tx, actor, campaign.id))) {
          throw errors.invalidField('campaignId', 'tickets.notInCampaign');
        }
        // Only a customer the actor may see (the picker's list): a ticket must not open a way to someone else's.
        const customer = await customersRepo.findVisible(tx, customerScope, body.customerId);
        if (!customer) throw errors.invalidField('customerId', 'tickets.unknownCustomer');
        if (body.typeId && !(await cataloguesRepo.find(tx, 'tipo-caso', body.typeId))) {
          throw errors.invalidField('typeId', 'tickets.unknownType');
        }
        if (campaign.config.ticketCombination !== 'none') {
          const open = await ticketsRepo.openForCustomer(tx, campaign.id, customer.id, null);
          if (open) throw new AppError(409, 'TICKET.DUPLICATE', 'tickets.duplicate', { number: open.number });
        }
        const assignedUserId = body.assignedUserId ?? actor.userId;
        const taskValues = body.task ? await validateTask(tx, campaign.id, body.task, locale, 'task.') : null;
        const ticket = await ticketsRepo.insert(tx, {
          campaignId: campaign.id,
          customerId: customer.id,
          typeId: body.typeId ?? null,
          priority: body.priority,
          description: body.description,
          assignedUserId,
          searchText: searchable(body.description, fullName(customer), customer.identificationNumber),
          createdBy: actor.userId,
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: ticket.id,
          action: 'created',
        });
        if (body.task && taskValues) await recordTask(tx, actor, ticket, body.task, taskValues);
        return ticket;
      });
      await announce('nuevo', created);
      return view(actor, created.id);
    },

    async update(
      actor: AuthContext,
      id: number,
      body: { typeId?: number | null; priority: number; description: string },
    ) {
      await db.transaction(async (tx) => {
        const ticket = await visible(tx, actor, id, true);
        if (ticket.status === TICKET_STATUS.closed) throw invalidTransition();
        if (body.typeId && !(await cataloguesRepo.find(tx, 'tipo-caso', body.typeId))) {
          throw errors.invalidField('typeId', 'tickets.unknownType');
        }
        const customer = await customersRepo.findRow(tx, ticket.customerId);
        await ticketsRepo.update(tx, id, {
          typeId: body.typeId ?? null,
          priority: body.priority,
          description: body.description,
          searchText: searchable(body.description, customer ? fullName(customer) : '', customer?.identificationNumber),
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: id,
          action: 'updated',
          changes: {
            priority: { from: ticket.priority, to: body.priority },
            description: { from: ticket.description, to: body.description },
          },
        });
      });
      return view(actor, id);
    },

    async addTask(actor: AuthContext, id: number, input: TaskInput, locale: 'es' | 'en'): Promise<Ticket> {
      const { ticket, opened } = await db.transaction(async (tx) => {
        const row = await visible(tx, actor, id, true);
        if (row.status === TICKET_STATUS.closed) throw invalidTransition();
        const values = await validateTask(tx, row.campaignId, input, locale);
        return { ticket: row, opened: await recordTask(tx, actor, row, input, values) };
      });
      if (opened) await announce('abierto', ticket);
      return view(actor, id);
    },

    /** One task per selected ticket, all in one transaction: one invalid ticket saves none. */
    async addTaskToMany(actor: AuthContext, ticketIds: number[], input: TaskInput, locale: 'es' | 'en') {
      const opened = await db.transaction(async (tx) => {
        const openedTickets: TicketRow[] = [];
        for (const [index, id] of [...new Set(ticketIds)].entries()) {
          const row = await ticketsRepo.findVisible(tx, ticketScopeOf(actor), { id }, true);
          if (!row) throw errors.invalidField(`ticketIds.${index}`, 'tickets.unknownTicket');
          if (row.status === TICKET_STATUS.closed)
            throw errors.invalidField(`ticketIds.${index}`, 'tickets.closedTicket');
          const values = await validateTask(tx, row.campaignId, input, locale);
          if (await recordTask(tx, actor, row, input, values)) openedTickets.push(row);
        }
        return openedTickets;
      });
      for (const row of opened) await announce('abierto', row);
      return { created: new Set(ticketIds).size };
    },

    async addNote(actor: AuthContext, id: number, body: string): Promise<Ticket> {
      await db.transaction(async (tx) => {
        const ticket = await visible(tx, actor, id, true);
        if (ticket.status === TICKET_STATUS.closed) throw invalidTransition();
        await ticketsRepo.insertNote(tx, { ticketId: id, authorId: actor.userId, body });
        await auditRepo.record(tx, { actorUserId: actor.userId, entity: 'ticket', entityId: id, action: 'note-added' });
      });
      return view(actor, id);
    },

    open: (actor: AuthContext, id: number) =>
      transition(actor, id, 'open', async (tx, ticket) => {
        await ticketsRepo.update(tx, ticket.id, { status: TICKET_STATUS.open, openedAt: new Date() });
        return { event: 'abierto' };
      }),

    escalate: (actor: AuthContext, id: number) =>
      transition(actor, id, 'escalate', async (tx, ticket) => {
        await ticketsRepo.update(tx, ticket.id, { status: TICKET_STATUS.escalated });
        return { event: 'escalado' };
      }),

    /**
     * Closing needs at least one task and complete customer information (identification, names and a contact
     * datum), unless the campaign allows closing without them. Closed is final.
     */
    close: (actor: AuthContext, id: number) =>
      transition(actor, id, 'close', async (tx, ticket) => {
        const { config } = await campaignConfig(tx, ticket.campaignId);
        if (!config.closeWithoutTask && (await ticketsRepo.countTasks(tx, ticket.id)) === 0) {
          throw new AppError(409, 'TICKET.CLOSE_NEEDS_TASK', 'tickets.closeNeedsTask');
        }
        if (!config.closeWithoutCustomerInfo) {
          const customer = await customersRepo.findRow(tx, ticket.customerId);
          const contacts = await customersRepo.contacts(tx, ticket.customerId);
          const complete =
            !!customer?.identificationNumber && !!customer.firstName && !!customer.lastName && contacts.length > 0;
          if (!complete) throw new AppError(409, 'TICKET.CLOSE_NEEDS_CUSTOMER', 'tickets.closeNeedsCustomer');
        }
        await ticketsRepo.update(tx, ticket.id, {
          status: TICKET_STATUS.closed,
          closedAt: new Date(),
          nextTaskAt: null,
        });
        return { event: 'cerrado' };
      }).then(async (ticket) => {
        // E.g. the conversation transcript to the customer.
        await ctx.events.emit('ticket.closed', { ticketId: id });
        return ticket;
      }),

    /** Sends the ticket to another user or campaign (as the campaign allows); it waits in status 3 for an answer. */
    transfer: (actor: AuthContext, id: number, body: { toUserId?: number | null; toCampaignId?: number | null }) =>
      transition(actor, id, 'transfer', async (tx, ticket) => {
        const { config } = await campaignConfig(tx, ticket.campaignId);
        if (body.toCampaignId && body.toCampaignId !== ticket.campaignId) {
          if (!config.campaignTransfer)
            throw new AppError(409, 'TICKET.TRANSFER_NOT_ALLOWED', 'tickets.campaignTransferOff');
          if (!(await campaignsRepo.find(tx, body.toCampaignId)))
            throw errors.invalidField('toCampaignId', 'tickets.unknownCampaign');
        } else if (!config.agentTransfer) {
          throw new AppError(409, 'TICKET.TRANSFER_NOT_ALLOWED', 'tickets.agentTransferOff');
        }
        const targetCampaign = body.toCampaignId ?? ticket.campaignId;
        if (body.toUserId && !(await campaignsRepo.isMember(tx, targetCampaign, body.toUserId))) {
          throw errors.invalidField('toUserId', 'tickets.userNotInCampaign');
        }
        await ticketsRepo.update(tx, ticket.id, {
          status: TICKET_STATUS.transferred,
          transferToUserId: body.toUserId ?? null,
          transferToCampaignId: body.toCampaignId ?? null,
          transferFromUserId: actor.userId,
          transferPreviousStatus: ticket.status,
        });
        return {
          event: 'transferido',
          audit: { toUserId: body.toUserId ?? null, toCampaignId: body.toCampaignId ?? null },
        };
      }).then(async (ticket) => {
        if (body.toUserId) {
          ctx.realtime.toUser(body.toUserId, REALTIME_EVENTS.transferRequest, {
            caso: { id: ticket.id, numero: ticket.number, descripcion: ticket.description },
            de: { id: actor.userId },
          });
        }
        return ticket;
      }),

    /** The recipient accepts: the ticket opens for them (in the target campaign for a campaign transfer). */
    async accept(actor: AuthContext, id: number): Promise<Ticket> {
      const accepted = await db.transaction(async (tx) => {
        const ticket = await ticketsRepo.findVisible(tx, { kind: 'all' }, { id }, true);
        if (!ticket) throw errors.notFound();
        if (!canTransition('accept', ticket.status)) throw invalidTransition();
        const targetCampaign = ticket.transferToCampaignId ?? ticket.campaignId;
        const recipient = ticket.transferToUserId
          ? ticket.transferToUserId === actor.userId
          : await campaignsRepo.isMember(tx, targetCampaign, actor.userId);
        if (!recipient) throw errors.notFound();
        await ticketsRepo.update(tx, id, {
          status: TICKET_STATUS.open,
          openedAt: ticket.openedAt ?? new Date(),
          assignedUserId: actor.userId,
          campaignId: targetCampaign,
          transferToUserId: null,
          transferToCampaignId: null,
          transferFromUserId: null,
          transferPreviousStatus: null,
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: id,
          action: 'transfer-accepted',
        });
        return { ...ticket, assignedUserId: actor.userId, campaignId: targetCampaign };
      });
      await announce('asignado', accepted, actor.userId);
      return view(actor, id);
    },

    /** The recipient rejects: the ticket returns to the sender in its previous status. */
    async reject(actor: AuthContext, id: number): Promise<{ id: number }> {
      const rejected = await db.transaction(async (tx) => {
        const ticket = await ticketsRepo.findVisible(tx, { kind: 'all' }, { id }, true);
        if (!ticket) throw errors.notFound();
        if (!canTransition('reject', ticket.status)) throw invalidTransition();
        const recipient = ticket.transferToUserId
          ? ticket.transferToUserId === actor.userId
          : await campaignsRepo.isMember(tx, ticket.transferToCampaignId ?? ticket.campaignId, actor.userId);
        if (!recipient) throw errors.notFound();
        await ticketsRepo.update(tx, id, {
          status: ticket.transferPreviousStatus ?? TICKET_STATUS.open,
          assignedUserId: ticket.transferFromUserId ?? ticket.assignedUserId,
          transferToUserId: null,
          transferToCampaignId: null,
          transferFromUserId: null,
          transferPreviousStatus: null,
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: id,
          action: 'transfer-rejected',
        });
        return { ...ticket, assignedUserId: ticket.transferFromUserId ?? ticket.assignedUserId };
      });
      await announce('asignado', rejected, actor.userId);
      return { id };
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

    /** Reading a ticket clears its unread mark; the pending lists hear `leido` (only on a real change). */
    async markRead(actor: AuthContext, id: number): Promise<{ id: number; unread: false }> {
      const ticket = await visible(db, actor, id);
      if (ticket.unread) {
        const changed = await ticketsRepo.markRead(db, id);
        if (changed) await announce('leido', ticket);
      }
      return { id, unread: false };
    },

    async merge(actor: AuthContext, id: number, targetNumber: number): Promise<Ticket> {
      const { source } = await db.transaction(async (tx) => {
        const ticket = await visible(tx, actor, id, true);
        if (!canTransition('merge', ticket.status)) throw invalidTransition();
        const target = await ticketsRepo.findVisible(tx, ticketScopeOf(actor), { number: targetNumber }, true);
        if (!target) throw errors.invalidField('targetNumber', 'tickets.unknownTicket');
        if (target.id === ticket.id) throw errors.invalidField('targetNumber', 'tickets.mergeSelf');
        if (target.status === TICKET_STATUS.closed) throw errors.invalidField('targetNumber', 'tickets.closedTicket');
        const moved = await ticketsRepo.moveWork(tx, ticket.id, target.id);
        await ticketsRepo.relate(tx, ticket.id, target.id);
        await ticketsRepo.update(tx, ticket.id, {
          status: TICKET_STATUS.closed,
          closedAt: new Date(),
          mergedIntoId: target.id,
          nextTaskAt: null,
        });
        await ticketsRepo.update(tx, target.id, {});
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: ticket.id,
          action: 'merged-into',
          changes: { target: { from: null, to: target.number }, ...moved },
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: target.id,
          action: 'merged-from',
          changes: { source: { from: null, to: ticket.number }, ...moved },
        });
        return { source: ticket };
      });
      await announce('cerrado', source, actor.userId);
      return view(actor, id);
    },

    /**
     * Files checked by content and size, stored under tickets/{id}/ with a safe name. The file is read (`readFile`,
     * from the route) only once the ticket is known to be visible and open.
     */
    async attach(actor: AuthContext, id: number, readFile: () => Promise<UploadedFile>): Promise<Ticket> {
      const ticket = await visible(db, actor, id);
      if (ticket.status === TICKET_STATUS.closed) throw invalidTransition();
      const { content, filename } = await readFile();
      const kind = sniffAttachment(content, filename);
      if (!kind) throw new AppError(415, 'UPLOAD.TYPE', 'tickets.attachmentType');
      const storedPath = await ctx.storage.save(`tickets/${id}`, kind.extension, content);
      await db.transaction(async (tx) => {
        if (!(await visible(tx, actor, id, true))) throw errors.notFound();
        const attachmentId = await ticketsRepo.insertAttachment(tx, {
          ticketId: id,
          fileName: safeFileName(filename, kind.extension),
          storedPath,
          contentType: kind.contentType,
          size: content.length,
          uploadedBy: actor.userId,
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: id,
          action: 'attachment-added',
          changes: { attachmentId: { from: null, to: attachmentId } },
        });
      });
      return view(actor, id);
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

export type TicketsService = ReturnType<typeof createTicketsService>;
