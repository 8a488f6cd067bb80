import { z } from 'zod';
import { idSchema, instantSchema, namedRefSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { singleLine } from '../text.js';
import { AGENT_STATUS_CODES, type AgentStatusCode, WAITING_REASONS } from './agents.constants.js';

/** `POST supervision/agente/estado` (spec section 7). The status is a code, or a pause reason with estado P. */
export const agentStatusBodySchema = z.object({
  estado: z.enum(AGENT_STATUS_CODES as [AgentStatusCode, ...AgentStatusCode[]]),
  estado_anterior: z.enum(AGENT_STATUS_CODES as [AgentStatusCode, ...AgentStatusCode[]]).nullish(),
  /** Epoch seconds at which the previous status started (the spec's duracion). */
  duracion: z.number().int().nonnegative().nullish(),
  caso_actual: z.number().int().positive().nullish(),
  campana_actual: z.number().int().positive().nullish(),
  pausa: singleLine().max(40).nullish(),
  forzado_por: z.number().int().positive().nullish(),
});
export type AgentStatusBody = z.output<typeof agentStatusBodySchema>;

/** Supervisor forcing an agent's status. */
export const forceStatusBodySchema = z.object({
  estado: z.enum(AGENT_STATUS_CODES as [AgentStatusCode, ...AgentStatusCode[]]),
  pausa: singleLine().max(40).nullish(),
});

const agentStatusCodeSchema = z.enum(AGENT_STATUS_CODES as [AgentStatusCode, ...AgentStatusCode[]]);

export const agentStateSchema = named(
  'AgentState',
  z.object({
    userId: idSchema,
    estado: agentStatusCodeSchema,
    pausa: z.string().nullable(),
    since: instantSchema,
    campanaId: idSchema.nullable(),
    casoId: idSchema.nullable(),
  }),
);
export type AgentState = z.infer<typeof agentStateSchema>;

/** `GET listaestados/simple`: the states of STATE_LIST. */
export const stateListItemSchema = z.object({ nombre: z.string(), etiqueta: z.string() });

/** One change of an agent's status (`GET supervision/agentes/:id/historial`), newest first. */
export const agentStatusLogEntrySchema = z.object({
  id: idSchema,
  estado: z.string(),
  estado_anterior: z.string().nullable(),
  /** Seconds spent in the previous status. */
  duracion: z.number().int(),
  caso_actual: idSchema.nullable(),
  campana_actual: idSchema.nullable(),
  forzado_por: idSchema.nullable(),
  fecha: instantSchema,
});

/** The call an agent is talking on now (a telephony channel's, or a dialer's answered call), for supervision. */
export const agentCallSchema = z.object({
  id: idSchema,
  direction: z.enum(['inbound', 'outbound']),
  customerNumber: z.string(),
  /** When the agent answered (the call's timer starts here). */
  answeredAt: instantSchema,
  ticket: z.object({ id: idSchema, number: z.number().int() }).nullable(),
});
export type AgentCall = z.infer<typeof agentCallSchema>;

/** Live supervision: one row per agent of the supervisor's campaigns. */
export const supervisedAgentSchema = named(
  'SupervisedAgent',
  z.object({
    id: idSchema,
    nombre: z.string(),
    avatarUrl: z.string().nullable(),
    estado: agentStatusCodeSchema,
    pausa: z.string().nullable(),
    since: instantSchema,
    campaign: namedRefSchema.nullable(),
    currentTicket: z.object({ id: idSchema, number: z.number().int() }).nullable(),
    openTickets: z.number().int(),
    closedToday: z.number().int(),
    assignedToday: z.number().int(),
    /** The call the agent is on, if any. */
    call: agentCallSchema.nullable(),
  }),
);
export type SupervisedAgent = z.infer<typeof supervisedAgentSchema>;

export const waitingReasonSchema = z.enum(WAITING_REASONS);

/** A waiting ticket's place in its campaign's queue and the reasons it is not with an agent yet. */
export const waitingExplanationSchema = named(
  'WaitingExplanation',
  z.object({
    ticketId: idSchema,
    campaign: namedRefSchema,
    channel: z.object({ id: idSchema, name: z.string(), open: z.boolean() }).nullable(),
    /** 1 for the next ticket routing hands out (priority first, then oldest). */
    position: z.number().int().min(1),
    waiting: z.number().int(),
    reasons: z.array(waitingReasonSchema),
    /** Agents of the campaign who serve the ticket's channel: all, in a ready status, ready and below the limit. */
    agents: z.object({ serving: z.number().int(), ready: z.number().int(), withRoom: z.number().int() }),
    tasksPerAgent: z.number().int(),
  }),
);
export type WaitingExplanation = z.infer<typeof waitingExplanationSchema>;

/** The signed-in agent's campaigns: waiting work, their own open tickets against the limit. */
export const ownQueueSchema = named(
  'OwnQueue',
  z.object({
    estado: z.enum(['D', 'A', 'E', 'G', 'P']),
    campaigns: z.array(
      z.object({
        campaign: namedRefSchema,
        waiting: z.number().int(),
        open: z.number().int(),
        tasksPerAgent: z.number().int(),
        autoAssign: z.boolean(),
      }),
    ),
  }),
);
export type OwnQueue = z.infer<typeof ownQueueSchema>;

export const queueSnapshotSchema = named(
  'QueueSnapshot',
  z.object({
    campaign: namedRefSchema,
    waiting: z.number().int(),
    inProgress: z.number().int(),
    agentsAvailable: z.number().int(),
    agentsOnline: z.number().int(),
    /** Percentage of today's tickets first answered within the campaign's service level seconds (null: none yet). */
    serviceLevel: z.number().nullable(),
    serviceLevelTarget: z.number(),
    /** Average seconds from opening to closing today (null: none closed). */
    averageHandlingSeconds: z.number().nullable(),
    oldestWaitingSince: instantSchema.nullable(),
    /** Why the head of the queue is not with an agent (empty when nothing waits or it is about to be assigned). */
    waitingReasons: z.array(waitingReasonSchema),
  }),
);
export type QueueSnapshot = z.infer<typeof queueSnapshotSchema>;
