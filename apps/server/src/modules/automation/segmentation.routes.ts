import {
  idParamSchema,
  segmentationBodySchema,
  segmentationDashboardSchema,
  segmentationListQuerySchema,
  segmentationPageSchema,
  segmentationRunSchema,
  segmentationSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok } from '../../platform/http/openapi.js';
import { assertHoldsAny } from '../../policies/automation.js';
import { automationOptionsSchema } from './automation.routes.js';
import type { SegmentationService } from './segmentation.service.js';

export async function segmentationRoutes(app: FastifyInstance, segmentation: SegmentationService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Segmentation'];
  const saved = { messageKey: 'automation.segmentation.saved' as const };

  api.get(
    '/segmentations/options',
    {
      // Any of the module's permissions (policies/automation.ts): every page of it builds conditions.
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'segmentationOptions',
        summary: 'What the segments’ builders offer: campaigns the caller manages, and the base campaign’s fields',
        querystring: z.object({ campaignId: z.coerce.number().int().positive().optional() }),
        response: ok(automationOptionsSchema),
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      assertHoldsAny(actor, [
        'ver-menu-segmentacion',
        'ver-segmentacion',
        'agregar-segmentacion',
        'editar-segmentacion',
      ]);
      return success(request, await segmentation.options(actor, request.query.campaignId));
    },
  );

  api.get(
    '/segmentations',
    {
      config: { permission: 'ver-menu-segmentacion|ver-segmentacion' },
      schema: {
        tags,
        operationId: 'listSegmentations',
        summary: 'Segmentations of the campaigns the caller manages, by id (keyset: `after` the last id)',
        querystring: segmentationListQuerySchema,
        response: ok(segmentationPageSchema),
      },
    },
    async (request) => success(request, await segmentation.list(requireAuth(request), request.query)),
  );

  api.post(
    '/segmentations',
    {
      config: { permission: 'agregar-segmentacion' },
      schema: {
        tags,
        operationId: 'createSegmentation',
        summary: 'Create a segmentation with its segments',
        body: segmentationBodySchema,
        response: created(segmentationSchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(success(request, await segmentation.create(requireAuth(request), request.body), saved)),
  );

  api.get(
    '/segmentations/:id',
    {
      config: { permission: 'ver-menu-segmentacion|ver-segmentacion' },
      schema: {
        tags,
        operationId: 'getSegmentation',
        summary: 'One segmentation with its segments',
        params: idParamSchema,
        response: ok(segmentationSchema),
      },
    },
    async (request) => success(request, await segmentation.get(requireAuth(request), request.params.id)),
  );

  api.put(
    '/segmentations/:id',
    {
      config: { permission: 'editar-segmentacion' },
      schema: {
        tags,
        operationId: 'updateSegmentation',
        summary: 'Update a segmentation (its segments are replaced in the order given)',
        params: idParamSchema,
        body: segmentationBodySchema,
        response: ok(segmentationSchema),
      },
    },
    async (request) =>
      success(request, await segmentation.update(requireAuth(request), request.params.id, request.body), saved),
  );

  api.delete(
    '/segmentations/:id',
    {
      config: { permission: 'editar-segmentacion' },
      schema: {
        tags,
        operationId: 'deleteSegmentation',
        summary: 'Delete a segmentation and its runs (the tickets it moved stay where they are)',
        params: idParamSchema,
        response: ok(z.object({ id: z.number().int() })),
      },
    },
    async (request) =>
      success(request, await segmentation.remove(requireAuth(request), request.params.id), {
        messageKey: 'automation.segmentation.deleted',
      }),
  );

  api.get(
    '/segmentations/:id/dashboard',
    {
      config: { permission: 'ver-segmentacion' },
      schema: {
        tags,
        operationId: 'segmentationDashboard',
        summary: 'The base campaign’s open tickets, what each segment would take now, the fields read, the last 5 runs',
        params: idParamSchema,
        response: ok(segmentationDashboardSchema),
      },
    },
    async (request) => success(request, await segmentation.dashboard(requireAuth(request), request.params.id)),
  );

  api.post(
    '/segmentations/:id/run',
    {
      config: { permission: 'editar-segmentacion' },
      schema: {
        tags,
        operationId: 'runSegmentation',
        summary: 'Sort the base campaign’s open tickets now',
        params: idParamSchema,
        response: ok(segmentationRunSchema),
      },
    },
    async (request) => {
      const run = await segmentation.run(requireAuth(request), request.params.id);
      const count = run.moved.reduce((sum, segment) => sum + segment.count, 0);
      return success(request, run, { messageKey: 'automation.segmentation.ran', params: { count } });
    },
  );
}
