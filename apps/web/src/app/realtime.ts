import { REALTIME_EVENTS, type RealtimeEventName, type RealtimePayload, type Sequenced } from '@atiende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { clearSession, getSession, useSession } from '../core/session';
import { queryKeys } from './queries';
import { emitSessionReplaced } from './sessionEvents';

type RealtimeHandler = (payload: unknown) => void;
const realtimeHandlers = new Map<string, Set<RealtimeHandler>>();

/**
 * Subscribes to a server event of the app's socket (e.g. `new-transfer`); returns the unsubscribe function.
 * Handlers survive reconnections (they listen on the app-wide bus, not on one socket instance).
 */
export function onRealtimeEvent<E extends RealtimeEventName>(
  name: E,
  handler: (payload: Sequenced<RealtimePayload<E>>) => void,
): () => void {
  const set = realtimeHandlers.get(name) ?? new Set<RealtimeHandler>();
  const wrapped = handler as RealtimeHandler;
  set.add(wrapped);
  realtimeHandlers.set(name, set);
  return () => {
    set.delete(wrapped);
  };
}

/** Delivers an event to the subscribers (the socket does it; tests and local features may too). */
export function emitRealtimeEvent<E extends RealtimeEventName>(name: E, payload: Sequenced<RealtimePayload<E>>): void {
  for (const handler of [...(realtimeHandlers.get(name) ?? [])]) {
    try {
      handler(payload);
    } catch {
      // One broken subscriber must not stop the others.
    }
  }
}

/**
 * Sequence bookkeeping: the newest event seen (its time `at`, the highest seen, and the `seq` it came with) and the
 * recent sequences, since a replay resends a little of what was seen. Sequence numbers come from several server
 * processes and do not follow time: only `at` says which event is the newest (a server without `at` sends numbers
 * that do, and then the highest `seq` is the newest).
 */
const seen = { last: 0, lastAt: 0, recent: new Set<number>() };
const RECENT_KEPT = 2000;

/** The app-wide event a client gets when missed events cannot be replayed: lists reload. */
export const RESYNC = REALTIME_EVENTS.resync;

/** Drops duplicates of sequenced events; true when the event is new (or not sequenced). */
export function acceptSequenced(payload: unknown): boolean {
  const { seq, at } = (payload ?? {}) as { seq?: unknown; at?: unknown };
  if (typeof seq !== 'number') return true;
  if (seen.recent.has(seq)) return false;
  seen.recent.add(seq);
  if (seen.recent.size > RECENT_KEPT) {
    const oldest = seen.recent.values().next().value;
    if (oldest !== undefined) seen.recent.delete(oldest);
  }
  if (typeof at === 'number') {
    if (at > seen.lastAt || (at === seen.lastAt && seq > seen.last)) {
      seen.lastAt = at;
      seen.last = seq;
    }
  } else if (seen.lastAt === 0 && seq > seen.last) {
    seen.last = seq;
  }
  return true;
}

/** What `resume` sends on a reconnect: the newest event seen; null before any (nothing to replay). */
export function resumePoint(): { lastSeq: number; lastAt?: number } | null {
  if (seen.last === 0) return null;
  return seen.lastAt > 0 ? { lastSeq: seen.last, lastAt: seen.lastAt } : { lastSeq: seen.last };
}

/**
 * Same-origin Socket.IO connection authenticated with the bearer token.
 * - session-opened {idSesion}: another session of this user started → multiple-sessions dialog.
 * - permissions-changed → refetch usuario/perfil (the menu updates without reload).
 * - business-changed → refetch empresa.
 * - sequenced events (payload.seq, payload.at) are delivered once; on reconnect `resume {lastSeq, lastAt}` replays
 *   what came after the newest event seen, or the server sends `resync` and every live list reloads.
 * - connect_error UNAUTHENTICATED → the token is no longer valid: forget the session; any other refusal of the
 *   handshake (UNAVAILABLE: the server's database is restarting) → connect again later, keeping the session.
 */
export function useRealtime(): void {
  const { token } = useSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });

    socket.on(REALTIME_EVENTS.sessionOpened, (payload: { idSesion?: string | number } | undefined) => {
      const id = payload?.idSesion;
      if (id === undefined || id === null) return;
      if (String(id) !== String(getSession().sessionId ?? '')) {
        if (!emitSessionReplaced()) clearSession();
      }
    });
    socket.on(REALTIME_EVENTS.permissionsChanged, () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    });
    socket.on(REALTIME_EVENTS.businessChanged, () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.business });
    });
    socket.onAny((event: string, payload: unknown) => {
      // The server emits only what the event map allows (its emitters are typed with it).
      if (acceptSequenced(payload)) emitRealtimeEvent(event as RealtimeEventName, payload as never);
    });
    let retry: ReturnType<typeof setTimeout> | undefined;
    let refusals = 0;
    // After a network cut the same socket reconnects: ask for what was missed since the newest event seen.
    socket.on('connect', () => {
      refusals = 0;
      const from = resumePoint();
      if (from) socket.emit('resume', from);
    });
    socket.on('connect_error', (error: Error) => {
      if (error?.message === 'UNAUTHENTICATED') {
        socket.disconnect();
        clearSession();
        return;
      }
      // Socket.IO retries transport failures itself, but not a refusal by the server's handshake (the server could
      // not reach its database, e.g. while it restarts): try again with a growing delay, keeping the session.
      if (!socket.active) {
        refusals += 1;
        clearTimeout(retry);
        retry = setTimeout(() => socket.connect(), Math.min(30_000, 1000 * 2 ** Math.min(refusals, 5)));
      }
    });

    return () => {
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [token, queryClient]);
}
