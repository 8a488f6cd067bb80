import {
  auditEntrySchema,
  cappedPageSchema,
  idParamSchema,
  messageTemplateSchema,
  offeredTemplateSchema,
  templateBodySchema,
  templateListQuerySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok } from '../../platform/http/openapi.js';
import type { TemplatesService } from './templates.service.js';

export async function templatesRoutes(app: FastifyInstance, templates: TemplatesService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const saved = { messageKey: 'templates.saved' as const };
  const tags = ['Templates'];

  api.get(
    '/templates',
    {
      config: { permission: 'ver-menu-plantillas-mensaje|ver-plantilla-mensaje' },
      schema: {
        tags,
        operationId: 'listTemplates',
        summary: 'List message templates, by page, filtered by channel type and campaign',
        querystring: templateListQuerySchema,
        response: ok(cappedPageSchema(messageTemplateSchema)),
      },
    },
    async (request) => success(request, await templates.list(request.query)),
  );

  api.post(
    '/templates',
    {
      config: { permission: 'agregar-plantilla-mensaje' },
      schema: {
        tags,
        operationId: 'createTemplate',
        summary: 'Create a message template',
        body: templateBodySchema,
        response: created(messageTemplateSchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(success(request, await templates.create(requireAuth(request).userId, request.body), saved)),
  );

  api.get(
    '/templates/:id',
    {
      config: { permission: 'ver-plantilla-mensaje|ver-menu-plantillas-mensaje' },
      schema: {
        tags,
        operationId: 'getTemplate',
        summary: 'One message template',
        params: idParamSchema,
        response: ok(messageTemplateSchema),
      },
    },
    async (request) => success(request, await templates.get(request.params.id)),
  );

  api.put(
    '/templates/:id',
    {
      config: { permission: 'editar-plantilla-mensaje' },
      schema: {
        tags,
        operationId: 'updateTemplate',
        summary: 'Update a message template',
        params: idParamSchema,
        body: templateBodySchema,
        response: ok(messageTemplateSchema),
      },
    },
    async (request) =>
      success(request, await templates.update(requireAuth(request).userId, request.params.id, request.body), saved),
  );

  api.get(
    '/templates/:id/audit',
    {
      config: { permission: 'ver-auditoria' },
      schema: {
        tags,
        operationId: 'listTemplateAudit',
        summary: 'The audit log of a message template, newest first',
        params: idParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await templates.audit(request.params.id)),
  );

  // The composer's template picker: what this ticket may use, filled for it.
  api.get(
    '/tickets/:id/templates',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'listTicketTemplates',
        summary: 'The templates a ticket may use, filled for it (the composer’s picker)',
        params: idParamSchema,
        response: ok(z.array(offeredTemplateSchema)),
      },
    },
    async (request) => success(request, await templates.offered(requireAuth(request), request.params.id)),
  );
}
