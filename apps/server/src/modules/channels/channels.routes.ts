import {
  auditEntrySchema,
  channelBodySchema,
  channelListQuerySchema,
  channelSchema,
  idParamSchema,
  pageSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok } from '../../platform/http/openapi.js';
import type { ChannelsService } from './channels.service.js';

export async function channelsRoutes(app: FastifyInstance, channels: ChannelsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Channels'];

  api.get(
    '/channels',
    // Also for who manages WhatsApp templates: the template form picks one of the WhatsApp channels.
    {
      config: { permission: 'ver-menu-canales|ver-menu-plantillas-mensaje' },
      schema: {
        tags,
        operationId: 'listChannels',
        summary: 'List channels, by page, filtered by type and status',
        querystring: channelListQuerySchema,
        response: ok(pageSchema(channelSchema)),
      },
    },
    async (request) => success(request, await channels.list(request.query, request.locale)),
  );

  api.post(
    '/channels',
    {
      config: { permission: 'agregar-canal' },
      schema: {
        tags,
        operationId: 'createChannel',
        summary: 'Create a channel with its provider settings (secrets are write-only)',
        body: channelBodySchema,
        response: created(channelSchema),
      },
    },
    async (request, reply) => {
      const created = await channels.create(requireAuth(request).userId, request.body, request.locale);
      return reply.code(201).send(success(request, created, { messageKey: 'channels.saved' }));
    },
  );

  api.get(
    '/channels/:id',
    {
      config: { permission: 'ver-menu-canales' },
      schema: {
        tags,
        operationId: 'getChannel',
        summary: 'One channel (which secrets are set, never their values)',
        params: idParamSchema,
        response: ok(channelSchema),
      },
    },
    async (request) => success(request, await channels.get(request.params.id, request.locale)),
  );

  api.put(
    '/channels/:id',
    {
      config: { permission: 'editar-canal' },
      schema: {
        tags,
        operationId: 'updateChannel',
        summary: 'Update a channel (a secret left empty keeps the stored one)',
        params: idParamSchema,
        body: channelBodySchema,
        response: ok(channelSchema),
      },
    },
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
    {
      config: { permission: 'ver-auditoria' },
      schema: {
        tags,
        operationId: 'listChannelAudit',
        summary: 'The audit log of a channel, newest first',
        params: idParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await channels.audit(request.params.id)),
  );
}
