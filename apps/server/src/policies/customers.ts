import { hasPermission, type PermissionExpression } from '@atiende/contracts';
import { campaignsRepo } from '../modules/campaigns/campaigns.repo.js';
import type { Actor } from '../platform/auth-context.js';
import type { Executor } from '../platform/db/client.js';

/**
 * Which customers a user may see, edit, assign and export (docs/permissions.md, "Customers: who sees which").
 * customers.repo.ts turns it into SQL (`customerScopeCondition` for rows, `listScopeCondition` for lists); nothing
 * else decides customer visibility.
 *
 * A limited user sees a customer when any of these holds:
 * - the customer has a ticket in a campaign whose every ticket the user reads (`wholeCampaignIds`: campaigns they
 *   supervise, and campaigns they serve as agent that allow all tickets);
 * - the customer has a ticket assigned to the user in a campaign they serve as agent without allow-all-tickets
 *   (`ownTicketCampaignIds`): exactly the tickets the tickets scope shows them there;
 * - the customer is an account of a campaign the user works in (imported into it), whatever its allow-all setting:
 *   accounts are the campaign's working list, not anyone's tickets;
 * - the user is the customer's owner, or created it (by hand or by import).
 */
export type CustomerScope =
  | { kind: 'all' }
  | {
      kind: 'limited';
      userId: number;
      wholeCampaignIds: number[];
      ownTicketCampaignIds: number[];
    };

/** Seeing every ticket implies seeing every ticket's customer, so either permission opens the whole base. */
export const SEES_ALL_CUSTOMERS: PermissionExpression = 'ver-todos-clientes|ver-todos-casos';

/** For the system's own work (demo data, inbound matching): no user, no limit. */
export const ALL_CUSTOMERS: CustomerScope = { kind: 'all' };

async function compute(db: Executor, actor: Actor): Promise<CustomerScope> {
  if (hasPermission(actor.permissions, SEES_ALL_CUSTOMERS)) return ALL_CUSTOMERS;
  const work = await campaignsRepo.workOf(db, actor.userId);
  return {
    kind: 'limited',
    userId: actor.userId,
    wholeCampaignIds: work.filter((c) => c.supervises || c.allowAllTickets).map((c) => c.campaignId),
    ownTicketCampaignIds: work.filter((c) => !c.supervises && !c.allowAllTickets).map((c) => c.campaignId),
  };
}

/** One computation per request: the request's AuthContext object is the key. */
const computed = new WeakMap<Actor, Promise<CustomerScope>>();

export function customerScopeOf(db: Executor, actor: Actor): Promise<CustomerScope> {
  let scope = computed.get(actor);
  if (!scope) {
    scope = compute(db, actor);
    computed.set(actor, scope);
    scope.catch(() => computed.delete(actor));
  }
  return scope;
}

/** Customers appear in search results (the header's global search) for those who may open a customer. */
export function mayLookUpCustomers(actor: Pick<Actor, 'permissions'>): boolean {
  return hasPermission(actor.permissions, 'ver-cliente|ver-menu-clientes');
}
