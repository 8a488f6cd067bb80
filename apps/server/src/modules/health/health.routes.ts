import { CODES } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { success } from '../../platform/http/envelope.js';
import { translate } from '../../platform/i18n/messages.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/health', { config: { public: true } }, async (request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return success(request, { db: 'ok' }, { messageKey: 'health.ok' });
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({
        statusResult: false,
        status: 'ERROR',
        code: CODES.SERVICE_UNAVAILABLE,
        message: translate(request.locale, 'errors.databaseUnavailable'),
        result: { db: 'unreachable' },
      });
    }
  });
}
