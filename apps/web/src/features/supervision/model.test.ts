import type { AgentState, QueueSnapshot } from '@atiende/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AgentRow,
  countByStatus,
  elapsedSeconds,
  filterAgents,
  logStatus,
  parseCallEvent,
  parseSupervisionEvent,
  patchAgent,
  patchAgentCall,
  pauseKey,
  queueTotals,
  serviceLevelState,
  sortAgents,
  throttle,
} from './model';

const agent = (id: number, overrides: Partial<AgentRow> = {}): AgentRow => ({
  id,
  nombre: `Agente ${id}`,
  avatarUrl: null,
  estado: 'A',
  pausa: null,
  since: '2026-01-10T10:00:00.000Z',
  campaign: { id: 1, name: 'Servicio al cliente' },
  currentTicket: null,
  openTickets: 0,
  closedToday: 0,
  assignedToday: 0,
  call: null,
  ...overrides,
});

const state = (overrides: Partial<AgentState> = {}): AgentState => ({
  userId: 1,
  estado: 'E',
  pausa: null,
  since: '2026-01-10T11:00:00.000Z',
  campanaId: 1,
  casoId: null,
  ...overrides,
});

describe('elapsedSeconds', () => {
  it('counts whole seconds since the instant and never goes negative', () => {
    const since = '2026-01-10T10:00:00.000Z';
    expect(elapsedSeconds(since, Date.parse(since) + 61_500)).toBe(61);
    expect(elapsedSeconds(since, Date.parse(since) - 5_000)).toBe(0);
    expect(elapsedSeconds('not a date', Date.now())).toBe(0);
    expect(elapsedSeconds(null, Date.now())).toBe(0);
  });
});

describe('logStatus and pauseKey', () => {
  it('reads codes as themselves and anything else as a pause with that reason', () => {
    expect(logStatus('A')).toEqual({ code: 'A', pause: null });
    expect(logStatus('DESCANSO')).toEqual({ code: 'P', pause: 'DESCANSO' });
    expect(logStatus(null)).toBeNull();
    expect(pauseKey('PROBLEMAS MEDICOS')).toBe('supervision.pauses.PROBLEMAS_MEDICOS');
  });
});

describe('filterAgents', () => {
  const rows = [
    agent(1, { nombre: 'Andrea Agente', estado: 'A' }),
    agent(2, { nombre: 'Mateo Gómez', estado: 'P', pausa: 'ALMUERZO', campaign: { id: 2, name: 'Ventas' } }),
    agent(3, { nombre: 'Lucía Ruiz', estado: 'G', currentTicket: { id: 90, number: 1042 } }),
  ];

  it('matches every word in name, campaign, pause reason or ticket number, ignoring case and accents', () => {
    expect(filterAgents(rows, 'gomez', 'all').map((row) => row.id)).toEqual([2]);
    expect(filterAgents(rows, 'VENTAS almuerzo', 'all').map((row) => row.id)).toEqual([2]);
    expect(filterAgents(rows, '#1042', 'all').map((row) => row.id)).toEqual([3]);
    expect(filterAgents(rows, 'lucia servicio', 'all').map((row) => row.id)).toEqual([3]);
    expect(filterAgents(rows, '  ', 'all')).toHaveLength(3);
  });

  it('keeps one status when asked', () => {
    expect(filterAgents(rows, '', 'P').map((row) => row.id)).toEqual([2]);
    expect(filterAgents(rows, 'andrea', 'P')).toEqual([]);
  });
});

describe('sortAgents', () => {
  const rows = [
    agent(1, { nombre: 'Beatriz', estado: 'P', openTickets: 2, since: '2026-01-10T09:00:00.000Z' }),
    agent(2, { nombre: 'Álvaro', estado: 'G', openTickets: 5, since: '2026-01-10T11:00:00.000Z' }),
    agent(3, { nombre: 'Carlos', estado: 'D', openTickets: 2, since: '2026-01-10T10:00:00.000Z' }),
  ];

  it('sorts names accent-insensitively, numbers, statuses by activity and ages', () => {
    expect(sortAgents(rows, 'nombre', 'asc').map((row) => row.id)).toEqual([2, 1, 3]);
    expect(sortAgents(rows, 'openTickets', 'desc').map((row) => row.id)).toEqual([2, 1, 3]);
    expect(sortAgents(rows, 'openTickets', 'asc').map((row) => row.id)).toEqual([1, 3, 2]);
    expect(sortAgents(rows, 'estado', 'asc').map((row) => row.id)).toEqual([2, 1, 3]);
    expect(sortAgents(rows, 'since', 'asc').map((row) => row.id)).toEqual([1, 3, 2]);
  });

  it('does not change the input', () => {
    const copy = [...rows];
    sortAgents(rows, 'nombre', 'desc');
    expect(rows).toEqual(copy);
  });
});

describe('countByStatus', () => {
  it('counts each status, zero included', () => {
    expect(countByStatus([agent(1, { estado: 'P' }), agent(2, { estado: 'P' }), agent(3)])).toEqual({
      D: 0,
      A: 1,
      E: 0,
      G: 0,
      P: 2,
    });
  });
});

describe('parseSupervisionEvent', () => {
  it('accepts agent states and rejects anything else', () => {
    const event = { kind: 'agent', state: state({ estado: 'P', pausa: 'BANO' }), seq: 7 };
    expect(parseSupervisionEvent(event)).toEqual(state({ estado: 'P', pausa: 'BANO' }));
    expect(parseSupervisionEvent({ kind: 'queue' })).toBeNull();
    expect(parseSupervisionEvent({ kind: 'agent', state: { ...state(), estado: 'X' } })).toBeNull();
    expect(parseSupervisionEvent({ kind: 'agent', state: { ...state(), userId: '1' } })).toBeNull();
    expect(parseSupervisionEvent(null)).toBeNull();
  });
});

describe('patchAgent', () => {
  it('patches the status, reason and start of the row without touching the others', () => {
    const rows = [agent(1), agent(2)];
    const result = patchAgent(rows, state({ estado: 'P', pausa: 'DESCANSO' }));
    expect(result.stale).toBe(false);
    expect(result.rows[0]).toMatchObject({ estado: 'P', pausa: 'DESCANSO', since: '2026-01-10T11:00:00.000Z' });
    expect(result.rows[1]).toBe(rows[1]);
    expect(rows[0].estado).toBe('A');
  });

  it('ignores agents the list does not hold', () => {
    const rows = [agent(1)];
    expect(patchAgent(rows, state({ userId: 99 }))).toEqual({ rows, stale: false });
  });

  it('takes a campaign name another row knows, and asks for a refetch for unknown campaigns or tickets', () => {
    const rows = [agent(1), agent(2, { campaign: { id: 2, name: 'Ventas' } })];
    const known = patchAgent(rows, state({ campanaId: 2 }));
    expect(known.rows[0].campaign).toEqual({ id: 2, name: 'Ventas' });
    expect(known.stale).toBe(false);
    expect(patchAgent(rows, state({ campanaId: 7 })).stale).toBe(true);
    const handling = patchAgent(rows, state({ estado: 'G', casoId: 55 }));
    expect(handling.rows[0].currentTicket).toEqual({ id: 55, number: null });
    expect(handling.stale).toBe(true);
  });

  it('keeps a known ticket, and clears ticket and pause when they end', () => {
    const rows = [agent(1, { estado: 'G', currentTicket: { id: 55, number: 12 } })];
    expect(patchAgent(rows, state({ estado: 'G', casoId: 55 })).rows[0].currentTicket).toEqual({ id: 55, number: 12 });
    const ended = patchAgent(rows, state({ estado: 'E', casoId: null, campanaId: null }));
    expect(ended.rows[0]).toMatchObject({ currentTicket: null, campaign: null, pausa: null });
  });
});

describe('an agent’s call', () => {
  const call = {
    id: 9,
    direction: 'inbound' as const,
    customerNumber: '+573001112233',
    answeredAt: '2026-01-10T11:00:00.000Z',
    ticket: { id: 55, number: 12 },
  };

  it('reads a call that began or ended, and nothing else', () => {
    expect(parseCallEvent({ kind: 'call', userId: 1, call, seq: 4 })).toEqual({ userId: 1, call });
    expect(parseCallEvent({ kind: 'call', userId: 1, call: null })).toEqual({ userId: 1, call: null });
    expect(parseCallEvent({ kind: 'call', userId: 1, call: { ...call, ticket: null } })?.call?.ticket).toBeNull();
    expect(parseCallEvent({ kind: 'call', userId: 1, call: { ...call, direction: 'sideways' } })).toBeNull();
    expect(parseCallEvent({ kind: 'call', userId: '1', call })).toBeNull();
    expect(parseCallEvent({ kind: 'agent', state: state() })).toBeNull();
    // A call event is no agent state.
    expect(parseSupervisionEvent({ kind: 'call', userId: 1, call })).toBeNull();
  });

  it('goes on the agent’s row and off again, leaving the others alone', () => {
    const rows = [agent(1), agent(2)];
    const talking = patchAgentCall(rows, 1, call);
    expect(talking[0].call).toEqual(call);
    expect(talking[1]).toBe(rows[1]);
    expect(patchAgentCall(talking, 1, null)[0].call).toBeNull();
    expect(patchAgentCall(rows, 99, call)).toEqual(rows);
  });
});

describe('queues', () => {
  const queue = (overrides: Partial<QueueSnapshot>): QueueSnapshot => ({
    campaign: { id: 1, name: 'Servicio al cliente' },
    waiting: 3,
    inProgress: 2,
    agentsAvailable: 1,
    agentsOnline: 2,
    serviceLevel: 80,
    serviceLevelTarget: 80,
    averageHandlingSeconds: 300,
    oldestWaitingSince: null,
    waitingReasons: [],
    ...overrides,
  });

  it('a service level at or above the target is met, below is not, none measured is none', () => {
    expect(serviceLevelState(queue({}))).toBe('met');
    expect(serviceLevelState(queue({ serviceLevel: 79 }))).toBe('below');
    expect(serviceLevelState(queue({ serviceLevel: null }))).toBe('none');
  });

  it('sums the figures of every campaign', () => {
    expect(queueTotals([queue({}), queue({ waiting: 1, agentsOnline: 4 })])).toEqual({
      waiting: 4,
      inProgress: 4,
      agentsAvailable: 2,
      agentsOnline: 6,
    });
    expect(queueTotals([])).toEqual({ waiting: 0, inProgress: 0, agentsAvailable: 0, agentsOnline: 0 });
  });
});

describe('throttle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then collapses a burst into one trailing run per window', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 3000);
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    throttled();
    throttled();
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(2);
    throttled();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('cancel drops the pending run', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 1000);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
