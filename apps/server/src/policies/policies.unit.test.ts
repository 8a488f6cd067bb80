import { type BuiltInRole, DEFAULT_ROLE_PERMISSIONS } from '@atiende/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignsRepo } from '../modules/campaigns/campaigns.repo.js';
import type { Actor } from '../platform/auth-context.js';
import { actorOf } from '../platform/auth-context.js';
import type { Executor } from '../platform/db/client.js';
import { AppError } from '../platform/http/errors.js';
import { campaignListMemberOf, mayReadCampaign, seesAllCampaigns } from './campaigns.js';
import { ALL_CUSTOMERS, customerScopeOf } from './customers.js';
import { assertMayGrant, assertMayManage, permissionsNotHeld } from './grants.js';
import { internalChatPolicy } from './internal-chat.js';
import { supervisedCampaignsOf, supervisionRoomsOf } from './supervision.js';
import { campaignRoomsOf, mayOpenTicketIn, readableCampaignsOf, seesAllTickets, ticketScopeOf } from './tickets.js';
import { mayEditUser, mayReadUser } from './users.js';

/**
 * Every access rule against every built-in role, with the roles' default permissions from contracts. The rules that
 * read memberships get them from a stubbed campaigns repository: what is tested here is the decision, the SQL is
 * tested by the API suites (tickets.scope, customers.scope, realtime).
 */
const db = {} as Executor;
const USER_ID = 7;
const actorFor = (role: BuiltInRole, userId = USER_ID): Actor => ({
  userId,
  permissions: new Set(DEFAULT_ROLE_PERMISSIONS[role]),
});
const admin = actorFor('admin');
const supervisor = actorFor('super');
const agent = actorFor('agent');
const nobody: Actor = { userId: USER_ID, permissions: new Set() };
/** A custom role many centres create: supervises its own campaigns, without the built-in supervisor's reach. */
const WIDE_REACH = new Set(['ver-todos-casos', 'ver-todos-clientes', 'editar-campana', 'agregar-campana']);
const campaignSupervisor: Actor = {
  userId: USER_ID,
  permissions: new Set(DEFAULT_ROLE_PERMISSIONS.super.filter((permission) => !WIDE_REACH.has(permission))),
};

/** The user works in campaign 1 as supervisor, 2 as agent with all tickets, 3 as agent with own tickets only. */
function stubMemberships() {
  vi.spyOn(campaignsRepo, 'ofUser').mockImplementation(
    async (_db, _userId, everything) =>
      [
        { id: 1, nombre: 'One', rol: 'supervisor' },
        { id: 2, nombre: 'Two', rol: 'agente' },
        { id: 3, nombre: 'Three', rol: 'agente' },
        ...(everything ? [{ id: 4, nombre: 'Four', rol: null }] : []),
      ] as never,
  );
  vi.spyOn(campaignsRepo, 'isMember').mockImplementation(async (_db, campaignId) => campaignId <= 3);
  vi.spyOn(campaignsRepo, 'readableBy').mockImplementation(async (_db, _userId, everything) =>
    everything ? [1, 2, 3, 4] : [1, 2],
  );
  vi.spyOn(campaignsRepo, 'workOf').mockResolvedValue([
    { campaignId: 1, supervises: true, allowAllTickets: false },
    { campaignId: 2, supervises: false, allowAllTickets: true },
    { campaignId: 3, supervises: false, allowAllTickets: false },
  ] as never);
}

afterEach(() => vi.restoreAllMocks());

describe('tickets', () => {
  it('the built-in administrator and supervisor see every ticket; an agent and a campaign supervisor do not', () => {
    expect(seesAllTickets(admin)).toBe(true);
    expect(seesAllTickets(supervisor)).toBe(true);
    expect(seesAllTickets(agent)).toBe(false);
    expect(seesAllTickets(campaignSupervisor)).toBe(false);
    expect(seesAllTickets(nobody)).toBe(false);
  });

  it('the scope is everything or the member’s own campaigns and tickets', () => {
    expect(ticketScopeOf(admin)).toEqual({ kind: 'all' });
    expect(ticketScopeOf(supervisor)).toEqual({ kind: 'all' });
    expect(ticketScopeOf(campaignSupervisor)).toEqual({ kind: 'member', userId: USER_ID });
    expect(ticketScopeOf(agent)).toEqual({ kind: 'member', userId: USER_ID });
  });

  it('opens a ticket only in a campaign one works in, unless seeing every ticket', async () => {
    stubMemberships();
    expect(await mayOpenTicketIn(db, admin, 9)).toBe(true);
    expect(await mayOpenTicketIn(db, agent, 9)).toBe(false);
    expect(await mayOpenTicketIn(db, agent, 3)).toBe(true);
    expect(await mayOpenTicketIn(db, campaignSupervisor, 1)).toBe(true);
    expect(await mayOpenTicketIn(db, campaignSupervisor, 9)).toBe(false);
  });

  it('the ticket-content rooms and the campaign rooms follow the same rule', async () => {
    stubMemberships();
    expect(await readableCampaignsOf(db, admin)).toEqual([1, 2, 3, 4]);
    expect(await readableCampaignsOf(db, agent)).toEqual([1, 2]);
    expect(await campaignRoomsOf(db, admin)).toEqual([1, 2, 3, 4]);
    expect(await campaignRoomsOf(db, supervisor)).toEqual([1, 2, 3, 4]);
    expect(await campaignRoomsOf(db, campaignSupervisor)).toEqual([1, 2, 3]);
    expect(await campaignRoomsOf(db, agent)).toEqual([1, 2, 3]);
  });
});

describe('campaigns as records', () => {
  it('campaign administrators read every campaign; others where they work', async () => {
    stubMemberships();
    expect(seesAllCampaigns(admin)).toBe(true);
    expect(seesAllCampaigns(supervisor)).toBe(true);
    expect(seesAllCampaigns(campaignSupervisor)).toBe(false);
    expect(seesAllCampaigns(agent)).toBe(false);
    expect(campaignListMemberOf(admin)).toBeUndefined();
    expect(campaignListMemberOf(campaignSupervisor)).toBe(USER_ID);
    expect(campaignListMemberOf(agent)).toBe(USER_ID);
    expect(await mayReadCampaign(db, admin, 9)).toBe(true);
    expect(await mayReadCampaign(db, campaignSupervisor, 9)).toBe(false);
    expect(await mayReadCampaign(db, agent, 9)).toBe(false);
    expect(await mayReadCampaign(db, agent, 2)).toBe(true);
  });
});

describe('supervision', () => {
  it('the built-in roles watch every campaign, a campaign supervisor the ones they supervise', async () => {
    stubMemberships();
    expect(await supervisedCampaignsOf(db, admin)).toBe('all');
    expect(await supervisedCampaignsOf(db, supervisor)).toBe('all');
    expect(await supervisedCampaignsOf(db, campaignSupervisor)).toEqual([1]);
  });

  it('the agent, holding no supervision permission, joins no supervision room', async () => {
    stubMemberships();
    expect(await supervisionRoomsOf(db, agent)).toEqual([]);
    expect(await supervisionRoomsOf(db, campaignSupervisor)).toEqual([1]);
    expect(await supervisionRoomsOf(db, supervisor)).toBe('all');
    expect(await supervisionRoomsOf(db, admin)).toBe('all');
    expect(await supervisionRoomsOf(db, nobody)).toEqual([]);
  });
});

describe('customers', () => {
  it('the built-in administrator and supervisor see the whole base; others a scope built from their work', async () => {
    stubMemberships();
    expect(await customerScopeOf(db, admin)).toBe(ALL_CUSTOMERS);
    expect(await customerScopeOf(db, supervisor)).toBe(ALL_CUSTOMERS);
    for (const actor of [campaignSupervisor, agent]) {
      expect(await customerScopeOf(db, actor)).toEqual({
        kind: 'limited',
        userId: USER_ID,
        wholeCampaignIds: [1, 2],
        ownTicketCampaignIds: [3],
      });
    }
  });

  it('ver-todos-clientes alone opens the whole base', async () => {
    stubMemberships();
    const reader: Actor = { userId: USER_ID, permissions: new Set(['ver-todos-clientes']) };
    expect(await customerScopeOf(db, reader)).toBe(ALL_CUSTOMERS);
  });
});

describe('users', () => {
  it('another user’s record needs the users menu; one’s own is always readable', () => {
    expect(mayReadUser(admin, 99)).toBe(true);
    expect(mayReadUser(supervisor, 99)).toBe(true);
    expect(mayReadUser(campaignSupervisor, 99)).toBe(true);
    expect(mayReadUser(agent, 99)).toBe(false);
    expect(mayReadUser(agent, USER_ID)).toBe(true);
    expect(mayReadUser(nobody, USER_ID)).toBe(true);
  });

  it('editing another user needs editar-usuario; oneself editar-perfil', () => {
    expect(mayEditUser(admin, 99)).toBe(true);
    expect(mayEditUser(supervisor, 99)).toBe(true);
    expect(mayEditUser(agent, 99)).toBe(false);
    expect(mayEditUser(agent, USER_ID)).toBe(true);
    expect(mayEditUser(nobody, USER_ID)).toBe(false);
  });
});

describe('grants', () => {
  const adminPermissions = DEFAULT_ROLE_PERMISSIONS.admin;

  it('the administrator may grant and manage every built-in role', () => {
    for (const role of ['admin', 'super', 'agent'] as const) {
      expect(() => assertMayGrant(admin, DEFAULT_ROLE_PERMISSIONS[role])).not.toThrow();
      expect(() => assertMayManage(admin, DEFAULT_ROLE_PERMISSIONS[role])).not.toThrow();
    }
  });

  it('a supervisor grants and manages agents, never the administrator', () => {
    expect(() => assertMayGrant(supervisor, DEFAULT_ROLE_PERMISSIONS.agent)).not.toThrow();
    expect(() => assertMayManage(supervisor, DEFAULT_ROLE_PERMISSIONS.agent)).not.toThrow();
    expect(() => assertMayGrant(supervisor, adminPermissions)).toThrow(AppError);
    expect(() => assertMayManage(supervisor, adminPermissions)).toThrow(AppError);
  });

  it('an agent manages no supervisor, and the refusal names what is missing', () => {
    const missing = permissionsNotHeld(agent, DEFAULT_ROLE_PERMISSIONS.super);
    expect(missing.length).toBeGreaterThan(0);
    expect(missing).toEqual([...missing].sort());
    try {
      assertMayManage(agent, DEFAULT_ROLE_PERMISSIONS.super);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(403);
    }
  });
});

describe('internal chat', () => {
  it('gives every role only its own conversations: the pair it belongs to, read marks as the recipient', () => {
    for (const actor of [admin, supervisor, agent, nobody]) {
      const withEight = internalChatPolicy.conversationWith(actor, 8);
      expect(withEight).toBe(internalChatPolicy.conversationWith({ ...actor, userId: 8 }, USER_ID));
      expect(withEight).not.toBe(internalChatPolicy.conversationWith({ ...actor, userId: 9 }, 8));
      expect(internalChatPolicy.mayMarkRead(actor, USER_ID)).toBe(true);
      expect(internalChatPolicy.mayMarkRead(actor, 8)).toBe(false);
      expect(internalChatPolicy.maySendTo(actor, 8)).toBe(true);
      expect(internalChatPolicy.maySendTo(actor, USER_ID)).toBe(false);
    }
  });
});

describe('sockets', () => {
  it('a socket identity without permissions is an actor holding none', () => {
    expect(actorOf({ userId: 3 }).permissions.size).toBe(0);
    expect(seesAllTickets(actorOf({ userId: 3 }))).toBe(false);
  });
});
