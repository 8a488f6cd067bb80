import { z } from 'zod';
import { idSchema, instantSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { singleLine } from '../text.js';

/** How many saved views of the tickets list one user keeps. */
export const MAX_TICKET_LIST_VIEWS = 20;

/** A saved view: the tickets list's filters under a name, kept per user on the server (every browser sees them). */
export const ticketListViewSchema = named(
  'TicketListView',
  z.object({
    id: idSchema,
    name: z.string(),
    /** The list page's query string (filters, sort, page size), applied as it is. */
    search: z.string(),
    updatedAt: instantSchema,
  }),
);
export type TicketListView = z.infer<typeof ticketListViewSchema>;

/** Saving a view under a name the user already has replaces that view's filters. */
export const ticketListViewBodySchema = z.object({
  name: singleLine().min(1).max(60),
  search: singleLine().max(2000),
});
export type TicketListViewBody = z.infer<typeof ticketListViewBodySchema>;
