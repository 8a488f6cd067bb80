import { z } from 'zod';
import { idSchema, instantSchema } from './admin/common.js';
import { LIMITS } from './constants.js';
import { named } from './registry.js';
import { singleLine, singleLineRule } from './text.js';

export const emailSchema = z
  .email()
  .max(254)
  .transform((value) => value.trim().toLowerCase());

/** A password as typed: never trimmed, no control characters. */
const typedPassword = () => z.string().check(singleLineRule);
/** A new password: its length rules. */
export const passwordSchema = typedPassword().min(LIMITS.passwordMinLength).max(LIMITS.passwordMaxLength);
/** A password entered to be checked (sign-in, confirmation, the current one): up to the maximum length. */
export const enteredPasswordSchema = typedPassword().min(1).max(LIMITS.passwordMaxLength);

export const loginBodySchema = z.object({
  email: singleLine().min(1).pipe(emailSchema),
  password: enteredPasswordSchema,
  verification_code: singleLine()
    .regex(/^\d{6}$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The spec's newCode marker: asks the server to send a fresh verification code. */
  newCode: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const checkCredentialsBodySchema = z.object({
  email: singleLine().min(1).pipe(emailSchema),
  password: enteredPasswordSchema,
});

export const passwordEmailBodySchema = z.object({
  email: singleLine().min(1).pipe(emailSchema),
});

export const passwordResetBodySchema = z
  .object({
    token: singleLine().min(10).max(200),
    email: singleLine().min(1).pipe(emailSchema),
    password: passwordSchema,
    password_confirmation: enteredPasswordSchema,
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'i18n:auth.passwordsDoNotMatch',
  });

export const sessionUserSchema = named(
  'SessionUser',
  z.object({
    id: idSchema,
    nombre: z.string(),
    username: z.string(),
    email: z.string(),
    url_image: z.string().nullable(),
    mfa: z.boolean(),
    roles: z.array(z.object({ id: idSchema, name: z.string() })),
    nombre_roles: z.array(z.string()),
    nombre_permisos: z.array(z.string()),
    extension: z.string().nullable(),
  }),
);
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResultSchema = named(
  'LoginResult',
  z.object({
    token: z.string(),
    sessionId: z.string(),
    user: sessionUserSchema,
    shash: z.string(),
    sstart: instantSchema,
    ssip: z.string(),
    turn: z.object({ urls: z.string(), username: z.string(), credential: z.string() }).nullable(),
    webrtc: z.boolean(),
    advanced_search: z.literal([0, 1]),
  }),
);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** A login of an account with two-step verification before the code is given: the code was sent (202). */
export const verificationRequiredSchema = z.object({ verificationRequired: z.literal(true) });
