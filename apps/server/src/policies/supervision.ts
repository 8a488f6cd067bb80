import { hasPermission, type PermissionExpression } from '@atiende/contracts';
import { campaignsRepo } from '../modules/campaigns/campaigns.repo.js';
import type { Actor } from '../platform/auth-context.js';
import type { Executor } from '../platform/db/client.js';
import { seesAllTickets } from './tickets.js';

/** Either supervision screen (agents or queues) opens the live supervision feed. */
export const SUPERVISES: PermissionExpression = 'ver-supervision-usuarios|ver-supervision-colas';

/**
 * The campaigns a supervisor watches: every one for those who see every ticket, else those they supervise. The
 * supervision API and the supervision socket rooms both use this one rule.
 */
export async function supervisedCampaignsOf(db: Executor, actor: Actor): Promise<number[] | 'all'> {
  if (seesAllTickets(actor)) return 'all';
  const campaigns = await campaignsRepo.ofUser(db, actor.userId, false);
  return campaigns.filter((campaign) => campaign.rol === 'supervisor').map((campaign) => campaign.id);
}

/** The supervision rooms a socket joins: none without a supervision permission. */
export async function supervisionRoomsOf(db: Executor, actor: Actor): Promise<number[] | 'all'> {
  if (!hasPermission(actor.permissions, SUPERVISES)) return [];
  return supervisedCampaignsOf(db, actor);
}
