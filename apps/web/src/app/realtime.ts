import { REALTIME_EVENTS } from '@atiende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { queryKeys } from './queries';
import { clearSession, getSession, useSession } from './session';
import { emitSessionReplaced } from './sessionEvents';

/**
 * Same-origin Socket.IO connection authenticated with the bearer token.
 * - session-opened {idSesion}: another session of this user started → multiple-sessions dialog.
 * - permissions-changed → refetch usuario/perfil (the menu updates without reload).
 * - business-changed → refetch empresa.
 * - connect_error UNAUTHENTICATED → the token is no longer valid: forget the session.
 */
export function useRealtime(): void {
  const { token } = useSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });

    socket.on(REALTIME_EVENTS.sessionOpened, (payload: { idSesion?: string | number } | undefined) => {
      const id = payload?.idSesion;
      if (id === undefined || id === null) return;
      if (String(id) !== String(getSession().sessionId ?? '')) {
        if (!emitSessionReplaced()) clearSession();
      }
    });
    socket.on(REALTIME_EVENTS.permissionsChanged, () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    });
    socket.on(REALTIME_EVENTS.businessChanged, () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.business });
    });
    socket.on('connect_error', (error: Error) => {
      if (error?.message === 'UNAUTHENTICATED') {
        socket.disconnect();
        clearSession();
      }
    });

    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [token, queryClient]);
}
