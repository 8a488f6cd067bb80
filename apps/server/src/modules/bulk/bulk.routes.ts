import {
  auditEntrySchema,
  bulkAccountsPageQuerySchema,
  bulkAccountsPageSchema,
  bulkActionBodySchema,
  bulkAudienceQuerySchema,
  bulkAudienceSchema,
  bulkEnabledBodySchema,
  bulkListQuerySchema,
  bulkMessageBodySchema,
  bulkMessageSchema,
  bulkOptionsSchema,
  bulkPageSchema,
  bulkRecipientsPageSchema,
  bulkRecipientsQuerySchema,
  idParamSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, file, ok, refusals } from '../../platform/http/openapi.js';
import { assertHoldsAny } from '../../policies/automation.js';
import { exportBulkRecipients } from './bulk.export.js';
import type { BulkService } from './bulk.service.js';

const SPREADSHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Bulk messaging (docs/api/bulk-messaging.md): the wizard's options, audience count and accounts, saving, the list,
 * the view with its recipients and export, the actions and the enabled switch. Bulk messages of campaigns outside the
 * caller's answer 404.
 */
export async function bulkRoutes(app: FastifyInstance, bulk: BulkService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bulk messaging'];
  const viewers = 'ver-mensaje-masivo|editar-mensaje-masivo' as const;

  api.get(
    '/bulk-messages/options',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'bulkMessageOptions',
        summary: 'What the wizard offers: the caller’s campaigns with their bulk channels and approved templates',
        response: ok(bulkOptionsSchema),
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      assertHoldsAny(actor, ['ver-mensaje-masivo', 'agregar-mensaje-masivo', 'editar-mensaje-masivo']);
      return success(request, await bulk.options(actor));
    },
  );

  api.post(
    '/bulk-messages/audience',
    {
      config: { permission: 'agregar-mensaje-masivo' },
      schema: {
        tags,
        operationId: 'bulkMessageAudience',
        summary: 'How many accounts the filters reach now, and how many are left out (no contact, opted out)',
        body: bulkAudienceQuerySchema,
        response: { ...ok(bulkAudienceSchema), ...refusals(422) },
      },
    },
    async (request) => success(request, await bulk.audience(requireAuth(request), request.body)),
  );

  api.post(
    '/bulk-messages/accounts',
    {
      config: { permission: 'agregar-mensaje-masivo' },
      schema: {
        tags,
        operationId: 'bulkMessageAccounts',
        summary: 'The matching accounts to select from, by customer id (keyset: `after` the last id)',
        body: bulkAccountsPageQuerySchema,
        response: { ...ok(bulkAccountsPageSchema), ...refusals(422) },
      },
    },
    async (request) => success(request, await bulk.accounts(requireAuth(request), request.body)),
  );

  api.post(
    '/bulk-messages',
    {
      config: { permission: 'agregar-mensaje-masivo' },
      schema: {
        tags,
        operationId: 'createBulkMessage',
        summary: 'Save a bulk message (it cannot be changed afterwards; a programmed one waits for its date)',
        body: bulkMessageBodySchema,
        response: { ...created(bulkMessageSchema), ...refusals(422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(success(request, await bulk.create(requireAuth(request), request.body), { messageKey: 'bulk.saved' })),
  );

  api.get(
    '/bulk-messages',
    {
      config: { permission: 'ver-mensaje-masivo' },
      schema: {
        tags,
        operationId: 'listBulkMessages',
        summary: 'Bulk messages of the caller’s campaigns, newest first (keyset: `after` the last id)',
        querystring: bulkListQuerySchema,
        response: ok(bulkPageSchema),
      },
    },
    async (request) => success(request, await bulk.list(requireAuth(request), request.query)),
  );

  api.get(
    '/bulk-messages/:id',
    {
      config: { permission: viewers },
      schema: {
        tags,
        operationId: 'getBulkMessage',
        summary: 'One bulk message with its current run’s progress',
        params: idParamSchema,
        response: ok(bulkMessageSchema),
      },
    },
    async (request) => success(request, await bulk.get(requireAuth(request), request.params.id)),
  );

  api.get(
    '/bulk-messages/:id/audit',
    {
      config: { permission: 'ver-auditoria' },
      schema: {
        tags,
        operationId: 'listBulkMessageAudit',
        summary: 'The audit log of a bulk message (created, switched on or off, each action), newest first',
        params: idParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await bulk.audit(requireAuth(request), request.params.id)),
  );

  api.patch(
    '/bulk-messages/:id',
    {
      config: { permission: 'editar-mensaje-masivo' },
      schema: {
        tags,
        operationId: 'setBulkMessageEnabled',
        summary: 'Switch a bulk message on or off (the only change after saving)',
        params: idParamSchema,
        body: bulkEnabledBodySchema,
        response: ok(bulkMessageSchema),
      },
    },
    async (request) =>
      success(request, await bulk.setEnabled(requireAuth(request), request.params.id, request.body.enabled)),
  );

  api.post(
    '/bulk-messages/:id/actions',
    {
      config: { permission: 'ver-botones-mensaje-masivo' },
      schema: {
        tags,
        operationId: 'actOnBulkMessage',
        summary: 'start, pause, stop, restart, repeat or repeatFailed (409 when it does not apply to the status)',
        params: idParamSchema,
        body: bulkActionBodySchema,
        response: { ...ok(bulkMessageSchema), ...refusals(409) },
      },
    },
    async (request) =>
      success(request, await bulk.act(requireAuth(request), request.params.id, request.body.action), {
        messageKey: 'bulk.actionDone',
      }),
  );

  api.get(
    '/bulk-messages/:id/recipients',
    {
      config: { permission: viewers },
      schema: {
        tags,
        operationId: 'listBulkRecipients',
        summary: 'A run’s recipients (default: the current run) by id (keyset: `after` the last id)',
        params: idParamSchema,
        querystring: bulkRecipientsQuerySchema,
        response: ok(bulkRecipientsPageSchema),
      },
    },
    async (request) => success(request, await bulk.recipients(requireAuth(request), request.params.id, request.query)),
  );

  api.get(
    '/bulk-messages/:id/export',
    {
      config: { permission: viewers },
      schema: {
        tags,
        operationId: 'exportBulkRecipients',
        summary: 'A run’s recipients with their outcome as an Excel workbook (streamed)',
        params: idParamSchema,
        querystring: z.object({ run: z.coerce.number().int().positive().optional() }),
        response: { 200: file('The workbook', [SPREADSHEET]) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      // Found and visible before the answer starts (a 404 cannot follow the headers).
      const found = await bulk.get(actor, request.params.id);
      const run = request.query.run ?? found.progress.run;
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': SPREADSHEET,
        'content-disposition': `attachment; filename="envio-masivo-${found.id}-${run}.xlsx"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      try {
        await exportBulkRecipients(bulk.allRecipients(actor, found.id, run), reply.raw, request.locale);
      } catch (error) {
        request.log.error({ err: error }, 'bulk export failed');
        reply.raw.destroy(error as Error);
      }
    },
  );
}
