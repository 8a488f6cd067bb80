import type { InboundResult, RuleTriggerEvent, TicketEventKind } from '@atiende/contracts';
import type { Logger } from 'pino';

/**
 * In-process domain events: what one module tells others after its transaction committed, without knowing who
 * listens (agents follow sessions, routing follows tickets and inbound messages, the web chat sends transcripts).
 * Rules, SLA and bots subscribe here too. Unlike realtime events these never leave the process; unlike jobs they are
 * not durable — work that must survive a crash is queued as a job by the listener, and the routing sweep catches
 * what a crash between commit and listener left undone.
 */
export interface DomainEventMap {
  /** A session opened (login) or closed (logout, revoked): the agent's status follows. */
  'session.changed': { userId: number; change: 'opened' | 'closed' };
  /** A ticket changed and its campaign heard about it; `actorId` made the change (null: the system). */
  'ticket.changed': {
    kind: TicketEventKind;
    ticket: { id: number; campaignId: number; assignedUserId: number | null };
    actorId: number | null;
  };
  /**
   * What business rules listen to (modules/automation), besides `ticket.changed` and `inbound.recorded`: a ticket's
   * fields edited, a task added, routing's assignments. `changedFields` are condition fields (`ticket.priority`).
   */
  'ticket.activity': {
    ticketId: number;
    campaignId: number;
    /** A rule trigger, or an agent's reply (which SLAs follow). */
    activity: RuleTriggerEvent | 'agentReplied';
    changedFields: string[];
  };
  /** An agent closed the ticket (not a merge). */
  'ticket.closed': { ticketId: number };
  /** A customer's message was stored (not a duplicate) and announced. */
  'inbound.recorded': InboundResult;
  /** A channel or a campaign was created or changed: what the inbound path keeps of them is stale. */
  'structure.changed': { kind: 'channel' | 'campaign'; id: number };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainListener<E extends DomainEventName> = (payload: DomainEventMap[E]) => Promise<unknown> | unknown;

export interface DomainEvents {
  /** Adds a listener; listeners run in the order they were added. Returns the unsubscribe function. */
  on<E extends DomainEventName>(event: E, listener: DomainListener<E>): () => void;
  /**
   * Runs the event's listeners one after another and settles when all did. A failing listener is logged and does
   * not stop the others, nor fail the change that emitted (it is already committed).
   */
  emit<E extends DomainEventName>(event: E, payload: DomainEventMap[E]): Promise<void>;
}

export function createDomainEvents(logger: Logger): DomainEvents {
  const listeners = new Map<DomainEventName, DomainListener<never>[]>();
  return {
    on(event, listener) {
      const list = listeners.get(event) ?? [];
      list.push(listener as DomainListener<never>);
      listeners.set(event, list);
      return () => {
        const index = list.indexOf(listener as DomainListener<never>);
        if (index >= 0) list.splice(index, 1);
      };
    },
    async emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          await (listener as DomainListener<typeof event>)(payload);
        } catch (error) {
          logger.error({ err: error, event }, 'domain event listener failed');
        }
      }
    },
  };
}
