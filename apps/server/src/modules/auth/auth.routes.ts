import {
  CODES,
  checkCredentialsBodySchema,
  loginBodySchema,
  passwordEmailBodySchema,
  passwordResetBodySchema,
} from '@atiende/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
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
    { config: { public: true, rateLimit: loginLimit }, schema: { body: loginBodySchema } },
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

  api.post('/logout', { config: { authenticated: true } }, async (request) => {
    await auth.logout(requireAuth(request));
    return success(request, null, { code: CODES.LOGGED_OUT, messageKey: 'auth.loggedOut' });
  });

  api.get('/usuario/perfil', { config: { authenticated: true } }, async (request) =>
    success(request, await auth.profile(requireAuth(request))),
  );

  api.post(
    '/checkCredentials',
    { config: { authenticated: true, rateLimit: loginLimit }, schema: { body: checkCredentialsBodySchema } },
    async (request) => {
      await auth.checkCredentials(requireAuth(request), request.body);
      return success(request, null, { messageKey: 'auth.credentialsValid' });
    },
  );

  api.post(
    '/password/email',
    { config: { public: true, rateLimit: resetLimit }, schema: { body: passwordEmailBodySchema } },
    async (request) => {
      await auth.requestPasswordReset(request.body.email, clientOf(request));
      return success(request, null, { code: CODES.PASSWORD_RESET_SENT, messageKey: 'auth.resetSent' });
    },
  );

  api.post(
    '/password/reset',
    { config: { public: true, rateLimit: loginLimit }, schema: { body: passwordResetBodySchema } },
    async (request) => {
      await auth.resetPassword(request.body);
      return success(request, null, { code: CODES.PASSWORD_RESET_DONE, messageKey: 'auth.resetDone' });
    },
  );
}
