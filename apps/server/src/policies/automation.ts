import type { Actor } from '../platform/auth-context.js';
import { seesAllCampaigns } from './campaigns.js';

/**
 * Whose campaigns' business rules (and later SLA rules and segmentations) an actor manages, on top of the module's
 * permission: campaign administrators every campaign (null), anyone else the campaigns they work in as agent or
 * supervisor (their user id). A rule of another campaign answers 404, and no rule may send tickets to a campaign
 * outside this scope.
 */
export function ruleCampaignScope(actor: Actor): number | null {
  return seesAllCampaigns(actor) ? null : actor.userId;
}
