import {
  auditEntrySchema,
  changeOwnPasswordBodySchema,
  colleagueItemSchema,
  createUserBodySchema,
  idParamSchema,
  pageSchema,
  resetUserPasswordBodySchema,
  setUserStatusBodySchema,
  updateProfileBodySchema,
  updateUserBodySchema,
  userCampaignSchema,
  userDetailSchema,
  userListItemSchema,
  userListQuerySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, MULTIPART, ok, refusals } from '../../platform/http/openapi.js';
import { readImageUpload } from '../../platform/http/uploads.js';
import type { UsersService } from './users.service.js';

export async function usersRoutes(app: FastifyInstance, users: UsersService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users'];

  api.get(
    '/users',
    {
      config: { permission: 'ver-menu-usuarios' },
      schema: {
        tags,
        operationId: 'listUsers',
        summary: 'List users, by page, filtered by status and role',
        querystring: userListQuerySchema,
        response: ok(pageSchema(userListItemSchema)),
      },
    },
    async (request) => success(request, await users.list(request.query)),
  );

  api.post(
    '/users',
    {
      config: { permission: 'agregar-usuario' },
      schema: {
        tags,
        operationId: 'createUser',
        summary: 'Create a user',
        body: createUserBodySchema,
        response: { ...created(userDetailSchema), ...refusals(409) },
      },
    },
    async (request, reply) => {
      const created = await users.create(requireAuth(request), request.body);
      return reply.code(201).send(success(request, created, { messageKey: 'users.created' }));
    },
  );

  api.get(
    '/users/:id',
    {
      config: { permission: 'ver-usuario' },
      schema: {
        tags,
        operationId: 'getUser',
        summary: 'One user with every field',
        params: idParamSchema,
        response: ok(userDetailSchema),
      },
    },
    async (request) => success(request, await users.get(requireAuth(request), request.params.id)),
  );

  api.put(
    '/users/:id',
    {
      config: { permission: 'editar-usuario' },
      schema: {
        tags,
        operationId: 'updateUser',
        summary: 'Update a user (profile, e-mail, roles, skills, status)',
        params: idParamSchema,
        body: updateUserBodySchema,
        response: { ...ok(userDetailSchema), ...refusals(409) },
      },
    },
    async (request) =>
      success(request, await users.update(requireAuth(request), request.params.id, request.body), {
        messageKey: 'users.updated',
      }),
  );

  api.post(
    '/users/:id/status',
    {
      config: { permission: 'editar-usuario' },
      schema: {
        tags,
        operationId: 'setUserStatus',
        summary: 'Enable or disable a user (not oneself)',
        params: idParamSchema,
        body: setUserStatusBodySchema,
        response: { ...ok(userDetailSchema), ...refusals(409) },
      },
    },
    async (request) =>
      success(request, await users.setEnabled(requireAuth(request), request.params.id, request.body.enabled), {
        messageKey: 'users.updated',
      }),
  );

  api.post(
    '/users/:id/password',
    {
      config: { permission: 'editar-usuario' },
      schema: {
        tags,
        operationId: 'resetUserPassword',
        summary: 'Set a new password for a user',
        params: idParamSchema,
        body: resetUserPasswordBodySchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await users.resetPassword(requireAuth(request), request.params.id, request.body);
      return success(request, null, { messageKey: 'users.passwordChanged' });
    },
  );

  api.post(
    '/users/:id/avatar',
    {
      config: { permission: 'editar-usuario|editar-perfil' },
      schema: {
        tags,
        operationId: 'changeUserAvatar',
        summary: 'Replace a user’s picture (multipart `file`: PNG, JPEG or WebP)',
        consumes: MULTIPART,
        params: idParamSchema,
        response: ok(userDetailSchema),
      },
    },
    async (request) => {
      const upload = await readImageUpload(request);
      return success(request, await users.changeAvatar(requireAuth(request), request.params.id, upload), {
        messageKey: 'users.updated',
      });
    },
  );

  api.get(
    '/users/:id/campaigns',
    {
      config: { permission: 'ver-usuario' },
      schema: {
        tags,
        operationId: 'listUserCampaigns',
        summary: 'The campaigns a user works in',
        params: idParamSchema,
        response: ok(z.array(userCampaignSchema)),
      },
    },
    async (request) => success(request, await users.campaigns(requireAuth(request), request.params.id)),
  );

  api.get(
    '/users/:id/audit',
    {
      config: { permission: 'ver-auditoria' },
      schema: {
        tags,
        operationId: 'listUserAudit',
        summary: 'The audit log of a user, newest first',
        params: idParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await users.audit(request.params.id)),
  );

  const getProfile = {
    tags,
    operationId: 'getProfile',
    summary: 'The signed-in user’s own profile',
    response: ok(userDetailSchema),
  };
  api.get('/profile', { config: { permission: 'ver-perfil|ver-usuario' }, schema: getProfile }, async (request) => {
    const actor = requireAuth(request);
    return success(request, await users.get(actor, actor.userId));
  });

  api.put(
    '/profile',
    {
      config: { permission: 'editar-perfil' },
      schema: {
        tags,
        operationId: 'updateProfile',
        summary: 'Update the signed-in user’s own profile',
        body: updateProfileBodySchema,
        response: { ...ok(userDetailSchema), ...refusals(409) },
      },
    },
    async (request) =>
      success(request, await users.updateOwnProfile(requireAuth(request), request.body), {
        messageKey: 'users.updated',
      }),
  );

  api.post(
    '/profile/password',
    {
      config: { permission: 'editar-perfil' },
      schema: {
        tags,
        operationId: 'changeOwnPassword',
        summary: 'Change the signed-in user’s password (the current one is required)',
        body: changeOwnPasswordBodySchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await users.changeOwnPassword(requireAuth(request), request.body);
      return success(request, null, { messageKey: 'users.passwordChanged' });
    },
  );

  const changeOwnAvatar = {
    tags,
    operationId: 'changeOwnAvatar',
    summary: 'Replace the signed-in user’s picture (multipart `file`: PNG, JPEG or WebP)',
    consumes: MULTIPART,
    response: ok(userDetailSchema),
  };
  api.post('/profile/avatar', { config: { permission: 'editar-perfil' }, schema: changeOwnAvatar }, async (request) => {
    const actor = requireAuth(request);
    const upload = await readImageUpload(request);
    return success(request, await users.changeAvatar(actor, actor.userId, upload), { messageKey: 'users.updated' });
  });

  // The spec's user list (`GET usuario`): enabled colleagues for pickers and the internal chat.
  api.get(
    '/usuario',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'listColleagues',
        summary: 'Enabled colleagues (pickers, internal chat)',
        response: ok(z.object({ data: z.array(colleagueItemSchema) })),
      },
    },
    async (request) => success(request, { data: await users.colleagues() }),
  );
}
