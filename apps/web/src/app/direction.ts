import type { EmotionCache } from '@emotion/cache';
import { useEffect, useSyncExternalStore } from 'react';
import { useAppearance } from './appearance';

let rtlCache: EmotionCache | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the right-to-left style cache (stylis-plugin-rtl and cssjanus, about 4 KB of gzip) the first time it is
 * needed: main.tsx waits for it before the first render when the stored appearance is right-to-left, the app when
 * the direction changes to it.
 */
export async function loadRtlCache(): Promise<EmotionCache> {
  if (!rtlCache) {
    rtlCache = (await import('./rtlCache')).rtlCache;
    for (const listener of listeners) listener();
  }
  return rtlCache;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Emotion's right-to-left cache once loaded, else null. */
export function useRtlCache(): EmotionCache | null {
  return useSyncExternalStore(
    subscribe,
    () => rtlCache,
    () => rtlCache,
  );
}

/**
 * The direction the page shows: right-to-left once its style cache is there (until then, a few milliseconds, it
 * stays left-to-right), so the document and MUI's styles turn over at once. Should the cache fail to load, the page
 * stays left-to-right.
 */
export function useAppliedDirection(): 'ltr' | 'rtl' {
  const wantsRtl = useAppearance().direction === 'rtl';
  const cache = useRtlCache();
  useEffect(() => {
    if (wantsRtl && !cache) void loadRtlCache().catch(() => undefined);
  }, [wantsRtl, cache]);
  return wantsRtl && cache ? 'rtl' : 'ltr';
}
