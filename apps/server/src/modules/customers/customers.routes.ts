import {
  assignCustomersBodySchema,
  customerBodySchema,
  customerListQuerySchema,
  idParamSchema,
  kanbanQuerySchema,
  moveCustomerLabelBodySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { CustomersService } from './customers.service.js';

export async function customersRoutes(app: FastifyInstance, customers: CustomersService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/customers',
    { config: { permission: 'ver-menu-clientes' }, schema: { querystring: customerListQuerySchema } },
    async (request) => success(request, await customers.list(request.query)),
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
    async (request) => success(request, await customers.kanban(request.query)),
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
    async (request) => success(request, await customers.get(request.params.id)),
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
    async (request) => success(request, await customers.audit(request.params.id)),
  );
}
