import crypto from 'node:crypto';
import {
  CALL_MONITOR_EVENT,
  type CallMonitorEvent,
  type CallMonitorMode,
  type CallMonitorSession,
  type CallMonitorSignal,
} from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { auditFacts } from '../../platform/audit/diff.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { AgentsService } from '../agents/agents.service.js';
import { credentialUser, turnServers } from './voice.credentials.js';
import { voiceRepo } from './voice.repo.js';

/** A supervisor's session on an agent's call lasts at most this long (a new one is asked for after). */
export const MONITOR_SESSION_TTL_MS = 4 * 60 * 60 * 1000;

/** What a session id carries, signed: the supervisor, the agent, the call and the expiry (ms epoch). */
export interface MonitorToken {
  supervisorId: number;
  agentId: number;
  callId: number;
  expiresAt: number;
}

const mac = (secret: string, body: string) =>
  crypto.createHmac('sha256', secret).update(`call-monitor.${body}`).digest('base64url');

/** `<base64url of the token>.<HMAC>`: nobody can make one up or change whom it concerns. */
export function signMonitorToken(secret: string, token: MonitorToken): string {
  const body = Buffer.from(
    JSON.stringify([token.supervisorId, token.agentId, token.callId, token.expiresAt]),
    'utf8',
  ).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The token of a session id, or null when it is forged, malformed or expired. */
export function readMonitorToken(secret: string, sessionId: string, now = Date.now()): MonitorToken | null {
  const [body, signature, ...rest] = sessionId.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 4 || !parsed.every((n) => Number.isSafeInteger(n))) return null;
    const [supervisorId, agentId, callId, expiresAt] = parsed as number[];
    return expiresAt > now ? { supervisorId, agentId, callId, expiresAt } : null;
  } catch {
    return null;
  }
}

export const monitorErrors = {
  noLiveCall: () => new AppError(409, 'VOICE.NO_LIVE_CALL', 'voice.noLiveCall'),
  ownCall: () => new AppError(409, 'VOICE.OWN_CALL', 'voice.monitorOwnCall'),
  sessionOver: () => new AppError(404, 'VOICE.MONITOR_SESSION_OVER', 'voice.monitorSessionOver'),
};

export interface CallMonitorDeps {
  agents: AgentsService;
  /** Whether calls can be made now (the business's WebRTC and running telephony). */
  configured(): Promise<boolean>;
}

/**
 * Listen, whisper and barge (docs/voice.md): the audio goes between the supervisor's and the agent's browsers; the
 * server decides who may and relays the connection's setup. A supervisor may take part in the live call of an agent
 * of the campaigns they supervise (the supervision page's rule, `agents.agents`), with `intervenir-llamadas`; every
 * step of theirs checks it again, so a supervisor who lost the campaign or the permission, or a call that ended, stops
 * the session. Nothing is stored: the session id is signed.
 */
export function createCallMonitor(ctx: AppContext, deps: CallMonitorDeps) {
  const settings = ctx.config.voice;

  async function secret(): Promise<string> {
    const value = (await deps.configured()) ? await voiceRepo.secretIfAny(ctx.db) : null;
    if (!value) throw new AppError(409, 'VOICE.NOT_CONFIGURED', 'voice.notConfigured');
    return value;
  }

  /** The agent's live call, if the supervisor may take part in it. */
  async function supervisedCall(actor: AuthContext, agentId: number) {
    if (!actor.permissions.has('intervenir-llamadas')) throw errors.forbidden();
    const agent = (await deps.agents.agents(actor)).find((candidate) => candidate.id === agentId);
    if (!agent) throw errors.notFound();
    if (!agent.call) throw monitorErrors.noLiveCall();
    return agent.call;
  }

  /**
   * The agent's audit trail keeps who took part in their calls, how and when (`ver-auditoria` reads it on the user's
   * page): never in the way of the call, so a failed write is logged, not thrown.
   */
  async function audit(
    actorId: number,
    agentId: number,
    action: string,
    facts: { mode?: CallMonitorMode; call: number },
  ) {
    await auditRepo
      .record(ctx.db, {
        actorUserId: actorId,
        entity: 'user',
        entityId: agentId,
        action,
        changes: auditFacts('user', { ...(facts.mode ? { monitorMode: facts.mode } : {}), monitoredCall: facts.call }),
      })
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'call monitoring could not be audited'));
  }

  const iceServersFor = (key: string, userId: number, host: string | null, expiresAt: number) =>
    turnServers({
      secret: key,
      host: settings.publicHost ?? host ?? settings.listenIp,
      port: settings.turnPort,
      user: credentialUser(`monitor-${userId}`, new Date(expiresAt)),
    });

  return {
    /** A supervisor asks to take part in an agent's live call: a session id and their TURN servers. */
    async start(
      actor: AuthContext,
      agentId: number,
      mode: CallMonitorMode,
      host: string | null,
    ): Promise<CallMonitorSession> {
      if (agentId === actor.userId) throw monitorErrors.ownCall();
      const key = await secret();
      const call = await supervisedCall(actor, agentId);
      const expiresAt = Date.now() + MONITOR_SESSION_TTL_MS;
      const sessionId = signMonitorToken(key, { supervisorId: actor.userId, agentId, callId: call.id, expiresAt });
      await audit(actor.userId, agentId, 'call-monitor-started', { mode, call: call.id });
      return {
        sessionId,
        agentId,
        callId: call.id,
        mode,
        iceServers: iceServersFor(key, actor.userId, host, expiresAt),
      };
    },

    /** A step of the setup, relayed to the other browser of the session. */
    async signal(actor: AuthContext, body: CallMonitorSignal, host: string | null): Promise<void> {
      const key = await secret();
      const token = readMonitorToken(key, body.sessionId);
      if (!token) throw monitorErrors.sessionOver();
      const bySupervisor = actor.userId === token.supervisorId;
      const byAgent = actor.userId === token.agentId;
      if (!bySupervisor && !byAgent) throw errors.notFound();
      if ((body.kind === 'offer' || body.kind === 'mode') && !bySupervisor) throw errors.forbidden();
      if (body.kind === 'answer' && !byAgent) throw errors.forbidden();
      if (bySupervisor && body.kind !== 'end') {
        const call = await supervisedCall(actor, token.agentId);
        if (call.id !== token.callId) throw monitorErrors.noLiveCall();
      }
      const sender = await voiceRepo.caller(ctx.db, actor.userId);
      const base = { sessionId: body.sessionId, from: { id: actor.userId, nombre: sender?.name ?? '' } };
      let event: CallMonitorEvent;
      switch (body.kind) {
        case 'offer':
          event = {
            ...base,
            kind: 'offer',
            sdp: body.sdp,
            mode: body.mode,
            iceServers: iceServersFor(key, token.agentId, host, token.expiresAt),
          };
          break;
        case 'answer':
          event = { ...base, kind: 'answer', sdp: body.sdp };
          break;
        case 'mode':
          event = { ...base, kind: 'mode', mode: body.mode };
          break;
        default:
          event = { ...base, kind: 'end' };
      }
      ctx.realtime.volatileToUser(bySupervisor ? token.agentId : token.supervisorId, CALL_MONITOR_EVENT, event);
      if (body.kind === 'mode') {
        await audit(actor.userId, token.agentId, 'call-monitor-mode', { mode: body.mode, call: token.callId });
      } else if (body.kind === 'end') {
        await audit(actor.userId, token.agentId, 'call-monitor-ended', { call: token.callId });
      }
      if (body.kind !== 'answer') {
        ctx.logger.info(
          { supervisorId: token.supervisorId, agentId: token.agentId, callId: token.callId, step: body.kind },
          'call monitoring',
        );
      }
    },
  };
}

export type CallMonitor = ReturnType<typeof createCallMonitor>;
