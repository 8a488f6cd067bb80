import { idParamSchema, ticketListViewBodySchema, ticketListViewSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { ok, refusals } from '../../platform/http/openapi.js';
import type { TicketViewsService } from './ticket-views.service.js';

/** The caller's saved views of the tickets list (whoever may open the list keeps their own). */
export async function ticketViewsRoutes(app: FastifyInstance, views: TicketViewsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tickets'];
  const permission = 'ver-menu-casos' as const;

  api.get(
    '/tickets/views',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'listTicketListViews',
        summary: 'The caller’s saved views of the tickets list, by name',
        response: ok(z.array(ticketListViewSchema)),
      },
    },
    async (request) => success(request, await views.list(requireAuth(request))),
  );

  api.put(
    '/tickets/views',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'saveTicketListView',
        summary: 'Save the current filters under a name (the same name replaces that view)',
        body: ticketListViewBodySchema,
        response: ok(ticketListViewSchema),
      },
    },
    async (request) =>
      success(request, await views.save(requireAuth(request), request.body), { messageKey: 'tickets.viewSaved' }),
  );

  api.delete(
    '/tickets/views/:id',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'deleteTicketListView',
        summary: 'Delete one of the caller’s saved views',
        params: idParamSchema,
        response: { ...ok(z.null()), ...refusals(404) },
      },
    },
    async (request) => {
      await views.remove(requireAuth(request), request.params.id);
      return success(request, null, { messageKey: 'tickets.viewDeleted' });
    },
  );
}
