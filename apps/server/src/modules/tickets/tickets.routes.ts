import {
  ATTACHMENT_MAX_BYTES,
  auditEntrySchema,
  cappedPageSchema,
  createTicketBodySchema,
  customerTicketCountsSchema,
  globalSearchQuerySchema,
  globalSearchResultSchema,
  idParamSchema,
  massTaskBodySchema,
  mergeBodySchema,
  noteBodySchema,
  pendingQuerySchema,
  pendingTicketsSchema,
  taskBodySchema,
  tasksAddedSchema,
  ticketFilterSchema,
  ticketIdSchema,
  ticketListItemSchema,
  ticketReadSchema,
  ticketSchema,
  transferBodySchema,
  transferCandidateSchema,
  updateTicketBodySchema,
  userTicketStatsSchema,
  waitingExplanationSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { sendStoredFile } from '../../platform/http/downloads.js';
import { success } from '../../platform/http/envelope.js';
import { created, file, MULTIPART, ok, refusals } from '../../platform/http/openapi.js';
import { readUpload } from '../../platform/http/uploads.js';
import type { TicketsService } from './tickets.service.js';

const numberParamSchema = z.object({ number: z.coerce.number().int().positive() });
const attachmentParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive(),
});

export async function ticketsRoutes(app: FastifyInstance, tickets: TicketsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const saved = { messageKey: 'tickets.saved' as const };
  const tags = ['Tickets'];
  const transition = { ...ok(ticketSchema), ...refusals(409) };

  api.get(
    '/tickets',
    {
      config: { permission: 'ver-menu-casos' },
      schema: {
        tags,
        operationId: 'listTickets',
        summary: 'List the tickets the caller may see, by page, with the spec’s filters',
        querystring: ticketFilterSchema,
        response: ok(cappedPageSchema(ticketListItemSchema)),
      },
    },
    async (request) => success(request, await tickets.list(requireAuth(request), request.query)),
  );
  api.get(
    '/tickets/export',
    {
      config: { permission: 'exportar-casos' },
      schema: {
        tags,
        operationId: 'exportTickets',
        summary: 'The tickets of the list’s filter as an Excel workbook (streamed)',
        querystring: ticketFilterSchema,
        response: { 200: file('The workbook', ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']) },
      },
    },
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
    {
      config: { permission: 'ver-menu-casos|ver-caso' },
      schema: {
        tags,
        operationId: 'listPendingTickets',
        summary: 'Open work of the caller’s campaigns (the pending drawer)',
        querystring: pendingQuerySchema,
        response: ok(pendingTicketsSchema),
      },
    },
    async (request) => success(request, await tickets.pending(requireAuth(request), request.query)),
  );
  api.post(
    '/tickets/:id/leido',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'markTicketRead',
        summary: 'Mark a ticket as read',
        params: idParamSchema,
        response: ok(ticketReadSchema),
      },
    },
    async (request) => success(request, await tickets.markRead(requireAuth(request), request.params.id)),
  );
  // The spec's global search (header dropdown and results page): advanced-search users, or everyone who reads
  // tickets when the business enables advanced search (checked in the service).
  api.get(
    '/infogeneral',
    {
      config: { permission: 'busqueda-avanzada|ver-caso' },
      schema: {
        tags,
        operationId: 'searchEverything',
        summary: 'Search tickets, customers and message text (the header’s global search and its results page)',
        querystring: globalSearchQuerySchema,
        response: ok(globalSearchResultSchema),
      },
    },
    async (request) =>
      success(request, await tickets.globalSearch(requireAuth(request), request.query.searchText, request.query.limit)),
  );
  api.post(
    '/tickets',
    {
      config: { permission: 'agregar-caso' },
      schema: {
        tags,
        operationId: 'createTicket',
        summary: 'Open a ticket for a customer in a campaign (optionally with its first task)',
        body: createTicketBodySchema,
        response: { ...created(ticketSchema), ...refusals(404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(success(request, await tickets.create(requireAuth(request), request.body, request.locale), saved)),
  );
  api.post(
    '/tickets/tasks',
    {
      config: { permission: 'agregar-tarea-masiva' },
      schema: {
        tags,
        operationId: 'addTaskToTickets',
        summary: 'Record the same task on many tickets at once (all or none)',
        body: massTaskBodySchema,
        response: ok(tasksAddedSchema),
      },
    },
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
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'getTicketByNumber',
        summary: 'One ticket by its number',
        params: numberParamSchema,
        response: ok(ticketSchema),
      },
    },
    async (request) => success(request, await tickets.getByNumber(requireAuth(request), request.params.number)),
  );
  api.get(
    '/tickets/:id',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'getTicket',
        summary: 'One ticket with its conversations, attachments, tasks, notes and related tickets',
        params: idParamSchema,
        response: ok(ticketSchema),
      },
    },
    async (request) => success(request, await tickets.get(requireAuth(request), request.params.id)),
  );
  api.get(
    '/tickets/:id/transfer-candidates',
    {
      config: { permission: 'transferir-caso' },
      schema: {
        tags,
        operationId: 'listTransferCandidates',
        summary: 'Who can receive the ticket: campaign members with room, with their status and open tickets',
        params: idParamSchema,
        response: ok(z.array(transferCandidateSchema)),
      },
    },
    async (request) => success(request, await tickets.transferCandidates(requireAuth(request), request.params.id)),
  );
  api.get(
    '/tickets/:id/waiting',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'explainTicketWaiting',
        summary: 'Why a ticket still waits for an agent and its place in the campaign’s queue (null: it does not wait)',
        params: idParamSchema,
        response: ok(waitingExplanationSchema.nullable()),
      },
    },
    async (request) => success(request, await tickets.waiting(requireAuth(request), request.params.id)),
  );
  api.put(
    '/tickets/:id',
    {
      config: { permission: 'editar-caso' },
      schema: {
        tags,
        operationId: 'updateTicket',
        summary: 'Change a ticket’s type, priority and description',
        params: idParamSchema,
        body: updateTicketBodySchema,
        response: transition,
      },
    },
    async (request) =>
      success(request, await tickets.update(requireAuth(request), request.params.id, request.body), saved),
  );
  api.post(
    '/tickets/:id/attachments',
    {
      config: { permission: 'editar-caso' },
      schema: {
        tags,
        operationId: 'attachTicketFile',
        summary: 'Attach a file to a ticket (multipart `file`, checked by content)',
        consumes: MULTIPART,
        params: idParamSchema,
        response: { ...created(ticketSchema), ...refusals(409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          success(
            request,
            await tickets.attach(requireAuth(request), request.params.id, () =>
              readUpload(request, ATTACHMENT_MAX_BYTES),
            ),
            saved,
          ),
        ),
  );
  api.get(
    '/tickets/:id/attachments/:attachmentId',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'downloadTicketAttachment',
        summary: 'Download a ticket’s attachment (always as a download)',
        params: attachmentParamSchema,
        response: { 200: file('The file, with its stored content type') },
      },
    },
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
    {
      config: { permission: 'ver-usuario' },
      schema: {
        tags,
        operationId: 'getUserTicketStats',
        summary: 'A user’s assigned tickets by status and tasks recorded lately',
        params: idParamSchema,
        response: ok(userTicketStatsSchema),
      },
    },
    async (request) => success(request, await tickets.userStats(requireAuth(request), request.params.id)),
  );
  api.get(
    '/users/:id/agenda',
    {
      config: { permission: 'ver-usuario' },
      schema: {
        tags,
        operationId: 'getUserAgenda',
        summary: 'A user’s open tickets with a next task, soonest first',
        params: idParamSchema,
        response: ok(z.array(ticketListItemSchema)),
      },
    },
    async (request) => success(request, await tickets.userAgenda(requireAuth(request), request.params.id)),
  );
  api.get(
    '/customers/:id/dashboard',
    {
      config: { permission: 'ver-cliente' },
      schema: {
        tags,
        operationId: 'getCustomerDashboard',
        summary: 'A customer’s tickets counted by status and channel type',
        params: idParamSchema,
        response: ok(customerTicketCountsSchema),
      },
    },
    async (request) => success(request, await tickets.customerDashboard(requireAuth(request), request.params.id)),
  );
  api.get(
    '/tickets/:id/history',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'listTicketHistory',
        summary: 'The audit log of a ticket, newest first',
        params: idParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await tickets.history(requireAuth(request), request.params.id)),
  );
  api.post(
    '/tickets/:id/tasks',
    {
      config: { permission: 'editar-caso' },
      schema: {
        tags,
        operationId: 'addTicketTask',
        summary: 'Record a task (the campaign’s form values, notes, next task)',
        params: idParamSchema,
        body: taskBodySchema,
        response: { ...created(ticketSchema), ...refusals(409) },
      },
    },
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
    {
      config: { permission: 'editar-caso' },
      schema: {
        tags,
        operationId: 'addTicketNote',
        summary: 'Add an internal note',
        params: idParamSchema,
        body: noteBodySchema,
        response: { ...created(ticketSchema), ...refusals(409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          success(request, await tickets.addNote(requireAuth(request), request.params.id, request.body.body), saved),
        ),
  );
  api.post(
    '/tickets/:id/open',
    {
      config: { permission: 'editar-caso' },
      schema: {
        tags,
        operationId: 'openTicket',
        summary: 'Open a new ticket',
        params: idParamSchema,
        response: transition,
      },
    },
    async (request) => success(request, await tickets.open(requireAuth(request), request.params.id), saved),
  );
  api.post(
    '/tickets/:id/escalate',
    {
      config: { permission: 'editar-caso' },
      schema: {
        tags,
        operationId: 'escalateTicket',
        summary: 'Escalate a ticket',
        params: idParamSchema,
        response: transition,
      },
    },
    async (request) => success(request, await tickets.escalate(requireAuth(request), request.params.id), saved),
  );
  api.post(
    '/tickets/:id/close',
    {
      config: { permission: 'cerrar-caso' },
      schema: {
        tags,
        operationId: 'closeTicket',
        summary: 'Close a ticket (irreversible; the campaign may require a task or the customer’s data)',
        params: idParamSchema,
        response: transition,
      },
    },
    async (request) => success(request, await tickets.close(requireAuth(request), request.params.id), saved),
  );
  api.post(
    '/tickets/:id/transfer',
    {
      config: { permission: 'transferir-caso' },
      schema: {
        tags,
        operationId: 'transferTicket',
        summary: 'Transfer a ticket to an agent or a campaign (waits for the recipient)',
        params: idParamSchema,
        body: transferBodySchema,
        response: transition,
      },
    },
    async (request) =>
      success(request, await tickets.transfer(requireAuth(request), request.params.id, request.body), saved),
  );
  api.post(
    '/tickets/:id/merge',
    {
      config: { permission: 'fusionar-caso' },
      schema: {
        tags,
        operationId: 'mergeTicket',
        summary: 'Merge a ticket into another by its number',
        params: idParamSchema,
        body: mergeBodySchema,
        response: transition,
      },
    },
    async (request) =>
      success(request, await tickets.merge(requireAuth(request), request.params.id, request.body.targetNumber), saved),
  );
  // The spec's transfer answers: the recipient accepts (opens the ticket view) or rejects (back to the sender).
  api.post(
    '/caso/:id/aceptar',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'acceptTicketTransfer',
        summary: 'Accept a ticket transferred to the caller',
        params: idParamSchema,
        response: transition,
      },
    },
    async (request) => success(request, await tickets.accept(requireAuth(request), request.params.id), saved),
  );
  api.post(
    '/caso/:id/rechazar',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'rejectTicketTransfer',
        summary: 'Reject a ticket transferred to the caller (it goes back to the sender)',
        params: idParamSchema,
        response: { ...ok(ticketIdSchema), ...refusals(409) },
      },
    },
    async (request) => success(request, await tickets.reject(requireAuth(request), request.params.id), saved),
  );
}
