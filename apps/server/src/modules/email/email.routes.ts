import { Readable } from 'node:stream';
import {
  failedInboundListQuerySchema,
  failedInboundMessageSchema,
  failedInboundParamSchema,
  failedInboundRetrySchema,
  pageSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { sendStoredFile } from '../../platform/http/downloads.js';
import { success } from '../../platform/http/envelope.js';
import { file, ok, refusals } from '../../platform/http/openapi.js';
import type { FailedInbound } from './email.failures.js';

/** A channel's failed inbound messages: listed, retried, downloaded or discarded by whoever may edit channels. */
export async function emailRoutes(app: FastifyInstance, failures: FailedInbound): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Channels'];

  api.get(
    '/channels/:id/failed-messages',
    {
      config: { permission: 'editar-canal' },
      schema: {
        tags,
        operationId: 'listFailedInboundMessages',
        summary: 'List the messages a channel received but could not take, newest first',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: failedInboundListQuerySchema,
        response: ok(pageSchema(failedInboundMessageSchema)),
      },
    },
    async (request) => success(request, await failures.list(request.params.id, request.query)),
  );

  api.post(
    '/channels/:id/failed-messages/:failedId/retry',
    {
      config: { permission: 'editar-canal' },
      schema: {
        tags,
        operationId: 'retryFailedInboundMessage',
        summary: 'Process a failed inbound message again from its kept source',
        params: failedInboundParamSchema,
        response: { ...ok(failedInboundRetrySchema), ...refusals(422) },
      },
    },
    async (request) =>
      success(request, await failures.retry(requireAuth(request).userId, request.params.id, request.params.failedId), {
        messageKey: 'email.retried',
      }),
  );

  api.get(
    '/channels/:id/failed-messages/:failedId/source',
    {
      config: { permission: 'editar-canal' },
      schema: {
        tags,
        operationId: 'downloadFailedInboundMessage',
        summary: 'Download the original message as received (.eml)',
        params: failedInboundParamSchema,
        response: { 200: file('The message as received', ['message/rfc822']) },
      },
    },
    async (request, reply) => {
      const source = await failures.source(request.params.id, request.params.failedId);
      return sendStoredFile(
        reply,
        { name: source.name, contentType: 'message/rfc822' },
        Readable.from([source.content]),
      );
    },
  );

  api.delete(
    '/channels/:id/failed-messages/:failedId',
    {
      config: { permission: 'editar-canal' },
      schema: {
        tags,
        operationId: 'discardFailedInboundMessage',
        summary: 'Discard a failed inbound message and its kept source',
        params: failedInboundParamSchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await failures.discard(requireAuth(request).userId, request.params.id, request.params.failedId);
      return success(request, null, { messageKey: 'email.discarded' });
    },
  );
}
