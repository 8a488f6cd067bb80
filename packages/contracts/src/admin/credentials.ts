import { z } from 'zod';
import { envelopeSchema } from '../envelope.js';
import { named } from '../registry.js';
import { singleLine } from '../text.js';
import { idSchema, instantSchema, personRefSchema } from './common.js';

export const createApiCredentialBodySchema = z.object({
  name: singleLine().min(2).max(120),
  roleId: z.number().int().positive(),
});

export const apiCredentialItemSchema = named(
  'ApiCredentialItem',
  z.object({
    id: idSchema,
    client_id: z.string(),
    name: z.string(),
    role: z.object({ id: idSchema, name: z.string(), label: z.string() }),
    createdAt: instantSchema,
    createdBy: personRefSchema.nullable(),
    lastUsedAt: instantSchema.nullable(),
    revokedAt: instantSchema.nullable(),
  }),
);
export type ApiCredentialItem = z.infer<typeof apiCredentialItemSchema>;

/** Returned once, when the credential is created: the secret is never shown again. */
export const createdApiCredentialSchema = named(
  'CreatedApiCredential',
  apiCredentialItemSchema.extend({ secret: z.string() }),
);
export type CreatedApiCredential = z.infer<typeof createdApiCredentialSchema>;

export const oauthTokenBodySchema = z.object({
  grant_type: z.literal('client_credentials'),
  /** May come in the body or, as RFC 6749 prefers, in an HTTP Basic Authorization header. */
  client_id: singleLine().min(1).max(100).optional(),
  client_secret: singleLine().min(1).max(200).optional(),
  scope: singleLine().max(200).optional(),
});

/** The scope an integration token carries: the permissions of the credential's role, through the public API. */
export const API_SCOPE = 'api';
export const API_TOKEN_TTL_SECONDS = 3600;

/** An OAuth 2.0 access token (RFC 6749 section 5.1). */
export const tokenGrantSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TokenGrant = z.infer<typeof tokenGrantSchema>;

/** The token endpoint's answer: the OAuth fields at the top level for OAuth clients, and the envelope around them. */
export const oauthTokenResponseSchema = envelopeSchema(tokenGrantSchema).extend(tokenGrantSchema.shape);
