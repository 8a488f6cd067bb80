import { useCallback, useRef } from 'react';
import type { FormValuesValidator } from './validation';

let loaded: FormValuesValidator | null = null;
let loading: Promise<FormValuesValidator> | null = null;

/**
 * Loads the dynamic forms' validation once. It brings zod and the forms' schemas (26 KB of gzip), so the agent's
 * workspace loads it when a ticket's task form is first filled in or sent, not with the page: a form is sent after
 * `await loadFormValuesValidator()`, and checks made while the agent types use loadedFormValuesValidator().
 */
export function loadFormValuesValidator(): Promise<FormValuesValidator> {
  if (!loading) {
    loading = import('./validation').then((module) => {
      loaded = module.validateFormValues;
      return loaded;
    });
    // A failed download (the network dropped) is tried again by the next call.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** validateFormValues once loadFormValuesValidator has loaded it; null before (the server checks the values then). */
export function loadedFormValuesValidator(): FormValuesValidator | null {
  return loaded;
}

/**
 * `send` (a form's submit) run with the validation loaded: at once when it is, else when it arrives (or failed to:
 * the server checks the values). Clicks while it loads are dropped, so a double click sends once; `send` is read at
 * the time it runs, with the form's state then.
 */
export function useSendWithFormValuesValidator(send: () => void): () => void {
  const latest = useRef(send);
  latest.current = send;
  const waiting = useRef(false);
  return useCallback(() => {
    if (loaded) {
      latest.current();
      return;
    }
    if (waiting.current) return;
    waiting.current = true;
    void loadFormValuesValidator()
      .catch(() => null)
      .finally(() => {
        waiting.current = false;
        latest.current();
      });
  }, []);
}
