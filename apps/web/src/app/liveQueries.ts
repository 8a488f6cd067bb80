import type { RealtimeEventName } from '@atiende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { throttle } from '../core/throttle';
import { onRealtimeEvent } from './realtime';

/** Live queries: lists and figures that refresh on realtime events, throttled so a burst costs one fetch. */

/** Calls `handler` on each of the realtime events (latest handler; subscriptions made once). */
export function useRealtimeEvents(
  names: readonly RealtimeEventName[],
  handler: (name: RealtimeEventName, payload: unknown) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  const key = names.join('|');
  useEffect(() => {
    const offs = (key.split('|') as RealtimeEventName[]).map((name) =>
      onRealtimeEvent(name, (payload) => latest.current(name, payload)),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [key]);
}

/** A refetch of `queryKey` at most once per `waitMs` (the last call never lost), cancelled on unmount. */
export function useThrottledRefetch(queryKey: readonly unknown[], waitMs: number): () => void {
  const client = useQueryClient();
  const ref = useRef<ReturnType<typeof throttle> | null>(null);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const throttled = throttle(() => {
      void client.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] });
    }, waitMs);
    ref.current = throttled;
    return () => {
      throttled.cancel();
      ref.current = null;
    };
  }, [client, key, waitMs]);
  return () => ref.current?.();
}
