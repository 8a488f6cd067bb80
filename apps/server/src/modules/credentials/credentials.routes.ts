import {
  apiCredentialItemSchema,
  CODES,
  createApiCredentialBodySchema,
  createdApiCredentialSchema,
  idParamSchema,
  oauthTokenBodySchema,
  oauthTokenResponseSchema,
} from '@atiende/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { created, ok, refusals } from '../../platform/http/openapi.js';
import { translate } from '../../platform/i18n/messages.js';
import type { CredentialsService } from './credentials.service.js';

function basicCredentials(request: FastifyRequest): { id?: string; secret?: string } {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return {};
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return {};
  return {
    id: decodeURIComponent(decoded.slice(0, separator)),
    secret: decodeURIComponent(decoded.slice(separator + 1)),
  };
}

export async function credentialsRoutes(app: FastifyInstance, credentials: CredentialsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const permission = 'ver-lista-parametrizacion' as const;
  const tags = ['Credentials'];

  const listCredentials = {
    tags,
    operationId: 'listApiCredentials',
    summary: 'Every API credential (never its secret)',
    response: ok(z.array(apiCredentialItemSchema)),
  };
  api.get('/api-credentials', { config: { permission }, schema: listCredentials }, async (request) =>
    success(request, await credentials.list()),
  );

  api.post(
    '/api-credentials',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'createApiCredential',
        summary: 'Create an API credential for a role: its secret is shown this once',
        body: createApiCredentialBodySchema,
        response: created(createdApiCredentialSchema),
      },
    },
    async (request, reply) => {
      const created = await credentials.create(requireAuth(request), request.body);
      return reply.code(201).send(success(request, created, { messageKey: 'credentials.created' }));
    },
  );

  api.post(
    '/api-credentials/:id/revoke',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'revokeApiCredential',
        summary: 'Revoke an API credential (its tokens stop working)',
        params: idParamSchema,
        response: ok(apiCredentialItemSchema),
      },
    },
    async (request) =>
      success(request, await credentials.revoke(requireAuth(request), request.params.id), {
        messageKey: 'credentials.revoked',
      }),
  );

  // OAuth 2.0 token endpoint (RFC 6749, client credentials): the standard fields at the top level for OAuth
  // clients, and the same inside the envelope for Atiende's own helpers.
  api.post(
    '/oauth/token',
    {
      config: {
        public: true,
        rateLimit: {
          max: 60,
          timeWindow: 60_000,
          errorResponseBuilder: () => new AppError(429, CODES.RATE_LIMITED, 'errors.rateLimited'),
        },
      },
      schema: {
        tags,
        operationId: 'issueOAuthToken',
        summary: 'OAuth 2.0 client credentials grant: an access token for the API (form or JSON body, or Basic auth)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: oauthTokenBodySchema,
        response: { 200: oauthTokenResponseSchema, ...refusals(401) },
      },
    },
    async (request, reply) => {
      const basic = basicCredentials(request);
      const grant = await credentials.issueToken(
        request.body.client_id ?? basic.id,
        request.body.client_secret ?? basic.secret,
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ ...grant, ...success(request, grant), message: translate(request.locale, 'ok') });
    },
  );
}
