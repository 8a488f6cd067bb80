import { z } from 'zod';
import { singleLine } from '../text.js';

export const createApiCredentialBodySchema = z.object({
  name: singleLine().min(2).max(120),
  roleId: z.number().int().positive(),
});

export interface ApiCredentialItem {
  id: number;
  client_id: string;
  name: string;
  role: { id: number; name: string; label: string };
  createdAt: string;
  createdBy: { id: number; nombre: string } | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Returned once, when the credential is created: the secret is never shown again. */
export interface CreatedApiCredential extends ApiCredentialItem {
  secret: string;
}

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
