import { z } from 'zod';
import { emailSchema, enteredPasswordSchema, passwordSchema } from '../auth.js';
import { named } from '../registry.js';
import { singleLine } from '../text.js';
import { dateSchema, idSchema, instantSchema, listQuerySchema, namedRefSchema, optionalText } from './common.js';

export const USER_SORT_COLUMNS = ['name', 'email', 'createdAt', 'id'] as const;

export const userListQuerySchema = listQuerySchema(USER_SORT_COLUMNS, 'name').extend({
  enabled: z.enum(['true', 'false', 'all']).default('all'),
  roleId: z.coerce.number().int().positive().optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

const profileFields = {
  name: singleLine().min(2).max(200),
  username: singleLine()
    .min(3)
    .max(100)
    .regex(/^[a-zA-Z0-9._-]+$/, { message: 'i18n:users.usernameFormat' })
    .optional(),
  extension: optionalText(20),
  position: optionalText(120),
  department: optionalText(120),
  birthday: z.iso
    .date()
    .nullish()
    .or(z.literal('').transform(() => null)),
  phone: optionalText(40),
  mobilephone: optionalText(40),
  address: optionalText(300),
  facebook: optionalText(200),
  twitter: optionalText(200),
  instagram: optionalText(200),
};

const adminFields = {
  email: singleLine().min(1).pipe(emailSchema),
  roleIds: z.array(z.number().int().positive()).min(1).max(20),
  skillIds: z.array(z.number().int().positive()).max(100).default([]),
  mfa: z.boolean().default(false),
  enabled: z.boolean().default(true),
};

const passwordPair = {
  password: passwordSchema,
  password_confirmation: enteredPasswordSchema,
};

const matchingPasswords = <T extends { password: string; password_confirmation: string }>(body: T) =>
  body.password === body.password_confirmation;
const mismatch = { path: ['password_confirmation'], message: 'i18n:auth.passwordsDoNotMatch' };

export const createUserBodySchema = z
  .object({ ...profileFields, ...adminFields, ...passwordPair })
  .refine(matchingPasswords, mismatch);
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const updateUserBodySchema = z.object({ ...profileFields, ...adminFields });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** What a user may change of their own profile (no roles, email or status). */
export const updateProfileBodySchema = z.object({ ...profileFields });
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const setUserStatusBodySchema = z.object({ enabled: z.boolean() });

export const resetUserPasswordBodySchema = z.object(passwordPair).refine(matchingPasswords, mismatch);

export const changeOwnPasswordBodySchema = z
  .object({ current_password: enteredPasswordSchema, ...passwordPair })
  .refine(matchingPasswords, mismatch);

export const userListItemSchema = named(
  'UserListItem',
  z.object({
    id: idSchema,
    nombre: z.string(),
    username: z.string(),
    email: z.string(),
    enabled: z.boolean(),
    mfa: z.boolean(),
    extension: z.string().nullable(),
    url_image: z.string().nullable(),
    roles: z.array(z.object({ id: idSchema, name: z.string(), label: z.string() })),
    createdAt: instantSchema,
  }),
);
export type UserListItem = z.infer<typeof userListItemSchema>;

/** The spec's User: every field (no password). */
export const userDetailSchema = named(
  'UserDetail',
  userListItemSchema.extend({
    position: z.string().nullable(),
    department: z.string().nullable(),
    birthday: dateSchema.nullable(),
    phone: z.string().nullable(),
    mobilephone: z.string().nullable(),
    address: z.string().nullable(),
    facebook: z.string().nullable(),
    twitter: z.string().nullable(),
    instagram: z.string().nullable(),
    skills: z.array(namedRefSchema),
    nombre_roles: z.array(z.string()),
    nombre_permisos: z.array(z.string()),
    prueba_extension: z.boolean(),
    updatedAt: instantSchema,
  }),
);
export type UserDetail = z.infer<typeof userDetailSchema>;

/** The spec's `GET usuario` item (colleagues for chat, assignment pickers). */
export const colleagueItemSchema = named(
  'ColleagueItem',
  z.object({
    id: idSchema,
    nombre: z.string(),
    email: z.string(),
    url_image: z.string().nullable(),
    roles: z.array(z.string()),
  }),
);
export type ColleagueItem = z.infer<typeof colleagueItemSchema>;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
