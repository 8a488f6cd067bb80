import {
  type AgentState,
  type AgentStatusCode,
  NEW_INBOUND_EVENT,
  type QueueSnapshot,
  SUPERVISION_EVENT,
  type SupervisedAgent,
  TICKET_EVENT,
} from '@atiende/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, unwrap } from '../../api/client';
import { useRealtimeEvents, useThrottledRefetch } from '../../app/liveQueries';
import { RESYNC } from '../../app/realtime';
import { type AgentRow, parseCallEvent, parseSupervisionEvent, patchAgent, patchAgentCall } from './model';

export const supervisionKeys = {
  all: ['supervision'] as const,
  agents: ['supervision', 'agents'] as const,
  history: (id: number) => ['supervision', 'history', id] as const,
  queues: ['supervision', 'queues'] as const,
  states: ['supervision', 'states'] as const,
};

/** Ticket events refetch the live lists at most this often. */
export const REFETCH_THROTTLE_MS = 3000;
/** The queues page also refreshes on this period (waiting ages, service level). */
export const QUEUES_REFRESH_MS = 15_000;

export interface StatusLogEntry {
  id: number;
  /** The new status: a code, or the pause reason for pauses. */
  estado: string;
  estado_anterior: string | null;
  /** Seconds the previous status lasted. */
  duracion: number | null;
  caso_actual: number | null;
  campana_actual: number | null;
  forzado_por: number | null;
  fecha: string;
}

export interface StateEntry {
  nombre: string;
  etiqueta: string;
}

export function useSupervisedAgents() {
  return useQuery({
    queryKey: supervisionKeys.agents,
    queryFn: () => unwrap(api.get<SupervisedAgent[]>('supervision/agentes')) as Promise<AgentRow[]>,
  });
}

/** The agent's status log while `open` (a closed dialog keeps the last answer on screen for its exit). */
export function useAgentHistory(id: number | null, open: boolean) {
  return useQuery({
    queryKey: supervisionKeys.history(id ?? 0),
    queryFn: () => unwrap(api.get<StatusLogEntry[]>(`supervision/agentes/${id}/historial`)),
    enabled: id !== null && open,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Pause reasons: the spec's list of states without L. */
export function usePauseStates(enabled: boolean) {
  return useQuery({
    queryKey: supervisionKeys.states,
    queryFn: async () =>
      (await unwrap(api.get<StateEntry[]>('listaestados/simple'))).filter((state) => state.nombre !== 'L'),
    enabled,
    staleTime: 60 * 60_000,
  });
}

export function useQueues() {
  return useQuery({
    queryKey: supervisionKeys.queues,
    queryFn: () => unwrap(api.get<QueueSnapshot[]>('supervision/colas')),
    refetchInterval: QUEUES_REFRESH_MS,
  });
}

/** Forces an agent's status; the answer (the new state) patches the row at once. */
export function useForceStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, estado, pausa }: { id: number; estado: AgentStatusCode; pausa: string | null }) =>
      unwrap(api.post<AgentState>(`supervision/agentes/${id}/estado`, { estado, pausa })),
    onSuccess: (state) => {
      client.setQueryData<AgentRow[]>(supervisionKeys.agents, (rows) => (rows ? patchAgent(rows, state).rows : rows));
      void client.invalidateQueries({ queryKey: supervisionKeys.history(state.userId) });
    },
  });
}

/**
 * Keeps the agent table live: a `supervision-update` patches its row in the cache (no fetch; a refetch only when
 * the event names a campaign or ticket the row cannot show yet), ticket events refetch at most every few seconds
 * (the counts move), and a resync reloads.
 */
export function useLiveAgents(): void {
  const client = useQueryClient();
  const refetch = useThrottledRefetch(supervisionKeys.agents, REFETCH_THROTTLE_MS);
  useRealtimeEvents([SUPERVISION_EVENT, TICKET_EVENT, RESYNC], (name, payload) => {
    if (name !== SUPERVISION_EVENT) {
      if (name === RESYNC) void client.invalidateQueries({ queryKey: supervisionKeys.agents });
      else refetch();
      return;
    }
    const call = parseCallEvent(payload);
    if (call) {
      client.setQueryData<AgentRow[]>(supervisionKeys.agents, (rows) =>
        rows ? patchAgentCall(rows, call.userId, call.call) : rows,
      );
      return;
    }
    const state = parseSupervisionEvent(payload);
    if (!state) return;
    let stale = false;
    client.setQueryData<AgentRow[]>(supervisionKeys.agents, (rows) => {
      if (!rows) return rows;
      const patched = patchAgent(rows, state);
      stale = patched.stale;
      return patched.rows;
    });
    if (stale) refetch();
    // An open history dialog of this agent shows the new entry.
    void client.invalidateQueries({ queryKey: supervisionKeys.history(state.userId) });
  });
}

/** Keeps the queues live: every ticket, inbound or agent event refetches, at most every few seconds. */
export function useLiveQueues(): void {
  const client = useQueryClient();
  const refetch = useThrottledRefetch(supervisionKeys.queues, REFETCH_THROTTLE_MS);
  useRealtimeEvents([SUPERVISION_EVENT, TICKET_EVENT, NEW_INBOUND_EVENT, RESYNC], (name) => {
    if (name === RESYNC) void client.invalidateQueries({ queryKey: supervisionKeys.queues });
    else refetch();
  });
}

/** One shared one-second clock for every live duration on screen (one interval, not one per row). */
const clock = {
  now: Date.now(),
  listeners: new Set<() => void>(),
  timer: null as ReturnType<typeof setInterval> | null,
};

function subscribeClock(listener: () => void): () => void {
  clock.listeners.add(listener);
  if (clock.timer === null) {
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const notify of clock.listeners) notify();
    }, 1000);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0 && clock.timer !== null) {
      clearInterval(clock.timer);
      clock.timer = null;
    }
  };
}

/** The current time, updated every second while mounted. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribeClock,
    () => clock.now,
    () => clock.now,
  );
}
