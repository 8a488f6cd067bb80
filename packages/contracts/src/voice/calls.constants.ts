/*
 * Call statuses, directions and events: constants and the pure functions over them, without zod. The schemas are in calls.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
/**
 * A telephony channel's call, from the customer's first ring to its end (docs/voice.md):
 * - waiting: answered by Atiende, the caller hears the waiting audio until an agent is free;
 * - ringing: offered to an agent whose softphone rings (the caller still hears the waiting audio);
 * - connected: an agent answered;
 * - completed: it ended after an agent answered;
 * - abandoned: the caller hung up before any agent answered;
 * - missed: no agent answered within the longest wait, Atiende ended it;
 * - out_of_hours: outside the channel's business hours the caller heard its unavailable message, and Atiende hung up;
 * - failed: the node running telephony stopped during the call.
 */
export const CALL_STATUSES = [
  'waiting',
  'ringing',
  'connected',
  'completed',
  'abandoned',
  'missed',
  'out_of_hours',
  'failed',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/** The spec's call events (section 4) as the server pushes them to the agent a call concerns. */
export const CALL_EVENTS = {
  /** A customer's call rings the agent's softphone: who calls, and the ticket it was recorded in. */
  incoming: 'incoming_call',
  /** The agent answered: the desk opens the call's ticket. */
  connected: 'call_connected',
  /** The call ended (either side hung up). */
  ended: 'call_ended',
  /** The agent rejected the call, or let it ring out: it goes to someone else. */
  rejected: 'call_rejected',
} as const;

export interface CallEvent {
  /** The recorded call (a channel's); null for a dialer's call. */
  llamadaId: number | null;
  /** The ticket the call is recorded in; null for a dialer's call (it has none yet). */
  casoId: number | null;
  /** The ticket's number, as the desk shows it. */
  numeroCaso: number | null;
  campanaId: number;
  /** The customer's number. */
  numero: string;
  /** The customer's name, when known. */
  cliente: string | null;
  /** The telephony channel's name. */
  canal: string;
  estado: CallStatus;
  /** Seconds talking (call_ended after an answer). */
  duracion?: number;
}
