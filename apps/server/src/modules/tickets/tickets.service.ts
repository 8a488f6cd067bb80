import type { AppContext } from '../../platform/context.js';
import { createTicketAutomated } from './tickets.automated.js';
import { createTicketCore } from './tickets.core.js';
import { createTicketReads } from './tickets.reads.js';
import { createTicketTransitions } from './tickets.transitions.js';
import { createTicketWork } from './tickets.work.js';

/** The tickets service: reads, the state machine's transitions and the work items, over one shared core. */
export function createTicketsService(ctx: AppContext) {
  const core = createTicketCore(ctx);
  return {
    ...createTicketReads(ctx, core),
    ...createTicketTransitions(ctx, core),
    ...createTicketWork(ctx, core),
    /** Changes business rules make (modules/automation). */
    automated: createTicketAutomated(ctx, core),
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
