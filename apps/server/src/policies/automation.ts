import type { Permission } from '@atiende/contracts';
import type { Actor } from '../platform/auth-context.js';
import { errors } from '../platform/http/errors.js';
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

/**
 * The builders' options (campaigns, people, fields) serve every page of a module — list, add, edit, view — so they
 * are open to whoever holds any of its permissions; 403 otherwise.
 */
export function assertHoldsAny(actor: Actor, permissions: readonly Permission[]): void {
  if (!permissions.some((permission) => actor.permissions.has(permission))) throw errors.forbidden();
}
