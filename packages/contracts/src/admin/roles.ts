import { z } from 'zod';
import { ALL_PERMISSIONS } from '../permissions.js';
import { singleLine } from '../text.js';

export interface RoleItem {
  id: number;
  name: string;
  label: string;
  builtIn: boolean;
  userCount: number;
}

export const createRoleBodySchema = z.object({
  name: singleLine()
    .min(2)
    .max(60)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, { message: 'i18n:roles.nameFormat' }),
  label: singleLine().min(2).max(120),
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

export interface RolePermissions {
  roleId: number;
  permissions: string[];
}
