import {
  chatMessagesQuerySchema,
  chatReadSchema,
  internalChatMessageSchema,
  internalChatMessagesSchema,
  markChatReadBodySchema,
  sendChatMessageBodySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok, refusals } from '../../platform/http/openapi.js';
import type { InternalChatService } from './internalchat.service.js';

/** The spec's internal chat: any signed-in user, one-to-one with other staff. */
export async function internalChatRoutes(app: FastifyInstance, chat: InternalChatService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Internal chat'];

  // Without userId: the contact list with unread counts; with it: one page of that conversation.
  api.get(
    '/internalchat/getMessages',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'getChatMessages',
        summary: 'Without userId the contacts with unread counts; with it one page of that conversation',
        querystring: chatMessagesQuerySchema,
        response: { ...ok(internalChatMessagesSchema), ...refusals(404, 409) },
      },
    },
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
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'sendChatMessage',
        summary: 'Send a message to a colleague',
        body: sendChatMessageBodySchema,
        response: { ...created(internalChatMessageSchema), ...refusals(409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(success(request, await chat.send(requireAuth(request), request.body), { messageKey: 'chat.sent' })),
  );
  api.post(
    '/internalchat/marcarLeidos',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'markChatRead',
        summary: 'Mark what a colleague sent the caller as read',
        body: markChatReadBodySchema,
        response: { ...ok(chatReadSchema), ...refusals(403, 409) },
      },
    },
    async (request) =>
      success(request, await chat.markRead(requireAuth(request), request.body), { messageKey: 'chat.read' }),
  );
}
