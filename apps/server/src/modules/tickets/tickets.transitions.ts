import { canTransition, REALTIME_EVENTS, TICKET_STATUS, type Ticket } from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { auditFacts, diffForAudit } from '../../platform/audit/diff.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { ticketScopeOf } from '../../policies/tickets.js';
import { agentsRepo } from '../agents/agents.repo.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { customersRepo } from '../customers/customers.repo.js';
import { usersRepo } from '../users/users.repo.js';
import { invalidTransition, type TicketCore } from './tickets.core.js';
import { ticketsRepo } from './tickets.repo.js';

/** The state machine's moves: open, escalate, close, transfer and its answer, read, merge. */
export function createTicketTransitions(ctx: AppContext, core: TicketCore) {
  const { db } = ctx;
  const { announce, visible, campaignConfig, view, transition } = core;
  return {
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
    transfer: (
      actor: AuthContext,
      id: number,
      body: { toUserId?: number | null; toCampaignId?: number | null; reason?: string | null },
    ) =>
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
        if (body.toUserId && !body.toCampaignId) {
          // An agent at the campaign's limit of open tickets cannot take one more (supervisors have no limit).
          const open = await agentsRepo.agentLoad(tx, targetCampaign, body.toUserId);
          if (open !== null && open >= config.tasksPerAgent) {
            throw errors.invalidField('toUserId', 'tickets.recipientAtLimit');
          }
        }
        const note = body.reason?.trim();
        // The sender's note stays on the ticket for the recipient (and for its history).
        if (note) await ticketsRepo.insertNote(tx, { ticketId: ticket.id, authorId: actor.userId, body: note });
        await ticketsRepo.update(tx, ticket.id, {
          status: TICKET_STATUS.transferred,
          transferToUserId: body.toUserId ?? null,
          transferToCampaignId: body.toCampaignId ?? null,
          transferFromUserId: actor.userId,
          transferPreviousStatus: ticket.status,
        });
        const [toUser] = body.toUserId ? await usersRepo.refs(tx, [body.toUserId]) : [null];
        const toCampaign = body.toCampaignId ? await campaignsRepo.find(tx, body.toCampaignId) : null;
        return {
          event: 'transferido',
          audit: auditFacts('ticket', {
            toUser,
            toCampaign: toCampaign && { id: toCampaign.id, name: toCampaign.name },
            note,
          }),
        };
      }).then(async (ticket) => {
        if (body.toUserId) {
          ctx.realtime.toUser(body.toUserId, REALTIME_EVENTS.transferRequest, {
            caso: { id: ticket.id, numero: ticket.number, descripcion: ticket.description },
            de: { id: actor.userId, nombre: (await ticketsRepo.userName(db, actor.userId)) ?? '' },
            nota: body.reason?.trim() || null,
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
          changes: diffForAudit('ticket', { status: ticket.status }, { status: TICKET_STATUS.open }),
        });
        return { ...ticket, assignedUserId: actor.userId, campaignId: targetCampaign };
      });
      await announce('asignado', accepted, actor.userId);
      // The sender's view of it closes at once (they may no longer see it), wherever they were handling it from.
      const sender = accepted.transferFromUserId;
      if (sender && sender !== actor.userId) {
        await ctx.realtime.toUser(sender, REALTIME_EVENTS.ticketExit, { casoId: id });
      }
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
          changes: diffForAudit(
            'ticket',
            { status: ticket.status },
            { status: ticket.transferPreviousStatus ?? TICKET_STATUS.open },
          ),
        });
        return { ...ticket, assignedUserId: ticket.transferFromUserId ?? ticket.assignedUserId };
      });
      await announce('asignado', rejected, actor.userId);
      return { id };
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
        // What came along (only kinds that had any).
        const movedWork = Object.fromEntries(Object.entries(moved).filter(([, count]) => count > 0));
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
          changes: auditFacts('ticket', { target: String(target.number), ...movedWork }),
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'ticket',
          entityId: target.id,
          action: 'merged-from',
          changes: auditFacts('ticket', { source: String(ticket.number), ...movedWork }),
        });
        return { source: ticket };
      });
      await announce('cerrado', source, actor.userId);
      return view(actor, id);
    },
  };
}
