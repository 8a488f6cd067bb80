import {
  NEW_INBOUND_EVENT,
  type PendingTickets,
  REALTIME_EVENTS,
  STORAGE_KEYS,
  TICKET_EVENT,
} from '@atiende/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useSelectedCampaign } from '../../app/campaign';
import { useBusiness, usePermissions } from '../../app/queries';
import { onRealtimeEvent } from '../../app/realtime';
import { getSession, useSession } from '../../core/session';
import { readString, writeJson } from '../../core/storage';
import { getAgentState } from './agentStatus';
import { deskKeys, fetchPending } from './api';
import {
  applyPendingEvent,
  badgeCount,
  type PendingEvent,
  type PendingSettings,
  type PendingView,
  parsePendingSettings,
  pendingParams,
  shouldPlaySound,
} from './model';
import { playPendingSound } from './sound';

// ---------------------------------------------------------------------------------------------------------------
// Settings: filter, sort and notify mode, kept under STORAGE_KEYS.notificationsSort

let settings: PendingSettings = parsePendingSettings(readString(STORAGE_KEYS.notificationsSort));
const listeners = new Set<() => void>();

function reloadSettings(): void {
  settings = parsePendingSettings(readString(STORAGE_KEYS.notificationsSort));
  for (const listener of listeners) listener();
}

export function updatePendingSettings(patch: Partial<PendingSettings>): void {
  writeJson(STORAGE_KEYS.notificationsSort, { ...settings, ...patch });
  reloadSettings();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab changed them, or a different user signed in (the key is cleared).
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.notificationsSort) reloadSettings();
  });
}

export function usePendingSettings(): PendingSettings {
  const token = useSession().token;
  // A new sign-in may have cleared the key in this tab: read it again when the session changes.
  useEffect(() => {
    if (token) reloadSettings();
  }, [token]);
  return useSyncExternalStore(
    subscribe,
    () => settings,
    () => settings,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The list

/** `GET caso/pendientes` for the current settings, the header's campaign and an optional search text. */
export function usePendingTickets(searchText = '') {
  const current = usePendingSettings();
  const { campaignId } = useSelectedCampaign();
  const { can } = usePermissions();
  const { token } = useSession();
  const params = pendingParams(current, campaignId, searchText);
  const query = useQuery({
    queryKey: deskKeys.pendingList(params),
    queryFn: ({ signal }) => fetchPending(params, signal),
    enabled: Boolean(token) && can('ver-menu-casos|ver-caso'),
    staleTime: 30_000,
  });
  return { query, settings: current, params };
}

/** The header bell's number (spec: unread or pending total by the notify setting; the badge caps at 999). */
export function usePendingBadgeCount(): number {
  const { query, settings: current } = usePendingTickets();
  return badgeCount(query.data, current.notify);
}

function viewOf(params: Record<string, string | number>): PendingView {
  const parsed = parsePendingSettings(JSON.stringify(params));
  return {
    filter: parsed.filter,
    sortColumn: parsed.sortColumn,
    sortBy: parsed.sortBy,
    campaignId: typeof params.campana === 'number' ? params.campana : null,
    searchText: typeof params.searchText === 'string' ? params.searchText : '',
  };
}

/** Applies one event to every cached pending list (each with its own filter), refetching those that need it. */
export function applyToPendingLists(client: QueryClient, event: PendingEvent, me: number | null): void {
  for (const [key, data] of client.getQueriesData<PendingTickets>({ queryKey: deskKeys.pendingLists() })) {
    const params = key[2] as Record<string, string | number> | undefined;
    if (!data || !params) continue;
    const outcome = applyPendingEvent(data, event, viewOf(params), me);
    if (outcome.reload) void client.invalidateQueries({ queryKey: key, exact: true });
    else if (outcome.state !== data) client.setQueryData(key, outcome.state);
  }
}

/**
 * Live pending lists (spec section 4): campaign events patch the cached lists, `resync` reloads them, and a new
 * ticket of mine plays the sound when the business allows it and I am waiting (or handling that ticket).
 * Mounted once, by the pending drawer.
 */
export function usePendingLive(): void {
  const client = useQueryClient();
  const { data: business } = useBusiness();
  const sound = business?.configuracion?.sound_notifications ?? false;

  useEffect(() => {
    const handle = (event: PendingEvent) => {
      const me = getSession().user?.id ?? null;
      applyToPendingLists(client, event, me);
      const agent = getAgentState();
      if (shouldPlaySound(event, me, agent ? { estado: agent.estado, casoId: agent.casoId } : null, sound)) {
        playPendingSound();
      }
    };
    const stops = [
      onRealtimeEvent(TICKET_EVENT, (event) => {
        if (event && typeof event.casoId === 'number') handle({ kind: 'ticket', event });
      }),
      onRealtimeEvent(NEW_INBOUND_EVENT, (event) => {
        if (event && typeof event.casoId === 'number' && event.item) handle({ kind: 'inbound', event });
      }),
      onRealtimeEvent(REALTIME_EVENTS.resync, () => {
        void client.invalidateQueries({ queryKey: deskKeys.pending });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, sound]);
}
