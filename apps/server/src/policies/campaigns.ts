import { hasPermission, type PermissionExpression } from '@atiende/contracts';
import { campaignsRepo } from '../modules/campaigns/campaigns.repo.js';
import type { Actor } from '../platform/auth-context.js';
import type { Executor } from '../platform/db/client.js';

/**
 * Which campaigns a user may read as records (the campaigns pages and the header's switcher): administrators of
 * campaigns read every one; agents and supervisors the campaigns they work in. Seeing a campaign's tickets is a
 * different rule (policies/tickets.ts).
 */
export const ADMINISTERS_CAMPAIGNS: PermissionExpression = 'editar-campana|agregar-campana';

export function seesAllCampaigns(actor: Pick<Actor, 'permissions'>): boolean {
  return hasPermission(actor.permissions, ADMINISTERS_CAMPAIGNS);
}

/** The member filter for campaign lists: none for administrators, else the actor's own memberships. */
export function campaignListMemberOf(actor: Actor): number | undefined {
  return seesAllCampaigns(actor) ? undefined : actor.userId;
}

export async function mayReadCampaign(db: Executor, actor: Actor, campaignId: number): Promise<boolean> {
  return seesAllCampaigns(actor) || campaignsRepo.isMember(db, campaignId, actor.userId);
}
