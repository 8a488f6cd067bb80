import { channelBodySchema, channelListQuerySchema, idParamSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { ChannelsService } from './channels.service.js';

export async function channelsRoutes(app: FastifyInstance, channels: ChannelsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/channels',
    // Also for who manages WhatsApp templates: the template form picks one of the WhatsApp channels.
    {
      config: { permission: 'ver-menu-canales|ver-menu-plantillas-mensaje' },
      schema: { querystring: channelListQuerySchema },
    },
    async (request) => success(request, await channels.list(request.query, request.locale)),
  );

  api.post(
    '/channels',
    { config: { permission: 'agregar-canal' }, schema: { body: channelBodySchema } },
    async (request, reply) => {
      const created = await channels.create(requireAuth(request).userId, request.body, request.locale);
      return reply.code(201).send(success(request, created, { messageKey: 'channels.saved' }));
    },
  );

  api.get(
    '/channels/:id',
    { config: { permission: 'ver-menu-canales' }, schema: { params: idParamSchema } },
    async (request) => success(request, await channels.get(request.params.id, request.locale)),
  );

  api.put(
    '/channels/:id',
    { config: { permission: 'editar-canal' }, schema: { params: idParamSchema, body: channelBodySchema } },
    async (request) =>
      success(
        request,
        await channels.update(requireAuth(request).userId, request.params.id, request.body, request.locale),
        {
          messageKey: 'channels.saved',
        },
      ),
  );

  api.get(
    '/channels/:id/audit',
    { config: { permission: 'ver-auditoria' }, schema: { params: idParamSchema } },
    async (request) => success(request, await channels.audit(request.params.id)),
  );
}
