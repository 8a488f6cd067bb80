import {
  deliveryReportResultSchema,
  deliveryReportSchema,
  envelopeSchema,
  idParamSchema,
  inboundMessageSchema,
  inboundResultSchema,
  interactionMessageSchema,
  replyBodySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok, refusals } from '../../platform/http/openapi.js';
import type { InboundService } from './inbound.service.js';
import type { OutboundService } from './outbound.service.js';

export async function interactionsRoutes(
  app: FastifyInstance,
  inbound: InboundService,
  outbound: OutboundService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Interactions'];

  /**
   * The API channel: an integration delivers a customer's message for one channel. Answered only once the message
   * is stored, so the caller may retry until it gets an answer; a retry returns the same message (200, duplicate).
   */
  api.post(
    '/channels/:id/inbound',
    {
      config: { permission: 'recibir-mensajes' },
      schema: {
        tags,
        operationId: 'receiveChannelMessage',
        summary: 'The API channel: deliver a customer’s message (201 stored, 200 a retry already stored)',
        params: idParamSchema,
        body: inboundMessageSchema,
        response: { ...ok(inboundResultSchema), 201: envelopeSchema(inboundResultSchema), ...refusals(409) },
      },
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
    {
      config: { permission: 'editar-caso' },
      schema: {
        tags,
        operationId: 'replyToTicket',
        summary: 'Answer the customer on one of the ticket’s conversations (delivered in the background)',
        params: idParamSchema,
        body: replyBodySchema,
        response: { ...created(interactionMessageSchema), ...refusals(409) },
      },
    },
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
    {
      config: { permission: 'recibir-mensajes' },
      schema: {
        tags,
        operationId: 'reportChannelDelivery',
        summary: 'The API channel: a delivery report for an outgoing message',
        params: idParamSchema,
        body: deliveryReportSchema,
        response: ok(deliveryReportResultSchema),
      },
    },
    async (request) => success(request, await outbound.report(request.params.id, request.body)),
  );
}
