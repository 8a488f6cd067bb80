import {
  auditEntrySchema,
  idParamSchema,
  omniWidgetSchema,
  pageSchema,
  widgetBodySchema,
  widgetListQuerySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, MULTIPART, ok } from '../../platform/http/openapi.js';
import { readImageUpload } from '../../platform/http/uploads.js';
import type { WidgetsService } from './widgets.service.js';

const imageParamsSchema = idParamSchema.extend({ kind: z.enum(['business-image', 'icon-image']) });
const kindOf = (kind: 'business-image' | 'icon-image') => (kind === 'business-image' ? 'business' : 'icon');

/** Admin API of omni widgets: /omni-widgets (list, create, get, update, images, audit). */
export async function widgetsRoutes(app: FastifyInstance, widgets: WidgetsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Widgets'];

  api.get(
    '/omni-widgets',
    {
      config: { permission: 'ver-lista-omniwidgets' },
      schema: {
        tags,
        operationId: 'listWidgets',
        summary: 'List omni widgets, by page',
        querystring: widgetListQuerySchema,
        response: ok(pageSchema(omniWidgetSchema)),
      },
    },
    async (request) => success(request, await widgets.list(request.query)),
  );

  api.post(
    '/omni-widgets',
    {
      config: { permission: 'agregar-omniwidget' },
      schema: {
        tags,
        operationId: 'createWidget',
        summary: 'Create an omni widget for a website',
        body: widgetBodySchema,
        response: created(omniWidgetSchema),
      },
    },
    async (request, reply) => {
      const created = await widgets.create(requireAuth(request).userId, request.body);
      return reply.code(201).send(success(request, created, { messageKey: 'widgets.saved' }));
    },
  );

  api.get(
    '/omni-widgets/:id',
    {
      config: { permission: 'ver-lista-omniwidgets' },
      schema: {
        tags,
        operationId: 'getWidget',
        summary: 'One omni widget with its embed script',
        params: idParamSchema,
        response: ok(omniWidgetSchema),
      },
    },
    async (request) => success(request, await widgets.get(request.params.id)),
  );

  api.put(
    '/omni-widgets/:id',
    {
      config: { permission: 'editar-omniwidget' },
      schema: {
        tags,
        operationId: 'updateWidget',
        summary: 'Update an omni widget',
        params: idParamSchema,
        body: widgetBodySchema,
        response: ok(omniWidgetSchema),
      },
    },
    async (request) =>
      success(request, await widgets.update(requireAuth(request).userId, request.params.id, request.body), {
        messageKey: 'widgets.saved',
      }),
  );

  // Images: multipart field `file` (PNG, JPEG or WebP, checked by content); DELETE removes the image.
  api.post(
    '/omni-widgets/:id/:kind',
    {
      config: { permission: 'editar-omniwidget' },
      schema: {
        tags,
        operationId: 'replaceWidgetImage',
        summary: 'Replace the widget’s business image or icon (multipart `file`: PNG, JPEG or WebP)',
        consumes: MULTIPART,
        params: imageParamsSchema,
        response: ok(omniWidgetSchema),
      },
    },
    async (request) => {
      const upload = await readImageUpload(request);
      const { id, kind } = request.params;
      return success(request, await widgets.replaceImage(requireAuth(request).userId, id, kindOf(kind), upload), {
        messageKey: 'widgets.saved',
      });
    },
  );

  api.delete(
    '/omni-widgets/:id/:kind',
    {
      config: { permission: 'editar-omniwidget' },
      schema: {
        tags,
        operationId: 'removeWidgetImage',
        summary: 'Remove the widget’s business image or icon',
        params: imageParamsSchema,
        response: ok(omniWidgetSchema),
      },
    },
    async (request) => {
      const { id, kind } = request.params;
      return success(request, await widgets.replaceImage(requireAuth(request).userId, id, kindOf(kind), null), {
        messageKey: 'widgets.saved',
      });
    },
  );

  api.get(
    '/omni-widgets/:id/audit',
    {
      config: { permission: 'ver-auditoria' },
      schema: {
        tags,
        operationId: 'listWidgetAudit',
        summary: 'The audit log of an omni widget, newest first',
        params: idParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await widgets.audit(request.params.id)),
  );
}
