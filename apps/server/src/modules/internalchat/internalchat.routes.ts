import { chatMessagesQuerySchema, markChatReadBodySchema, sendChatMessageBodySchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { InternalChatService } from './internalchat.service.js';

/** The spec's internal chat: any signed-in user, one-to-one with other staff. */
export async function internalChatRoutes(app: FastifyInstance, chat: InternalChatService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Without userId: the contact list with unread counts; with it: one page of that conversation.
  api.get(
    '/internalchat/getMessages',
    { config: { authenticated: true }, schema: { querystring: chatMessagesQuerySchema } },
    async (request) => {
      const actor = requireAuth(request);
      const { userId } = request.query;
      return success(
        request,
        userId === undefined
          ? await chat.contacts(actor)
          : await chat.conversation(actor, { ...request.query, userId }),
      );
    },
  );
  api.post(
    '/internalchat/sendMessage',
    { config: { authenticated: true }, schema: { body: sendChatMessageBodySchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(success(request, await chat.send(requireAuth(request), request.body), { messageKey: 'chat.sent' })),
  );
  api.post(
    '/internalchat/marcarLeidos',
    { config: { authenticated: true }, schema: { body: markChatReadBodySchema } },
    async (request) =>
      success(request, await chat.markRead(requireAuth(request), request.body), { messageKey: 'chat.read' }),
  );
}
