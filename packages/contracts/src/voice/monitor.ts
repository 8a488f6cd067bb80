import { z } from 'zod';
import { idSchema } from '../admin/common.js';
import { named } from '../registry.js';

/**
 * A supervisor's part in an agent's live call (spec section 6): listen (hears the agent and the customer), whisper
 * (the agent also hears the supervisor, the customer does not) and barge (both hear the supervisor). The audio goes
 * between the two browsers (WebRTC, through the installation's TURN server when they cannot reach each other); the
 * server checks who may and relays the connection's setup (docs/voice.md).
 */
export const CALL_MONITOR_MODES = ['listen', 'whisper', 'barge'] as const;
export type CallMonitorMode = (typeof CALL_MONITOR_MODES)[number];

/** `call-monitor`: the setup of a supervisor's connection, relayed to the other browser (never replayed). */
export const CALL_MONITOR_EVENT = 'call-monitor';

/** A session description (RFC 8866): printable ASCII lines. */
const sdpSchema = z
  .string()
  .min(1)
  .max(20_000)
  .regex(/^[\x20-\x7e\r\n]+$/, { message: 'i18n:validation.invalidCharacters' });

/** An opaque, signed session id: who supervises whom, on which call, until when. */
const sessionIdSchema = z
  .string()
  .min(1)
  .max(500)
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'i18n:validation.invalidCharacters' });

export const callMonitorModeSchema = z.enum(CALL_MONITOR_MODES);

/** `POST /supervision/agentes/:id/monitor`. */
export const callMonitorStartSchema = z.object({ mode: callMonitorModeSchema });

const turnServerSchema = z.object({ urls: z.string(), username: z.string(), credential: z.string() });

export const callMonitorSessionSchema = named(
  'CallMonitorSession',
  z.object({
    sessionId: z.string(),
    agentId: idSchema,
    callId: idSchema,
    mode: callMonitorModeSchema,
    /** TURN servers with their own time-limited credentials, for the supervisor's side. */
    iceServers: z.array(turnServerSchema),
  }),
);
export type CallMonitorSession = z.infer<typeof callMonitorSessionSchema>;

/**
 * `POST /voice/monitor`: a step of the connection's setup. The supervisor sends the offer and mode changes, the agent
 * the answer; either ends it.
 */
export const callMonitorSignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offer'), sessionId: sessionIdSchema, sdp: sdpSchema, mode: callMonitorModeSchema }),
  z.object({ kind: z.literal('answer'), sessionId: sessionIdSchema, sdp: sdpSchema }),
  z.object({ kind: z.literal('mode'), sessionId: sessionIdSchema, mode: callMonitorModeSchema }),
  z.object({ kind: z.literal('end'), sessionId: sessionIdSchema }),
]);
export type CallMonitorSignal = z.infer<typeof callMonitorSignalSchema>;

/** What the other browser receives: the step, who sent it, and for an offer the mode and its TURN servers. */
export type CallMonitorEvent = { sessionId: string; from: { id: number; nombre: string } } & (
  | { kind: 'offer'; sdp: string; mode: CallMonitorMode; iceServers: z.infer<typeof turnServerSchema>[] }
  | { kind: 'answer'; sdp: string }
  | { kind: 'mode'; mode: CallMonitorMode }
  | { kind: 'end' }
);
