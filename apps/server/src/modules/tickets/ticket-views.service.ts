import { MAX_TICKET_LIST_VIEWS, type TicketListView, type TicketListViewBody } from '@atiende/contracts';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { errors } from '../../platform/http/errors.js';
import { ticketViewsRepo } from './ticket-views.repo.js';

/** Saved views of the tickets list: each user reads and changes only their own. */
export function createTicketViewsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    list: (actor: AuthContext) => ticketViewsRepo.list(db, actor.userId),

    async save(actor: AuthContext, body: TicketListViewBody): Promise<TicketListView> {
      return db.transaction(async (tx) => {
        // A new name counts against the limit; saving under an existing name replaces that view.
        if (
          !(await ticketViewsRepo.exists(tx, actor.userId, body.name)) &&
          (await ticketViewsRepo.countOf(tx, actor.userId)) >= MAX_TICKET_LIST_VIEWS
        ) {
          throw errors.invalidField('name', 'tickets.viewsLimit');
        }
        return ticketViewsRepo.upsert(tx, actor.userId, body.name, body.search);
      });
    },

    async remove(actor: AuthContext, id: number): Promise<void> {
      if (!(await ticketViewsRepo.remove(db, actor.userId, id))) throw errors.notFound();
    },
  };
}

export type TicketViewsService = ReturnType<typeof createTicketViewsService>;
