import { type GeneratedReport, REPORT_PROGRESS_EVENT } from '@atiende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadBlockedError } from '../../api/download';
import { onRealtimeEvent, RESYNC } from '../../app/realtime';
import { useSnackbar } from '../../ui/SnackbarProvider';
import {
  applyProgressEvent,
  autoDownloads,
  downloadReport,
  patchGeneratedRow,
  refreshGeneratedRow,
  reportKeys,
} from './api';
import { activeIds, type GeneratedPages, isFinished } from './model';

/** While a report is being generated, its row is read again this often (in case a realtime event is missed). */
export const POLL_MS = 3000;

/**
 * Keeps the generated list live while it is shown: `report-progress` events update the rows (a report not on a
 * loaded page reloads the list), a finished one is read again for its final figures, and every few seconds the
 * rows still queued or generating are read again in case an event was missed (a reconnect, another node).
 */
export function useLiveGeneratedReports(list: GeneratedPages | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    const offProgress = onRealtimeEvent(REPORT_PROGRESS_EVENT, (event) => {
      const found = applyProgressEvent(client, event);
      if (!found) void client.invalidateQueries({ queryKey: reportKeys.generated });
      else if (isFinished(event.status)) void refreshGeneratedRow(client, event.id);
    });
    const offResync = onRealtimeEvent(RESYNC, () => {
      void client.invalidateQueries({ queryKey: reportKeys.generated });
    });
    return () => {
      offProgress();
      offResync();
    };
  }, [client]);

  const active = activeIds(list).join(',');
  useEffect(() => {
    if (!active) return;
    const ids = active.split(',').map(Number);
    const timer = window.setInterval(() => {
      for (const id of ids) void refreshGeneratedRow(client, id);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, client]);
}

let mountedLists = 0;

/**
 * Downloads, once, each report this browser asked for as soon as its row says it is generated, with the spec's
 * messages: downloaded (success), generated but the browser did not save it (warning: the pop-up blocker), or
 * failed (error). Leaving the page forgets the pending ones (they stay downloadable from the list).
 */
export function useAutoDownloads(rows: readonly GeneratedReport[]): void {
  const client = useQueryClient();
  const notify = useSnackbar();
  const { t } = useTranslation();
  const latest = useRef({ notify, t });
  latest.current = { notify, t };

  useEffect(() => {
    mountedLists += 1;
    return () => {
      mountedLists -= 1;
      // Forgotten when the page is left, not when React only remounts it (development's strict mode).
      window.setTimeout(() => {
        if (mountedLists === 0) autoDownloads.clear();
      }, 0);
    };
  }, []);

  useEffect(() => {
    for (const row of rows) {
      if (!autoDownloads.has(row.id) || !isFinished(row.status)) continue;
      autoDownloads.delete(row.id);
      const { notify: show, t: translate } = latest.current;
      if (row.status === 'failed' || row.deletedAt !== null) {
        show(translate('reports.auto.error'), 'error');
        continue;
      }
      downloadReport(row).then(
        () => {
          patchGeneratedRow(client, row.id, (current) => ({ ...current, downloaded: true }));
          latest.current.notify(latest.current.t('reports.auto.success'), 'success');
        },
        (error: unknown) => {
          const blocked = error instanceof DownloadBlockedError;
          latest.current.notify(
            latest.current.t(blocked ? 'reports.auto.warning' : 'reports.auto.error'),
            blocked ? 'warning' : 'error',
          );
        },
      );
    }
  }, [rows, client]);
}
