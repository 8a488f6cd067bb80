import {
  cappedPageSchema,
  idParamSchema,
  interactionMessageSchema,
  sendWhatsappTemplateSchema,
  WHATSAPP_TEMPLATE_MEDIA_MAX_BYTES,
  whatsappTemplateBodySchema,
  whatsappTemplateListQuerySchema,
  whatsappTemplateMediaQuerySchema,
  whatsappTemplateSchema,
  whatsappTemplateUploadSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { sendStoredFile } from '../../platform/http/downloads.js';
import { success } from '../../platform/http/envelope.js';
import { created, file, MULTIPART, ok, refusals } from '../../platform/http/openapi.js';
import { readUpload } from '../../platform/http/uploads.js';
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

  // A template's file goes first (checked by content for its use); the template then names the key it got.
  api.post(
    '/whatsapp-templates/media',
    {
      config: { permission: 'agregar-plantilla-mensaje' },
      schema: {
        tags,
        operationId: 'uploadWhatsappTemplateMedia',
        summary: 'Upload a template’s header or media file (multipart `file`, checked by content for its use)',
        consumes: MULTIPART,
        querystring: whatsappTemplateMediaQuerySchema,
        response: { ...created(whatsappTemplateUploadSchema), ...refusals(413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          success(
            request,
            await templates.upload(request.query.use, await readUpload(request, WHATSAPP_TEMPLATE_MEDIA_MAX_BYTES)),
          ),
        ),
  );

  api.get(
    '/whatsapp-templates/:id/media',
    {
      // Agents see it in the composer's preview, bulk messaging's authors in the wizard's: checked in the service.
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'getWhatsappTemplateMedia',
        summary: 'The file of a template’s media header or media template',
        params: idParamSchema,
        response: { 200: file('The file, with its sniffed content type'), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const media = await templates.mediaFile(requireAuth(request), request.params.id);
      return sendStoredFile(reply, { name: media.name, contentType: media.contentType }, media.stream);
    },
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
