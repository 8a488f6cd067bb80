/*
 * Ticket statuses, priorities, transitions, list options and events: constants and the pure functions over them, without zod. The schemas are in tickets.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
/** Ticket statuses (spec: 0 new, 1 open, 2 escalated, 3 transferred, 4 closed) and priorities (0 low .. 2 high). */
export const TICKET_STATUS = { new: 0, open: 1, escalated: 2, transferred: 3, closed: 4 } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];
export const TICKET_PRIORITY = { low: 0, medium: 1, high: 2 } as const;
export type TicketPriority = (typeof TICKET_PRIORITY)[keyof typeof TICKET_PRIORITY];

/** The spec's "all statuses" value of selectedStatus. */
export const ALL_STATUSES = 5;

export type TicketAction = 'open' | 'escalate' | 'transfer' | 'accept' | 'reject' | 'close' | 'merge';

/**
 * The one state machine of a ticket. Closing is irreversible; a transfer waits (status 3) until the recipient
 * accepts (open) or rejects (back to the status before the transfer).
 */
export const TICKET_TRANSITIONS: Record<TicketAction, readonly TicketStatus[]> = {
  open: [TICKET_STATUS.new],
  escalate: [TICKET_STATUS.new, TICKET_STATUS.open],
  transfer: [TICKET_STATUS.new, TICKET_STATUS.open, TICKET_STATUS.escalated],
  accept: [TICKET_STATUS.transferred],
  reject: [TICKET_STATUS.transferred],
  close: [TICKET_STATUS.new, TICKET_STATUS.open, TICKET_STATUS.escalated],
  merge: [TICKET_STATUS.new, TICKET_STATUS.open, TICKET_STATUS.escalated],
};

export function canTransition(action: TicketAction, from: number): boolean {
  return (TICKET_TRANSITIONS[action] as readonly number[]).includes(from);
}

export const TICKET_SORT_COLUMNS = ['created_at', 'updated_at', 'priority', 'number', 'status', 'closed_at'] as const;

/**
 * The page sizes the tickets list offers: up to 1,000 tickets on one page (the web list renders only the rows in
 * view), the API's limit for `GET /tickets`.
 */
export const TICKET_PAGE_SIZES = [10, 25, 50, 100, 250, 500, 1000] as const;
export const TICKET_PAGE_SIZE_MAX = TICKET_PAGE_SIZES[TICKET_PAGE_SIZES.length - 1];

/** upcoming within 15 minutes, late when past due. */
export function taskDue(nextTaskAt: string | Date | null, now = Date.now()): 'late' | 'upcoming' | null {
  if (!nextTaskAt) return null;
  const due = new Date(nextTaskAt).getTime();
  if (due < now) return 'late';
  return due - now <= 15 * 60_000 ? 'upcoming' : null;
}

/** The realtime event of a campaign's pending list (spec: CasoActualizadoEvent on notificacion-campana-{id}). */
export const TICKET_EVENT = 'CasoActualizadoEvent';
export type TicketEventKind = 'leido' | 'asignado' | 'abierto' | 'escalado' | 'transferido' | 'cerrado' | 'nuevo';
export interface TicketEvent {
  tipo: TicketEventKind;
  casoId: number;
  campanaId: number;
  asignado: number | null;
  asignadoNombre: string | null;
}

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
