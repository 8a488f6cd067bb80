import {
  RULE_NOTICE_EVENT,
  type RuleNoticeEvent,
  SLA_BREACH_EVENT,
  SLA_WARNING_EVENT,
  type SlaNoticeEvent,
} from './automation/notices.js';
import { REALTIME_EVENTS } from './constants.js';
import type { ForcedStatusEvent } from './desk/agents.constants.js';
import { SUPERVISION_EVENT } from './desk/agents.constants.js';
import type { AgentCall, AgentState } from './desk/agents.js';
import type { MessageChangedEvent, NewInboundEvent } from './desk/interactions.constants.js';
import { NEW_INBOUND_EVENT } from './desk/interactions.constants.js';
import { INTERNAL_CHAT_EVENT, INTERNAL_CHAT_READ_EVENT } from './desk/internalchat.constants.js';
import type { InternalChatMessage } from './desk/internalchat.js';
import { DIALER_PROGRESS_EVENT, type DialerProgressEvent } from './dialers/dialers.js';
import { BULK_PROGRESS_EVENT, type BulkProgressEvent } from './messaging/bulk.js';
import type { MessageStatusEvent } from './messaging/outbound.constants.js';
import { WEBCHAT_TYPING_EVENT, type WebchatTypingEvent } from './messaging/widgets.constants.js';
import { REPORT_PROGRESS_EVENT, type ReportProgressEvent } from './reports.js';
import { TICKET_EVENT, type TicketEvent } from './tickets/tickets.constants.js';
import { CALL_EVENTS, type CallEvent } from './voice/calls.constants.js';
import { CALL_MONITOR_EVENT, type CallMonitorEvent } from './voice/monitor.js';

/** `customer-import-progress`: to the user who started a customer import, as rows are processed. */
export const CUSTOMER_IMPORT_PROGRESS_EVENT = 'customer-import-progress';
export interface CustomerImportProgressEvent {
  id: number;
  processed: number;
  total: number | null;
  done?: true;
}

/** `new-transfer`: a ticket is offered to the user (they accept it in the dialog). */
export interface TransferRequestEvent {
  caso: { id: number; numero: number; descripcion: string | null };
  /** The sender, and the note they left for the recipient (null: none). */
  de: { id: number; nombre: string };
  nota: string | null;
}

/** `internal-chat-read`: `readerId` read what `sourceId` sent them. */
export interface InternalChatReadEvent {
  readerId: number;
  sourceId: number;
}

/**
 * `supervision-update`: an agent's state changed, or the call they talk on began or ended (`call` null):
 * supervisors patch their row.
 */
export type SupervisionEvent =
  | { kind: 'agent'; state: AgentState }
  | { kind: 'call'; userId: number; call: AgentCall | null };

/**
 * Every event the server pushes on the app's socket, with its payload: the server's emitters (platform/realtime.ts)
 * and the web's listeners (app/realtime.ts `onRealtimeEvent`) are typed with this one map, so an event with a name or
 * payload it does not list fails to compile. Sequenced events arrive with `seq` and `at` added (see `Sequenced`).
 */
export interface RealtimeEventMap {
  [REALTIME_EVENTS.sessionOpened]: { idSesion: string };
  [REALTIME_EVENTS.forcedStatus]: ForcedStatusEvent;
  [REALTIME_EVENTS.ticketExit]: { casoId: number };
  [REALTIME_EVENTS.newExtension]: { extension: string | null };
  [REALTIME_EVENTS.transferRequest]: TransferRequestEvent;
  /** A role's permissions or the user's roles changed: the profile (and menu) reloads. */
  [REALTIME_EVENTS.permissionsChanged]: { roleId?: number };
  [REALTIME_EVENTS.businessChanged]: { id: number };
  /** Missed events cannot be replayed: reload live lists. */
  [REALTIME_EVENTS.resync]: { lastSeq: number };
  [REALTIME_EVENTS.messageStatus]: MessageStatusEvent;
  [REALTIME_EVENTS.messageChanged]: MessageChangedEvent;
  [TICKET_EVENT]: TicketEvent;
  [NEW_INBOUND_EVENT]: NewInboundEvent;
  [SUPERVISION_EVENT]: SupervisionEvent;
  [INTERNAL_CHAT_EVENT]: InternalChatMessage;
  [INTERNAL_CHAT_READ_EVENT]: InternalChatReadEvent;
  [WEBCHAT_TYPING_EVENT]: WebchatTypingEvent;
  [CUSTOMER_IMPORT_PROGRESS_EVENT]: CustomerImportProgressEvent;
  [REPORT_PROGRESS_EVENT]: ReportProgressEvent;
  [RULE_NOTICE_EVENT]: RuleNoticeEvent;
  [SLA_WARNING_EVENT]: SlaNoticeEvent;
  [SLA_BREACH_EVENT]: SlaNoticeEvent;
  /** A bulk message's status and counters (its campaign's supervisors and its author), at most once a second. */
  [BULK_PROGRESS_EVENT]: BulkProgressEvent;
  /** A dialer's status and counters (its campaign's supervisors and its author), at most once a second. */
  [DIALER_PROGRESS_EVENT]: DialerProgressEvent;
  /** A telephony channel's call, to the agent it rings or reached (docs/voice.md). */
  [CALL_EVENTS.incoming]: CallEvent;
  [CALL_EVENTS.connected]: CallEvent;
  [CALL_EVENTS.ended]: CallEvent;
  [CALL_EVENTS.rejected]: CallEvent;
  /** A step of a supervisor's connection to an agent's call (listen, whisper, barge), to the other party only. */
  [CALL_MONITOR_EVENT]: CallMonitorEvent;
}

export type RealtimeEventName = keyof RealtimeEventMap;
export type RealtimePayload<E extends RealtimeEventName> = RealtimeEventMap[E];
/**
 * What a listener receives: the payload, with the sequence number and the time (ms epoch, the emitting server's
 * clock) of a sequenced (replayable) event. Sequence numbers identify an event; only `at` orders events in time.
 */
export type Sequenced<T> = T & { seq?: number; at?: number };
