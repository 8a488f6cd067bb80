import {
  idParamSchema,
  sendWhatsappTemplateSchema,
  whatsappTemplateBodySchema,
  whatsappTemplateListQuerySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { WhatsappTemplatesService } from './whatsapp-templates.service.js';

const offeredQuery = z.object({ interactionId: z.coerce.number().int().positive().optional() });

export async function whatsappTemplatesRoutes(
  app: FastifyInstance,
  templates: WhatsappTemplatesService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/whatsapp-templates',
    {
      config: { permission: 'ver-menu-plantillas-mensaje|ver-plantilla-mensaje' },
      schema: { querystring: whatsappTemplateListQuerySchema },
    },
    async (request) => success(request, await templates.list(request.query)),
  );

  api.post(
    '/whatsapp-templates',
    { config: { permission: 'agregar-plantilla-mensaje' }, schema: { body: whatsappTemplateBodySchema } },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await templates.create(requireAuth(request).userId, request.body), {
          messageKey: 'whatsappTemplates.saved',
        }),
      ),
  );

  api.get(
    '/whatsapp-templates/:id',
    {
      config: { permission: 'ver-plantilla-mensaje|ver-menu-plantillas-mensaje' },
      schema: { params: idParamSchema },
    },
    async (request) => success(request, await templates.get(request.params.id)),
  );

  // Meta's review now, for when its status webhook is late or not subscribed.
  api.post(
    '/whatsapp-templates/:id/sync',
    { config: { permission: 'ver-plantilla-mensaje' }, schema: { params: idParamSchema } },
    async (request) => success(request, await templates.sync(request.params.id)),
  );

  api.get(
    '/tickets/:id/whatsapp-templates',
    { config: { permission: 'ver-caso' }, schema: { params: idParamSchema, querystring: offeredQuery } },
    async (request) =>
      success(request, await templates.offered(requireAuth(request), request.params.id, request.query.interactionId)),
  );

  api.post(
    '/tickets/:id/whatsapp-template',
    { config: { permission: 'editar-caso' }, schema: { params: idParamSchema, body: sendWhatsappTemplateSchema } },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await templates.send(requireAuth(request), request.params.id, request.body), {
          messageKey: 'messages.sent',
        }),
      ),
  );
}
