import type { Ticket } from '@atiende/contracts';
import { Suspense } from 'react';
import { lazyNamed } from '../../../ui/lazy';
import { useTicketSla } from './ticketSla';

// The card, its texts and its clock load only for a ticket that follows a rule: the agent workspace does not grow.
const TicketSlaCard = lazyNamed(() => import('./TicketSlaCard'), 'TicketSlaCard');

/**
 * The ticket view's SLA: nothing while it loads or when no rule applies, else the countdowns of the rule's metrics
 * (`TicketSlaCard`); a failed load shows there too, with a retry.
 */
export function TicketSlaSlot({ ticket }: { ticket: Ticket }) {
  const sla = useTicketSla(ticket);
  const failed = sla.isError && !sla.data;
  if (!failed && !sla.data?.rule) return null;
  return (
    <Suspense fallback={null}>
      <TicketSlaCard sla={sla.data ?? null} error={failed ? sla.error : null} onRetry={() => void sla.refetch()} />
    </Suspense>
  );
}
