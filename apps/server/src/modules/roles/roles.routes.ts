import {
  auditEntrySchema,
  createRoleBodySchema,
  idParamSchema,
  PERMISSION_CATEGORIES,
  type PermissionCategory,
  permissionCategorySchema,
  renameRoleBodySchema,
  roleItemSchema,
  rolePermissionsBodySchema,
  rolePermissionsSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok, refusals } from '../../platform/http/openapi.js';
import type { RolesService } from './roles.service.js';

export async function rolesRoutes(app: FastifyInstance, roles: RolesService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = 'ver-lista-roles|editar-permisos-roles' as const;
  const tags = ['Roles'];

  // The catalogue of permission keys by the permission manager's categories.
  const listPermissions = {
    tags,
    operationId: 'listPermissions',
    summary: 'Every permission key, by the permission manager’s categories',
    response: ok(z.array(permissionCategorySchema)),
  };
  api.get('/permissions', { config: { permission: read }, schema: listPermissions }, async (request) =>
    success(
      request,
      Object.entries(PERMISSION_CATEGORIES).map(([category, permissions]) => ({
        category: category as PermissionCategory,
        permissions: [...permissions],
      })),
    ),
  );

  const listRoles = { tags, operationId: 'listRoles', summary: 'Every role', response: ok(z.array(roleItemSchema)) };
  api.get('/roles', { config: { permission: read }, schema: listRoles }, async (request) =>
    success(request, await roles.list()),
  );

  api.post(
    '/roles',
    {
      config: { permission: 'editar-permisos-roles' },
      schema: {
        tags,
        operationId: 'createRole',
        summary: 'Create a role, empty or as a copy of another role’s permissions',
        body: createRoleBodySchema,
        response: { ...created(roleItemSchema), ...refusals(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(success(request, await roles.create(requireAuth(request), request.body))),
  );

  api.put(
    '/roles/:id',
    {
      config: { permission: 'editar-permisos-roles' },
      schema: {
        tags,
        operationId: 'renameRole',
        summary: 'Change a role’s label',
        params: idParamSchema,
        body: renameRoleBodySchema,
        response: ok(roleItemSchema),
      },
    },
    async (request) =>
      success(request, await roles.rename(requireAuth(request).userId, request.params.id, request.body.label)),
  );

  api.get(
    '/roles/:id/permissions',
    {
      config: { permission: read },
      schema: {
        tags,
        operationId: 'getRolePermissions',
        summary: 'The permissions a role grants',
        params: idParamSchema,
        response: ok(rolePermissionsSchema),
      },
    },
    async (request) => success(request, await roles.permissions(request.params.id)),
  );

  api.put(
    '/roles/:id/permissions',
    {
      config: { permission: 'editar-permisos-roles' },
      schema: {
        tags,
        operationId: 'replaceRolePermissions',
        summary: 'Replace the permissions a role grants (the last role that manages roles keeps that permission)',
        params: idParamSchema,
        body: rolePermissionsBodySchema,
        response: { ...ok(rolePermissionsSchema), ...refusals(409) },
      },
    },
    async (request) => {
      const saved = await roles.replacePermissions(requireAuth(request), request.params.id, request.body.permissions);
      return success(request, saved, { messageKey: 'roles.saved' });
    },
  );

  api.get(
    '/roles/:id/audit',
    {
      config: { permission: 'ver-auditoria' },
      schema: {
        tags,
        operationId: 'listRoleAudit',
        summary: 'The audit log of a role, newest first',
        params: idParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await roles.audit(request.params.id)),
  );
}
