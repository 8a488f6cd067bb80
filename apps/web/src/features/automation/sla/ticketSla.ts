import type { Ticket, TicketSla } from '@atiende/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, unwrap } from '../../../api/client';
import { onRealtimeEvent } from '../../../app/realtime';

type TicketSlaMetric = TicketSla['metrics'][number];

/**
 * Milliseconds until the next running deadline passes (plus `graceMs`, the time the server takes to record the
 * breach), capped at `maxMs`; null when no deadline lies ahead. The view asks the server again then.
 */
export function nextDeadlineIn(
  metrics: readonly TicketSlaMetric[],
  now: number,
  graceMs = 5000,
  maxMs = 6 * 3600_000,
): number | null {
  let next: number | null = null;
  for (const metric of metrics) {
    if (metric.state !== 'running' || !metric.dueAt) continue;
    const due = Date.parse(metric.dueAt);
    if (Number.isNaN(due) || due <= now) continue;
    if (next === null || due < next) next = due;
  }
  return next === null ? null : Math.min(next - now + graceMs, maxMs);
}

/**
 * The ticket's SLA (`GET tickets/:id/sla`). Kept small and free of components: the ticket view imports it at once,
 * and loads the card (with its texts) only when a rule applies.
 *
 * The key lies under `tickets`, so every ticket action (reply, status, priority, transfer — they invalidate
 * `tickets`) asks again.
 */
export const ticketSlaKey = (ticketId: number) => ['tickets', 'sla', ticketId] as const;

/** What of the ticket moves its deadlines: a change asks the server again (e.g. a new message arrived live). */
export function slaSignature(ticket: Ticket): string {
  return [
    ticket.status,
    ticket.priority,
    ticket.campaign.id,
    ticket.type?.id ?? '',
    ticket.firstResponseAt ?? '',
    ticket.closedAt ?? '',
    ticket.updatedAt,
    ...ticket.interactions.map((interaction) => `${interaction.id}:${interaction.lastMessageAt}`),
  ].join('|');
}

export function useTicketSla(ticket: Ticket) {
  const client = useQueryClient();
  const ticketId = ticket.id;
  const query = useQuery({
    queryKey: ticketSlaKey(ticketId),
    queryFn: () => unwrap(api.get<TicketSla>(`tickets/${ticketId}/sla`)),
  });

  // The ticket changed (the view refetched it on a live event): its deadlines may have too.
  const signature = slaSignature(ticket);
  const seen = useRef(signature);
  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    void client.invalidateQueries({ queryKey: ticketSlaKey(ticketId) });
  }, [signature, ticketId, client]);

  // A warning or a breach of this ticket (sent to its assignee and the campaign's supervisors).
  useEffect(() => {
    const refetch = (payload: { ticketId?: unknown } | null | undefined) => {
      if (payload?.ticketId === ticketId) void client.invalidateQueries({ queryKey: ticketSlaKey(ticketId) });
    };
    // The events' names as literals (checked against the event map): importing the constants would split them out of
    // the app shell's chunk into one more file for the workspace to load.
    const stops = [onRealtimeEvent('sla-warning', refetch), onRealtimeEvent('sla-breach', refetch)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [ticketId, client]);

  // When the next deadline passes, ask again (the server records the breach): for viewers the events do not reach.
  const metrics = query.data?.metrics;
  useEffect(() => {
    if (!metrics) return;
    const wait = nextDeadlineIn(metrics, Date.now());
    if (wait === null) return;
    const timer = window.setTimeout(
      () => void client.invalidateQueries({ queryKey: ticketSlaKey(ticketId) }),
      Math.max(wait, 0),
    );
    return () => window.clearTimeout(timer);
  }, [metrics, ticketId, client]);

  return query;
}
