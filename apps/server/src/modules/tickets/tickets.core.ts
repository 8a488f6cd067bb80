import {
  ALL_STATUSES,
  type AuditChanges,
  buildFormValuesSchema,
  type CampaignConfig,
  canTransition,
  type FormField,
  type OptionNode,
  type RuleTriggerEvent,
  TICKET_EVENT,
  TICKET_STATUS,
  type Ticket,
  type TicketAction,
  type TicketEventKind,
  type TicketFilter,
  taskDue,
} from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { diffForAudit } from '../../platform/audit/diff.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { translateIssues } from '../../platform/i18n/validation.js';
import { searchable } from '../../platform/text.js';
import { ticketScopeOf } from '../../policies/tickets.js';
import { mayReadUser } from '../../policies/users.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { formsRepo } from '../forms/forms.repo.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import { usersRepo } from '../users/users.repo.js';
import { type TicketQuery, type TicketRow, ticketsRepo } from './tickets.repo.js';

export const invalidTransition = () => new AppError(409, 'TICKET.INVALID_TRANSITION', 'tickets.invalidTransition');

export interface TaskInput {
  values: Record<string, unknown>;
  notes?: string | null;
  nextTaskAt?: string | null;
}

/** The spec's filter object as a repository query, scoped to what the actor may see. */
export function queryOf(actor: AuthContext, filter: TicketFilter): TicketQuery {
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

/** What business rules hear of each announced change (a read changes nothing they look at). */
const RULE_ACTIVITY: Record<TicketEventKind, { event: RuleTriggerEvent; changedFields: string[] } | null> = {
  nuevo: { event: 'ticketCreated', changedFields: [] },
  asignado: { event: 'assigned', changedFields: ['ticket.assignedUserId'] },
  abierto: { event: 'statusChanged', changedFields: ['ticket.status'] },
  escalado: { event: 'statusChanged', changedFields: ['ticket.status'] },
  transferido: { event: 'statusChanged', changedFields: ['ticket.status'] },
  cerrado: { event: 'statusChanged', changedFields: ['ticket.status'] },
  leido: null,
};

/** What the ticket services share: visibility, announcing changes, the view, the transition frame, tasks. */
export function createTicketCore(ctx: AppContext) {
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
    const activity = RULE_ACTIVITY[kind];
    if (activity) {
      await ctx.events.emit('ticket.activity', {
        ticketId: ticket.id,
        campaignId: ticket.campaignId,
        activity: activity.event,
        changedFields: activity.changedFields,
      });
    }
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
    change: (tx: Executor, ticket: TicketRow) => Promise<{ event: TicketEventKind; audit?: AuditChanges } | undefined>,
  ) {
    const outcome = await db.transaction(async (tx) => {
      const ticket = await visible(tx, actor, id, true);
      if (!canTransition(action, ticket.status)) throw invalidTransition();
      const result = await change(tx, ticket);
      const after = await ticketsRepo.findVisible(tx, { kind: 'all' }, { id });
      await auditRepo.record(tx, {
        actorUserId: actor.userId,
        entity: 'ticket',
        entityId: id,
        action,
        changes: {
          ...diffForAudit('ticket', { status: ticket.status }, { status: after?.status }),
          ...(result?.audit ?? {}),
        },
      });
      return result;
    });
    const updated = await ticketsRepo.findVisible(db, { kind: 'all' }, { id });
    if (outcome && updated) await announce(outcome.event, updated, actor.userId);
    return view(actor, id);
  }

  return { assertMayReadUser, announce, visible, campaignConfig, validateTask, recordTask, view, transition };
}

export type TicketCore = ReturnType<typeof createTicketCore>;
