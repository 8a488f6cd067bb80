import { idParamSchema, telegramWebhookResultSchema, webhookRegistrationSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { success } from '../../platform/http/envelope.js';
import { ok, refusals } from '../../platform/http/openapi.js';
import type { TelegramChannel } from './telegram.service.js';

/**
 * The Telegram webhook of one channel, `/webhooks/telegram/:id` (public: Telegram calls it, proving itself with the
 * secret token), and the administrator's action that registers it with Telegram.
 */
export async function telegramRoutes(app: FastifyInstance, telegram: TelegramChannel): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Telegram'];

  api.post(
    '/webhooks/telegram/:id',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'receiveTelegramUpdate',
        summary: 'Telegram’s webhook of a channel (proven by X-Telegram-Bot-Api-Secret-Token)',
        params: idParamSchema,
        response: { ...ok(telegramWebhookResultSchema), ...refusals(401) },
      },
    },
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
    {
      config: { permission: 'editar-canal' },
      schema: {
        tags,
        operationId: 'registerTelegramWebhook',
        summary: 'Register the channel’s webhook with Telegram',
        params: idParamSchema,
        response: { ...ok(webhookRegistrationSchema), ...refusals(422, 502) },
      },
    },
    async (request) =>
      success(request, await telegram.registerWebhook(request.params.id), { messageKey: 'telegram.registered' }),
  );
}
