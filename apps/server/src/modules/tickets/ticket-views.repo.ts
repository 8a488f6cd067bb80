import type { TicketListView } from '@atiende/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { ticketListViews } from './tickets.schema.js';

const columns = {
  id: ticketListViews.id,
  name: ticketListViews.name,
  search: ticketListViews.search,
  updatedAt: ticketListViews.updatedAt,
};

function toView(row: { id: number; name: string; search: string; updatedAt: Date }): TicketListView {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** One user's saved views of the tickets list: every query is bounded by the owner. */
export const ticketViewsRepo = {
  async list(db: Executor, userId: number): Promise<TicketListView[]> {
    const rows = await db
      .select(columns)
      .from(ticketListViews)
      .where(eq(ticketListViews.userId, userId))
      .orderBy(asc(ticketListViews.name));
    return rows.map(toView);
  },

  async countOf(db: Executor, userId: number): Promise<number> {
    const [row] = await db.select({ total: count() }).from(ticketListViews).where(eq(ticketListViews.userId, userId));
    return row?.total ?? 0;
  },

  /** Inserts the view, or replaces the filters of the owner's view of the same name. */
  async upsert(db: Executor, userId: number, name: string, search: string): Promise<TicketListView> {
    const [row] = await db
      .insert(ticketListViews)
      .values({ userId, name, search })
      .onConflictDoUpdate({
        target: [ticketListViews.userId, ticketListViews.name],
        set: { search, updatedAt: new Date() },
      })
      .returning(columns);
    return toView(row);
  },

  async exists(db: Executor, userId: number, name: string): Promise<boolean> {
    const [row] = await db
      .select({ id: ticketListViews.id })
      .from(ticketListViews)
      .where(and(eq(ticketListViews.userId, userId), eq(ticketListViews.name, name)));
    return Boolean(row);
  },

  /** False when the owner has no such view (another user's view is never touched). */
  async remove(db: Executor, userId: number, id: number): Promise<boolean> {
    const deleted = await db
      .delete(ticketListViews)
      .where(and(eq(ticketListViews.id, id), eq(ticketListViews.userId, userId)))
      .returning({ id: ticketListViews.id });
    return deleted.length > 0;
  },
};
