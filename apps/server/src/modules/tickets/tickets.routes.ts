import {
  createTicketBodySchema,
  globalSearchQuerySchema,
  idParamSchema,
  massTaskBodySchema,
  mergeBodySchema,
  noteBodySchema,
  pendingQuerySchema,
  taskBodySchema,
  ticketFilterSchema,
  transferBodySchema,
  updateTicketBodySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { sendStoredFile } from '../../platform/http/downloads.js';
import { success } from '../../platform/http/envelope.js';
import type { TicketsService } from './tickets.service.js';

const numberParamSchema = z.object({ number: z.coerce.number().int().positive() });
const attachmentParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive(),
});

export async function ticketsRoutes(app: FastifyInstance, tickets: TicketsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const saved = { messageKey: 'tickets.saved' as const };

  api.get(
    '/tickets',
    { config: { permission: 'ver-menu-casos' }, schema: { querystring: ticketFilterSchema } },
    async (request) => success(request, await tickets.list(requireAuth(request), request.query)),
  );
  api.get(
    '/tickets/export',
    { config: { permission: 'exportar-casos' }, schema: { querystring: ticketFilterSchema } },
    async (request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="casos-${new Date().toISOString().slice(0, 10)}.xlsx"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      try {
        await tickets.export(requireAuth(request), request.query, reply.raw, request.locale);
      } catch (error) {
        request.log.error({ err: error }, 'ticket export failed');
        reply.raw.destroy(error as Error);
      }
    },
  );
  // The spec's pending drawer (caso/pendientes): open work of the user's campaigns.
  api.get(
    '/caso/pendientes',
    { config: { permission: 'ver-menu-casos|ver-caso' }, schema: { querystring: pendingQuerySchema } },
    async (request) => success(request, await tickets.pending(requireAuth(request), request.query)),
  );
  api.post(
    '/tickets/:id/leido',
    { config: { permission: 'ver-caso' }, schema: { params: idParamSchema } },
    async (request) => success(request, await tickets.markRead(requireAuth(request), request.params.id)),
  );
  // The spec's global search (header dropdown, advanced-search users).
  api.get(
    '/infogeneral',
    { config: { permission: 'busqueda-avanzada' }, schema: { querystring: globalSearchQuerySchema } },
    async (request) =>
      success(request, await tickets.globalSearch(requireAuth(request), request.query.searchText, request.query.limit)),
  );
  api.post(
    '/tickets',
    { config: { permission: 'agregar-caso' }, schema: { body: createTicketBodySchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(success(request, await tickets.create(requireAuth(request), request.body, request.locale), saved)),
  );
  api.post(
    '/tickets/tasks',
    { config: { permission: 'agregar-tarea-masiva' }, schema: { body: massTaskBodySchema } },
    async (request) =>
      success(
        request,
        await tickets.addTaskToMany(requireAuth(request), request.body.ticketIds, request.body, request.locale),
        {
          messageKey: 'tickets.tasksAdded',
        },
      ),
  );
  api.get(
    '/tickets/by-number/:number',
    { config: { permission: 'ver-caso' }, schema: { params: numberParamSchema } },
    async (request) => success(request, await tickets.getByNumber(requireAuth(request), request.params.number)),
  );
  api.get('/tickets/:id', { config: { permission: 'ver-caso' }, schema: { params: idParamSchema } }, async (request) =>
    success(request, await tickets.get(requireAuth(request), request.params.id)),
  );
  api.put(
    '/tickets/:id',
    { config: { permission: 'editar-caso' }, schema: { params: idParamSchema, body: updateTicketBodySchema } },
    async (request) =>
      success(request, await tickets.update(requireAuth(request), request.params.id, request.body), saved),
  );
  api.post(
    '/tickets/:id/attachments',
    { config: { permission: 'editar-caso' }, schema: { params: idParamSchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(success(request, await tickets.attach(requireAuth(request), request.params.id, request), saved)),
  );
  api.get(
    '/tickets/:id/attachments/:attachmentId',
    { config: { permission: 'ver-caso' }, schema: { params: attachmentParamSchema } },
    async (request, reply) => {
      const { attachment, stream } = await tickets.attachmentFile(
        requireAuth(request),
        request.params.id,
        request.params.attachmentId,
      );
      return sendStoredFile(reply, { name: attachment.fileName, contentType: attachment.contentType }, stream);
    },
  );
  api.get(
    '/users/:id/ticket-stats',
    { config: { permission: 'ver-usuario' }, schema: { params: idParamSchema } },
    async (request) => success(request, await tickets.userStats(requireAuth(request), request.params.id)),
  );
  api.get(
    '/users/:id/agenda',
    { config: { permission: 'ver-usuario' }, schema: { params: idParamSchema } },
    async (request) => success(request, await tickets.userAgenda(requireAuth(request), request.params.id)),
  );
  api.get(
    '/customers/:id/dashboard',
    { config: { permission: 'ver-cliente' }, schema: { params: idParamSchema } },
    async (request) => success(request, await tickets.customerDashboard(requireAuth(request), request.params.id)),
  );
  api.get(
    '/tickets/:id/history',
    { config: { permission: 'ver-caso' }, schema: { params: idParamSchema } },
    async (request) => success(request, await tickets.history(requireAuth(request), request.params.id)),
  );
  api.post(
    '/tickets/:id/tasks',
    { config: { permission: 'editar-caso' }, schema: { params: idParamSchema, body: taskBodySchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          success(
            request,
            await tickets.addTask(requireAuth(request), request.params.id, request.body, request.locale),
            saved,
          ),
        ),
  );
  api.post(
    '/tickets/:id/notes',
    { config: { permission: 'editar-caso' }, schema: { params: idParamSchema, body: noteBodySchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          success(request, await tickets.addNote(requireAuth(request), request.params.id, request.body.body), saved),
        ),
  );
  api.post(
    '/tickets/:id/open',
    { config: { permission: 'editar-caso' }, schema: { params: idParamSchema } },
    async (request) => success(request, await tickets.open(requireAuth(request), request.params.id), saved),
  );
  api.post(
    '/tickets/:id/escalate',
    { config: { permission: 'editar-caso' }, schema: { params: idParamSchema } },
    async (request) => success(request, await tickets.escalate(requireAuth(request), request.params.id), saved),
  );
  api.post(
    '/tickets/:id/close',
    { config: { permission: 'cerrar-caso' }, schema: { params: idParamSchema } },
    async (request) => success(request, await tickets.close(requireAuth(request), request.params.id), saved),
  );
  api.post(
    '/tickets/:id/transfer',
    { config: { permission: 'transferir-caso' }, schema: { params: idParamSchema, body: transferBodySchema } },
    async (request) =>
      success(request, await tickets.transfer(requireAuth(request), request.params.id, request.body), saved),
  );
  api.post(
    '/tickets/:id/merge',
    { config: { permission: 'fusionar-caso' }, schema: { params: idParamSchema, body: mergeBodySchema } },
    async (request) =>
      success(request, await tickets.merge(requireAuth(request), request.params.id, request.body.targetNumber), saved),
  );
  // The spec's transfer answers: the recipient accepts (opens the ticket view) or rejects (back to the sender).
  api.post(
    '/caso/:id/aceptar',
    { config: { permission: 'ver-caso' }, schema: { params: idParamSchema } },
    async (request) => success(request, await tickets.accept(requireAuth(request), request.params.id), saved),
  );
  api.post(
    '/caso/:id/rechazar',
    { config: { permission: 'ver-caso' }, schema: { params: idParamSchema } },
    async (request) => success(request, await tickets.reject(requireAuth(request), request.params.id), saved),
  );
}
