import { type MessageChangedEvent, REALTIME_EVENTS } from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';

/**
 * Tells who may read the ticket that one of its stored messages changed after it was announced (the customer edited
 * or deleted it, or its files were kept after it), so an open ticket view reloads its timeline.
 */
export async function announceMessageChanged(
  ctx: AppContext,
  change: { ticketId: number; messageId: number; change: MessageChangedEvent['change'] },
): Promise<void> {
  const ticket = await ticketsRepo.findVisible(ctx.db, { kind: 'all' }, { id: change.ticketId });
  if (!ticket) return;
  const event: MessageChangedEvent = { casoId: change.ticketId, messageId: change.messageId, change: change.change };
  await ctx.realtime.toTicketReaders(ticket.campaignId, ticket.assignedUserId, REALTIME_EVENTS.messageChanged, event);
}
