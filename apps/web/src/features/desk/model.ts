import {
  AGENT_STATUS_CODES,
  type AgentState,
  type AgentStatusBody,
  type AgentStatusCode,
  agentMenuTargets,
  type ForcedStatusEvent,
  type NewInboundEvent,
  PAUSE_ACTION_TYPE,
  PENDING_FILTERS,
  PENDING_LIMIT,
  PENDING_NOTIFY,
  PENDING_SORT_COLUMNS,
  type PendingTicketItem,
  type PendingTickets,
  pauseLabel,
  type TicketEvent,
} from '@atiende/contracts';

// ---------------------------------------------------------------------------------------------------------------
// Pending list settings (spec section 9: DESC by created_at, mine, unread; kept in localStorage)

export type PendingFilter = (typeof PENDING_FILTERS)[number];
export type PendingNotify = (typeof PENDING_NOTIFY)[number];
export type PendingSortColumn = (typeof PENDING_SORT_COLUMNS)[number];
export type SortDirection = 'ASC' | 'DESC';

export interface PendingSettings {
  sortBy: SortDirection;
  sortColumn: PendingSortColumn;
  filter: PendingFilter;
  notify: PendingNotify;
}

export const DEFAULT_PENDING_SETTINGS: PendingSettings = {
  sortBy: 'DESC',
  sortColumn: 'created_at',
  filter: 'mine',
  notify: 'unread',
};

/** The stored settings (JSON); anything missing or invalid falls back to the defaults, field by field. */
export function parsePendingSettings(raw: string | null): PendingSettings {
  if (!raw) return { ...DEFAULT_PENDING_SETTINGS };
  let value: Partial<Record<keyof PendingSettings, unknown>>;
  try {
    const parsed = JSON.parse(raw) as unknown;
    value = parsed && typeof parsed === 'object' ? (parsed as typeof value) : {};
  } catch {
    return { ...DEFAULT_PENDING_SETTINGS };
  }
  const pick = <T extends string>(options: readonly T[], candidate: unknown, fallback: T): T =>
    typeof candidate === 'string' && (options as readonly string[]).includes(candidate) ? (candidate as T) : fallback;
  const direction = typeof value.sortBy === 'string' ? value.sortBy.toUpperCase() : undefined;
  return {
    sortBy: pick(['ASC', 'DESC'] as const, direction, DEFAULT_PENDING_SETTINGS.sortBy),
    sortColumn: pick(PENDING_SORT_COLUMNS, value.sortColumn, DEFAULT_PENDING_SETTINGS.sortColumn),
    filter: pick(PENDING_FILTERS, value.filter, DEFAULT_PENDING_SETTINGS.filter),
    notify: pick(PENDING_NOTIFY, value.notify, DEFAULT_PENDING_SETTINGS.notify),
  };
}

/** What one cached pending list was asked for: the settings that shape it, its campaign and search text. */
export interface PendingView {
  filter: PendingFilter;
  sortColumn: PendingSortColumn;
  sortBy: SortDirection;
  /** The header's selected campaign (null: every campaign of the user). */
  campaignId: number | null;
  searchText?: string;
}

/** The query parameters of `GET caso/pendientes`. */
export function pendingParams(settings: PendingSettings, campaignId: number | null, searchText = '') {
  const params: Record<string, string | number> = {
    sortBy: settings.sortBy,
    sortColumn: settings.sortColumn,
    filter: settings.filter,
    notify: settings.notify,
  };
  if (campaignId) params.campana = campaignId;
  const text = searchText.trim();
  if (text) params.searchText = text;
  return params;
}

export const EMPTY_PENDING: PendingTickets = { casosPendientes: [], totalCasosNoLeidos: 0, totalCasosPendientes: 0 };

/** The header bell's number: unread or pending total by the notify setting. */
export function badgeCount(state: PendingTickets | undefined, notify: PendingNotify): number {
  if (!state) return 0;
  return Math.max(0, notify === 'unread' ? state.totalCasosNoLeidos : state.totalCasosPendientes);
}

// ---------------------------------------------------------------------------------------------------------------
// Sorting (as the server does: NULLs last ascending and first descending, ties by id in the same direction)

function sortValue(item: PendingTicketItem, column: PendingSortColumn): number | null {
  switch (column) {
    case 'created_at':
      return Date.parse(item.caso_created_at);
    case 'fecha_recibido':
      return Date.parse(item.fecha_recibido);
    case 'caso_prioridad':
      return item.caso_prioridad;
    case 'fecha_proxima_gestion':
      return item.fecha_proxima_gestion ? Date.parse(item.fecha_proxima_gestion) : null;
  }
}

export function sortPending(
  items: readonly PendingTicketItem[],
  column: PendingSortColumn,
  direction: SortDirection,
): PendingTicketItem[] {
  const sign = direction === 'ASC' ? 1 : -1;
  return [...items].sort((a, b) => {
    const va = sortValue(a, column);
    const vb = sortValue(b, column);
    if (va === null || vb === null || Number.isNaN(va) || Number.isNaN(vb)) {
      const na = va === null || Number.isNaN(va);
      const nb = vb === null || Number.isNaN(vb);
      if (na !== nb) return (na ? 1 : -1) * sign;
    } else if (va !== vb) {
      return (va - vb) * sign;
    }
    return (a.caso_id - b.caso_id) * sign;
  });
}

/** Whether an item belongs to a list with this filter (the server's rule: mine = assigned to me, unassigned = nobody). */
export function matchesFilter(item: PendingTicketItem, filter: PendingFilter, me: number | null): boolean {
  if (item.estado === 4) return false;
  if (filter === 'mine') return me !== null && item.asignado === me;
  if (filter === 'unassigned') return item.asignado === null;
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Live updates (spec section 4, "Live pending-list events")

export type PendingEvent =
  | { kind: 'ticket'; event: TicketEvent }
  | { kind: 'inbound'; event: NewInboundEvent }
  | { kind: 'resync' };

export interface PendingOutcome {
  state: PendingTickets;
  /** The list cannot be patched: fetch it again. */
  reload: boolean;
}

const unchanged = (state: PendingTickets): PendingOutcome => ({ state, reload: false });
const reloadOf = (state: PendingTickets): PendingOutcome => ({ state, reload: true });

function withoutItem(state: PendingTickets, index: number): PendingTickets {
  const item = state.casosPendientes[index];
  return {
    casosPendientes: state.casosPendientes.filter((_, position) => position !== index),
    totalCasosPendientes: Math.max(0, state.totalCasosPendientes - 1),
    totalCasosNoLeidos: Math.max(0, state.totalCasosNoLeidos - (item.estado_lectura === 0 ? 1 : 0)),
  };
}

function replaceItem(state: PendingTickets, index: number, item: PendingTicketItem): PendingTickets {
  return { ...state, casosPendientes: state.casosPendientes.map((current, at) => (at === index ? item : current)) };
}

/**
 * One realtime event applied to a cached pending list:
 * - leido: the item becomes read and the unread count goes down;
 * - asignado: with filter mine and another assignee the item leaves; otherwise an empty assignee is filled in; with
 *   filter mine, a ticket assigned to me that the list does not hold makes it reload;
 * - abierto: estado 0 becomes 1; escalado, transferido (and nuevo, a ticket created by hand): reload;
 * - cerrado: the item leaves and the pending count goes down;
 * - a new inbound item is added (or replaces its entry) when it matches the filter, counts go up, the list re-sorts;
 * - resync (missed events that cannot be replayed): reload.
 * Events of another campaign than the selected one change nothing. A list narrowed by a search text reloads
 * instead of guessing whether the item matches the text.
 */
export function applyPendingEvent(
  state: PendingTickets,
  event: PendingEvent,
  view: PendingView,
  me: number | null,
): PendingOutcome {
  if (event.kind === 'resync') return reloadOf(state);
  const campaignId = event.kind === 'ticket' ? event.event.campanaId : event.event.campanaId;
  if (view.campaignId !== null && campaignId !== view.campaignId) return unchanged(state);
  const ticketId = event.event.casoId;
  const index = state.casosPendientes.findIndex((item) => item.caso_id === ticketId);
  const current = index >= 0 ? state.casosPendientes[index] : undefined;

  if (event.kind === 'inbound') {
    const item = event.event.item;
    if (view.searchText?.trim()) return reloadOf(state);
    if (!matchesFilter(item, view.filter, me)) return unchanged(index >= 0 ? withoutItem(state, index) : state);
    const unreadDelta = current
      ? (item.estado_lectura === 0 ? 1 : 0) - (current.estado_lectura === 0 ? 1 : 0)
      : item.estado_lectura === 0
        ? 1
        : 0;
    const others = state.casosPendientes.filter((entry) => entry.caso_id !== item.caso_id);
    return unchanged({
      casosPendientes: sortPending([...others, item], view.sortColumn, view.sortBy).slice(0, PENDING_LIMIT),
      totalCasosPendientes: state.totalCasosPendientes + (current ? 0 : 1),
      totalCasosNoLeidos: Math.max(0, state.totalCasosNoLeidos + unreadDelta),
    });
  }

  const change = event.event;
  switch (change.tipo) {
    case 'leido':
      if (!current || current.estado_lectura === 1) return unchanged(state);
      return unchanged({
        ...replaceItem(state, index, { ...current, estado_lectura: 1 }),
        totalCasosNoLeidos: Math.max(0, state.totalCasosNoLeidos - 1),
      });
    case 'asignado':
      if (view.filter === 'mine' && change.asignado !== me) {
        return unchanged(current ? withoutItem(state, index) : state);
      }
      if (!current) {
        const mineArrived = view.filter === 'mine' && me !== null && change.asignado === me;
        return mineArrived ? reloadOf(state) : unchanged(state);
      }
      if (current.asignado !== null) return unchanged(state);
      return unchanged(
        replaceItem(state, index, { ...current, asignado: change.asignado, asignado_nombre: change.asignadoNombre }),
      );
    case 'abierto':
      if (current?.estado !== 0) return unchanged(state);
      return unchanged(replaceItem(state, index, { ...current, estado: 1 }));
    case 'escalado':
    case 'transferido':
    case 'nuevo':
      return reloadOf(state);
    case 'cerrado':
      return unchanged(current ? withoutItem(state, index) : state);
    default:
      return unchanged(state);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Sound (spec section 6): a new inbound ticket of mine while waiting, or while handling that very ticket

export interface AgentNow {
  estado: AgentStatusCode;
  casoId: number | null;
}

export function shouldPlaySound(
  event: PendingEvent,
  me: number | null,
  agent: AgentNow | null,
  soundNotifications: boolean,
): boolean {
  if (!soundNotifications || me === null || !agent || event.kind === 'resync') return false;
  const ticketId = event.event.casoId;
  const mine =
    event.kind === 'inbound'
      ? event.event.item.asignado === me
      : event.event.tipo === 'asignado' && event.event.asignado === me;
  if (!mine) return false;
  return agent.estado === 'E' || (agent.estado === 'G' && agent.casoId === ticketId);
}

// ---------------------------------------------------------------------------------------------------------------
// Agent status

export interface StateListEntry {
  nombre: string;
  etiqueta: string;
}

/** The pause menu entries: the state list without L, labelled with underscores (spec: type PAUSAR_ESTADO). */
export function pauseOptions(states: readonly StateListEntry[]) {
  return states
    .filter((state) => state.nombre !== 'L')
    .map((state) => ({
      nombre: state.nombre,
      etiqueta: state.etiqueta,
      label: pauseLabel(state.nombre),
      type: PAUSE_ACTION_TYPE,
    }));
}

export type StatusMenuEntry =
  | { kind: 'status'; code: AgentStatusCode; enabled: boolean; current: boolean }
  | { kind: 'pause'; nombre: string; etiqueta: string; label: string; enabled: boolean; current: boolean };

/**
 * The status menu (spec section 4): Disconnected shown disabled; from Preparation to Waiting; from Waiting or
 * Handling to any pause reason; Pause shown disabled.
 */
export function statusMenu(state: Pick<AgentState, 'estado' | 'pausa'>, states: readonly StateListEntry[]) {
  const targets = agentMenuTargets(state.estado);
  const entries: StatusMenuEntry[] = [
    { kind: 'status', code: 'D', enabled: false, current: state.estado === 'D' },
    { kind: 'status', code: 'E', enabled: targets.includes('E'), current: state.estado === 'E' },
    ...pauseOptions(states).map(
      (option): StatusMenuEntry => ({
        kind: 'pause',
        ...option,
        enabled: targets.includes('P'),
        current: state.estado === 'P' && state.pausa === option.nombre,
      }),
    ),
    { kind: 'status', code: 'P', enabled: false, current: state.estado === 'P' },
  ];
  return entries;
}

export function isStatusCode(value: unknown): value is AgentStatusCode {
  return typeof value === 'string' && (AGENT_STATUS_CODES as readonly string[]).includes(value);
}

export interface StatusTarget {
  estado: AgentStatusCode;
  pausa?: string | null;
  casoId?: number | null;
  campaignId?: number | null;
}

/**
 * Whether a wanted status is a real change worth reporting (spec: only when it differs): another status or pause
 * reason, handling another ticket, or the same status in another campaign (the server then only updates context).
 */
export function shouldReport(current: AgentState | null, target: StatusTarget): boolean {
  if (!current) return true;
  if (current.estado !== target.estado) return true;
  if (target.estado === 'P' && (current.pausa ?? null) !== (target.pausa ?? null)) return true;
  if (target.estado === 'G' && target.casoId !== undefined && current.casoId !== target.casoId) return true;
  if (target.campaignId !== undefined && target.campaignId !== null && current.campanaId !== target.campaignId)
    return true;
  return false;
}

/** `POST supervision/agente/estado` for a wanted status, from the current one (duracion: when it started). */
export function statusBody(current: AgentState | null, target: StatusTarget): AgentStatusBody {
  const since = current ? Math.floor(Date.parse(current.since) / 1000) : null;
  return {
    estado: target.estado,
    estado_anterior: current?.estado ?? null,
    duracion: since !== null && Number.isFinite(since) && since >= 0 ? since : null,
    caso_actual: target.estado === 'G' ? (target.casoId ?? current?.casoId ?? null) : null,
    campana_actual: target.campaignId ?? current?.campanaId ?? null,
    pausa: target.estado === 'P' ? (target.pausa ?? null) : null,
  };
}

export interface ForcedOutcome {
  state: Pick<AgentState, 'estado' | 'pausa'>;
  /** The pause flag afterwards. */
  paused: boolean;
  /** Forget the session (forced offline). */
  signOut: boolean;
  /** Where to go, if anywhere. */
  navigateTo: string | null;
}

/**
 * A supervisor's forced change (spec "Forced status event"): the status as given; D signs out and returns to /;
 * P sets the pause flag (the app then holds the agent at the lock screen); G goes to /app/tickets; leaving a pause
 * clears the flag and goes to /app.
 */
export function forcedStatusOutcome(event: ForcedStatusEvent, wasPaused: boolean): ForcedOutcome {
  const estado = event.estado.nombre;
  const state = { estado, pausa: estado === 'P' ? (event.estado.pausa ?? null) : null };
  if (estado === 'D') return { state, paused: false, signOut: true, navigateTo: '/' };
  if (estado === 'P') return { state, paused: true, signOut: false, navigateTo: '/lockscreen' };
  if (estado === 'G') return { state, paused: false, signOut: false, navigateTo: '/app/tickets' };
  return { state, paused: false, signOut: false, navigateTo: wasPaused ? '/app' : null };
}

/** Status at load (spec: profile reload sets A when not paused): what to do with the server's current status. */
export function statusOnLoad(server: AgentStatusCode, locallyPaused: boolean): 'pause' | 'ready' | 'keep' {
  if (locallyPaused || server === 'P') return server === 'P' ? 'pause' : 'keep';
  return server === 'A' ? 'keep' : 'ready';
}

// ---------------------------------------------------------------------------------------------------------------
// Formatting

/** hh:mm:ss of a duration in ms (never negative). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** A short time for a list: the time today, the day and month this year, else the date. */
export function formatShortTime(value: string | null | undefined, locale: string, now = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay) return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  if (date.getFullYear() === now.getFullYear()) {
    return new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
