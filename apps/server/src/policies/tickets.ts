import { hasPermission, type PermissionExpression } from '@atiende/contracts';
import { campaignsRepo } from '../modules/campaigns/campaigns.repo.js';
import type { TicketScope } from '../modules/tickets/tickets.repo.js';
import type { Actor } from '../platform/auth-context.js';
import type { Executor } from '../platform/db/client.js';

/**
 * Which tickets a user may see and work on (docs/permissions.md). tickets.repo.ts turns the scope into SQL; the
 * realtime rooms for ticket content (policies/realtime.ts) follow the same rule through `readableCampaignsOf`.
 *
 * - Holders of `ver-todos-casos` see every ticket.
 * - Everyone else sees the tickets of campaigns they supervise, of campaigns they serve as agent that allow all
 *   tickets, and the tickets assigned to them.
 */
export const SEES_ALL_TICKETS: PermissionExpression = 'ver-todos-casos';

export function seesAllTickets(actor: Pick<Actor, 'permissions'>): boolean {
  return hasPermission(actor.permissions, SEES_ALL_TICKETS);
}

export function ticketScopeOf(actor: Actor): TicketScope {
  return seesAllTickets(actor) ? { kind: 'all' } : { kind: 'member', userId: actor.userId };
}

/** A ticket is opened by hand only in a campaign the actor works in (or anywhere, seeing every ticket). */
export async function mayOpenTicketIn(db: Executor, actor: Actor, campaignId: number): Promise<boolean> {
  return seesAllTickets(actor) || campaignsRepo.isMember(db, campaignId, actor.userId);
}

/** The campaigns whose every ticket the actor reads: the rooms that carry ticket content to them. */
export function readableCampaignsOf(db: Executor, actor: Actor): Promise<number[]> {
  return campaignsRepo.readableBy(db, actor.userId, seesAllTickets(actor));
}

/** Campaign notification rooms: where the actor works, or every campaign when they see every ticket. */
export async function campaignRoomsOf(db: Executor, actor: Actor): Promise<number[]> {
  return (await campaignsRepo.ofUser(db, actor.userId, seesAllTickets(actor))).map((campaign) => campaign.id);
}

/**
 * The header's global search and its results page: holders of `busqueda-avanzada`, and — when the business enables
 * advanced search — everyone who reads tickets. Results follow the ticket and customer scopes either way.
 */
export function mayUseGlobalSearch(
  permissions: ReadonlySet<string> | readonly string[],
  businessEnabled: boolean,
): boolean {
  return hasPermission(permissions, 'busqueda-avanzada') || (businessEnabled && hasPermission(permissions, 'ver-caso'));
}
