import { timingSafeEqual } from 'node:crypto';
import {
  API_SCOPE,
  API_TOKEN_TTL_SECONDS,
  type ApiCredentialItem,
  type CreatedApiCredential,
  type TokenGrant,
} from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { diffForAudit } from '../../platform/audit/diff.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { randomToken, sha256 } from '../../platform/security.js';
import { assertMayGrant, assertMayManage } from '../../policies/grants.js';
import type { AuthService } from '../auth/auth.service.js';
import { usersRepo } from '../users/users.repo.js';
import { credentialsRepo } from './credentials.repo.js';

const invalidClient = () => new AppError(401, 'invalid_client', 'credentials.invalidClient');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type { TokenGrant };

export function createCredentialsService(ctx: AppContext, auth: AuthService) {
  const { db } = ctx;

  async function itemOrNotFound(id: number): Promise<ApiCredentialItem> {
    const item = await credentialsRepo.find(db, id);
    if (!item) throw errors.notFound();
    return item;
  }

  return {
    list: () => credentialsRepo.list(db),

    /**
     * The secret is random (256 bits), so a SHA-256 of it is enough to store: it cannot be guessed from the hash.
     * It is returned here once and never again.
     */
    async create(actor: AuthContext, body: { name: string; roleId: number }): Promise<CreatedApiCredential> {
      const actorUserId = actor.userId;
      const clientId = `atk_${randomToken(12)}`;
      const secret = randomToken(32);
      const id = await db.transaction(async (tx) => {
        if ((await usersRepo.existingRoleIds(tx, [body.roleId])).length === 0) {
          throw errors.invalidField('roleId', 'credentials.unknownRole');
        }
        // A credential acts with its role: nobody hands out a token stronger than themselves.
        assertMayGrant(actor, await usersRepo.permissionsOfRoles(tx, [body.roleId]));
        const integrationUserId = await usersRepo.insertUser(
          tx,
          {
            name: `API: ${body.name}`,
            username: `integration-${clientId.toLowerCase()}`,
            email: `${clientId.toLowerCase()}@integrations.atiende.invalid`,
            passwordHash: sha256(randomToken(32)),
            kind: 'integration',
          },
          [body.roleId],
        );
        const credentialId = await credentialsRepo.insert(tx, {
          clientId,
          name: body.name,
          secretHash: sha256(secret),
          roleId: body.roleId,
          integrationUserId,
          createdBy: actorUserId,
        });
        const created = await credentialsRepo.find(tx, credentialId);
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'api-credential',
          entityId: credentialId,
          action: 'created',
          changes: diffForAudit('api-credential', null, {
            name: created?.name,
            role: created && { id: created.role.id, name: created.role.label },
          }),
        });
        return credentialId;
      });
      return { ...(await itemOrNotFound(id)), secret };
    },

    /** Revoking disables the integration user and ends its tokens at once. */
    async revoke(actor: AuthContext, id: number): Promise<ApiCredentialItem> {
      const actorUserId = actor.userId;
      let afterCommit = () => {};
      await db.transaction(async (tx) => {
        const credential = await credentialsRepo.lock(tx, id);
        if (!credential) throw errors.notFound();
        assertMayManage(actor, await usersRepo.permissionsOfUser(tx, credential.integrationUserId));
        if (credential.revokedAt) return;
        await credentialsRepo.markRevoked(tx, id);
        await usersRepo.setEnabled(tx, credential.integrationUserId, false);
        afterCommit = await auth.endSessions(tx, credential.integrationUserId, 'credential-revoked');
        await auditRepo.record(tx, { actorUserId, entity: 'api-credential', entityId: id, action: 'revoked' });
      });
      afterCommit();
      return itemOrNotFound(id);
    },

    /** OAuth 2.0 client-credentials grant. */
    async issueToken(clientId: string | undefined, clientSecret: string | undefined): Promise<TokenGrant> {
      if (!clientId || !clientSecret) throw invalidClient();
      const credential = await credentialsRepo.findByClientId(db, clientId);
      if (!credential || credential.revokedAt || !sameHash(credential.secretHash, sha256(clientSecret))) {
        throw invalidClient();
      }
      const token = await db.transaction(async (tx) => {
        await credentialsRepo.touch(tx, credential.id);
        return auth.issueIntegrationToken(tx, credential.integrationUserId, API_TOKEN_TTL_SECONDS);
      });
      return { access_token: token, token_type: 'Bearer', expires_in: API_TOKEN_TTL_SECONDS, scope: API_SCOPE };
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
