import type { FastifyInstance } from 'fastify';

/** The OpenAPI 3.1 document of the API, generated from the routes' zod schemas (see platform/http/openapi.ts). */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
