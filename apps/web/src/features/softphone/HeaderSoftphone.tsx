import { REALTIME_EVENTS } from '@atiende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { queryKeys, useBusiness, useProfile } from '../../app/queries';
import { onRealtimeEvent } from '../../app/realtime';
import { lazyNamed } from '../../ui/lazy';

// The button, the engine and its texts: downloaded only by users with a softphone (business webrtc_enabled and an
// extension), as soon as the app opens, so incoming calls ring without opening the panel first. This file is part of
// the agent workspace's first download (apps/web/vite.config.ts budgets): keep it tiny.
const SoftphoneLauncher = lazyNamed(() => import('./SoftphoneLauncher'), 'SoftphoneLauncher');

/** The extension the softphone runs for: the user's, when the business has WebRTC; else null (no softphone). */
export function useSoftphoneExtension(): string | null {
  const webrtc = useBusiness().data?.configuracion?.webrtc_enabled;
  const extension = useProfile().profile?.extension;
  return (webrtc && extension) || null;
}

/** The header's softphone slot: nothing unless the business has WebRTC and the signed-in user an extension. */
export function HeaderSoftphone() {
  const client = useQueryClient();
  const extension = useSoftphoneExtension();
  // An administrator gave (or took) this user's extension: read the profile again.
  useEffect(
    () =>
      onRealtimeEvent(REALTIME_EVENTS.newExtension, () => {
        void client.invalidateQueries({ queryKey: queryKeys.profile });
      }),
    [client],
  );
  return extension ? (
    <Suspense>
      <SoftphoneLauncher extension={extension} />
    </Suspense>
  ) : null;
}
