import { deliveryReportSchema, idParamSchema, inboundMessageSchema, replyBodySchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { InboundService } from './inbound.service.js';
import type { OutboundService } from './outbound.service.js';

export async function interactionsRoutes(
  app: FastifyInstance,
  inbound: InboundService,
  outbound: OutboundService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The API channel: an integration delivers a customer's message for one channel. Answered only once the message
   * is stored, so the caller may retry until it gets an answer; a retry returns the same message (200, duplicate).
   */
  api.post(
    '/channels/:id/inbound',
    {
      config: { permission: 'recibir-mensajes' },
      schema: { params: idParamSchema, body: inboundMessageSchema },
    },
    async (request, reply) => {
      const result = await inbound.receive(request.params.id, request.body);
      return reply
        .code(result.duplicate ? 200 : 201)
        .send(success(request, result, { messageKey: 'interactions.recorded' }));
    },
  );

  // The agent's reply from the ticket view: stored, then delivered by a durable job.
  api.post(
    '/tickets/:id/messages',
    { config: { permission: 'editar-caso' }, schema: { params: idParamSchema, body: replyBodySchema } },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await outbound.reply(requireAuth(request), request.params.id, request.body), {
          messageKey: 'messages.sent',
        }),
      ),
  );
  // The API channel's delivery reports (sent, delivered, read, failed); a status never moves backwards.
  api.post(
    '/channels/:id/delivery-reports',
    { config: { permission: 'recibir-mensajes' }, schema: { params: idParamSchema, body: deliveryReportSchema } },
    async (request) => success(request, await outbound.report(request.params.id, request.body)),
  );
}
