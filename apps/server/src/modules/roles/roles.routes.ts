import {
  createRoleBodySchema,
  idParamSchema,
  PERMISSION_CATEGORIES,
  renameRoleBodySchema,
  rolePermissionsBodySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { RolesService } from './roles.service.js';

export async function rolesRoutes(app: FastifyInstance, roles: RolesService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = 'ver-lista-roles|editar-permisos-roles' as const;

  // The catalogue of permission keys by the permission manager's categories.
  api.get('/permissions', { config: { permission: read } }, async (request) =>
    success(
      request,
      Object.entries(PERMISSION_CATEGORIES).map(([category, permissions]) => ({ category, permissions })),
    ),
  );

  api.get('/roles', { config: { permission: read } }, async (request) => success(request, await roles.list()));

  api.post(
    '/roles',
    { config: { permission: 'editar-permisos-roles' }, schema: { body: createRoleBodySchema } },
    async (request, reply) =>
      reply.code(201).send(success(request, await roles.create(requireAuth(request).userId, request.body))),
  );

  api.put(
    '/roles/:id',
    { config: { permission: 'editar-permisos-roles' }, schema: { params: idParamSchema, body: renameRoleBodySchema } },
    async (request) =>
      success(request, await roles.rename(requireAuth(request).userId, request.params.id, request.body.label)),
  );

  api.get(
    '/roles/:id/permissions',
    { config: { permission: read }, schema: { params: idParamSchema } },
    async (request) => success(request, await roles.permissions(request.params.id)),
  );

  api.put(
    '/roles/:id/permissions',
    {
      config: { permission: 'editar-permisos-roles' },
      schema: { params: idParamSchema, body: rolePermissionsBodySchema },
    },
    async (request) => {
      const saved = await roles.replacePermissions(requireAuth(request), request.params.id, request.body.permissions);
      return success(request, saved, { messageKey: 'roles.saved' });
    },
  );

  api.get(
    '/roles/:id/audit',
    { config: { permission: 'ver-auditoria' }, schema: { params: idParamSchema } },
    async (request) => success(request, await roles.audit(request.params.id)),
  );
}
