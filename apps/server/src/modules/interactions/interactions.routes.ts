import { idParamSchema, inboundMessageSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { success } from '../../platform/http/envelope.js';
import type { InboundService } from './inbound.service.js';

export async function interactionsRoutes(app: FastifyInstance, inbound: InboundService): Promise<void> {
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
}
