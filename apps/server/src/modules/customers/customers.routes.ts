import {
  assignCustomersBodySchema,
  customerBodySchema,
  customerListQuerySchema,
  idParamSchema,
  kanbanQuerySchema,
  moveCustomerLabelBodySchema,
  startImportBodySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { CustomersService } from './customers.service.js';
import type { ImportsService } from './imports.service.js';

export async function customersRoutes(
  app: FastifyInstance,
  customers: CustomersService,
  imports: ImportsService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/customers/export',
    { config: { permission: 'exportar-clientes' }, schema: { querystring: customerListQuerySchema } },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="clientes-${stamp}.xlsx"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      try {
        await customers.export(requireAuth(request), request.query, reply.raw, request.locale);
      } catch (error) {
        request.log.error({ err: error }, 'customer export failed');
        reply.raw.destroy(error as Error);
      }
    },
  );

  api.post('/customers/imports', { config: { permission: 'importar-clientes' } }, async (request, reply) =>
    reply.code(201).send(success(request, await imports.upload(requireAuth(request), request))),
  );
  api.get(
    '/customers/imports/:id',
    { config: { permission: 'importar-clientes' }, schema: { params: idParamSchema } },
    async (request) => success(request, await imports.get(requireAuth(request), request.params.id)),
  );
  api.post(
    '/customers/imports/:id/start',
    { config: { permission: 'importar-clientes' }, schema: { params: idParamSchema, body: startImportBodySchema } },
    async (request, reply) =>
      reply.code(202).send(
        success(request, await imports.start(requireAuth(request), request.params.id, request.body, request.locale), {
          messageKey: 'imports.started',
        }),
      ),
  );
  api.get(
    '/customers/imports/:id/errors',
    { config: { permission: 'importar-clientes' }, schema: { params: idParamSchema } },
    async (request, reply) => {
      const report = await imports.errorReport(requireAuth(request), request.params.id);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${report.name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(report.stream);
    },
  );

  api.get(
    '/customers',
    { config: { permission: 'ver-menu-clientes' }, schema: { querystring: customerListQuerySchema } },
    async (request) => success(request, await customers.list(requireAuth(request), request.query)),
  );
  api.post(
    '/customers',
    { config: { permission: 'agregar-cliente' }, schema: { body: customerBodySchema } },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await customers.create(requireAuth(request), request.body), {
          messageKey: 'customers.saved',
        }),
      ),
  );
  api.get(
    '/customers/kanban',
    { config: { permission: 'ver-menu-clientes' }, schema: { querystring: kanbanQuerySchema } },
    async (request) => success(request, await customers.kanban(requireAuth(request), request.query)),
  );
  api.post(
    '/customers/assign',
    { config: { permission: 'editar-cliente' }, schema: { body: assignCustomersBodySchema } },
    async (request) =>
      success(
        request,
        await customers.assignOwner(requireAuth(request), request.body.customerIds, request.body.ownerUserId),
        { messageKey: 'customers.saved' },
      ),
  );
  api.get(
    '/customers/:id',
    { config: { permission: 'ver-cliente' }, schema: { params: idParamSchema } },
    async (request) => success(request, await customers.get(requireAuth(request), request.params.id)),
  );
  api.put(
    '/customers/:id',
    { config: { permission: 'editar-cliente' }, schema: { params: idParamSchema, body: customerBodySchema } },
    async (request) =>
      success(request, await customers.update(requireAuth(request), request.params.id, request.body), {
        messageKey: 'customers.saved',
      }),
  );
  api.post(
    '/customers/:id/move-label',
    { config: { permission: 'editar-cliente' }, schema: { params: idParamSchema, body: moveCustomerLabelBodySchema } },
    async (request) =>
      success(
        request,
        await customers.moveLabel(
          requireAuth(request),
          request.params.id,
          request.body.fromLabelId ?? null,
          request.body.toLabelId,
        ),
        { messageKey: 'customers.saved' },
      ),
  );
  api.get(
    '/customers/:id/audit',
    { config: { permission: 'ver-auditoria' }, schema: { params: idParamSchema } },
    async (request) => success(request, await customers.audit(requireAuth(request), request.params.id)),
  );
}
