import { z } from 'zod';
import { ALL_PERMISSIONS } from '../permissions.js';

export interface RoleItem {
  id: number;
  name: string;
  label: string;
  builtIn: boolean;
  userCount: number;
}

export const createRoleBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(2)
    .max(60)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, { message: 'i18n:roles.nameFormat' }),
  label: z.string().trim().min(2).max(120),
});

export const renameRoleBodySchema = z.object({ label: z.string().trim().min(2).max(120) });

export const rolePermissionsBodySchema = z.object({
  permissions: z
    .array(z.string())
    .max(ALL_PERMISSIONS.length)
    .refine((values) => values.every((value) => (ALL_PERMISSIONS as readonly string[]).includes(value)), {
      message: 'i18n:roles.unknownPermission',
    }),
});

export interface RolePermissions {
  roleId: number;
  permissions: string[];
}
