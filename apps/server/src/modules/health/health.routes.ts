import { CODES, envelopeSchema, healthSchema, unhealthySchema } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { success } from '../../platform/http/envelope.js';
import { ok } from '../../platform/http/openapi.js';
import { translate } from '../../platform/i18n/messages.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const schema = {
    tags: ['Platform'],
    operationId: 'getHealth',
    summary: 'Whether the server and its database answer',
    response: { ...ok(healthSchema), 503: envelopeSchema(unhealthySchema) },
  };
  app.get('/health', { config: { public: true }, schema }, async (request, reply) => {
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
