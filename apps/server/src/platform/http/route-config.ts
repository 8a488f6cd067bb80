import type { PermissionExpression } from '@atiende/contracts';

/**
 * Every route declares who may call it: `public: true`, `authenticated: true` (any signed-in user), or a
 * `permission` (alternatives separated by `|`). Routes that declare none are refused at registration.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    authenticated?: boolean;
    permission?: PermissionExpression;
  }
}
