import {
  auditEntrySchema,
  catalogueEntryBodySchema,
  catalogueEntryParamSchema,
  catalogueEntrySchema,
  catalogueListQuerySchema,
  catalogueModelParamSchema,
  pageSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok, refusals } from '../../platform/http/openapi.js';
import type { CataloguesService } from './catalogues.service.js';

/**
 * One generic module for every catalogue. Reading is open to any signed-in user (catalogues are the reference data
 * of every form); writing needs `editar-lista-general`.
 */
export async function cataloguesRoutes(app: FastifyInstance, catalogues: CataloguesService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Catalogues'];

  api.get(
    '/entities/:model',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'listCatalogueEntries',
        summary: 'List the entries of a catalogue, by page',
        params: catalogueModelParamSchema,
        querystring: catalogueListQuerySchema,
        response: ok(pageSchema(catalogueEntrySchema)),
      },
    },
    async (request) => success(request, await catalogues.list(request.params.model, request.query)),
  );

  api.post(
    '/entities/:model',
    {
      config: { permission: 'editar-lista-general' },
      schema: {
        tags,
        operationId: 'createCatalogueEntry',
        summary: 'Add an entry to a catalogue',
        params: catalogueModelParamSchema,
        body: catalogueEntryBodySchema,
        response: { ...created(catalogueEntrySchema), ...refusals(409) },
      },
    },
    async (request, reply) => {
      const entry = await catalogues.create(requireAuth(request).userId, request.params.model, request.body);
      return reply.code(201).send(success(request, entry, { messageKey: 'catalogues.saved' }));
    },
  );

  api.get(
    '/entities/:model/:id',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'getCatalogueEntry',
        summary: 'One entry of a catalogue',
        params: catalogueEntryParamSchema,
        response: ok(catalogueEntrySchema),
      },
    },
    async (request) => success(request, await catalogues.get(request.params.model, request.params.id)),
  );

  api.put(
    '/entities/:model/:id',
    {
      config: { permission: 'editar-lista-general' },
      schema: {
        tags,
        operationId: 'updateCatalogueEntry',
        summary: 'Update an entry of a catalogue',
        params: catalogueEntryParamSchema,
        body: catalogueEntryBodySchema,
        response: { ...ok(catalogueEntrySchema), ...refusals(409) },
      },
    },
    async (request) => {
      const { model, id } = request.params;
      const entry = await catalogues.update(requireAuth(request).userId, model, id, request.body);
      return success(request, entry, { messageKey: 'catalogues.saved' });
    },
  );

  api.get(
    '/entities/:model/:id/audit',
    {
      config: { permission: 'ver-auditoria' },
      schema: {
        tags,
        operationId: 'listCatalogueEntryAudit',
        summary: 'The audit log of a catalogue entry, newest first',
        params: catalogueEntryParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await catalogues.audit(request.params.model, request.params.id)),
  );
}
