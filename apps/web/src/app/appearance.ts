import { STORAGE_KEYS, THEME_COLORS, type ThemeColor } from '@atiende/contracts';
import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../core/storage';
import { useBusiness } from './queries';

/** Per-browser look, persisted under STORAGE_KEYS.appearance. `color: null` means "the business theme". */
export interface Appearance {
  color: ThemeColor | null;
  mode: 'light' | 'dark';
  direction: 'ltr' | 'rtl';
  bigSidebar: boolean;
}

const DEFAULTS: Appearance = { color: null, mode: 'light', direction: 'ltr', bigSidebar: true };

function sanitize(value: Partial<Appearance> | null): Appearance {
  const v = value ?? {};
  return {
    color: v.color && (THEME_COLORS as readonly string[]).includes(v.color) ? v.color : null,
    mode: v.mode === 'dark' ? 'dark' : 'light',
    direction: v.direction === 'rtl' ? 'rtl' : 'ltr',
    bigSidebar: typeof v.bigSidebar === 'boolean' ? v.bigSidebar : DEFAULTS.bigSidebar,
  };
}

let current: Appearance = sanitize(readJson<Partial<Appearance>>(STORAGE_KEYS.appearance));
const listeners = new Set<() => void>();

/** The look as it is now, outside React (main.tsx, before the first render). */
export function currentAppearance(): Appearance {
  return current;
}

export function updateAppearance(patch: Partial<Appearance>): void {
  current = sanitize({ ...current, ...patch });
  writeJson(STORAGE_KEYS.appearance, current);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppearance(): Appearance {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

/** The colour the app is drawn in: this browser's choice, else the business's theme (null: the default one). */
export function useThemeColor(): ThemeColor | null {
  const { color } = useAppearance();
  const { data: business } = useBusiness();
  return color ?? business?.theme ?? null;
}
