import { idParamSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { success } from '../../platform/http/envelope.js';
import type { TelegramChannel } from './telegram.service.js';

/**
 * The Telegram webhook of one channel, `/webhooks/telegram/:id` (public: Telegram calls it, proving itself with the
 * secret token), and the administrator's action that registers it with Telegram.
 */
export async function telegramRoutes(app: FastifyInstance, telegram: TelegramChannel): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/webhooks/telegram/:id',
    { config: { public: true }, schema: { params: idParamSchema } },
    async (request) => {
      const secret = request.headers['x-telegram-bot-api-secret-token'];
      return success(
        request,
        await telegram.receive(request.params.id, typeof secret === 'string' ? secret : undefined, request.body),
      );
    },
  );

  api.post(
    '/channels/:id/telegram-webhook',
    { config: { permission: 'editar-canal' }, schema: { params: idParamSchema } },
    async (request) =>
      success(request, await telegram.registerWebhook(request.params.id), { messageKey: 'telegram.registered' }),
  );
}
