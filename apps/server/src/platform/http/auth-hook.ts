import { hasPermission, type PermissionExpression, pickLocale } from '@atiende/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AuthContext } from '../auth-context.js';
import { errors } from './errors.js';
import './route-config.js';

declare module 'fastify' {
  interface FastifyRequest {
    locale: import('@atiende/contracts').Locale;
    auth: AuthContext | null;
  }
}

export class UndeclaredAccessError extends Error {}

export interface DeclaredRoute {
  method: string;
  url: string;
  permission?: PermissionExpression;
  /** Callable without a token (`config.public`). */
  public: boolean;
  /** The route's request schemas (zod), as registered. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

/** The API routes of an app with the permission and schemas each declares (tests walk them: refusals, input). */
const declaredRoutes = new WeakMap<FastifyInstance, DeclaredRoute[]>();
export function routesOf(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredRoutes.get(app) ?? [];
}

/** Deny by default: a route must say it is public, needs only a session, or needs a permission. */
export function assertRouteDeclaresAccess(route: RouteOptions): void {
  const config = route.config as
    | { public?: boolean; authenticated?: boolean; permission?: PermissionExpression }
    | undefined;
  if (!config?.public && !config?.authenticated && !config?.permission) {
    throw new UndeclaredAccessError(
      `Route ${String(route.method)} ${route.url} declares no permission and is not marked public or authenticated`,
    );
  }
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthenticated();
  return request.auth;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * The one place that enforces access: sets the request locale, resolves the bearer token and checks the route's
 * declared permission. Runs for API routes only (the SPA and static files are public).
 */
export interface TokenResolver {
  resolveToken(token: string): Promise<AuthContext | null>;
  rejectionFor(token: string): Promise<Error>;
}

export function registerAuthHook(app: FastifyInstance, tokens: TokenResolver) {
  app.decorateRequest('locale', 'es');
  app.decorateRequest('auth', null);
  const declared: DeclaredRoute[] = [];
  declaredRoutes.set(app, declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    assertRouteDeclaresAccess(route);
    const { permission, public: open } = (route.config ?? {}) as {
      permission?: PermissionExpression;
      public?: boolean;
    };
    for (const method of [route.method].flat())
      if (method !== 'HEAD') {
        declared.push({ method, url: route.url, permission, public: open === true, schema: route.schema });
      }
  });
  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['x-locale'] as string | undefined);
    const config = request.routeOptions.config as {
      public?: boolean;
      permission?: PermissionExpression;
      authenticated?: boolean;
    };
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const token = bearerToken(request);
    request.auth = token ? await tokens.resolveToken(token) : null;
    if (config.public) return;
    if (!request.auth) throw token ? await tokens.rejectionFor(token) : errors.unauthenticated();
    if (config.permission && !hasPermission(request.auth.permissions, config.permission)) throw errors.forbidden();
  });
}
