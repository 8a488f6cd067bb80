import { dynamicFormBodySchema, formListQuerySchema, idParamSchema, reusableListBodySchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { FormsService } from './forms.service.js';

/** Dynamic forms and reusable lists share the spec's three permissions. */
export async function formsRoutes(app: FastifyInstance, forms: FormsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const view = 'ver-menu-formularios' as const;

  api.get(
    '/dynamic-forms',
    { config: { permission: view }, schema: { querystring: formListQuerySchema } },
    async (request) => success(request, await forms.listForms(request.query)),
  );
  api.post(
    '/dynamic-forms',
    { config: { permission: 'agregar-formulario' }, schema: { body: dynamicFormBodySchema } },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await forms.createForm(requireAuth(request).userId, request.body), {
          messageKey: 'forms.saved',
        }),
      ),
  );
  // Reading a form's definition is also needed to fill it in (agents recording tasks).
  api.get(
    '/dynamic-forms/:id',
    { config: { permission: `${view}|ver-caso` }, schema: { params: idParamSchema } },
    async (request) => success(request, await forms.formWithLists(request.params.id)),
  );
  api.put(
    '/dynamic-forms/:id',
    { config: { permission: 'editar-formulario' }, schema: { params: idParamSchema, body: dynamicFormBodySchema } },
    async (request) =>
      success(request, await forms.updateForm(requireAuth(request).userId, request.params.id, request.body), {
        messageKey: 'forms.saved',
      }),
  );

  api.get(
    '/reusable-lists',
    { config: { permission: view }, schema: { querystring: formListQuerySchema } },
    async (request) => success(request, await forms.listLists(request.query)),
  );
  api.post(
    '/reusable-lists',
    { config: { permission: 'agregar-formulario' }, schema: { body: reusableListBodySchema } },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await forms.createList(requireAuth(request).userId, request.body), {
          messageKey: 'forms.saved',
        }),
      ),
  );
  api.get('/reusable-lists/:id', { config: { permission: view }, schema: { params: idParamSchema } }, async (request) =>
    success(request, await forms.getList(request.params.id)),
  );
  api.put(
    '/reusable-lists/:id',
    { config: { permission: 'editar-formulario' }, schema: { params: idParamSchema, body: reusableListBodySchema } },
    async (request) =>
      success(request, await forms.updateList(requireAuth(request).userId, request.params.id, request.body), {
        messageKey: 'forms.saved',
      }),
  );
}
