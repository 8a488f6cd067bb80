import {
  AGENT_STATUS,
  type AgentState,
  type AgentStatusBody,
  type AgentStatusCode,
  campaignConfigSchema,
  type ForcedStatusEvent,
  type OwnQueue,
  PAUSE_REASONS,
  type QueueSnapshot,
  REALTIME_EVENTS,
  STATE_LIST,
  SUPERVISION_EVENT,
  type SupervisedAgent,
} from '@atiende/contracts';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { supervisedCampaignsOf } from '../../policies/supervision.js';
import type { AuthService } from '../auth/auth.service.js';
import { usersRepo } from '../users/users.repo.js';
import { type AgentStateRow, agentsRepo } from './agents.repo.js';
import type { RoutingService } from './routing.service.js';
import { explainWaiting } from './waiting.js';

const invalidChange = () => new AppError(409, 'AGENT.INVALID_STATUS', 'agents.invalidStatusChange');

/**
 * Which self-reported changes are real moves (spec section 4): login and unlock and campaign change go to A;
 * A goes to E; E and G go to any pause; handling (G) starts from A or E and ends back in E; logout is D from
 * anywhere. A pause ends only by unlocking (P → A).
 */
export function mayChange(from: AgentStatusCode, to: AgentStatusCode): boolean {
  switch (to) {
    case 'D':
    case 'A':
      return true;
    case 'E':
      return from === 'A' || from === 'G';
    case 'G':
      return from === 'A' || from === 'E';
    case 'P':
      return from === 'A' || from === 'E' || from === 'G';
  }
}

function toState(row: AgentStateRow): AgentState {
  return {
    userId: row.userId,
    estado: row.status as AgentStatusCode,
    pausa: row.pauseReason,
    since: row.since.toISOString(),
    campanaId: row.campaignId,
    casoId: row.ticketId,
  };
}

interface ChangeInput {
  status: AgentStatusCode;
  pause?: string | null;
  ticketId?: number | null;
  campaignId?: number | null;
  forcedBy?: number | null;
}

export function createAgentsService(ctx: AppContext, auth: AuthService, routing: RoutingService) {
  const { db } = ctx;

  function checkPause(status: AgentStatusCode, pause: string | null | undefined): string | null {
    if (status !== 'P') return null;
    if (!pause) throw errors.invalidField('pausa', 'agents.pauseReasonRequired');
    if (!(PAUSE_REASONS as readonly string[]).includes(pause))
      throw errors.invalidField('pausa', 'agents.unknownPause');
    return pause;
  }

  /**
   * One real change: the state row moves, the log gets the previous status with how long it lasted (server
   * clock), supervisors hear it, and an agent who became available gets waiting work.
   */
  async function change(userId: number, input: ChangeInput, check: boolean): Promise<AgentState> {
    const pause = checkPause(input.status, input.pause);
    const outcome = await db.transaction(async (tx) => {
      const current = await agentsRepo.lockState(tx, userId);
      const from = current.status as AgentStatusCode;
      const campaignId = input.campaignId === undefined ? current.campaignId : input.campaignId;
      const ticketId = input.status === 'G' ? (input.ticketId ?? current.ticketId) : null;
      // Only a real change is reported (spec): same status and reason changes nothing but the context.
      if (from === input.status && current.pauseReason === pause) {
        if (campaignId !== current.campaignId || ticketId !== current.ticketId) {
          await agentsRepo.updateState(tx, userId, { campaignId, ticketId });
        }
        return { row: { ...current, campaignId, ticketId }, changed: false, endSessions: undefined };
      }
      if (check && !mayChange(from, input.status)) throw invalidChange();
      const now = new Date();
      await agentsRepo.insertLog(tx, {
        userId,
        status: pause ?? input.status,
        previousStatus: current.pauseReason ?? from,
        durationSeconds: Math.max(0, Math.round((now.getTime() - current.since.getTime()) / 1000)),
        ticketId: current.ticketId,
        campaignId: current.campaignId,
        forcedBy: input.forcedBy ?? null,
        createdAt: now,
      });
      const values = { status: input.status, pauseReason: pause, since: now, campaignId, ticketId };
      await agentsRepo.updateState(tx, userId, values);
      // A supervisor forcing D logs the agent out for real: sessions end with the status.
      const endSessions =
        input.forcedBy && input.status === 'D' ? await auth.endSessions(tx, userId, 'forced-offline') : undefined;
      return { row: { ...current, ...values }, changed: true, endSessions };
    });
    const state = toState(outcome.row);
    if (!outcome.changed) return state;
    if (input.forcedBy) {
      const forcer = await usersRepo.findById(db, input.forcedBy);
      const event: ForcedStatusEvent = {
        estado: { nombre: input.status, pausa: pause },
        forzadoPor: { id: input.forcedBy, nombre: forcer?.name ?? '' },
      };
      await ctx.realtime.toUser(userId, REALTIME_EVENTS.forcedStatus, event);
    }
    outcome.endSessions?.();
    const campaignIds = await agentsRepo.agentCampaignIds(db, userId);
    await ctx.realtime.toSupervisors(campaignIds, SUPERVISION_EVENT, { kind: 'agent', state });
    if (input.status === 'A' || input.status === 'E') await routing.route(campaignIds);
    return state;
  }

  const supervisedCampaigns = (actor: AuthContext) => supervisedCampaignsOf(db, actor);

  return {
    states() {
      return STATE_LIST.map((state) => ({ nombre: state.nombre, etiqueta: state.etiqueta }));
    },

    async current(actor: AuthContext): Promise<AgentState> {
      const row = await agentsRepo.state(db, actor.userId);
      return row
        ? toState(row)
        : {
            userId: actor.userId,
            estado: 'D',
            pausa: null,
            since: new Date().toISOString(),
            campanaId: null,
            casoId: null,
          };
    },

    /** `POST supervision/agente/estado`: the agent's own change, checked against the menu's transitions. */
    async report(actor: AuthContext, body: AgentStatusBody): Promise<AgentState> {
      return change(
        actor.userId,
        { status: body.estado, pause: body.pausa, ticketId: body.caso_actual, campaignId: body.campana_actual },
        true,
      );
    },

    /** A supervisor forces an agent of their campaigns into a status (any status). */
    async force(actor: AuthContext, agentId: number, body: { estado: AgentStatusCode; pausa?: string | null }) {
      const visible = await supervisedCampaigns(actor);
      const agents = await agentsRepo.supervisedAgents(db, visible);
      if (!agents.some((agent) => agent.id === agentId)) throw errors.notFound();
      return change(agentId, { status: body.estado, pause: body.pausa, forcedBy: actor.userId }, false);
    },

    async agents(actor: AuthContext): Promise<SupervisedAgent[]> {
      return agentsRepo.supervisedAgents(db, await supervisedCampaigns(actor));
    },

    /** The supervisor's queues, each with the reasons its head (the next ticket to hand out) still waits. */
    async queues(actor: AuthContext): Promise<QueueSnapshot[]> {
      const queues = await agentsRepo.queues(db, await supervisedCampaigns(actor));
      const heads = await agentsRepo.queueHeads(
        db,
        queues.filter((queue) => queue.waiting > 0).map((queue) => queue.campaign.id),
      );
      return Promise.all(
        queues.map(async (queue) => {
          const head = heads.get(queue.campaign.id);
          const explained = head === undefined ? null : await explainWaiting(db, head);
          return { ...queue, waitingReasons: explained?.reasons ?? [] };
        }),
      );
    },

    /** The signed-in agent's campaigns: what waits there and how many of their own tickets are open. */
    async ownQueue(actor: AuthContext): Promise<OwnQueue> {
      const [state, campaigns] = await Promise.all([
        agentsRepo.state(db, actor.userId),
        agentsRepo.ownQueue(db, actor.userId),
      ]);
      return {
        estado: (state?.status as AgentStatusCode | undefined) ?? 'D',
        campaigns: campaigns.map(({ config, ...campaign }) => {
          const parsed = campaignConfigSchema.parse(config ?? {});
          return { ...campaign, tasksPerAgent: parsed.tasksPerAgent, autoAssign: parsed.autoAssign };
        }),
      };
    },

    async log(actor: AuthContext, agentId: number) {
      if (agentId !== actor.userId) {
        const agents = await agentsRepo.supervisedAgents(db, await supervisedCampaigns(actor));
        if (!agents.some((agent) => agent.id === agentId)) throw errors.notFound();
      }
      const rows = await agentsRepo.log(db, agentId, 200);
      return rows.map((row) => ({
        id: row.id,
        estado: row.status,
        estado_anterior: row.previousStatus,
        duracion: row.durationSeconds,
        caso_actual: row.ticketId,
        campana_actual: row.campaignId,
        forzado_por: row.forcedBy,
        fecha: row.createdAt.toISOString(),
      }));
    },

    /**
     * A ticket left the agents handling it (closed, merged, transferred or reassigned by someone else): each of them
     * gets `ticket-exit` and their browser leaves the ticket (spec: ticket-exit goes to /app/tickets).
     */
    async ticketLeft(ticketId: number, keptBy: readonly (number | null)[]): Promise<void> {
      const handlers = await agentsRepo.handlersOf(db, ticketId);
      for (const userId of handlers) {
        if (keptBy.includes(userId)) continue;
        await ctx.realtime.toUser(userId, REALTIME_EVENTS.ticketExit, { casoId: ticketId });
      }
    },

    /** Login makes an agent ready (A); logout makes them offline (D). Non-agents have no status. */
    /**
     * The agent answered a call (modules/voice): handling (G) on the call's ticket. Returns the status they were in,
     * for `callEnded` to bring back.
     */
    async callAnswered(userId: number, ticketId: number | null, campaignId: number): Promise<AgentStatusCode> {
      const before = ((await agentsRepo.state(db, userId))?.status ?? 'E') as AgentStatusCode;
      await change(userId, { status: 'G', ticketId, campaignId }, false);
      return before;
    },

    /**
     * The call ended: back to the status the agent answered it in (preparation or waiting), unless they moved on
     * meanwhile (a pause, another ticket).
     */
    async callEnded(userId: number, ticketId: number | null, before: AgentStatusCode): Promise<void> {
      const state = await agentsRepo.state(db, userId);
      if (state?.status === 'G' && state.ticketId === ticketId) {
        await change(userId, { status: before === 'A' ? 'A' : 'E' }, false);
      }
    },

    async sessionOpened(userId: number): Promise<void> {
      if (!(await agentsRepo.isAgent(db, userId))) return;
      await change(userId, { status: 'A' }, false);
    },
    async sessionClosed(userId: number): Promise<void> {
      const row = await agentsRepo.state(db, userId);
      if (!row || row.status === 'D') return;
      await change(userId, { status: 'D' }, false);
    },

    colours: AGENT_STATUS,
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
