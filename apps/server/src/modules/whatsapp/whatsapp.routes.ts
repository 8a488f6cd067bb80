import { idParamSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../platform/http/envelope.js';
import type { WhatsappChannel } from './whatsapp.service.js';

const verifyQuery = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** Meta's webhook calls weigh a few kilobytes; a generous cap still refuses floods. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The WhatsApp Cloud API webhook of one channel, `/webhooks/whatsapp/:id` (public: Meta calls it). GET is the
 * subscription check; POST carries messages and statuses, signed with the app secret over the exact bytes, so
 * this scope keeps JSON bodies raw.
 */
export async function whatsappRoutes(app: FastifyInstance, whatsapp: WhatsappChannel): Promise<void> {
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const api = scoped.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/webhooks/whatsapp/:id',
      { config: { public: true }, schema: { params: idParamSchema, querystring: verifyQuery } },
      async (request, reply) => {
        const challenge = await whatsapp.verify(request.params.id, {
          mode: request.query['hub.mode'],
          token: request.query['hub.verify_token'],
          challenge: request.query['hub.challenge'],
        });
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    );

    api.post(
      '/webhooks/whatsapp/:id',
      { config: { public: true }, schema: { params: idParamSchema } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        const result = await whatsapp.receive(
          request.params.id,
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        return success(request, result);
      },
    );
  });
}
