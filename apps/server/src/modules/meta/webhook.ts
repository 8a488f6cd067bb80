import { createHmac, timingSafeEqual } from 'node:crypto';
import { idParamSchema, metaWebhookResultSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { type ApiTag, file, ok, refusals } from '../../platform/http/openapi.js';

export const webhookErrors = {
  signature: () => new AppError(401, 'WEBHOOK.SIGNATURE', 'webhooks.badSignature'),
  payload: () => new AppError(400, 'WEBHOOK.PAYLOAD', 'webhooks.badPayload'),
  verifyToken: () => new AppError(403, 'WEBHOOK.VERIFY_TOKEN', 'webhooks.badVerifyToken'),
};

/** Whether `X-Hub-Signature-256` is the HMAC-SHA256 of the raw body with the app secret (Meta signs every call). */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=') || !appSecret) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface SubscriptionCheck {
  mode?: string;
  token?: string;
  challenge?: string;
}

/** Meta's subscription check: the challenge, when the verify token is the channel's. */
export function answerSubscription(verifyToken: string | undefined, query: SubscriptionCheck): string {
  if (query.mode !== 'subscribe' || !verifyToken || query.token !== verifyToken || !query.challenge) {
    throw webhookErrors.verifyToken();
  }
  return query.challenge;
}

/** The signed body as JSON (after the signature was checked on its exact bytes). */
export function parseSignedBody(
  rawBody: Buffer,
  signature: string | undefined,
  appSecret: string | undefined,
): unknown {
  if (!validSignature(rawBody, signature, appSecret ?? '')) throw webhookErrors.signature();
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw webhookErrors.payload();
  }
}

export interface MetaWebhookHandler {
  verify(channelId: number, query: SubscriptionCheck): Promise<string>;
  receive(
    channelId: number,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<z.infer<typeof metaWebhookResultSchema>>;
}

const verifyQuery = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** Meta's webhook calls weigh a few kilobytes; a generous cap still refuses floods. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * A Meta product's webhook for one channel, `/webhooks/{product}/:id` (public: Meta calls it). GET is the
 * subscription check; POST carries the events, signed with the app secret over the exact bytes, so this scope keeps
 * JSON bodies raw.
 */
export async function metaWebhookRoutes(
  app: FastifyInstance,
  product: 'whatsapp' | 'facebook' | 'instagram',
  handler: MetaWebhookHandler,
) {
  const tags: ApiTag[] = [product === 'whatsapp' ? 'WhatsApp' : 'Messenger'];
  const name = { whatsapp: 'Whatsapp', facebook: 'Facebook', instagram: 'Instagram' }[product];
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const api = scoped.withTypeProvider<ZodTypeProvider>();

    api.get(
      `/webhooks/${product}/:id`,
      {
        config: { public: true },
        schema: {
          tags,
          operationId: `verify${name}Webhook`,
          summary: `Meta’s subscription check of the ${name} webhook: the challenge, for the channel’s verify token`,
          params: idParamSchema,
          querystring: verifyQuery,
          response: { 200: file('The challenge', ['text/plain'], z.string()), ...refusals(403) },
        },
      },
      async (request, reply) => {
        const challenge = await handler.verify(request.params.id, {
          mode: request.query['hub.mode'],
          token: request.query['hub.verify_token'],
          challenge: request.query['hub.challenge'],
        });
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    );

    api.post(
      `/webhooks/${product}/:id`,
      {
        config: { public: true },
        schema: {
          tags,
          operationId: `receive${name}Webhook`,
          summary: `Meta’s ${name} events for a channel (signed: X-Hub-Signature-256)`,
          params: idParamSchema,
          response: { ...ok(metaWebhookResultSchema), ...refusals(401) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        const result = await handler.receive(
          request.params.id,
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        return success(request, result);
      },
    );
  });
}
