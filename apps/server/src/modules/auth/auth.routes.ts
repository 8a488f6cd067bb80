import {
  CODES,
  checkCredentialsBodySchema,
  envelopeSchema,
  loginBodySchema,
  loginResultSchema,
  passwordEmailBodySchema,
  passwordResetBodySchema,
  sessionUserSchema,
  verificationRequiredSchema,
} from '@atiende/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { ok, refusals } from '../../platform/http/openapi.js';
import { translate } from '../../platform/i18n/messages.js';
import type { AuthService, ClientInfo } from './auth.service.js';

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'], locale: request.locale };
}

/** Rate-limit key: address plus the account tried, so one attacker cannot lock out everyone behind a NAT. */
function byIpAndEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

function rateLimited(): AppError {
  return new AppError(429, CODES.RATE_LIMITED, 'errors.rateLimited');
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Auth'];
  const loginLimit = {
    max: ctx.config.rateLimits.loginPerMinute,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: byIpAndEmail,
    errorResponseBuilder: rateLimited,
  };
  const resetLimit = {
    max: ctx.config.rateLimits.resetPerHour,
    timeWindow: 3_600_000,
    hook: 'preHandler' as const,
    keyGenerator: byIpAndEmail,
    errorResponseBuilder: rateLimited,
  };

  api.post(
    '/login',
    {
      config: { public: true, rateLimit: loginLimit },
      schema: {
        tags,
        operationId: 'login',
        summary: 'Sign in: a session token, or 202 when the verification code was sent (two-step accounts)',
        body: loginBodySchema,
        response: {
          ...ok(loginResultSchema),
          202: envelopeSchema(verificationRequiredSchema),
          ...refusals(401, 403),
        },
      },
    },
    async (request, reply) => {
      const outcome = await auth.login(request.body, clientOf(request));
      if (outcome.kind === 'code-sent') {
        // Not an error and not yet a session: the client shows the message as success and asks for the code.
        return reply.code(202).send({
          statusResult: false,
          status: 'OK',
          code: CODES.VERIFICATION_CODE_SENT,
          message: translate(request.locale, 'auth.codeSent'),
          result: { verificationRequired: true },
        });
      }
      return success(request, outcome.result, { code: CODES.LOGGED_IN, messageKey: 'auth.loggedIn' });
    },
  );

  const logout = { tags, operationId: 'logout', summary: 'End the session of the token', response: ok(z.null()) };
  api.post('/logout', { config: { authenticated: true }, schema: logout }, async (request) => {
    await auth.logout(requireAuth(request));
    return success(request, null, { code: CODES.LOGGED_OUT, messageKey: 'auth.loggedOut' });
  });

  api.get(
    '/usuario/perfil',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'getSessionUser',
        summary: 'The signed-in user with their roles and permissions',
        response: ok(sessionUserSchema),
      },
    },
    async (request) => success(request, await auth.profile(requireAuth(request))),
  );

  api.post(
    '/checkCredentials',
    {
      config: { authenticated: true, rateLimit: loginLimit },
      schema: {
        tags,
        operationId: 'checkCredentials',
        summary: 'Check the signed-in user’s password again (unlocking the screen)',
        body: checkCredentialsBodySchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await auth.checkCredentials(requireAuth(request), request.body);
      return success(request, null, { messageKey: 'auth.credentialsValid' });
    },
  );

  api.post(
    '/password/email',
    {
      config: { public: true, rateLimit: resetLimit },
      schema: {
        tags,
        operationId: 'requestPasswordReset',
        summary: 'E-mail a password reset link (the same answer whether the account exists or not)',
        body: passwordEmailBodySchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await auth.requestPasswordReset(request.body.email, clientOf(request));
      return success(request, null, { code: CODES.PASSWORD_RESET_SENT, messageKey: 'auth.resetSent' });
    },
  );

  api.post(
    '/password/reset',
    {
      config: { public: true, rateLimit: loginLimit },
      schema: {
        tags,
        operationId: 'resetPassword',
        summary: 'Set a new password with the token of a reset link',
        body: passwordResetBodySchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return success(request, null, { code: CODES.PASSWORD_RESET_DONE, messageKey: 'auth.resetDone' });
    },
  );
}
