import { z } from 'zod';
import { LIMITS } from './constants.js';
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

export interface SessionUser {
  id: number;
  nombre: string;
  username: string;
  email: string;
  url_image: string | null;
  mfa: boolean;
  roles: { id: number; name: string }[];
  nombre_roles: string[];
  nombre_permisos: string[];
  extension: string | null;
}

export interface LoginResult {
  token: string;
  sessionId: string;
  user: SessionUser;
  shash: string;
  sstart: string;
  ssip: string;
  turn: null | { urls: string; username: string; credential: string };
  webrtc: boolean;
  advanced_search: 0 | 1;
}
