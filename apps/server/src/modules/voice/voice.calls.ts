import http from 'node:http';
import path from 'node:path';
import {
  type AgentCall,
  type AgentStatusCode,
  CALL_EVENTS,
  type CallEvent as CallEventPayload,
  type CallStatus,
  campaignConfigSchema,
  type DialerOutcome,
  SUPERVISION_EVENT,
} from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { translate } from '../../platform/i18n/messages.js';
import { searchable } from '../../platform/text.js';
import { agentsRepo } from '../agents/agents.repo.js';
import type { AgentsService } from '../agents/agents.service.js';
import { pickAgent, type RoutingService } from '../agents/routing.service.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { channelsRepo } from '../channels/channels.repo.js';
import type { InboundService } from '../interactions/inbound.service.js';
import { recordOutboundContact } from '../interactions/outbound-contact.js';
import { type Bridge, type BridgePool, createBridgePool } from './voice.bridges.js';
import { routerKey } from './voice.files.js';
import type { ProcessRecords } from './voice.leftovers.js';
import { announcementAudio, createMediaControl, writeWaitingAudio } from './voice.media.js';
import { voiceRepo } from './voice.repo.js';
import type { CallOffer } from './voice.schema.js';
import type { CallEvent } from './voice.worker.js';

/** An offered call rings the agent this long before it goes to someone else. */
export const RING_MS = 20_000;
/** A waiting caller nobody answered for this long is told goodbye (the call is recorded as missed). */
export const MAX_WAIT_MS = 10 * 60_000;
/** The waiting audio plays at least this long (see stopWaitingAudio). */
const MIN_WAITING_AUDIO_MS = 1500;
/** While nobody can take a waiting call, the agents are looked at again this often. */
const RETRY_MS = 2_000;
/** The registrar sends the call within this long after the router named a bridge, or the bridge is freed. */
const ARRIVAL_MS = 10_000;

export interface CallCenterDeps {
  inbound: InboundService;
  agents: AgentsService;
  routing: RoutingService;
}

export interface CallCenterOptions {
  runDir: string;
  secret: string;
  proxyPort: number;
  routerPort: number;
  mediaPort: number;
  workerPorts: { min: number; max: number };
  /** Idle bridges kept ready (default 2). */
  idleBridges?: number;
  /** Where the bridges' processes are recorded while they run (voice.leftovers.ts). */
  records?: ProcessRecords;
}

type LiveState = 'arriving' | 'dialing' | 'waiting' | 'ringing' | 'connected' | 'playing' | 'ended';

/** How an outbound call (a dialer's) ended, for whoever placed it. */
export interface OutboundResult {
  outcome: DialerOutcome;
  answeredAt: Date | null;
  endedAt: Date;
  /** The agent who took it (a call to the campaign's agents or to an extension's holder). */
  agentUserId: number | null;
}

/** An outbound call: the bridge's customer side dials the number, and an answer goes where `destination` says. */
export interface OutboundRequest {
  /** The number to dial (E.164). */
  phone: string;
  /** The campaign whose agents take the answered call. */
  campaignId: number;
  /**
   * The customer called (a dialer's account) and what a ticket opened for the call is described as: an answered
   * call that goes to a person is recorded in the customer's ticket of the campaign, on its telephony channel.
   */
  customerId?: number;
  description?: string;
  /** How long it may ring before it counts as not answered. */
  ringMs: number;
  destination: { kind: 'agents' } | { kind: 'audio'; file: string } | { kind: 'extension'; extension: string };
  /**
   * The dialer's sendToQueue: an answered call waits with audio until someone can take it (up to the longest wait),
   * as a channel's call does. Without it the call goes only to those free at once, one round, and otherwise ends as
   * missed: the customer does not wait, and the account is called again on its next try.
   */
  queue: boolean;
  /** Called once, when the call is over. */
  onEnd(result: OutboundResult): void;
}

interface LiveCall {
  /** The customer leg's SIP Call-ID (an outbound call's is known once it is placed). */
  sipCallId: string;
  bridge: Bridge;
  channelId: number;
  channelName: string;
  channelNumber: string;
  customerNumber: string;
  state: LiveState;
  startedAt: Date;
  /** The campaign whose agents it rings, and the ticket it is recorded in (none for a dialer's call). */
  campaignId?: number;
  ticketId?: number;
  /** Set for a call a dialer placed. */
  outbound?: OutboundRequest;
  /** The extension an outbound call of kind `extension` rings. */
  extension?: string;
  /** The customer answered (an outbound call). */
  customerAnsweredAt?: Date;
  /** Atiende hung up an outbound call that rang for its rings. */
  ringTimedOut?: boolean;
  /** The waiting audio's start, while it plays, and when it began. */
  waitingAudio?: Promise<unknown>;
  waitingSince?: number;
  /** Settles once the call is recorded (ticket, message, call row); null when recording failed. */
  recorded?: Promise<LiveCall['record'] | null>;
  record?: { id: number; ticketId: number; ticketNumber: number; campaignId: number; customerName: string | null };
  offer?: { userId: number; at: Date; timer: NodeJS.Timeout; timedOut: boolean };
  tried: Set<number>;
  offers: CallOffer[];
  agentUserId?: number;
  /** The agent's status when they answered (brought back when the call ends). */
  agentStatusBefore?: AgentStatusCode;
  answeredAt?: Date;
  timers: NodeJS.Timeout[];
}

/**
 * The telephony channel (docs/voice.md): Kamailio asks the call router where a call to a channel's number goes; a
 * bridge takes it, the caller hears the waiting audio, the call is recorded in the customer's ticket, and it rings the
 * campaign's available agents one after another (by the campaign's distribution) until one answers; the agent and
 * the customer then hear each other through the bridge. Runs on the node with VOICE_ENABLED.
 */
export function createCallCenter(ctx: AppContext, deps: CallCenterDeps, options: CallCenterOptions) {
  const { db, logger } = ctx;
  const log = logger.child({ module: 'voice-calls' });
  const media = createMediaControl(options.mediaPort);
  const waitingAudio = writeWaitingAudio(path.join(options.runDir, 'waiting.wav'));
  const live = new Map<string, LiveCall>();
  const byBridge = new Map<Bridge, LiveCall>();
  /** Agents a call rings or who are talking: never offered a second one. */
  const engaged = new Set<number>();
  let server: http.Server | null = null;
  let stopped = false;

  const pool: BridgePool = createBridgePool({
    dir: path.join(options.runDir, 'bridges'),
    proxyPort: options.proxyPort,
    ports: options.workerPorts,
    idleSource: waitingAudio,
    idle: options.idleBridges ?? 2,
    records: options.records,
    logger: log,
    onEvent: (bridge, event) => void handle(bridge, event),
    onLost: (bridge) => {
      const call = byBridge.get(bridge);
      if (call) void end(call, 'failed', 'system');
    },
  });

  const payload = (call: LiveCall, estado: CallStatus, extra: Partial<CallEventPayload> = {}): CallEventPayload => ({
    llamadaId: call.record?.id ?? null,
    casoId: call.record?.ticketId ?? null,
    numeroCaso: call.record?.ticketNumber ?? null,
    campanaId: call.campaignId ?? 0,
    numero: call.customerNumber,
    cliente: call.record?.customerName ?? null,
    canal: call.channelName,
    estado,
    ...extra,
  });

  const tell = (userId: number, event: (typeof CALL_EVENTS)[keyof typeof CALL_EVENTS], body: CallEventPayload) =>
    ctx.realtime.toUser(userId, event, body);

  const quietly = (what: string, work: Promise<unknown>) =>
    work.catch((error: unknown) => log.warn({ err: error }, `${what} failed`));

  /** The customer's party in the bridge's media: who offered a channel's call, who answered a dialer's. */
  const customerSide = (call: LiveCall) => (call.outbound ? 'answerer' : 'offerer');

  /**
   * The waiting audio, and its end: rtpengine runs its commands on several threads, so a stop sent before the
   * start was answered could be applied first and leave the leg muted; the stop waits for the start.
   */
  function startWaitingAudio(call: LiveCall) {
    call.waitingAudio = quietly(
      'the waiting audio',
      media.play(call.sipCallId, waitingAudio, { to: customerSide(call) }),
    );
    call.waitingSince = Date.now();
  }

  /**
   * Ends the waiting audio, once it played for MIN_WAITING_AUDIO_MS: a stream whose source changes within its first
   * moments is dropped whole by some phones' jitter buffers (baresip 1.0's did, 3 times in 4), and the caller then
   * heard nothing of the agent.
   */
  async function stopWaitingAudio(call: LiveCall) {
    if (!call.waitingAudio) return;
    await call.waitingAudio;
    call.waitingAudio = undefined;
    const early = MIN_WAITING_AUDIO_MS - (Date.now() - (call.waitingSince ?? 0));
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
    await quietly('stopping the waiting audio', media.stop(call.sipCallId));
  }

  /** Kamailio's question: which bridge takes a call to this number? (200 with its user, 404 or 486.) */
  async function route(input: {
    did: string;
    from: string;
    callId: string;
  }): Promise<{ status: number; body: string }> {
    const known = live.get(input.callId);
    if (known) return { status: 200, body: known.bridge.customerUser };
    const digits = input.did.replace(/\D/g, '');
    const channel = digits ? await voiceRepo.telephonyChannelByNumber(db, digits) : null;
    if (!channel || stopped) return { status: 404, body: '' };
    const bridge = await pool.claim();
    if (!bridge) return { status: 486, body: '' };
    const call: LiveCall = {
      sipCallId: input.callId,
      bridge,
      channelId: channel.id,
      channelName: channel.name,
      channelNumber: input.did,
      customerNumber: input.from,
      state: 'arriving',
      startedAt: new Date(),
      tried: new Set(),
      offers: [],
      timers: [],
    };
    live.set(call.sipCallId, call);
    byBridge.set(bridge, call);
    call.timers.push(
      setTimeout(() => {
        if (call.state === 'arriving') void forget(call);
      }, ARRIVAL_MS),
    );
    return { status: 200, body: bridge.customerUser };
  }

  async function handle(bridge: Bridge, event: CallEvent) {
    const call = byBridge.get(bridge);
    const side = event.accountaor?.includes(`:${bridge.agentUser}@`) ? 'agent' : 'customer';
    try {
      if (side === 'customer' && call?.outbound) {
        if (event.type === 'CALL_ESTABLISHED' && call.state === 'dialing') await outboundAnswered(call, event.id ?? '');
        else if (event.type === 'CALL_CLOSED' && call.state === 'dialing')
          await outboundFailed(call, event.param ?? '');
        else if (event.type === 'CALL_CLOSED') await customerLeft(call);
      } else if (side === 'customer') {
        if (event.type === 'CALL_INCOMING') {
          // Only the call the router named for this bridge is taken (anything else is refused).
          await bridge.on('customer', call && call.sipCallId === event.id ? 'accept' : 'hangup');
        } else if (event.type === 'CALL_ESTABLISHED' && call?.state === 'arriving') {
          await customerAnswered(call);
        } else if (event.type === 'CALL_CLOSED' && call) {
          await customerLeft(call);
        }
      } else if (call) {
        if (event.type === 'CALL_ESTABLISHED' && call.state === 'ringing') await agentAnswered(call);
        else if (event.type === 'CALL_CLOSED') await agentLegClosed(call, event.param ?? '');
      }
    } catch (error) {
      log.error({ err: error, event: event.type, side }, 'a call event could not be handled');
    }
  }

  /** The call's row and ticket, as its events name them from now on. */
  async function remember(call: LiveCall, callId: number, ticketId: number, campaignId: number) {
    const ticket = await voiceRepo.ticketSummary(db, ticketId);
    call.campaignId = campaignId;
    call.ticketId = ticketId;
    call.record = { id: callId, ticketId, ticketNumber: ticket.number, campaignId, customerName: ticket.customerName };
    return call.record;
  }

  async function customerAnswered(call: LiveCall) {
    call.state = 'waiting';
    startWaitingAudio(call);
    let outsideHours = false;
    call.recorded = (async () => {
      try {
        const result = await deps.inbound.receive(
          call.channelId,
          { providerMessageId: `call:${call.sipCallId}`, from: call.customerNumber, text: `📞 ${call.customerNumber}` },
          { kind: 'call' },
        );
        const row = await voiceRepo.insertCall(db, {
          direction: 'inbound',
          sipCallId: call.sipCallId,
          channelId: call.channelId,
          campaignId: result.campaignId,
          ticketId: result.ticketId,
          messageId: result.messageId,
          customerNumber: call.customerNumber,
          channelNumber: call.channelNumber,
          status: 'waiting',
          startedAt: call.startedAt,
        });
        outsideHours = result.outsideHours;
        return await remember(call, row.id, result.ticketId, result.campaignId);
      } catch (error) {
        log.error({ err: error, channelId: call.channelId }, 'a call could not be recorded; it is ended');
        return null;
      }
    })();
    if (!(await call.recorded)) {
      await end(call, 'failed', 'system');
      return;
    }
    if (outsideHours) {
      await announceClosed(call);
      return;
    }
    call.timers.push(
      setTimeout(() => {
        if (call.state === 'waiting' || call.state === 'ringing') void end(call, 'missed', 'system');
      }, MAX_WAIT_MS),
    );
    await offer(call);
  }

  /**
   * Outside the channel's business hours: the caller hears the channel's unavailable message (spoken; the default
   * one without it), once, and Atiende hangs up. The call stays recorded in the customer's ticket as `out_of_hours`,
   * for the agents to call back; nobody's phone rings.
   */
  async function announceClosed(call: LiveCall) {
    call.state = 'playing';
    await stopWaitingAudio(call);
    try {
      const channel = await channelsRepo.find(db, call.channelId);
      const language = ctx.config.voice.language;
      const text = channel?.unavailableMessage?.trim() || translate(language, 'voice.outOfHours');
      const file = await announcementAudio(path.join(options.runDir, 'announcements'), text, language);
      if (call.state !== 'playing') return;
      const played = await media.play(call.sipCallId, file, { times: 1, to: customerSide(call) });
      call.timers.push(setTimeout(() => void end(call, 'out_of_hours', 'system'), played.durationMs + 500));
    } catch (error) {
      log.warn({ err: error }, 'the unavailable message could not be played');
      await end(call, 'out_of_hours', 'system');
    }
  }

  /** Rings the next available agent of the campaign, or looks again shortly when nobody can take it. */
  async function offer(call: LiveCall) {
    const { campaignId, ticketId } = call;
    if (call.state !== 'waiting' || campaignId === undefined || stopped) return;
    const campaign = await campaignsRepo.find(db, campaignId);
    const config = campaignConfigSchema.parse(campaign?.config ?? {});
    // A channel's call goes to those who serve the channel; a dialer's to the campaign's agents; an extension's to
    // whoever holds it.
    const everyone = call.extension
      ? await voiceRepo.extensionHolder(db, call.extension)
      : await voiceRepo.callCandidates(db, campaignId, call.outbound ? null : call.channelId);
    const available = everyone.filter((candidate) => !engaged.has(candidate.userId));
    let candidates = available.filter((candidate) => !call.tried.has(candidate.userId));
    // A dialer's call without sendToQueue does not wait: one round among those free now.
    const queues = call.outbound?.queue !== false;
    // Everyone was tried once: another round, for whoever is available now.
    if (candidates.length === 0 && available.length > 0 && queues) {
      call.tried.clear();
      candidates = available;
    }
    if (call.state !== 'waiting') return;
    if (candidates.length === 0) {
      if (!queues) {
        await end(call, 'missed', 'system');
        return;
      }
      call.timers.push(setTimeout(() => void offer(call), RETRY_MS));
      return;
    }
    const owner = ticketId === undefined ? null : await voiceRepo.assigneeOfTicket(db, ticketId);
    const chosen =
      candidates.find((candidate) => candidate.userId === owner) ??
      pickAgent(config.distribution, candidates, await agentsRepo.lastRoundRobin(db, campaignId));
    engaged.add(chosen.userId);
    call.state = 'ringing';
    const timer = setTimeout(() => {
      if (call.offer?.userId !== chosen.userId || call.state !== 'ringing') return;
      call.offer.timedOut = true;
      void quietly('an unanswered offer', call.bridge.on('agent', 'hangup'));
    }, RING_MS);
    call.offer = { userId: chosen.userId, at: new Date(), timer, timedOut: false };
    if (call.record) await voiceRepo.updateCall(db, call.record.id, { status: 'ringing' });
    await tell(chosen.userId, CALL_EVENTS.incoming, payload(call, 'ringing'));
    try {
      await call.bridge.on('agent', 'dial', `sip:${chosen.extension}@127.0.0.1:${options.proxyPort}`);
    } catch (error) {
      log.warn({ err: error, userId: chosen.userId }, 'the agent could not be called');
      await offerEnded(call, 'no-answer');
    }
  }

  /** The offer to the ringing agent is over without an answer: recorded, and the call goes to the next agent. */
  async function offerEnded(call: LiveCall, result: 'no-answer' | 'rejected') {
    const current = call.offer;
    if (!current || call.state !== 'ringing') return;
    clearTimeout(current.timer);
    call.offer = undefined;
    engaged.delete(current.userId);
    call.tried.add(current.userId);
    call.offers.push({ userId: current.userId, at: current.at.toISOString(), result });
    call.state = 'waiting';
    if (call.record) await voiceRepo.updateCall(db, call.record.id, { status: 'waiting', offers: call.offers });
    await tell(current.userId, CALL_EVENTS.rejected, payload(call, 'waiting'));
    await offer(call);
  }

  async function agentAnswered(call: LiveCall) {
    const current = call.offer;
    if (!current || call.campaignId === undefined) return;
    clearTimeout(current.timer);
    call.offer = undefined;
    call.state = 'connected';
    call.agentUserId = current.userId;
    call.answeredAt = new Date();
    call.offers.push({ userId: current.userId, at: current.at.toISOString(), result: 'answered' });
    void stopWaitingAudio(call);
    const { campaignId, ticketId } = call;
    if (call.record) {
      await voiceRepo.updateCall(db, call.record.id, {
        status: 'connected',
        userId: current.userId,
        answeredAt: call.answeredAt,
        waitSeconds: seconds(call.startedAt, call.answeredAt),
        offers: call.offers,
      });
    }
    // Whoever talks with the customer owns the ticket, and is handling it (G) while the call lasts.
    if (ticketId !== undefined) await deps.routing.assignTo(ticketId, campaignId, current.userId);
    try {
      call.agentStatusBefore = await deps.agents.callAnswered(current.userId, ticketId ?? null, campaignId);
    } catch (error) {
      log.warn({ err: error }, 'the agent status could not be set');
    }
    await tell(current.userId, CALL_EVENTS.connected, payload(call, 'connected'));
    await supervise(current.userId, call);
  }

  /** The agent's supervisors see the call they talk on (null: it ended) beside their status. */
  async function supervise(userId: number, call: LiveCall | null) {
    const record = call?.record;
    const agentCall: AgentCall | null =
      call && record && call.answeredAt
        ? {
            id: record.id,
            direction: call.outbound ? 'outbound' : 'inbound',
            customerNumber: call.customerNumber,
            answeredAt: call.answeredAt.toISOString(),
            ticket: { id: record.ticketId, number: record.ticketNumber },
          }
        : null;
    if (call && !agentCall) return;
    try {
      const campaignIds = await agentsRepo.agentCampaignIds(db, userId);
      await ctx.realtime.toSupervisors(campaignIds, SUPERVISION_EVENT, { kind: 'call', userId, call: agentCall });
    } catch (error) {
      log.warn({ err: error, userId }, 'supervisors could not be told of a call');
    }
  }

  async function agentLegClosed(call: LiveCall, reason: string) {
    if (call.state === 'ringing') {
      const rejected = !call.offer?.timedOut && /\b(486|603|480|busy|decline)/i.test(reason);
      await offerEnded(call, rejected ? 'rejected' : 'no-answer');
    } else if (call.state === 'connected') {
      await end(call, 'completed', 'agent');
    }
  }

  async function customerLeft(call: LiveCall) {
    if (call.state === 'ended') return;
    if (call.recorded) await call.recorded;
    // A caller who hangs up on the unavailable message still called out of hours.
    const status: CallStatus =
      call.state === 'connected'
        ? 'completed'
        : call.state === 'playing' && !call.outbound
          ? 'out_of_hours'
          : 'abandoned';
    await end(call, status, 'customer');
  }

  /** The call is over: recorded with its outcome, the agent told and available again, the bridge freed. */
  async function end(call: LiveCall, status: CallStatus, endedBy: 'customer' | 'agent' | 'system') {
    if (call.state === 'ended') return;
    const previous = call.state;
    call.state = 'ended';
    for (const timer of call.timers) clearTimeout(timer);
    const endedAt = new Date();
    const ringing = call.offer;
    if (ringing) {
      clearTimeout(ringing.timer);
      engaged.delete(ringing.userId);
      call.offers.push({ userId: ringing.userId, at: ringing.at.toISOString(), result: 'no-answer' });
      call.offer = undefined;
    }
    // (A caller who hung up took the call out of rtpengine already.)
    if ((previous === 'waiting' || previous === 'ringing') && endedBy !== 'customer') {
      await stopWaitingAudio(call);
    }
    // Whatever leg is still up goes down with the call.
    if (endedBy !== 'customer') await quietly('hanging up the customer', call.bridge.on('customer', 'hangup'));
    if (endedBy !== 'agent' && (previous === 'connected' || ringing)) {
      await quietly('hanging up the agent', call.bridge.on('agent', 'hangup'));
    }
    const record = call.record;
    if (record) {
      await quietly(
        'recording the end of a call',
        voiceRepo.updateCall(db, record.id, {
          status,
          endedBy,
          endedAt,
          offers: call.offers,
          durationSeconds: call.answeredAt ? seconds(call.answeredAt, endedAt) : null,
          waitSeconds: seconds(call.startedAt, call.answeredAt ?? endedAt),
        }),
      );
    }
    const duracion = call.answeredAt ? seconds(call.answeredAt, endedAt) : 0;
    if (ringing) await tell(ringing.userId, CALL_EVENTS.ended, payload(call, status, { duracion: 0 }));
    if (call.agentUserId !== undefined) {
      engaged.delete(call.agentUserId);
      const before = call.agentStatusBefore ?? 'E';
      await quietly('the agent status', deps.agents.callEnded(call.agentUserId, call.ticketId ?? null, before));
      await tell(call.agentUserId, CALL_EVENTS.ended, payload(call, status, { duracion }));
      if (call.record && call.answeredAt) await supervise(call.agentUserId, null);
    }
    if (call.outbound) {
      const answeredAt = call.customerAnsweredAt ?? null;
      // A call for a person counts as answered once someone took it; the customer alone answering is a drop.
      const reached = call.outbound.destination.kind === 'audio' ? answeredAt : (call.answeredAt ?? null);
      call.outbound.onEnd({
        outcome: reached ? 'answered' : answeredAt ? 'dropped' : status === 'failed' ? 'failed' : 'no_answer',
        answeredAt,
        endedAt,
        agentUserId: call.agentUserId ?? null,
      });
    }
    await forget(call);
  }

  /** A dialer's call: the bridge's customer side dials the number; false when no bridge is free. */
  async function place(request: OutboundRequest): Promise<boolean> {
    if (stopped) return false;
    const bridge = await pool.claim();
    if (!bridge) return false;
    const key = `outbound-${bridge.index}-${Date.now()}`;
    const call: LiveCall = {
      sipCallId: key,
      bridge,
      channelId: 0,
      channelName: '',
      channelNumber: '',
      customerNumber: request.phone,
      state: 'dialing',
      startedAt: new Date(),
      campaignId: request.campaignId,
      outbound: request,
      extension: request.destination.kind === 'extension' ? request.destination.extension : undefined,
      tried: new Set(),
      offers: [],
      timers: [],
    };
    live.set(key, call);
    byBridge.set(bridge, call);
    call.timers.push(
      setTimeout(() => {
        if (call.state !== 'dialing') return;
        // Rang out: the customer side gives up (its CALL_CLOSED settles it as not answered).
        call.ringTimedOut = true;
        void quietly('an unanswered dialer call', bridge.on('customer', 'hangup'));
      }, request.ringMs),
    );
    try {
      await bridge.on('customer', 'dial', `sip:${request.phone}@127.0.0.1:${options.proxyPort}`);
    } catch (error) {
      log.warn({ err: error }, 'a dialer call could not be placed');
      await end(call, 'failed', 'system');
    }
    return true;
  }

  /** The dialer's customer answered: their call goes to the agents, the extension, or hears the file. */
  async function outboundAnswered(call: LiveCall, sipCallId: string) {
    const request = call.outbound as OutboundRequest;
    live.delete(call.sipCallId);
    call.sipCallId = sipCallId || call.sipCallId;
    live.set(call.sipCallId, call);
    call.customerAnsweredAt = new Date();
    if (request.destination.kind === 'audio') {
      call.state = 'playing';
      try {
        const played = await media.play(call.sipCallId, request.destination.file, { times: 1, to: customerSide(call) });
        // Once played, Atiende hangs up.
        call.timers.push(setTimeout(() => void end(call, 'completed', 'system'), played.durationMs + 500));
      } catch (error) {
        log.warn({ err: error }, 'a dialer’s audio could not be played');
        await end(call, 'completed', 'system');
      }
      return;
    }
    call.state = 'waiting';
    startWaitingAudio(call);
    call.timers.push(
      setTimeout(() => {
        if (call.state === 'waiting' || call.state === 'ringing') void end(call, 'missed', 'system');
      }, MAX_WAIT_MS),
    );
    // The customer is on the line: a call that could not be recorded still goes to the agents.
    call.recorded = recordOutbound(call);
    await call.recorded;
    await offer(call);
  }

  /**
   * A dialer's answered call, recorded as the customer's: an outgoing call message of their open ticket in the
   * campaign (or a new one), on the campaign's telephony channel, and its `voice_calls` row. Null, with nothing
   * recorded, when the campaign has no telephony channel or the call names no customer.
   */
  async function recordOutbound(call: LiveCall): Promise<LiveCall['record'] | null> {
    const request = call.outbound as OutboundRequest;
    if (request.customerId === undefined) return null;
    try {
      const channel = await voiceRepo.telephonyChannelOfCampaign(db, request.campaignId);
      if (!channel) return null;
      const campaign = await campaignsRepo.find(db, request.campaignId);
      const combination = campaignConfigSchema.parse(campaign?.config ?? {}).ticketCombination;
      const customerId = request.customerId;
      const recorded = await db.transaction(async (tx) => {
        const contact = await recordOutboundContact(tx, {
          campaignId: request.campaignId,
          channelId: channel.id,
          customerId,
          contactValue: request.phone,
          combination,
          description: request.description ?? `📞 ${request.phone}`,
          searchText: searchable(`${request.description ?? ''} ${request.phone}`),
          text: `📞 ${request.phone}`,
          senderName: request.description ?? null,
          providerMessageId: `call:${call.sipCallId}`,
          providerData: { kind: 'call' },
        });
        const row = await voiceRepo.insertCall(tx, {
          direction: 'outbound',
          sipCallId: call.sipCallId,
          channelId: channel.id,
          campaignId: request.campaignId,
          ticketId: contact.ticketId,
          messageId: contact.messageId,
          customerNumber: request.phone,
          channelNumber: channel.number,
          status: 'waiting',
          startedAt: call.startedAt,
        });
        return { callId: row.id, ticketId: contact.ticketId };
      });
      call.channelId = channel.id;
      call.channelName = channel.name;
      call.channelNumber = channel.number;
      return await remember(call, recorded.callId, recorded.ticketId, request.campaignId);
    } catch (error) {
      log.error({ err: error, campaignId: request.campaignId }, 'a dialer’s answered call could not be recorded');
      return null;
    }
  }

  /** The dialer's call was not answered: busy, rang out, or could not be reached. */
  async function outboundFailed(call: LiveCall, reason: string) {
    const busy = /\b(486|600)\b|busy/i.test(reason);
    const status: CallStatus = call.ringTimedOut || /\b(408|480|487)\b/.test(reason) ? 'missed' : 'failed';
    if (call.outbound) {
      const request = call.outbound;
      call.outbound = {
        ...request,
        onEnd: (result) =>
          request.onEnd({ ...result, outcome: busy ? 'busy' : status === 'missed' ? 'no_answer' : 'failed' }),
      };
    }
    await end(call, status, 'customer');
  }

  async function forget(call: LiveCall) {
    call.state = 'ended';
    for (const timer of call.timers) clearTimeout(timer);
    live.delete(call.sipCallId);
    byBridge.delete(call.bridge);
    await quietly('freeing a bridge', pool.release(call.bridge));
  }

  return {
    /** Ends what a stopped node left open, starts the bridges and the router. */
    async start(): Promise<void> {
      const interrupted = await voiceRepo.failInterrupted(db);
      if (interrupted > 0)
        log.warn({ calls: interrupted }, 'calls open when telephony last stopped were recorded as failed');
      await pool.start();
      const key = routerKey(options.secret);
      server = http.createServer((request, response) => {
        const [pathname, query = ''] = (request.url ?? '/').split('?', 2);
        const [, word, given] = pathname.split('/');
        const { did = '', from = '', call: callId = '' } = routerQuery(query);
        if (word !== 'route' || given !== key) {
          response.writeHead(403).end();
          return;
        }
        if (!/^\+?[0-9]{3,15}$/.test(did) || !from || from.length > 64 || !callId || callId.length > 200) {
          response.writeHead(400).end();
          return;
        }
        route({ did, from, callId }).then(
          ({ status, body }) => response.writeHead(status, { 'content-type': 'text/plain' }).end(body),
          (error: unknown) => {
            log.error({ err: error }, 'a call could not be routed');
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(options.routerPort, '127.0.0.1', () => resolve());
      });
    },
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all([...live.values()].map((call) => end(call, 'failed', 'system')));
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await pool.stop();
    },
    place,
    /** Calls this node could still place now (bridges free or startable). */
    freeCapacity: () => pool.capacity - pool.counts().busy,
    /** Live calls and bridges (tests, supervision). */
    snapshot: () => ({
      calls: [...live.values()].map((call) => ({
        sipCallId: call.sipCallId,
        state: call.state,
        agentUserId: call.agentUserId ?? call.offer?.userId ?? null,
        callId: call.record?.id ?? null,
      })),
      bridges: pool.counts(),
    }),
  };
}

export type CallCenter = ReturnType<typeof createCallCenter>;

/**
 * The router's query as Kamailio escapes it (`s.escape.param`): percent-escapes only, and a `+` stays a plus (an
 * E.164 number's), where URLSearchParams would read a space.
 */
export function routerQuery(query: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of query.split('&')) {
    const [name, value = ''] = pair.split('=', 2);
    try {
      if (name) values[decodeURIComponent(name)] = decodeURIComponent(value);
    } catch {
      // A malformed escape: the value is left out and the request refused as incomplete.
    }
  }
  return values;
}

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
