import { idParamSchema, templateBodySchema, templateListQuerySchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { TemplatesService } from './templates.service.js';

export async function templatesRoutes(app: FastifyInstance, templates: TemplatesService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const saved = { messageKey: 'templates.saved' as const };

  api.get(
    '/templates',
    {
      config: { permission: 'ver-menu-plantillas-mensaje|ver-plantilla-mensaje' },
      schema: { querystring: templateListQuerySchema },
    },
    async (request) => success(request, await templates.list(request.query)),
  );

  api.post(
    '/templates',
    { config: { permission: 'agregar-plantilla-mensaje' }, schema: { body: templateBodySchema } },
    async (request, reply) =>
      reply.code(201).send(success(request, await templates.create(requireAuth(request).userId, request.body), saved)),
  );

  api.get(
    '/templates/:id',
    {
      config: { permission: 'ver-plantilla-mensaje|ver-menu-plantillas-mensaje' },
      schema: { params: idParamSchema },
    },
    async (request) => success(request, await templates.get(request.params.id)),
  );

  api.put(
    '/templates/:id',
    { config: { permission: 'editar-plantilla-mensaje' }, schema: { params: idParamSchema, body: templateBodySchema } },
    async (request) =>
      success(request, await templates.update(requireAuth(request).userId, request.params.id, request.body), saved),
  );

  api.get(
    '/templates/:id/audit',
    { config: { permission: 'ver-auditoria' }, schema: { params: idParamSchema } },
    async (request) => success(request, await templates.audit(request.params.id)),
  );

  // The composer's template picker: what this ticket may use, filled for it.
  api.get(
    '/tickets/:id/templates',
    { config: { permission: 'ver-caso' }, schema: { params: idParamSchema } },
    async (request) => success(request, await templates.offered(requireAuth(request), request.params.id)),
  );
}
