import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { success } from '../../platform/http/envelope.js';
import { businessService } from './business.service.js';

export async function businessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Public: the login page shows the business name, logo and theme before anyone signs in.
  app.get('/empresa', { config: { public: true } }, async (request) =>
    success(request, await businessService.profile(ctx.db)),
  );
}
