import { z } from 'zod';
import { ALL_PERMISSIONS, PERMISSION_CATEGORIES, type PermissionCategory } from '../permissions.js';
import { named } from '../registry.js';
import { singleLine } from '../text.js';
import { idSchema } from './common.js';

export const roleItemSchema = named(
  'RoleItem',
  z.object({
    id: idSchema,
    name: z.string(),
    label: z.string(),
    builtIn: z.boolean(),
    userCount: z.number().int(),
  }),
);
export type RoleItem = z.infer<typeof roleItemSchema>;

export const createRoleBodySchema = z.object({
  name: singleLine()
    .min(2)
    .max(60)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, { message: 'i18n:roles.nameFormat' }),
  label: singleLine().min(2).max(120),
  /** A new role may start as a copy of another role's permissions (in the same transaction, under the grant rules). */
  copyFromRoleId: idSchema.nullish(),
});

export const renameRoleBodySchema = z.object({ label: singleLine().min(2).max(120) });

export const rolePermissionsBodySchema = z.object({
  permissions: z
    .array(singleLine())
    .max(ALL_PERMISSIONS.length)
    .refine((values) => values.every((value) => (ALL_PERMISSIONS as readonly string[]).includes(value)), {
      message: 'i18n:roles.unknownPermission',
    }),
});

export const rolePermissionsSchema = named(
  'RolePermissions',
  z.object({ roleId: idSchema, permissions: z.array(z.string()) }),
);
export type RolePermissions = z.infer<typeof rolePermissionsSchema>;

/** `GET /permissions`: the permission keys by the permission manager's categories. */
export const permissionCategorySchema = z.object({
  category: z.enum(Object.keys(PERMISSION_CATEGORIES) as [PermissionCategory, ...PermissionCategory[]]),
  permissions: z.array(z.string()),
});
