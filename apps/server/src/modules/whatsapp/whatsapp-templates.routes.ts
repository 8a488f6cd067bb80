import {
  cappedPageSchema,
  idParamSchema,
  interactionMessageSchema,
  sendWhatsappTemplateSchema,
  whatsappTemplateBodySchema,
  whatsappTemplateListQuerySchema,
  whatsappTemplateSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok, refusals } from '../../platform/http/openapi.js';
import type { WhatsappTemplatesService } from './whatsapp-templates.service.js';

const offeredQuery = z.object({ interactionId: z.coerce.number().int().positive().optional() });

export async function whatsappTemplatesRoutes(
  app: FastifyInstance,
  templates: WhatsappTemplatesService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['WhatsApp'];

  api.get(
    '/whatsapp-templates',
    {
      config: { permission: 'ver-menu-plantillas-mensaje|ver-plantilla-mensaje' },
      schema: {
        tags,
        operationId: 'listWhatsappTemplates',
        summary: 'List WhatsApp templates, by page, filtered by channel and review status',
        querystring: whatsappTemplateListQuerySchema,
        response: ok(cappedPageSchema(whatsappTemplateSchema)),
      },
    },
    async (request) => success(request, await templates.list(request.query)),
  );

  api.post(
    '/whatsapp-templates',
    {
      config: { permission: 'agregar-plantilla-mensaje' },
      schema: {
        tags,
        operationId: 'createWhatsappTemplate',
        summary: 'Submit a WhatsApp template to Meta for review',
        body: whatsappTemplateBodySchema,
        response: { ...created(whatsappTemplateSchema), ...refusals(409, 502) },
      },
    },
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
      schema: {
        tags,
        operationId: 'getWhatsappTemplate',
        summary: 'One WhatsApp template with Meta’s review',
        params: idParamSchema,
        response: ok(whatsappTemplateSchema),
      },
    },
    async (request) => success(request, await templates.get(request.params.id)),
  );

  // Meta's review now, for when its status webhook is late or not subscribed.
  api.post(
    '/whatsapp-templates/:id/sync',
    {
      config: { permission: 'ver-plantilla-mensaje' },
      schema: {
        tags,
        operationId: 'syncWhatsappTemplate',
        summary: 'Ask Meta for the template’s review now',
        params: idParamSchema,
        response: { ...ok(whatsappTemplateSchema), ...refusals(422, 502) },
      },
    },
    async (request) => success(request, await templates.sync(request.params.id)),
  );

  api.get(
    '/tickets/:id/whatsapp-templates',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'listTicketWhatsappTemplates',
        summary: 'The approved templates of a ticket’s WhatsApp conversation',
        params: idParamSchema,
        querystring: offeredQuery,
        response: ok(z.array(whatsappTemplateSchema)),
      },
    },
    async (request) =>
      success(request, await templates.offered(requireAuth(request), request.params.id, request.query.interactionId)),
  );

  api.post(
    '/tickets/:id/whatsapp-template',
    {
      config: { permission: 'editar-caso' },
      schema: {
        tags,
        operationId: 'sendWhatsappTemplate',
        summary: 'Send an approved template with its values on a ticket’s WhatsApp conversation',
        params: idParamSchema,
        body: sendWhatsappTemplateSchema,
        response: { ...created(interactionMessageSchema), ...refusals(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await templates.send(requireAuth(request), request.params.id, request.body), {
          messageKey: 'messages.sent',
        }),
      ),
  );
}
