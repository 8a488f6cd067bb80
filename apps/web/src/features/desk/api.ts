import type { AgentState, PendingTickets } from '@atiende/contracts';
import { api, isOk, unwrap } from '../../api/client';
import type { StatusTarget } from './model';
import { EMPTY_PENDING, type StateListEntry, statusBody } from './model';

/** Query keys of the agent desktop. `pending` is the root the tickets module invalidates after its mutations. */
export const deskKeys = {
  pending: ['pending'] as const,
  pendingLists: () => [...deskKeys.pending, 'list'] as const,
  pendingList: (params: Record<string, string | number>) => [...deskKeys.pendingLists(), params] as const,
  states: ['listaestados', 'simple'] as const,
  /** The agent's campaigns and own load: under `pending`, so the events that refresh the drawer refresh it. */
  ownQueue: ['pending', 'own-queue'] as const,
};

/**
 * `GET caso/pendientes`. Spec section 7: on a failure the list is emptied (the failure is only logged), so the
 * query never errors.
 */
export async function fetchPending(params: Record<string, string | number>, signal?: AbortSignal) {
  const answer = await api.get<PendingTickets>('caso/pendientes', { query: params, signal });
  if (isOk(answer) && answer.result && Array.isArray(answer.result.casosPendientes)) return answer.result;
  if (!signal?.aborted) console.warn('pending tickets could not be loaded', answer.code, answer.message);
  return EMPTY_PENDING;
}

/** `POST tickets/:id/leido`: clears the unread mark (the server tells the pending lists). */
export function markTicketRead(id: number) {
  return unwrap(api.post<{ id: number; unread: false }>(`tickets/${id}/leido`));
}

/** `GET listaestados/simple`: {nombre, etiqueta} (in result, or result.data on older servers). */
export async function fetchStateList(): Promise<StateListEntry[]> {
  const answer = await api.get<StateListEntry[] | { data: StateListEntry[] }>('listaestados/simple');
  if (!isOk(answer)) throw new Error(answer.message);
  const result = answer.result;
  return Array.isArray(result) ? result : Array.isArray(result?.data) ? result.data : [];
}

export function fetchAgentState() {
  return unwrap(api.get<AgentState>('supervision/agente/estado'));
}

export function postAgentStatus(current: AgentState | null, target: StatusTarget) {
  return unwrap(api.post<AgentState>('supervision/agente/estado', statusBody(current, target)));
}
