import {
  type BusinessHours,
  businessHoursSchema,
  campaignConfigSchema,
  isWithinBusinessHours,
  type WaitingExplanation,
  type WaitingReason,
} from '@atiende/contracts';
import type { Executor } from '../../platform/db/client.js';
import { agentsRepo } from './agents.repo.js';

/**
 * Why a waiting ticket is not with an agent, from the same facts routing uses (campaign settings, the agents who
 * serve the ticket's channel, their status and open tickets) plus the channel's business hours. Null when the
 * ticket does not wait. Routing itself does not look at business hours: an agent who is ready takes the work.
 */
export async function explainWaiting(
  db: Executor,
  ticketId: number,
  now: Date = new Date(),
): Promise<WaitingExplanation | null> {
  const ticket = await agentsRepo.waitingTicket(db, ticketId);
  if (!ticket) return null;
  const config = campaignConfigSchema.parse(ticket.config ?? {});
  const hours = ticket.channel ? businessHoursSchema.safeParse(ticket.channel.businessHours) : null;
  const open = hours?.success ? isWithinBusinessHours(hours.data as BusinessHours, now) : true;
  const agents = await agentsRepo.staffing(
    db,
    ticket.campaign.id,
    ticket.channel?.id ?? null,
    config.tasksPerAgent,
    config.requiredSkillIds,
  );
  const reasons: WaitingReason[] = [];
  if (!open) reasons.push('outside-hours');
  if (!config.autoAssign) reasons.push('auto-assign-off');
  else if (agents.serving === 0) reasons.push('no-agent-serves-channel');
  else if (agents.ready === 0) reasons.push('no-agent-ready');
  else if (agents.withRoom === 0) reasons.push('all-at-capacity');
  return {
    ticketId,
    campaign: ticket.campaign,
    channel: ticket.channel ? { id: ticket.channel.id, name: ticket.channel.name, open } : null,
    position: ticket.position,
    waiting: ticket.waiting,
    reasons,
    agents,
    tasksPerAgent: config.tasksPerAgent,
  };
}
