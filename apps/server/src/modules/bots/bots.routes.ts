import {
  auditEntrySchema,
  botBodySchema,
  botChannelsBodySchema,
  botCreateSchema,
  botFileSchema,
  botListItemSchema,
  botListQuerySchema,
  botSchema,
  botSecretsBodySchema,
  botTryAnswerSchema,
  botTryBodySchema,
  botVersionBodySchema,
  botVersionParamsSchema,
  botVersionSchema,
  cappedPageSchema,
  idParamSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok, refusals } from '../../platform/http/openapi.js';
import type { BotRuntime } from './bots.runtime.js';
import type { BotsService } from './bots.service.js';

const exportQuery = z.object({ versionId: z.coerce.number().int().positive().optional() });

/** The bot builder (spec section 2: ver-lista-bots, agregar-bot, editar-bot; the menu entry is ver-menu-botbuilder). */
export async function botsRoutes(app: FastifyInstance, bots: BotsService, runtime: BotRuntime): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bot builder'];
  const saved = { messageKey: 'bots.saved' } as const;

  api.get(
    '/bots',
    {
      config: { permission: 'ver-lista-bots|ver-menu-botbuilder' },
      schema: {
        tags,
        operationId: 'listBots',
        summary: 'List bots, by page, searched by name and filtered by enabled',
        querystring: botListQuerySchema,
        response: ok(cappedPageSchema(botListItemSchema)),
      },
    },
    async (request) => success(request, await bots.list(request.query)),
  );

  api.post(
    '/bots',
    {
      config: { permission: 'agregar-bot' },
      schema: {
        tags,
        operationId: 'createBot',
        summary: 'Create a bot with its first version (a draft of the flow; at least one node)',
        body: botCreateSchema,
        response: created(botSchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(success(request, await bots.create(requireAuth(request), request.body), saved)),
  );

  api.post(
    '/bots/import',
    {
      config: { permission: 'agregar-bot' },
      schema: {
        tags,
        operationId: 'importBot',
        summary: 'Create a bot from an exported file (disabled, its flow as a draft)',
        body: botFileSchema,
        response: created(botSchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(success(request, await bots.import(requireAuth(request), request.body), saved)),
  );

  // The editor's test panel: the flow being drawn, one turn at a time, nothing stored or sent.
  api.post(
    '/bots/try',
    {
      config: { permission: 'editar-bot|agregar-bot' },
      schema: {
        tags,
        operationId: 'tryBotTurn',
        summary: 'One turn of a flow with the runtime’s engine (the editor’s test panel): answers, state and ending',
        body: botTryBodySchema,
        response: ok(botTryAnswerSchema),
      },
    },
    async (request) => success(request, await runtime.tryTurn(requireAuth(request).userId, request.body)),
  );

  api.get(
    '/bots/:id',
    {
      config: { permission: 'ver-lista-bots|editar-bot' },
      schema: {
        tags,
        operationId: 'getBot',
        summary: 'One bot with its versions (newest first) and which one is published',
        params: idParamSchema,
        response: ok(botSchema),
      },
    },
    async (request) => success(request, await bots.get(request.params.id)),
  );

  api.put(
    '/bots/:id',
    {
      config: { permission: 'editar-bot' },
      schema: {
        tags,
        operationId: 'updateBot',
        summary: 'Rename, describe, enable or disable a bot',
        params: idParamSchema,
        body: botBodySchema,
        response: ok(botSchema),
      },
    },
    async (request) =>
      success(request, await bots.update(requireAuth(request), request.params.id, request.body), saved),
  );

  api.put(
    '/bots/:id/channels',
    {
      config: { permission: 'editar-bot' },
      schema: {
        tags,
        operationId: 'setBotChannels',
        summary: 'The channels whose new conversations the bot answers (a channel answered by another bot moves)',
        params: idParamSchema,
        body: botChannelsBodySchema,
        response: ok(botSchema),
      },
    },
    async (request) =>
      success(request, await bots.setChannels(requireAuth(request), request.params.id, request.body.channelIds), saved),
  );

  api.put(
    '/bots/:id/secrets',
    {
      config: { permission: 'editar-bot' },
      schema: {
        tags,
        operationId: 'setBotSecrets',
        summary: 'Set (a value) or remove (null) the secrets its web services use as {{secreto.<name>}}; write-only',
        params: idParamSchema,
        body: botSecretsBodySchema,
        response: ok(botSchema),
      },
    },
    async (request) =>
      success(request, await bots.setSecrets(requireAuth(request), request.params.id, request.body.secrets), saved),
  );

  api.get(
    '/bots/:id/export',
    {
      config: { permission: 'ver-lista-bots|editar-bot' },
      schema: {
        tags,
        operationId: 'exportBot',
        summary: 'The bot as a file: the published version’s flow (else the newest, or the one asked for)',
        params: idParamSchema,
        querystring: exportQuery,
        response: ok(botFileSchema),
      },
    },
    async (request) => success(request, await bots.export(request.params.id, request.query.versionId)),
  );

  api.get(
    '/bots/:id/audit',
    {
      config: { permission: 'ver-auditoria' },
      schema: {
        tags,
        operationId: 'listBotAudit',
        summary: 'The audit log of a bot (its edits, versions saved, deleted and published), newest first',
        params: idParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await bots.audit(request.params.id)),
  );

  api.post(
    '/bots/:id/versions',
    {
      config: { permission: 'editar-bot' },
      schema: {
        tags,
        operationId: 'saveBotVersion',
        summary: 'Save the flow as the bot’s next version (a draft)',
        params: idParamSchema,
        body: botVersionBodySchema,
        response: created(botVersionSchema),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(success(request, await bots.saveAsNew(requireAuth(request), request.params.id, request.body), saved)),
  );

  api.get(
    '/bots/:id/versions/:versionId',
    {
      config: { permission: 'ver-lista-bots|editar-bot' },
      schema: {
        tags,
        operationId: 'getBotVersion',
        summary: 'One version of a bot with its flow',
        params: botVersionParamsSchema,
        response: ok(botVersionSchema),
      },
    },
    async (request) => success(request, await bots.version(request.params.id, request.params.versionId)),
  );

  api.put(
    '/bots/:id/versions/:versionId',
    {
      config: { permission: 'editar-bot' },
      schema: {
        tags,
        operationId: 'updateBotVersion',
        summary: 'Update a draft version’s flow (the published version is saved as new instead)',
        params: botVersionParamsSchema,
        body: botVersionBodySchema,
        response: { ...ok(botVersionSchema), ...refusals(409) },
      },
    },
    async (request) =>
      success(
        request,
        await bots.updateVersion(requireAuth(request), request.params.id, request.params.versionId, request.body),
        saved,
      ),
  );

  api.delete(
    '/bots/:id/versions/:versionId',
    {
      config: { permission: 'editar-bot' },
      schema: {
        tags,
        operationId: 'deleteBotVersion',
        summary: 'Delete a draft version (not the published one, not the only one)',
        params: botVersionParamsSchema,
        response: { ...ok(botSchema), ...refusals(409) },
      },
    },
    async (request) =>
      success(request, await bots.deleteVersion(requireAuth(request), request.params.id, request.params.versionId), {
        messageKey: 'bots.versionDeleted',
      }),
  );

  api.post(
    '/bots/:id/versions/:versionId/publish',
    {
      config: { permission: 'editar-bot' },
      schema: {
        tags,
        operationId: 'publishBotVersion',
        summary: 'Publish a version: the one the bot runs (its flow must have no problem: 422 names each on its node)',
        params: botVersionParamsSchema,
        response: ok(botSchema),
      },
    },
    async (request) =>
      success(request, await bots.publish(requireAuth(request), request.params.id, request.params.versionId), {
        messageKey: 'bots.published',
      }),
  );
}
