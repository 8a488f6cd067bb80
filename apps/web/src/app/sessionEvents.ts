import { CODES } from '@atiende/contracts';
import { clearSession } from '../core/session';

/**
 * The server answers 401 with this code when the session was ended because the same user opened a newer one:
 * the shell then shows the multiple-sessions dialog instead of going straight to the login page.
 */
export const SESSION_REPLACED_CODE = CODES.SESSION_REPLACED;

type Listener = () => void;
const replacedListeners = new Set<Listener>();

/** The app layout subscribes to show the multiple-sessions dialog. */
export function onSessionReplaced(listener: Listener): () => void {
  replacedListeners.add(listener);
  return () => replacedListeners.delete(listener);
}

/** Returns false when nobody shows the dialog (the caller then ends the session at once). */
export function emitSessionReplaced(): boolean {
  if (replacedListeners.size === 0) return false;
  for (const listener of replacedListeners) listener();
  return true;
}

/** Path + search of the current location inside the app (without the /v2 basename). */
export function currentAppPath(): string {
  const { pathname, search } = window.location;
  const inside = pathname.startsWith('/v2') ? pathname.slice(3) || '/' : pathname;
  return `${inside}${search}`;
}

export function endSessionLocally(): void {
  clearSession();
}
