import type { AgentState, NewInboundEvent, PendingTicketItem, PendingTickets, TicketEvent } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyPendingEvent,
  badgeCount,
  DEFAULT_PENDING_SETTINGS,
  forcedStatusOutcome,
  formatDuration,
  formatShortTime,
  matchesFilter,
  type PendingEvent,
  type PendingView,
  parsePendingSettings,
  pauseOptions,
  pendingParams,
  shouldPlaySound,
  shouldReport,
  sortPending,
  statusBody,
  statusMenu,
  statusOnLoad,
} from './model';

const ME = 7;
const OTHER = 8;

function item(id: number, patch: Partial<PendingTicketItem> = {}): PendingTicketItem {
  return {
    caso_id: id,
    campana_id: 1,
    asignado: ME,
    asignado_nombre: 'Yo',
    estado: 0,
    estado_lectura: 0,
    contenido: '<p>Hola</p>',
    cliente: `Cliente ${id}`,
    remitente: 'Ana',
    fecha_recibido: `2026-03-0${id}T10:00:00.000Z`,
    fecha_proxima_gestion: null,
    caso_prioridad: 1,
    caso_created_at: `2026-03-0${id}T09:00:00.000Z`,
    cumplio_sla: 1,
    tipo: 0,
    tipo_canal_id: 9,
    tipo_canal_icon_class: 'chat',
    ...patch,
  };
}

function list(items: PendingTicketItem[], unread?: number, pending?: number): PendingTickets {
  return {
    casosPendientes: items,
    totalCasosNoLeidos: unread ?? items.filter((entry) => entry.estado_lectura === 0).length,
    totalCasosPendientes: pending ?? items.length,
  };
}

const view = (patch: Partial<PendingView> = {}): PendingView => ({
  filter: 'mine',
  sortColumn: 'created_at',
  sortBy: 'DESC',
  campaignId: null,
  ...patch,
});

const ticketEvent = (tipo: TicketEvent['tipo'], casoId: number, patch: Partial<TicketEvent> = {}): PendingEvent => ({
  kind: 'ticket',
  event: { tipo, casoId, campanaId: 1, asignado: ME, asignadoNombre: 'Yo', ...patch },
});

const inbound = (entry: PendingTicketItem): PendingEvent => ({
  kind: 'inbound',
  event: { newRegistroCanal: 50, casoId: entry.caso_id, campanaId: entry.campana_id, item: entry } as NewInboundEvent,
});

const ids = (state: PendingTickets) => state.casosPendientes.map((entry) => entry.caso_id);

describe('pending settings', () => {
  it('default to DESC by created_at, mine and unread', () => {
    expect(parsePendingSettings(null)).toEqual({
      sortBy: 'DESC',
      sortColumn: 'created_at',
      filter: 'mine',
      notify: 'unread',
    });
    expect(parsePendingSettings('not json')).toEqual(DEFAULT_PENDING_SETTINGS);
  });

  it('keep valid stored fields and replace the invalid ones one by one', () => {
    expect(
      parsePendingSettings(
        JSON.stringify({ sortBy: 'asc', sortColumn: 'caso_prioridad', filter: 'everything', notify: 'pending' }),
      ),
    ).toEqual({ sortBy: 'ASC', sortColumn: 'caso_prioridad', filter: 'mine', notify: 'pending' });
  });

  it('build the query with the campaign and a trimmed search only when given', () => {
    expect(pendingParams(DEFAULT_PENDING_SETTINGS, null, '  ')).toEqual({
      sortBy: 'DESC',
      sortColumn: 'created_at',
      filter: 'mine',
      notify: 'unread',
    });
    expect(pendingParams(DEFAULT_PENDING_SETTINGS, 4, ' ana ')).toMatchObject({ campana: 4, searchText: 'ana' });
  });

  it('drive the bell: unread or pending total by the notify mode', () => {
    const state = list([item(1), item(2, { estado_lectura: 1 })]);
    expect(badgeCount(state, 'unread')).toBe(1);
    expect(badgeCount(state, 'pending')).toBe(2);
    expect(badgeCount(undefined, 'pending')).toBe(0);
  });
});

describe('sorting and filters', () => {
  it('sorts by the column in both directions, ties by id', () => {
    const items = [item(1, { caso_prioridad: 2 }), item(2, { caso_prioridad: 0 }), item(3, { caso_prioridad: 2 })];
    expect(sortPending(items, 'created_at', 'DESC').map((entry) => entry.caso_id)).toEqual([3, 2, 1]);
    expect(sortPending(items, 'caso_prioridad', 'DESC').map((entry) => entry.caso_id)).toEqual([3, 1, 2]);
    expect(sortPending(items, 'caso_prioridad', 'ASC').map((entry) => entry.caso_id)).toEqual([2, 1, 3]);
  });

  it('puts tickets without a next task last ascending and first descending, as the database does', () => {
    const items = [
      item(1, { fecha_proxima_gestion: '2026-03-05T10:00:00Z' }),
      item(2),
      item(3, { fecha_proxima_gestion: '2026-03-04T10:00:00Z' }),
    ];
    expect(sortPending(items, 'fecha_proxima_gestion', 'ASC').map((entry) => entry.caso_id)).toEqual([3, 1, 2]);
    expect(sortPending(items, 'fecha_proxima_gestion', 'DESC').map((entry) => entry.caso_id)).toEqual([2, 1, 3]);
  });

  it('matches mine, unassigned and all like the server', () => {
    expect(matchesFilter(item(1), 'mine', ME)).toBe(true);
    expect(matchesFilter(item(1, { asignado: OTHER }), 'mine', ME)).toBe(false);
    expect(matchesFilter(item(1, { asignado: null }), 'unassigned', ME)).toBe(true);
    expect(matchesFilter(item(1), 'unassigned', ME)).toBe(false);
    expect(matchesFilter(item(1, { asignado: OTHER }), 'all', ME)).toBe(true);
    expect(matchesFilter(item(1, { estado: 4 }), 'all', ME)).toBe(false);
  });
});

describe('applyPendingEvent (spec section 4)', () => {
  it('leido marks the item read and lowers the unread count once', () => {
    const state = list([item(1), item(2)]);
    const once = applyPendingEvent(state, ticketEvent('leido', 1), view(), ME);
    expect(once.reload).toBe(false);
    expect(once.state.casosPendientes[0].estado_lectura).toBe(1);
    expect(once.state.totalCasosNoLeidos).toBe(1);
    expect(applyPendingEvent(once.state, ticketEvent('leido', 1), view(), ME).state).toBe(once.state);
    expect(applyPendingEvent(state, ticketEvent('leido', 99), view(), ME).state).toBe(state);
  });

  it('asignado to someone else removes the ticket from mine, with its counts', () => {
    const state = list([item(1), item(2, { estado_lectura: 1 })]);
    const outcome = applyPendingEvent(state, ticketEvent('asignado', 1, { asignado: OTHER }), view(), ME);
    expect(ids(outcome.state)).toEqual([2]);
    expect(outcome.state.totalCasosPendientes).toBe(1);
    expect(outcome.state.totalCasosNoLeidos).toBe(0);
  });

  it('asignado fills an empty assignee in other lists and leaves a set one alone', () => {
    const state = list([item(1, { asignado: null, asignado_nombre: null }), item(2, { asignado: OTHER })]);
    const filled = applyPendingEvent(
      state,
      ticketEvent('asignado', 1, { asignado: OTHER, asignadoNombre: 'Otro' }),
      view({ filter: 'all' }),
      ME,
    );
    expect(filled.state.casosPendientes[0]).toMatchObject({ asignado: OTHER, asignado_nombre: 'Otro' });
    const kept = applyPendingEvent(state, ticketEvent('asignado', 2), view({ filter: 'all' }), ME);
    expect(kept.state.casosPendientes[1].asignado).toBe(OTHER);
  });

  it('asignado to me of a ticket mine does not hold reloads it', () => {
    const state = list([item(1)]);
    expect(applyPendingEvent(state, ticketEvent('asignado', 5), view(), ME).reload).toBe(true);
    expect(applyPendingEvent(state, ticketEvent('asignado', 5), view({ filter: 'all' }), ME).reload).toBe(false);
  });

  it('abierto moves estado 0 to 1 only', () => {
    const state = list([item(1), item(2, { estado: 2 })]);
    const opened = applyPendingEvent(state, ticketEvent('abierto', 1), view(), ME).state;
    expect(opened.casosPendientes[0].estado).toBe(1);
    expect(applyPendingEvent(state, ticketEvent('abierto', 2), view(), ME).state).toBe(state);
  });

  it('escalado and transferido reload the list', () => {
    const state = list([item(1)]);
    expect(applyPendingEvent(state, ticketEvent('escalado', 1), view(), ME).reload).toBe(true);
    expect(applyPendingEvent(state, ticketEvent('transferido', 1), view(), ME).reload).toBe(true);
    expect(applyPendingEvent(state, { kind: 'resync' }, view(), ME).reload).toBe(true);
  });

  it('cerrado removes the ticket and lowers the pending count', () => {
    const state = list([item(1, { estado_lectura: 1 }), item(2)]);
    const outcome = applyPendingEvent(state, ticketEvent('cerrado', 1), view(), ME);
    expect(ids(outcome.state)).toEqual([2]);
    expect(outcome.state.totalCasosPendientes).toBe(1);
    expect(outcome.state.totalCasosNoLeidos).toBe(1);
  });

  it('a new inbound item of mine is added, counted and sorted in', () => {
    const state = list([item(1), item(3, { estado_lectura: 1 })]);
    const outcome = applyPendingEvent(state, inbound(item(2)), view(), ME);
    expect(outcome.reload).toBe(false);
    expect(ids(outcome.state)).toEqual([3, 2, 1]);
    expect(outcome.state.totalCasosPendientes).toBe(3);
    expect(outcome.state.totalCasosNoLeidos).toBe(2);
  });

  it('a new inbound item replaces its entry: read becomes unread once, counts stay', () => {
    const state = list([item(1, { estado_lectura: 1, contenido: 'old' })]);
    const outcome = applyPendingEvent(state, inbound(item(1, { contenido: 'new' })), view(), ME);
    expect(outcome.state.casosPendientes).toHaveLength(1);
    expect(outcome.state.casosPendientes[0].contenido).toBe('new');
    expect(outcome.state.totalCasosPendientes).toBe(1);
    expect(outcome.state.totalCasosNoLeidos).toBe(1);
  });

  it('a new inbound item joins only the lists whose filter it matches', () => {
    const unassigned = item(4, { asignado: null, asignado_nombre: null });
    const state = list([item(1)]);
    expect(applyPendingEvent(state, inbound(unassigned), view(), ME).state).toBe(state);
    expect(ids(applyPendingEvent(state, inbound(unassigned), view({ filter: 'unassigned' }), ME).state)).toEqual([
      4, 1,
    ]);
    expect(
      ids(applyPendingEvent(state, inbound(item(4, { asignado: OTHER })), view({ filter: 'all' }), ME).state),
    ).toEqual([4, 1]);
  });

  it('ignores other campaigns than the selected one and reloads a searched list instead of guessing', () => {
    const state = list([item(1)]);
    expect(applyPendingEvent(state, inbound(item(2, { campana_id: 9 })), view({ campaignId: 1 }), ME).state).toBe(
      state,
    );
    expect(
      applyPendingEvent(state, ticketEvent('cerrado', 1, { campanaId: 9 }), view({ campaignId: 1 }), ME).state,
    ).toBe(state);
    expect(applyPendingEvent(state, inbound(item(2)), view({ searchText: 'ana' }), ME).reload).toBe(true);
  });
});

describe('the new-ticket sound', () => {
  const waiting = { estado: 'E' as const, casoId: null };
  it('plays for a ticket of mine while waiting, if the business allows it', () => {
    expect(shouldPlaySound(inbound(item(1)), ME, waiting, true)).toBe(true);
    expect(shouldPlaySound(ticketEvent('asignado', 1), ME, waiting, true)).toBe(true);
    expect(shouldPlaySound(inbound(item(1)), ME, waiting, false)).toBe(false);
    expect(shouldPlaySound(inbound(item(1, { asignado: null })), ME, waiting, true)).toBe(false);
    expect(shouldPlaySound(ticketEvent('asignado', 1, { asignado: OTHER }), ME, waiting, true)).toBe(false);
    expect(shouldPlaySound(ticketEvent('leido', 1), ME, waiting, true)).toBe(false);
  });

  it('while handling, only for the ticket being handled; never in preparation or pause', () => {
    expect(shouldPlaySound(inbound(item(1)), ME, { estado: 'G', casoId: 1 }, true)).toBe(true);
    expect(shouldPlaySound(inbound(item(2)), ME, { estado: 'G', casoId: 1 }, true)).toBe(false);
    expect(shouldPlaySound(inbound(item(1)), ME, { estado: 'A', casoId: null }, true)).toBe(false);
    expect(shouldPlaySound(inbound(item(1)), ME, { estado: 'P', casoId: null }, true)).toBe(false);
    expect(shouldPlaySound(inbound(item(1)), ME, null, true)).toBe(false);
  });
});

describe('agent status', () => {
  const states = [
    { nombre: 'L', etiqueta: 'LOGIN' },
    { nombre: 'DESCANSO', etiqueta: 'DESCANSO' },
    { nombre: 'PROBLEMAS MEDICOS', etiqueta: 'PROBLEMAS MÉDICOS' },
  ];
  const state = (estado: AgentState['estado'], patch: Partial<AgentState> = {}): AgentState => ({
    userId: ME,
    estado,
    pausa: null,
    since: '2026-03-01T10:00:00.000Z',
    campanaId: 1,
    casoId: null,
    ...patch,
  });

  it('pause options leave out L and use underscores', () => {
    expect(pauseOptions(states)).toEqual([
      { nombre: 'DESCANSO', etiqueta: 'DESCANSO', label: 'DESCANSO', type: 'PAUSAR_ESTADO' },
      { nombre: 'PROBLEMAS MEDICOS', etiqueta: 'PROBLEMAS MÉDICOS', label: 'PROBLEMAS_MEDICOS', type: 'PAUSAR_ESTADO' },
    ]);
  });

  it('the menu follows the transitions: A to E; E and G to any pause; D and P disabled', () => {
    const enabled = (current: AgentState) =>
      statusMenu(current, states)
        .filter((entry) => entry.enabled)
        .map((entry) => (entry.kind === 'pause' ? entry.label : entry.code));
    expect(enabled(state('A'))).toEqual(['E']);
    expect(enabled(state('E'))).toEqual(['DESCANSO', 'PROBLEMAS_MEDICOS']);
    expect(enabled(state('G', { casoId: 3 }))).toEqual(['DESCANSO', 'PROBLEMAS_MEDICOS']);
    expect(enabled(state('P', { pausa: 'DESCANSO' }))).toEqual([]);
    const entries = statusMenu(state('E'), states);
    expect(entries[0]).toMatchObject({ kind: 'status', code: 'D', enabled: false });
    expect(entries.at(-1)).toMatchObject({ kind: 'status', code: 'P', enabled: false });
  });

  it('reports only real changes', () => {
    expect(shouldReport(state('E'), { estado: 'E' })).toBe(false);
    expect(shouldReport(state('A'), { estado: 'E' })).toBe(true);
    expect(shouldReport(state('P', { pausa: 'BANO' }), { estado: 'P', pausa: 'DESCANSO' })).toBe(true);
    expect(shouldReport(state('G', { casoId: 3 }), { estado: 'G', casoId: 3 })).toBe(false);
    expect(shouldReport(state('G', { casoId: 3 }), { estado: 'G', casoId: 4 })).toBe(true);
    expect(shouldReport(state('A'), { estado: 'A', campaignId: 2 })).toBe(true);
    expect(shouldReport(state('A'), { estado: 'A', campaignId: null })).toBe(false);
    expect(shouldReport(null, { estado: 'A' })).toBe(true);
  });

  it('builds the spec body: previous status, when it started in epoch seconds, ticket and pause', () => {
    expect(statusBody(state('E'), { estado: 'G', casoId: 3, campaignId: 2 })).toEqual({
      estado: 'G',
      estado_anterior: 'E',
      duracion: Date.parse('2026-03-01T10:00:00.000Z') / 1000,
      caso_actual: 3,
      campana_actual: 2,
      pausa: null,
    });
    expect(statusBody(state('G', { casoId: 3 }), { estado: 'P', pausa: 'DESCANSO' })).toMatchObject({
      estado: 'P',
      estado_anterior: 'G',
      caso_actual: null,
      campana_actual: 1,
      pausa: 'DESCANSO',
    });
  });

  it('at load: a server pause locks, anything but A becomes A, a local pause waits for unlocking', () => {
    expect(statusOnLoad('D', false)).toBe('ready');
    expect(statusOnLoad('E', false)).toBe('ready');
    expect(statusOnLoad('A', false)).toBe('keep');
    expect(statusOnLoad('P', false)).toBe('pause');
    expect(statusOnLoad('P', true)).toBe('pause');
    expect(statusOnLoad('A', true)).toBe('keep');
  });

  it('follows forced changes: P locks, leaving a pause goes to /app, G to the tickets, D signs out', () => {
    const forced = (nombre: AgentState['estado'], pausa: string | null = null) => ({
      estado: { nombre, pausa },
      forzadoPor: { id: 2, nombre: 'Supervisor' },
    });
    expect(forcedStatusOutcome(forced('P', 'DESCANSO'), false)).toEqual({
      state: { estado: 'P', pausa: 'DESCANSO' },
      paused: true,
      signOut: false,
      navigateTo: '/lockscreen',
    });
    expect(forcedStatusOutcome(forced('A'), true)).toMatchObject({ paused: false, navigateTo: '/app' });
    expect(forcedStatusOutcome(forced('E'), false)).toMatchObject({ paused: false, navigateTo: null });
    expect(forcedStatusOutcome(forced('G'), true)).toMatchObject({ paused: false, navigateTo: '/app/tickets' });
    expect(forcedStatusOutcome(forced('D'), false)).toMatchObject({ signOut: true, navigateTo: '/' });
  });
});

describe('formatting', () => {
  it('durations as hh:mm:ss', () => {
    expect(formatDuration(3_723_000)).toBe('01:02:03');
    expect(formatDuration(-5)).toBe('00:00:00');
  });

  it('short times: the time today, day and month this year, else the date', () => {
    const now = new Date('2026-03-10T15:00:00');
    expect(formatShortTime('2026-03-10T09:05:00', 'en', now)).toMatch(/09:05/);
    expect(formatShortTime('2026-02-01T09:05:00', 'en', now)).toMatch(/Feb/);
    expect(formatShortTime('2024-02-01T09:05:00', 'en', now)).toMatch(/2024/);
    expect(formatShortTime(null, 'en', now)).toBe('');
    expect(formatShortTime('nope', 'en', now)).toBe('');
  });
});
