import { Readable } from 'node:stream';
import { failedInboundListQuerySchema, failedInboundParamSchema, idParamSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { sendStoredFile } from '../../platform/http/downloads.js';
import { success } from '../../platform/http/envelope.js';
import type { FailedInbound } from './email.failures.js';

/** A channel's failed inbound messages: listed, retried, downloaded or discarded by whoever may edit channels. */
export async function emailRoutes(app: FastifyInstance, failures: FailedInbound): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/channels/:id/failed-messages',
    {
      config: { permission: 'editar-canal' },
      schema: { params: idParamSchema, querystring: failedInboundListQuerySchema },
    },
    async (request) => success(request, await failures.list(request.params.id, request.query)),
  );

  api.post(
    '/channels/:id/failed-messages/:failedId/retry',
    { config: { permission: 'editar-canal' }, schema: { params: failedInboundParamSchema } },
    async (request) =>
      success(request, await failures.retry(requireAuth(request).userId, request.params.id, request.params.failedId), {
        messageKey: 'email.retried',
      }),
  );

  api.get(
    '/channels/:id/failed-messages/:failedId/source',
    { config: { permission: 'editar-canal' }, schema: { params: failedInboundParamSchema } },
    async (request, reply) => {
      const file = await failures.source(request.params.id, request.params.failedId);
      return sendStoredFile(reply, { name: file.name, contentType: 'message/rfc822' }, Readable.from([file.content]));
    },
  );

  api.delete(
    '/channels/:id/failed-messages/:failedId',
    { config: { permission: 'editar-canal' }, schema: { params: failedInboundParamSchema } },
    async (request) => {
      await failures.discard(requireAuth(request).userId, request.params.id, request.params.failedId);
      return success(request, null, { messageKey: 'email.discarded' });
    },
  );
}
