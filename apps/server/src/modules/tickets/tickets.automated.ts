import { canTransition, TICKET_EVENT, TICKET_STATUS, type TicketEventKind } from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { auditFacts, diffForAudit } from '../../platform/audit/diff.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import type { TicketCore } from './tickets.core.js';
import { type TicketRow, ticketsRepo } from './tickets.repo.js';
import type { tickets } from './tickets.schema.js';

/** Why an automated change did not apply (the rule's execution log shows it as the action's detail). */
export class AutomatedChangeRefused extends Error {
  constructor(
    readonly reason:
      | 'ticketClosed'
      | 'ticketMissing'
      | 'unknownType'
      | 'sameCampaign'
      | 'leftCampaign'
      | 'invalidTransition',
  ) {
    super(reason);
  }
}

/** Who made an automated change: the rule, by name, as the ticket's history tells it. */
export interface AutomatedBy {
  ruleName: string;
}

/**
 * Changes business rules make to a ticket (modules/automation): no person's visibility applies — the rule's campaign
 * is the ticket's — and agent-facing requirements (a task before closing) do not either. Each change is one
 * transaction with its history entry (no actor, the rule named), announced after commit like an agent's change.
 */
export function createTicketAutomated(ctx: AppContext, core: TicketCore) {
  const { db } = ctx;

  async function change(
    ticketId: number,
    by: AutomatedBy,
    action: string,
    apply: (tx: Executor, ticket: TicketRow) => Promise<Partial<typeof tickets.$inferInsert>>,
    facts: { toCampaign?: { id: number; name: string } } = {},
  ): Promise<{ before: TicketRow; after: TicketRow }> {
    return db.transaction(async (tx) => {
      const before = await ticketsRepo.findVisible(tx, { kind: 'all' }, { id: ticketId }, true);
      if (!before) throw new AutomatedChangeRefused('ticketMissing');
      if (before.status === TICKET_STATUS.closed) throw new AutomatedChangeRefused('ticketClosed');
      await ticketsRepo.update(tx, ticketId, await apply(tx, before));
      const after = (await ticketsRepo.findVisible(tx, { kind: 'all' }, { id: ticketId })) as TicketRow;
      const types = await cataloguesRepo.refs(
        tx,
        [before.typeId, after.typeId].flatMap((typeId) => typeId ?? []),
      );
      const typeOf = (typeId: number | null) => types.find((type) => type.id === typeId) ?? null;
      await auditRepo.record(tx, {
        actorUserId: null,
        entity: 'ticket',
        entityId: ticketId,
        action,
        changes: {
          ...diffForAudit(
            'ticket',
            { status: before.status, priority: before.priority, type: typeOf(before.typeId) },
            { status: after.status, priority: after.priority, type: typeOf(after.typeId) },
          ),
          ...auditFacts('ticket', { ...facts, rule: by.ruleName }),
        },
      });
      return { before, after };
    });
  }

  const announce = (kind: TicketEventKind, ticket: TicketRow) => core.announce(kind, ticket, null);
  const activity = (ticket: TicketRow, event: 'ticketUpdated' | 'taskCreated', changedFields: string[]) =>
    ctx.events.emit('ticket.activity', {
      ticketId: ticket.id,
      campaignId: ticket.campaignId,
      activity: event,
      changedFields,
    });

  return {
    async setPriority(ticketId: number, priority: number, by: AutomatedBy): Promise<void> {
      const { before, after } = await change(ticketId, by, 'updated', async () => ({ priority }));
      if (before.priority !== after.priority) await activity(after, 'ticketUpdated', ['ticket.priority']);
    },

    /** Open (1) or escalate (2), as the state machine allows from the ticket's status. */
    async setStatus(ticketId: number, status: 1 | 2, by: AutomatedBy): Promise<void> {
      const action = status === TICKET_STATUS.open ? 'open' : 'escalate';
      const { before, after } = await change(ticketId, by, action, async (_tx, ticket) => {
        if (ticket.status === status) return {};
        if (!canTransition(action, ticket.status)) throw new AutomatedChangeRefused('invalidTransition');
        return status === TICKET_STATUS.open ? { status, openedAt: ticket.openedAt ?? new Date() } : { status };
      });
      if (before.status !== after.status) await announce(status === TICKET_STATUS.open ? 'abierto' : 'escalado', after);
    },

    async setType(ticketId: number, typeId: number, by: AutomatedBy): Promise<void> {
      const { before, after } = await change(ticketId, by, 'updated', async (tx) => {
        if (!(await cataloguesRepo.find(tx, 'tipo-caso', typeId))) throw new AutomatedChangeRefused('unknownType');
        return { typeId };
      });
      if (before.typeId !== after.typeId) await activity(after, 'ticketUpdated', ['ticket.typeId']);
    },

    /** To this user, who must serve the campaign (the caller checked); routing's limits do not apply. */
    async assign(ticketId: number, userId: number, by: AutomatedBy): Promise<void> {
      const { before, after } = await change(ticketId, by, 'assigned', async () => ({
        assignedUserId: userId,
        transferToUserId: null,
        transferToCampaignId: null,
      }));
      if (before.assignedUserId !== after.assignedUserId) await announce('asignado', after);
    },

    /** Back to the campaign's queue: routing hands it out by the campaign's distribution. */
    async unassign(ticketId: number, by: AutomatedBy): Promise<void> {
      const { before, after } = await change(ticketId, by, 'assigned', async () => ({ assignedUserId: null }));
      if (before.assignedUserId !== null) await announce('asignado', after);
    },

    async close(ticketId: number, by: AutomatedBy): Promise<void> {
      const { after } = await change(ticketId, by, 'close', async () => ({
        status: TICKET_STATUS.closed,
        closedAt: new Date(),
        nextTaskAt: null,
      }));
      await announce('cerrado', after);
      await ctx.events.emit('ticket.closed', { ticketId });
    },

    async addTask(ticketId: number, notes: string, nextTaskAt: Date | null, by: AutomatedBy): Promise<void> {
      const { after } = await change(ticketId, by, 'task-added', async (tx, ticket) => {
        await ticketsRepo.insertTask(tx, { ticketId, authorId: null, values: {}, notes, nextTaskAt });
        return { nextTaskAt: nextTaskAt ?? ticket.nextTaskAt };
      });
      await activity(after, 'taskCreated', ['task.count', 'task.lastAt']);
    },

    /**
     * Into another campaign, unassigned, with its history (messages, tasks, notes stay on the ticket): the old
     * campaign's lists drop it, the new one's queue gets it (the caller routes the new campaign).
     */
    async moveToCampaign(
      ticketId: number,
      campaignId: number,
      campaignName: string,
      by: AutomatedBy,
      /** Only from this campaign (a segmentation's base): a ticket that left it meanwhile stays where it is. */
      fromCampaignId?: number,
    ): Promise<void> {
      const { before, after } = await change(
        ticketId,
        by,
        'moved',
        async (_tx, ticket) => {
          if (ticket.campaignId === campaignId) throw new AutomatedChangeRefused('sameCampaign');
          if (fromCampaignId !== undefined && ticket.campaignId !== fromCampaignId) {
            throw new AutomatedChangeRefused('leftCampaign');
          }
          return {
            campaignId,
            assignedUserId: null,
            transferToUserId: null,
            transferToCampaignId: null,
            transferFromUserId: null,
          };
        },
        { toCampaign: { id: campaignId, name: campaignName } },
      );
      // The old campaign hears it left, unassigned (whoever handled it is told it is no longer theirs); the new one
      // that it arrived.
      await announce('transferido', { ...after, campaignId: before.campaignId, assignedUserId: null });
      await ctx.realtime.toCampaign(campaignId, TICKET_EVENT, {
        tipo: 'nuevo',
        casoId: ticketId,
        campanaId: campaignId,
        asignado: null,
        asignadoNombre: null,
      });
    },
  };
}

export type TicketAutomated = ReturnType<typeof createTicketAutomated>;
