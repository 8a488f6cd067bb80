import { type LoginResult, type SessionUser, STORAGE_KEYS } from '@atiende/contracts';
import { useSyncExternalStore } from 'react';
import { readJson, readString, writeJson, writeString } from './storage';

/** The user as kept in browser storage: the profile plus when this session started (for the agent timer). */
export type StoredUser = SessionUser & { sstart?: string };

export interface SessionState {
  token: string | null;
  sessionId: string | null;
  user: StoredUser | null;
  paused: boolean;
}

/** Keys that belong to one user's working context: cleared when a different user logs in. */
const PER_USER_KEYS = [
  STORAGE_KEYS.notificationsSort,
  STORAGE_KEYS.selectedCampaign,
  STORAGE_KEYS.ticketView,
  STORAGE_KEYS.softphone,
];
/** Ticket-related keys removed on logout. */
const TICKET_WORK_KEYS = ['interaction', 'selectedChannel', 'selectedContact', 'taskPerTicket'];

const listeners = new Set<() => void>();
let snapshot: SessionState = load();

function load(): SessionState {
  return {
    token: readString(STORAGE_KEYS.token),
    sessionId: readString(STORAGE_KEYS.sessionId),
    user: readJson<StoredUser>(STORAGE_KEYS.user),
    paused: readString(STORAGE_KEYS.userPause) === 'true',
  };
}

function emit(): void {
  snapshot = load();
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Stores a successful login. A different user than the last one starts with a clean working context. */
export function startSession(result: LoginResult): void {
  const previous = readJson<StoredUser>(STORAGE_KEYS.user);
  if (previous && previous.id !== result.user.id) {
    for (const key of PER_USER_KEYS) writeString(key, null);
  }
  writeString(STORAGE_KEYS.token, result.token);
  writeString(STORAGE_KEYS.sessionId, result.sessionId);
  writeJson(STORAGE_KEYS.user, { ...result.user, sstart: result.sstart } satisfies StoredUser);
  writeString(STORAGE_KEYS.advancedSearch, String(result.advanced_search));
  // The softphone's devices and volumes (features/softphone) stay with the user from one session to the next.
  writeJson(STORAGE_KEYS.softphone, {
    ...readJson<Record<string, unknown>>(STORAGE_KEYS.softphone),
    webrtc: result.webrtc,
    turn: result.turn,
  });
  writeString(STORAGE_KEYS.userPause, null);
  emit();
}

/** Refreshes the stored user from `usuario/perfil`, keeping the session start. */
export function updateStoredUser(user: SessionUser): void {
  const current = readJson<StoredUser>(STORAGE_KEYS.user);
  writeJson(STORAGE_KEYS.user, { ...user, sstart: current?.sstart } satisfies StoredUser);
  emit();
}

export function setPaused(paused: boolean): void {
  writeString(STORAGE_KEYS.userPause, paused ? 'true' : null);
  emit();
}

/** Forgets the session (token revoked, logout, another session opened). The last user is kept to detect a user change. */
export function clearSession(): void {
  writeString(STORAGE_KEYS.token, null);
  writeString(STORAGE_KEYS.sessionId, null);
  writeString(STORAGE_KEYS.userPause, null);
  const { webrtc: _webrtc, turn: _turn, ...devices } = readJson<Record<string, unknown>>(STORAGE_KEYS.softphone) ?? {};
  if (Object.keys(devices).length > 0) writeJson(STORAGE_KEYS.softphone, devices);
  else writeString(STORAGE_KEYS.softphone, null);
  for (const key of TICKET_WORK_KEYS) writeString(key, null);
  emit();
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) emit();
  });
}
