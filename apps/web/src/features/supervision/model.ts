import {
  AGENT_STATUS,
  AGENT_STATUS_CODES,
  type AgentCall,
  type AgentState,
  type AgentStatusCode,
  pauseLabel,
  type QueueSnapshot,
  type SupervisedAgent,
} from '@atiende/contracts';

/** A row of the live table: the server's agent, whose ticket number may be unknown right after a live patch. */
export type AgentRow = Omit<SupervisedAgent, 'currentTicket'> & {
  currentTicket: { id: number; number: number | null } | null;
};

export type StatusFilter = 'all' | AgentStatusCode;

export const isStatusCode = (value: unknown): value is AgentStatusCode =>
  typeof value === 'string' && (AGENT_STATUS_CODES as readonly string[]).includes(value);

/** Whole seconds from an ISO instant to `now` (never negative: a browser clock behind the server's reads 0). */
export function elapsedSeconds(since: string | null | undefined, now: number): number {
  if (!since) return 0;
  const start = Date.parse(since);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((now - start) / 1000));
}

/**
 * A status of the log: the server writes the pause reason instead of P for pauses (e.g. DESCANSO), so anything
 * that is not a status code is a pause with that reason.
 */
export function logStatus(value: string | null | undefined): { code: AgentStatusCode; pause: string | null } | null {
  if (!value) return null;
  if (isStatusCode(value)) return { code: value, pause: null };
  return { code: 'P', pause: value };
}

/** The translation key of a pause reason (spaces to underscores, as the menu labels). */
export const pauseKey = (nombre: string) => `supervision.pauses.${pauseLabel(nombre)}`;

/** Lowercase without accents, for matching what a supervisor types. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Client-side filter of the (bounded) agent list: words in name, campaign, pause or ticket number; one status. */
export function filterAgents(rows: readonly AgentRow[], text: string, status: StatusFilter): AgentRow[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (status !== 'all' && row.estado !== status) return false;
    if (words.length === 0) return true;
    const haystack = fold(
      [
        row.nombre,
        row.campaign?.name ?? '',
        row.pausa ?? '',
        row.currentTicket?.number != null ? `#${row.currentTicket.number}` : '',
      ].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}

export type AgentSortKey = 'nombre' | 'estado' | 'since' | 'campaign' | 'openTickets' | 'assignedToday' | 'closedToday';
export const AGENT_SORT_KEYS: readonly AgentSortKey[] = [
  'nombre',
  'estado',
  'since',
  'campaign',
  'openTickets',
  'assignedToday',
  'closedToday',
];

const STATUS_ORDER: Record<AgentStatusCode, number> = { G: 0, E: 1, A: 2, P: 3, D: 4 };

function sortValue(row: AgentRow, key: AgentSortKey): string | number {
  switch (key) {
    case 'nombre':
      return fold(row.nombre);
    case 'estado':
      return STATUS_ORDER[row.estado];
    case 'since':
      return Date.parse(row.since) || 0;
    case 'campaign':
      return fold(row.campaign?.name ?? '');
    default:
      return row[key];
  }
}

/** Stable client-side sort; ties keep the name order. */
export function sortAgents(rows: readonly AgentRow[], key: AgentSortKey, order: 'asc' | 'desc'): AgentRow[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = sortValue(a, key);
    const right = sortValue(b, key);
    if (left < right) return -direction;
    if (left > right) return direction;
    return fold(a.nombre).localeCompare(fold(b.nombre)) || a.id - b.id;
  });
}

/** How many agents are in each status (for the status filter). */
export function countByStatus(rows: readonly AgentRow[]): Record<AgentStatusCode, number> {
  const counts = Object.fromEntries(AGENT_STATUS_CODES.map((code) => [code, 0])) as Record<AgentStatusCode, number>;
  for (const row of rows) counts[row.estado] += 1;
  return counts;
}

/** Reads a `supervision-update` payload; null for anything that is not an agent state. */
export function parseSupervisionEvent(payload: unknown): AgentState | null {
  if (!payload || typeof payload !== 'object') return null;
  const event = payload as { kind?: unknown; state?: unknown };
  if (event.kind !== 'agent' || !event.state || typeof event.state !== 'object') return null;
  const state = event.state as Record<string, unknown>;
  if (typeof state.userId !== 'number' || !isStatusCode(state.estado) || typeof state.since !== 'string') return null;
  const id = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    userId: state.userId,
    estado: state.estado,
    pausa: typeof state.pausa === 'string' && state.pausa ? state.pausa : null,
    since: state.since,
    campanaId: id(state.campanaId),
    casoId: id(state.casoId),
  };
}

/** Reads a `supervision-update` about a call (an agent's began, or ended: `call` null); null for anything else. */
export function parseCallEvent(payload: unknown): { userId: number; call: AgentCall | null } | null {
  if (!payload || typeof payload !== 'object') return null;
  const event = payload as { kind?: unknown; userId?: unknown; call?: unknown };
  if (event.kind !== 'call' || typeof event.userId !== 'number') return null;
  if (event.call === null) return { userId: event.userId, call: null };
  const call = event.call as Record<string, unknown> | undefined;
  if (
    !call ||
    typeof call.id !== 'number' ||
    (call.direction !== 'inbound' && call.direction !== 'outbound') ||
    typeof call.customerNumber !== 'string' ||
    typeof call.answeredAt !== 'string'
  ) {
    return null;
  }
  const ticket = call.ticket as { id?: unknown; number?: unknown } | null | undefined;
  return {
    userId: event.userId,
    call: {
      id: call.id,
      direction: call.direction,
      customerNumber: call.customerNumber,
      answeredAt: call.answeredAt,
      ticket:
        ticket && typeof ticket.id === 'number' && typeof ticket.number === 'number'
          ? { id: ticket.id, number: ticket.number }
          : null,
    },
  };
}

/** The row of `userId` with the call they talk on now (agents not in the list are ignored). */
export function patchAgentCall(rows: readonly AgentRow[], userId: number, call: AgentCall | null): AgentRow[] {
  return rows.map((row) => (row.id === userId ? { ...row, call } : row));
}

/**
 * Applies a live agent state to the table without a fetch. `stale` tells the caller the row now shows something the
 * event cannot fill in (a campaign whose name no row knows, a ticket whose number is unknown): a later refetch
 * completes it. Agents not in the list (other supervisors' campaigns) are ignored.
 */
export function patchAgent(rows: readonly AgentRow[], state: AgentState): { rows: AgentRow[]; stale: boolean } {
  const index = rows.findIndex((row) => row.id === state.userId);
  if (index < 0) return { rows: [...rows], stale: false };
  const row = rows[index];
  let stale = false;
  let campaign = row.campaign;
  if (state.campanaId === null) campaign = null;
  else if (campaign?.id !== state.campanaId) {
    const known = rows.find((other) => other.campaign?.id === state.campanaId)?.campaign;
    campaign = known ?? { id: state.campanaId, name: '' };
    if (!known) stale = true;
  }
  let currentTicket = row.currentTicket;
  if (state.casoId === null) currentTicket = null;
  else if (currentTicket?.id !== state.casoId) {
    currentTicket = { id: state.casoId, number: null };
    stale = true;
  }
  const next: AgentRow = {
    ...row,
    estado: state.estado,
    pausa: state.estado === 'P' ? state.pausa : null,
    since: state.since,
    campaign,
    currentTicket,
  };
  const copy = [...rows];
  copy[index] = next;
  return { rows: copy, stale };
}

export type ServiceLevelState = 'met' | 'below' | 'none';

/** Whether the campaign meets its service-level target today (none: nothing measured yet). */
export function serviceLevelState(
  queue: Pick<QueueSnapshot, 'serviceLevel' | 'serviceLevelTarget'>,
): ServiceLevelState {
  if (queue.serviceLevel === null || queue.serviceLevel === undefined) return 'none';
  return queue.serviceLevel >= queue.serviceLevelTarget ? 'met' : 'below';
}

/** Totals over the campaigns shown (header summary of the queues page). */
export function queueTotals(queues: readonly QueueSnapshot[]) {
  return queues.reduce(
    (sum, queue) => ({
      waiting: sum.waiting + queue.waiting,
      inProgress: sum.inProgress + queue.inProgress,
      agentsAvailable: sum.agentsAvailable + queue.agentsAvailable,
      agentsOnline: sum.agentsOnline + queue.agentsOnline,
    }),
    { waiting: 0, inProgress: 0, agentsAvailable: 0, agentsOnline: 0 },
  );
}

/** The status colour of the spec (AGENT_STATUS) for a code. */
export const statusColor = (code: AgentStatusCode) => AGENT_STATUS[code].color;

export { type ThrottleClock, type Throttled, throttle } from '../../core/throttle';
