import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { authRoutes } from './modules/auth/auth.routes.js';
import { type AuthService, createAuthService } from './modules/auth/auth.service.js';
import { businessRoutes } from './modules/business/business.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { permissionsRoutes } from './modules/permissions/permissions.routes.js';
import type { Config } from './platform/config.js';
import { type AppContext, MAIL_QUEUE } from './platform/context.js';
import type { Database } from './platform/db/client.js';
import { registerAuthHook } from './platform/http/auth-hook.js';
import { RequestValidationError, registerErrorHandling, sendRouteNotFound } from './platform/http/error-handler.js';
import type { Jobs } from './platform/jobs.js';
import type { Mailer, MailMessage } from './platform/mail.js';
import { attachRealtime } from './platform/realtime.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDependencies {
  config: Config;
  db: Database;
  logger: Logger;
  jobs: Jobs;
  mailer: Mailer;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  auth: AuthService;
}

/** Composes the HTTP API, realtime and job handlers on top of the platform's parts. */
export async function buildApp(deps: AppDependencies): Promise<BuiltApp> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimit,
    trustProxy: true,
    return503OnClosing: true,
  });
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
  });
  app.setSerializerCompiler(serializerCompiler);

  let authService: AuthService | undefined;
  const realtime = await attachRealtime({
    server: app.server,
    redisUrl: deps.config.redisUrl,
    logger: deps.logger,
    resolveIdentity: async (token) => {
      const session = await authService?.resolveToken(token);
      return session ? { userId: session.userId, sessionId: session.sessionId } : null;
    },
  });

  const ctx: AppContext = {
    config: deps.config,
    db: deps.db,
    logger: deps.logger,
    jobs: deps.jobs,
    realtime,
    sendMail: (message: MailMessage) => deps.jobs.send(MAIL_QUEUE, message),
  };
  const auth = createAuthService(ctx);
  authService = auth;
  await deps.jobs.define<MailMessage>({ name: MAIL_QUEUE, retryLimit: 8, retryDelaySeconds: 10 }, (message) =>
    deps.mailer.send(message),
  );

  registerAuthHook(app, auth);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Business integrations open their own pages inside the app.
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // Installations on a LAN address are served over plain HTTP: do not force https for our own assets.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });

  const webIndex = path.join(WEB_DIST, 'index.html');
  const hasWeb = fs.existsSync(webIndex);
  registerErrorHandling(app, (request, reply) => {
    const url = request.raw.url ?? '';
    // History fallback: any /v2 path that is not a file is a client-side route of the SPA.
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && readsPage && (url === '/v2' || url.startsWith('/v2/'))) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });

  await app.register(
    async (api) => {
      await healthRoutes(api, ctx);
      await authRoutes(api, ctx, auth);
      await businessRoutes(api, ctx);
      await permissionsRoutes(api);
    },
    { prefix: '/api/v2' },
  );

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/v2/',
      wildcard: false,
      index: false,
      // Vite fingerprints everything under assets/: those files never change under the same name.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    app.get('/', { config: { public: true } }, (_request, reply) => reply.redirect('/v2/'));
  } else {
    deps.logger.warn({ webDist: WEB_DIST }, 'the web app is not built; only the API is served');
  }

  app.addHook('onClose', async () => {
    await realtime.close();
  });
  return { app, ctx, auth };
}
