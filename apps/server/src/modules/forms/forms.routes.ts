import {
  dynamicFormBodySchema,
  dynamicFormSchema,
  formListQuerySchema,
  formWithListsSchema,
  idParamSchema,
  pageSchema,
  reusableListBodySchema,
  reusableListSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok } from '../../platform/http/openapi.js';
import type { FormsService } from './forms.service.js';

/** Dynamic forms and reusable lists share the spec's three permissions. */
export async function formsRoutes(app: FastifyInstance, forms: FormsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const view = 'ver-menu-formularios' as const;
  const tags = ['Forms'];

  api.get(
    '/dynamic-forms',
    {
      config: { permission: view },
      schema: {
        tags,
        operationId: 'listForms',
        summary: 'List dynamic forms, by page',
        querystring: formListQuerySchema,
        response: ok(pageSchema(dynamicFormSchema)),
      },
    },
    async (request) => success(request, await forms.listForms(request.query)),
  );
  api.post(
    '/dynamic-forms',
    {
      config: { permission: 'agregar-formulario' },
      schema: {
        tags,
        operationId: 'createForm',
        summary: 'Create a dynamic form',
        body: dynamicFormBodySchema,
        response: created(dynamicFormSchema),
      },
    },
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
    {
      config: { permission: `${view}|ver-caso` },
      schema: {
        tags,
        operationId: 'getForm',
        summary: 'One dynamic form with the options of the reusable lists it uses',
        params: idParamSchema,
        response: ok(formWithListsSchema),
      },
    },
    async (request) => success(request, await forms.formWithLists(request.params.id)),
  );
  api.put(
    '/dynamic-forms/:id',
    {
      config: { permission: 'editar-formulario' },
      schema: {
        tags,
        operationId: 'updateForm',
        summary: 'Update a dynamic form',
        params: idParamSchema,
        body: dynamicFormBodySchema,
        response: ok(dynamicFormSchema),
      },
    },
    async (request) =>
      success(request, await forms.updateForm(requireAuth(request).userId, request.params.id, request.body), {
        messageKey: 'forms.saved',
      }),
  );

  api.get(
    '/reusable-lists',
    {
      config: { permission: view },
      schema: {
        tags,
        operationId: 'listReusableLists',
        summary: 'List reusable lists, by page',
        querystring: formListQuerySchema,
        response: ok(pageSchema(reusableListSchema)),
      },
    },
    async (request) => success(request, await forms.listLists(request.query)),
  );
  api.post(
    '/reusable-lists',
    {
      config: { permission: 'agregar-formulario' },
      schema: {
        tags,
        operationId: 'createReusableList',
        summary: 'Create a reusable list',
        body: reusableListBodySchema,
        response: created(reusableListSchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await forms.createList(requireAuth(request).userId, request.body), {
          messageKey: 'forms.saved',
        }),
      ),
  );
  api.get(
    '/reusable-lists/:id',
    {
      config: { permission: view },
      schema: {
        tags,
        operationId: 'getReusableList',
        summary: 'One reusable list and the forms that use it',
        params: idParamSchema,
        response: ok(reusableListSchema),
      },
    },
    async (request) => success(request, await forms.getList(request.params.id)),
  );
  api.put(
    '/reusable-lists/:id',
    {
      config: { permission: 'editar-formulario' },
      schema: {
        tags,
        operationId: 'updateReusableList',
        summary: 'Update a reusable list',
        params: idParamSchema,
        body: reusableListBodySchema,
        response: ok(reusableListSchema),
      },
    },
    async (request) =>
      success(request, await forms.updateList(requireAuth(request).userId, request.params.id, request.body), {
        messageKey: 'forms.saved',
      }),
  );
}
