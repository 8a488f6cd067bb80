import { DIALER_PROGRESS_EVENT } from '@atiende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useThrottledRefetch } from '../../app/liveQueries';
import { onRealtimeEvent, RESYNC } from '../../app/realtime';
import { applyDialerProgress, dialerKeys } from './api';

/** The open dialer's accounts and charts are read again at most this often while its calls go on. */
const REFRESH_MS = 2000;

/**
 * Keeps the cached dialers live while a dialers page is open: each `dialer-progress` event moves the status and
 * counters of the open dialer and of the list rows that show it; the open dialer's accounts and charts are read again
 * (throttled), and its whole detail when its status changed. A missed-events resync reads everything again.
 */
export function useLiveDialers(openId: number | null = null): void {
  const client = useQueryClient();
  const refreshAccounts = useThrottledRefetch(dialerKeys.accountsOf(openId ?? 0), REFRESH_MS);
  const refreshStats = useThrottledRefetch(dialerKeys.stats(openId ?? 0), REFRESH_MS);
  // The latest refetchers, without subscribing again on every render.
  const refresh = useRef({ refreshAccounts, refreshStats });
  refresh.current = { refreshAccounts, refreshStats };
  useEffect(() => {
    const offProgress = onRealtimeEvent(DIALER_PROGRESS_EVENT, (event) => {
      const { statusChanged } = applyDialerProgress(client, event);
      if (event.dialerId !== openId) return;
      if (statusChanged) void client.invalidateQueries({ queryKey: dialerKeys.detail(openId) });
      refresh.current.refreshAccounts();
      refresh.current.refreshStats();
    });
    const offResync = onRealtimeEvent(RESYNC, () => {
      void client.invalidateQueries({ queryKey: dialerKeys.all });
    });
    return () => {
      offProgress();
      offResync();
    };
  }, [client, openId]);
}
