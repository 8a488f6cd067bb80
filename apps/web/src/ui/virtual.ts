import { useEffect, useState } from 'react';

/** @tanstack/react-virtual: about 10 KB of gzip that only long lists need. */
export type VirtualLib = typeof import('./virtualizer');

let loaded: VirtualLib | null = null;
let loading: Promise<VirtualLib> | null = null;

/**
 * The virtualizer's code, loaded the first time a list is long enough to need it (`needed`): null until it is there
 * (a few milliseconds, during which the list shows its first FIRST_ROWS_WHILE_LOADING items), then the module.
 */
export function useVirtualLib(needed: boolean): VirtualLib | null {
  const [lib, setLib] = useState(loaded);
  useEffect(() => {
    if (!needed || lib) return;
    let live = true;
    loading ??= import('./virtualizer').then((module) => {
      loaded = module;
      return module;
    });
    void loading.then((module) => {
      if (live) setLib(module);
    });
    return () => {
      live = false;
    };
  }, [needed, lib]);
  return lib;
}

/** What a long list shows while the virtualizer loads: its first items. */
export const FIRST_ROWS_WHILE_LOADING = 50;
