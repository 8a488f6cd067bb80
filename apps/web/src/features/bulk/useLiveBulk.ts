import { BULK_PROGRESS_EVENT } from '@atiende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtimeEvent, RESYNC } from '../../app/realtime';
import { applyBulkProgress, bulkKeys } from './api';

/**
 * Keeps the cached bulk messages live while a bulk page is open: each `bulk-progress` event moves the status and
 * counters of the open one and of the list rows that show it. When the open one changes status its dates and
 * recipients are read again; a missed-events resync reads everything again.
 */
export function useLiveBulk(openId: number | null = null): void {
  const client = useQueryClient();
  useEffect(() => {
    const offProgress = onRealtimeEvent(BULK_PROGRESS_EVENT, (event) => {
      const { statusChanged } = applyBulkProgress(client, event);
      if (statusChanged && event.bulkMessageId === openId) {
        void client.invalidateQueries({ queryKey: bulkKeys.detail(openId) });
        void client.invalidateQueries({ queryKey: bulkKeys.recipientsOf(openId) });
      }
    });
    const offResync = onRealtimeEvent(RESYNC, () => {
      void client.invalidateQueries({ queryKey: bulkKeys.lists });
      if (openId !== null) {
        void client.invalidateQueries({ queryKey: bulkKeys.detail(openId) });
        void client.invalidateQueries({ queryKey: bulkKeys.recipientsOf(openId) });
      }
    });
    return () => {
      offProgress();
      offResync();
    };
  }, [client, openId]);
}
