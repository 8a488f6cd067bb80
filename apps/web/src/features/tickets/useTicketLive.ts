import { NEW_INBOUND_EVENT, REALTIME_EVENTS, TICKET_EVENT, type Ticket } from '@atiende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeEvents, useThrottledRefetch } from '../../app/liveQueries';
import { onRealtimeEvent } from '../../app/realtime';
import { deskKeys, markTicketRead } from '../desk/api';
import { ticketKeys } from './api';
import { type ListOnScreen, listMayChange } from './model';

/**
 * Opening a ticket (spec): an unread ticket is marked read (the pending lists hear `leido`); a new inbound message
 * a delivery update, or a change by anyone (assignment, transfer, status) refetches it while it is open.
 */
export function useTicketLive(ticket: Ticket | undefined) {
  const client = useQueryClient();
  const ticketId = ticket?.id ?? null;
  const unread = ticket?.unread ?? false;
  const marking = useRef<number | null>(null);

  useEffect(() => {
    if (ticketId === null || !unread || marking.current === ticketId) return;
    marking.current = ticketId;
    markTicketRead(ticketId)
      .then(() => {
        client.setQueryData<Ticket>(ticketKeys.detail(ticketId), (current) =>
          current ? { ...current, unread: false } : current,
        );
        void client.invalidateQueries({ queryKey: ticketKeys.lists() });
        void client.invalidateQueries({ queryKey: deskKeys.pending });
      })
      .catch((error: unknown) => console.warn('ticket not marked read', error))
      .finally(() => {
        marking.current = null;
      });
  }, [ticketId, unread, client]);

  useEffect(() => {
    if (ticketId === null) return;
    const refetch = (payload: { casoId?: unknown } | null | undefined) => {
      if (payload?.casoId === ticketId) void client.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
    };
    const stops = [
      onRealtimeEvent(NEW_INBOUND_EVENT, refetch),
      // Assignment, transfer, status: whoever changed it, the open view shows it.
      onRealtimeEvent(TICKET_EVENT, refetch),
      onRealtimeEvent(REALTIME_EVENTS.messageStatus, refetch),
      onRealtimeEvent(REALTIME_EVENTS.messageChanged, refetch),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [ticketId, client]);
}

/** Lists refresh at most this often on events (a burst of arrivals costs one fetch per open list). */
const LIST_REFRESH_MS = 2000;

/**
 * The tickets list stays current: assignment, transfer, status and new-message events of the user's campaigns
 * refetch the list on screen (throttled) when they can change it (`listMayChange`); `resync` (events missed while
 * offline) at once.
 */
export function useTicketListLive(list: ListOnScreen): void {
  const client = useQueryClient();
  const refetch = useThrottledRefetch(ticketKeys.lists(), LIST_REFRESH_MS);
  useRealtimeEvents([TICKET_EVENT, NEW_INBOUND_EVENT, REALTIME_EVENTS.resync], (name, payload) => {
    if (name === REALTIME_EVENTS.resync) {
      void client.invalidateQueries({ queryKey: ticketKeys.lists() });
      return;
    }
    const event = payload as { casoId?: unknown; asignado?: number | null; item?: { asignado?: number | null } };
    if (typeof event?.casoId !== 'number') return;
    const assignee = name === NEW_INBOUND_EVENT ? event.item?.asignado : event.asignado;
    if (listMayChange({ ticketId: event.casoId, assignee }, list)) refetch();
  });
}
