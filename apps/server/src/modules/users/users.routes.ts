import {
  changeOwnPasswordBodySchema,
  createUserBodySchema,
  idParamSchema,
  resetUserPasswordBodySchema,
  setUserStatusBodySchema,
  updateProfileBodySchema,
  updateUserBodySchema,
  userListQuerySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { readImageUpload } from '../../platform/http/uploads.js';
import type { UsersService } from './users.service.js';

export async function usersRoutes(app: FastifyInstance, users: UsersService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/users',
    { config: { permission: 'ver-menu-usuarios' }, schema: { querystring: userListQuerySchema } },
    async (request) => success(request, await users.list(request.query)),
  );

  api.post(
    '/users',
    { config: { permission: 'agregar-usuario' }, schema: { body: createUserBodySchema } },
    async (request, reply) => {
      const created = await users.create(requireAuth(request), request.body);
      return reply.code(201).send(success(request, created, { messageKey: 'users.created' }));
    },
  );

  api.get('/users/:id', { config: { permission: 'ver-usuario' }, schema: { params: idParamSchema } }, async (request) =>
    success(request, await users.get(requireAuth(request), request.params.id)),
  );

  api.put(
    '/users/:id',
    { config: { permission: 'editar-usuario' }, schema: { params: idParamSchema, body: updateUserBodySchema } },
    async (request) =>
      success(request, await users.update(requireAuth(request), request.params.id, request.body), {
        messageKey: 'users.updated',
      }),
  );

  api.post(
    '/users/:id/status',
    { config: { permission: 'editar-usuario' }, schema: { params: idParamSchema, body: setUserStatusBodySchema } },
    async (request) =>
      success(request, await users.setEnabled(requireAuth(request), request.params.id, request.body.enabled), {
        messageKey: 'users.updated',
      }),
  );

  api.post(
    '/users/:id/password',
    { config: { permission: 'editar-usuario' }, schema: { params: idParamSchema, body: resetUserPasswordBodySchema } },
    async (request) => {
      await users.resetPassword(requireAuth(request), request.params.id, request.body);
      return success(request, null, { messageKey: 'users.passwordChanged' });
    },
  );

  api.post(
    '/users/:id/avatar',
    { config: { permission: 'editar-usuario|editar-perfil' }, schema: { params: idParamSchema } },
    async (request) => {
      const upload = await readImageUpload(request);
      return success(request, await users.changeAvatar(requireAuth(request), request.params.id, upload), {
        messageKey: 'users.updated',
      });
    },
  );

  api.get(
    '/users/:id/campaigns',
    { config: { permission: 'ver-usuario' }, schema: { params: idParamSchema } },
    async (request) => success(request, await users.campaigns(requireAuth(request), request.params.id)),
  );

  api.get(
    '/users/:id/audit',
    { config: { permission: 'ver-auditoria' }, schema: { params: idParamSchema } },
    async (request) => success(request, await users.audit(request.params.id)),
  );

  api.get('/profile', { config: { permission: 'ver-perfil|ver-usuario' } }, async (request) => {
    const actor = requireAuth(request);
    return success(request, await users.get(actor, actor.userId));
  });

  api.put(
    '/profile',
    { config: { permission: 'editar-perfil' }, schema: { body: updateProfileBodySchema } },
    async (request) =>
      success(request, await users.updateOwnProfile(requireAuth(request), request.body), {
        messageKey: 'users.updated',
      }),
  );

  api.post(
    '/profile/password',
    { config: { permission: 'editar-perfil' }, schema: { body: changeOwnPasswordBodySchema } },
    async (request) => {
      await users.changeOwnPassword(requireAuth(request), request.body);
      return success(request, null, { messageKey: 'users.passwordChanged' });
    },
  );

  api.post('/profile/avatar', { config: { permission: 'editar-perfil' } }, async (request) => {
    const actor = requireAuth(request);
    const upload = await readImageUpload(request);
    return success(request, await users.changeAvatar(actor, actor.userId, upload), { messageKey: 'users.updated' });
  });

  // The spec's user list (`GET usuario`): enabled colleagues for pickers and the internal chat.
  api.get('/usuario', { config: { authenticated: true } }, async (request) =>
    success(request, { data: await users.colleagues() }),
  );
}
