import {
  catalogueEntryBodySchema,
  catalogueEntryParamSchema,
  catalogueListQuerySchema,
  catalogueModelParamSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { CataloguesService } from './catalogues.service.js';

/**
 * One generic module for every catalogue. Reading is open to any signed-in user (catalogues are the reference data
 * of every form); writing needs `editar-lista-general`.
 */
export async function cataloguesRoutes(app: FastifyInstance, catalogues: CataloguesService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/entities/:model',
    {
      config: { authenticated: true },
      schema: { params: catalogueModelParamSchema, querystring: catalogueListQuerySchema },
    },
    async (request) => success(request, await catalogues.list(request.params.model, request.query)),
  );

  api.post(
    '/entities/:model',
    {
      config: { permission: 'editar-lista-general' },
      schema: { params: catalogueModelParamSchema, body: catalogueEntryBodySchema },
    },
    async (request, reply) => {
      const entry = await catalogues.create(requireAuth(request).userId, request.params.model, request.body);
      return reply.code(201).send(success(request, entry, { messageKey: 'catalogues.saved' }));
    },
  );

  api.get(
    '/entities/:model/:id',
    { config: { authenticated: true }, schema: { params: catalogueEntryParamSchema } },
    async (request) => success(request, await catalogues.get(request.params.model, request.params.id)),
  );

  api.put(
    '/entities/:model/:id',
    {
      config: { permission: 'editar-lista-general' },
      schema: { params: catalogueEntryParamSchema, body: catalogueEntryBodySchema },
    },
    async (request) => {
      const { model, id } = request.params;
      const entry = await catalogues.update(requireAuth(request).userId, model, id, request.body);
      return success(request, entry, { messageKey: 'catalogues.saved' });
    },
  );

  api.get(
    '/entities/:model/:id/audit',
    { config: { permission: 'ver-auditoria' }, schema: { params: catalogueEntryParamSchema } },
    async (request) => success(request, await catalogues.audit(request.params.model, request.params.id)),
  );
}
