/** Tiny, exception-safe wrappers over localStorage (private mode and quota errors never break the app). */
export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value simply is not persisted.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/**
 * Keys this web app keeps in localStorage in addition to contracts' STORAGE_KEYS.
 * - inactivityTimeoutMsOverride: number of ms; when set, replaces the business inactivity timeout (tests only).
 */
export const WEB_STORAGE_KEYS = {
  inactivityTimeoutMsOverride: 'inactivityTimeoutMsOverride',
} as const;
