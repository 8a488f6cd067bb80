import {
  type CampaignConfig,
  campaignConfigSchema,
  type DistributionAlgorithm,
  TICKET_EVENT,
} from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { agentsRepo, type RoutingCandidate } from './agents.repo.js';

/** How many waiting tickets one routing pass looks at. */
const BATCH = 100;
/** A periodic sweep catches work left by a crash between commit and routing, and assigns after restarts. */
const SWEEP_MS = 30_000;

export interface Assignment {
  ticketId: number;
  campaignId: number;
  userId: number;
}

/** Picks one candidate by the campaign's distribution algorithm. Candidates are never empty. */
export function pickAgent<Candidate extends RoutingCandidate>(
  algorithm: DistributionAlgorithm,
  candidates: readonly Candidate[],
  lastRoundRobin: number | null,
  random: () => number = Math.random,
): Candidate {
  const byId = [...candidates].sort((a, b) => a.userId - b.userId);
  switch (algorithm) {
    case 'round-robin':
      return byId.find((candidate) => lastRoundRobin === null || candidate.userId > lastRoundRobin) ?? byId[0];
    case 'least-recent':
      return [...byId].sort((a, b) => (a.lastAssignedAt?.getTime() ?? 0) - (b.lastAssignedAt?.getTime() ?? 0))[0];
    case 'fewest-handled':
      return [...byId].sort((a, b) => a.assignedToday - b.assignedToday || a.load - b.load)[0];
    case 'random':
      return byId[Math.floor(random() * byId.length)] ?? byId[0];
    case 'skills':
      // Every candidate has the required skills (filtered by the query); among them the least loaded, then the
      // one who waited longest.
      return [...byId].sort(
        (a, b) =>
          b.matchingSkills - a.matchingSkills ||
          a.load - b.load ||
          (a.lastAssignedAt?.getTime() ?? 0) - (b.lastAssignedAt?.getTime() ?? 0),
      )[0];
  }
}

/**
 * Routing: waiting tickets of a campaign go to available agents (A or E) by the campaign's algorithm, never above
 * its tasks-per-agent limit. A per-campaign advisory lock makes concurrent passes take turns, so limits hold with
 * parallel arrivals; the state lives in the tables, so a restart loses nothing and the sweep resumes the queue.
 */
export function createRoutingService(ctx: AppContext) {
  const { db } = ctx;
  let sweepTimer: NodeJS.Timeout | undefined;

  async function assignWaiting(campaignId: number): Promise<Assignment[]> {
    const assignments = await db.transaction(async (tx) => {
      await agentsRepo.lockCampaignRouting(tx, campaignId);
      const campaign = await campaignsRepo.find(tx, campaignId);
      if (!campaign?.enabled) return [];
      const config: CampaignConfig = campaignConfigSchema.parse(campaign.config ?? {});
      if (!config.autoAssign) return [];
      const waiting = await agentsRepo.waitingTickets(tx, campaignId, BATCH);
      if (waiting.length === 0) return [];
      const candidates = await agentsRepo.candidates(tx, campaignId, config.tasksPerAgent, config.requiredSkillIds);
      let lastRoundRobin = await agentsRepo.lastRoundRobin(tx, campaignId);
      const done: Assignment[] = [];
      for (const ticket of waiting) {
        const eligible = candidates.filter(
          (candidate) =>
            candidate.load < config.tasksPerAgent &&
            (ticket.channelId === null || candidate.channelIds.includes(ticket.channelId)),
        );
        if (eligible.length === 0) continue;
        const owner = config.preferCustomerOwner ? eligible.find((c) => c.userId === ticket.ownerId) : undefined;
        const chosen = owner ?? pickAgent(config.distribution, eligible, lastRoundRobin);
        await agentsRepo.assignTicket(tx, ticket.id, chosen.userId);
        await agentsRepo.recordAssignment(tx, chosen.userId);
        chosen.load += 1;
        chosen.assignedToday += 1;
        chosen.lastAssignedAt = new Date();
        lastRoundRobin = chosen.userId;
        done.push({ ticketId: ticket.id, campaignId, userId: chosen.userId });
        if (candidates.every((candidate) => candidate.load >= config.tasksPerAgent)) break;
      }
      if (done.length && config.distribution === 'round-robin' && lastRoundRobin !== null) {
        await agentsRepo.setLastRoundRobin(tx, campaignId, lastRoundRobin);
      }
      return done;
    });
    await announce(assignments);
    return assignments;
  }

  /** After commit: the campaign's agents see the assignment, and automation hears of it. */
  async function announce(assignments: readonly Assignment[]): Promise<void> {
    for (const assignment of assignments) {
      const { campaignId } = assignment;
      await ctx.realtime.toCampaign(campaignId, TICKET_EVENT, {
        tipo: 'asignado',
        casoId: assignment.ticketId,
        campanaId: campaignId,
        asignado: assignment.userId,
        asignadoNombre: await ticketsRepo.userName(db, assignment.userId),
      });
      await ctx.events.emit('ticket.activity', {
        ticketId: assignment.ticketId,
        campaignId,
        activity: 'assigned',
        changedFields: ['ticket.assignedUserId'],
      });
    }
  }

  /**
   * Gives a ticket to this agent now, whoever had it (the agent who answers a customer's call owns the ticket).
   * Nothing happens when it is theirs already.
   */
  async function assignTo(ticketId: number, campaignId: number, userId: number): Promise<void> {
    const changed = await db.transaction(async (tx) => {
      await agentsRepo.lockCampaignRouting(tx, campaignId);
      const ticket = await ticketsRepo.findVisible(tx, { kind: 'all' }, { id: ticketId });
      if (!ticket || ticket.assignedUserId === userId) return false;
      await agentsRepo.assignTicket(tx, ticketId, userId);
      await agentsRepo.recordAssignment(tx, userId);
      return true;
    });
    if (changed) await announce([{ ticketId, campaignId, userId }]);
  }

  // Passes coalesce per campaign: while one runs, any number of requests make exactly one more pass after it, so a
  // burst of arrivals costs a few passes instead of one each (they would queue on the campaign lock anyway).
  const running = new Map<number, Promise<Assignment[]>>();
  const again = new Set<number>();

  function pass(campaignId: number): Promise<Assignment[]> {
    const current = running.get(campaignId);
    if (current) {
      again.add(campaignId);
      return current.then(() => running.get(campaignId) ?? []);
    }
    const run = (async () => {
      const done: Assignment[] = [];
      do {
        again.delete(campaignId);
        try {
          done.push(...(await assignWaiting(campaignId)));
        } catch (error) {
          ctx.logger.error({ err: error, campaignId }, 'routing pass failed');
        }
      } while (again.has(campaignId));
      return done;
    })();
    running.set(campaignId, run);
    // A request that came after the loop's last check still gets its pass.
    void run.finally(() => {
      running.delete(campaignId);
      if (again.has(campaignId)) void pass(campaignId);
    });
    return run;
  }

  /** Runs passes, logging instead of throwing: routing is a consequence, never the cause of a failed request. */
  async function route(campaignIds: readonly number[]): Promise<Assignment[]> {
    return (await Promise.all(campaignIds.map(pass))).flat();
  }

  return {
    assignWaiting,
    assignTo,
    route,
    /** Resolves when no pass is running (tests). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
    async sweep(): Promise<Assignment[]> {
      return route(await agentsRepo.routedCampaignIds(db));
    },
    start() {
      // The sweep outlives database restarts: a failed pass is logged and the next one runs on time.
      const sweepSoftly = () =>
        this.sweep().catch((error: unknown) => ctx.logger.warn({ err: error }, 'routing sweep failed; retried'));
      sweepTimer = setInterval(sweepSoftly, SWEEP_MS);
      sweepTimer.unref();
      void sweepSoftly();
    },
    stop() {
      if (sweepTimer) clearInterval(sweepTimer);
    },
  };
}

export type RoutingService = ReturnType<typeof createRoutingService>;
