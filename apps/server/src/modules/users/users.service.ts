import {
  ALL_PERMISSIONS,
  BUILT_IN_ROLE_LABELS,
  BUILT_IN_ROLES,
  type BuiltInRole,
  type ColleagueItem,
  type changeOwnPasswordBodySchema,
  type createUserBodySchema,
  DEFAULT_ROLE_PERMISSIONS,
  type Page,
  REALTIME_EVENTS,
  type resetUserPasswordBodySchema,
  type UserDetail,
  type UserListItem,
  type updateProfileBodySchema,
  type updateUserBodySchema,
  type userListQuerySchema,
} from '@atiende/contracts';
import type { z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { type AuditSnapshot, diffForAudit } from '../../platform/audit/diff.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { ImageUpload } from '../../platform/http/uploads.js';
import { hashPassword, verifyPassword } from '../../platform/security.js';
import { assertMayGrant, assertMayManage } from '../../policies/grants.js';
import { mayEditUser, mayReadUser } from '../../policies/users.js';
import type { AuthService } from '../auth/auth.service.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { type UserValues, usersRepo } from './users.repo.js';

/**
 * The three built-in roles exist in every installation. Their default grants are written when the role is
 * created; afterwards the permissions manager owns them, except that admin always holds every permission
 * (so permissions added by an upgrade reach administrators).
 */
export async function ensureBuiltInRoles(db: Executor): Promise<Record<BuiltInRole, number>> {
  const ids = {} as Record<BuiltInRole, number>;
  for (const name of BUILT_IN_ROLES) {
    const role = await usersRepo.ensureRole(db, { name, label: BUILT_IN_ROLE_LABELS[name], builtIn: true });
    ids[name] = role.id;
    if (role.created) await usersRepo.grantPermissions(db, role.id, DEFAULT_ROLE_PERMISSIONS[name]);
  }
  await usersRepo.grantPermissions(db, ids.admin, ALL_PERMISSIONS);
  return ids;
}

export interface CreateUserInput {
  name: string;
  email: string;
  password: string;
  roleIds: number[];
  username?: string;
  mfaEnabled?: boolean;
  extension?: string | null;
}

/** Creates a person (factories, demo data and the create-admin command use this too). */
export async function createUser(db: Executor, input: CreateUserInput): Promise<number> {
  const email = input.email.trim().toLowerCase();
  return usersRepo.insertUser(
    db,
    {
      name: input.name,
      username: input.username ?? email.split('@')[0],
      email,
      passwordHash: await hashPassword(input.password),
      mfaEnabled: input.mfaEnabled ?? false,
      extension: input.extension ?? null,
    },
    input.roleIds,
  );
}

type ProfileBody = z.output<typeof updateProfileBodySchema>;
type UpdateBody = z.output<typeof updateUserBodySchema>;

function profileValues(body: ProfileBody): UserValues {
  return {
    name: body.name,
    ...(body.username ? { username: body.username } : {}),
    extension: body.extension,
    position: body.position,
    department: body.department,
    birthday: body.birthday ?? null,
    phone: body.phone,
    mobilephone: body.mobilephone,
    address: body.address,
    facebook: body.facebook,
    twitter: body.twitter,
    instagram: body.instagram,
  };
}

function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'users_email_unique'))
    throw errors.duplicate('USER.EMAIL_TAKEN', 'email', 'users.emailTaken');
  if (isUniqueViolation(error, 'users_username_unique')) {
    throw errors.duplicate('USER.USERNAME_TAKEN', 'username', 'users.usernameTaken');
  }
  throw error;
}

const roleIdsOf = (user: UserDetail) => user.roles.map((role) => role.id);
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The account's keys (e-mail, status, MFA, roles) change only if the actor holds everything the user holds, and
 * new roles only if the actor holds everything they grant (policies/grants.ts). Profile fields stay editable.
 */
async function checkAccountChange(
  tx: Executor,
  actor: AuthContext,
  userId: number,
  change: { email: boolean; status: boolean; mfa: boolean; roles: boolean; newRoleIds: readonly number[] },
): Promise<void> {
  if (!(change.email || change.status || change.mfa || change.roles)) return;
  assertMayManage(actor, await usersRepo.permissionsOfUser(tx, userId));
  if (change.roles) assertMayGrant(actor, await usersRepo.permissionsOfRoles(tx, change.newRoleIds));
}

export function createUsersService(ctx: AppContext, auth: AuthService) {
  const { db } = ctx;

  async function checkReferences(tx: Executor, roleIds: readonly number[], skillIds: readonly number[]) {
    const uniqueRoles = [...new Set(roleIds)];
    if ((await usersRepo.existingRoleIds(tx, uniqueRoles)).length !== uniqueRoles.length) {
      throw errors.invalidField('roleIds', 'users.unknownRoles');
    }
    const uniqueSkills = [...new Set(skillIds)];
    if ((await cataloguesRepo.existingEnabledIds(tx, 'skill', uniqueSkills)).length !== uniqueSkills.length) {
      throw errors.invalidField('skillIds', 'users.unknownSkills');
    }
    return { roleIds: uniqueRoles, skillIds: uniqueSkills };
  }

  async function detailOrNotFound(id: number): Promise<UserDetail> {
    const detail = await usersRepo.detail(db, id);
    if (!detail) throw errors.notFound();
    return detail;
  }

  /** The user as its audit compares it, read in the transaction: roles and skills by their names now. */
  async function auditSnapshot(tx: Executor, id: number): Promise<AuditSnapshot<'user'>> {
    const user = await usersRepo.detail(tx, id);
    if (!user) throw errors.notFound();
    return {
      name: user.nombre,
      username: user.username,
      email: user.email,
      roles: user.roles.map((role) => ({ id: role.id, name: role.label })),
      skills: user.skills,
      extension: user.extension,
      position: user.position,
      department: user.department,
      birthday: user.birthday,
      phone: user.phone,
      mobilephone: user.mobilephone,
      address: user.address,
      facebook: user.facebook,
      twitter: user.twitter,
      instagram: user.instagram,
      mfa: user.mfa,
      enabled: user.enabled,
    };
  }

  async function storeAvatar(actor: AuthContext, userId: number, upload: ImageUpload): Promise<UserDetail> {
    const storedPath = await ctx.storage.save(`usuario/${userId}/perfil`, upload.extension, upload.content);
    const previous = await db.transaction(async (tx) => {
      const current = await usersRepo.lock(tx, userId);
      if (!current) throw errors.notFound();
      await usersRepo.update(tx, userId, { imagePath: storedPath });
      await auditRepo.record(tx, {
        actorUserId: actor.userId,
        entity: 'user',
        entityId: userId,
        action: 'avatar-changed',
        changes: diffForAudit('user', { avatar: current.imagePath }, { avatar: storedPath }),
      });
      return current.imagePath;
    });
    if (previous) await ctx.storage.remove(previous);
    return detailOrNotFound(userId);
  }

  return {
    async list(query: z.output<typeof userListQuerySchema>): Promise<Page<UserListItem>> {
      const { data, total } = await usersRepo.list(db, {
        page: query.page,
        sizePerPage: query.sizePerPage,
        sortName: query.sortName,
        sortOrder: query.sortOrder,
        searchText: query.searchText || undefined,
        enabled: query.enabled === 'all' ? undefined : query.enabled === 'true',
        roleId: query.roleId,
      });
      return { data, total, page: query.page, sizePerPage: query.sizePerPage };
    },

    colleagues(): Promise<ColleagueItem[]> {
      return usersRepo.colleagues(db);
    },

    /** Anyone may read their own user; another user's record needs the users menu permission too. */
    async get(actor: AuthContext, id: number): Promise<UserDetail> {
      if (!mayReadUser(actor, id)) throw errors.forbidden();
      return detailOrNotFound(id);
    },

    async create(actor: AuthContext, body: z.output<typeof createUserBodySchema>): Promise<UserDetail> {
      const passwordHash = await hashPassword(body.password);
      const id = await db
        .transaction(async (tx) => {
          const references = await checkReferences(tx, body.roleIds, body.skillIds);
          assertMayGrant(actor, await usersRepo.permissionsOfRoles(tx, references.roleIds));
          const values = profileValues(body);
          const userId = await usersRepo.insertUser(
            tx,
            {
              name: body.name,
              username: body.username ?? body.email.split('@')[0],
              email: body.email,
              passwordHash,
              mfaEnabled: body.mfa,
              extension: body.extension,
            },
            references.roleIds,
          );
          await usersRepo.update(tx, userId, { ...values, enabled: body.enabled });
          await usersRepo.replaceSkills(tx, userId, references.skillIds);
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'user',
            entityId: userId,
            action: 'created',
            changes: diffForAudit('user', null, await auditSnapshot(tx, userId)),
          });
          return userId;
        })
        .catch(rethrowDuplicate);
      return detailOrNotFound(id);
    },

    async update(actor: AuthContext, id: number, body: UpdateBody): Promise<UserDetail> {
      const before = await detailOrNotFound(id);
      let afterCommit = () => {};
      await db
        .transaction(async (tx) => {
          const current = await usersRepo.lock(tx, id);
          if (!current) throw errors.notFound();
          if (id === actor.userId && !body.enabled) throw new AppError(409, 'USER.SELF_DISABLE', 'users.selfDisable');
          const references = await checkReferences(tx, body.roleIds, body.skillIds);
          await checkAccountChange(tx, actor, id, {
            email: current.email.toLowerCase() !== body.email.toLowerCase(),
            status: current.enabled !== body.enabled,
            mfa: current.mfaEnabled !== body.mfa,
            roles: !sameIds(roleIdsOf(before), references.roleIds),
            newRoleIds: references.roleIds,
          });
          const values: UserValues = {
            ...profileValues(body),
            email: body.email,
            mfaEnabled: body.mfa,
            enabled: body.enabled,
          };
          const previous = await auditSnapshot(tx, id);
          await usersRepo.update(tx, id, values);
          await usersRepo.replaceRoles(tx, id, references.roleIds);
          await usersRepo.replaceSkills(tx, id, references.skillIds);
          if (before.enabled && !body.enabled) afterCommit = await auth.endSessions(tx, id, 'disabled');
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'user',
            entityId: id,
            action: 'updated',
            changes: diffForAudit('user', previous, await auditSnapshot(tx, id)),
          });
        })
        .catch(rethrowDuplicate);
      afterCommit();
      const after = await detailOrNotFound(id);
      if (!sameIds(roleIdsOf(before), roleIdsOf(after))) {
        // New roles, new permissions: the user's sockets follow at once and their menu reloads.
        await ctx.realtime.refreshRooms([id]);
        await ctx.realtime.toUser(id, REALTIME_EVENTS.permissionsChanged, {});
      }
      // A new softphone extension reaches the user's browser at once (spec: new-extension event).
      if (after.extension && after.extension !== before.extension) {
        await ctx.realtime.toUser(id, REALTIME_EVENTS.newExtension, { extension: after.extension });
      }
      return after;
    },

    /** Disabling ends the user's sessions and drops their sockets at once. */
    async setEnabled(actor: AuthContext, id: number, enabled: boolean): Promise<UserDetail> {
      if (id === actor.userId && !enabled) throw new AppError(409, 'USER.SELF_DISABLE', 'users.selfDisable');
      let afterCommit = () => {};
      await db.transaction(async (tx) => {
        const current = await usersRepo.lock(tx, id);
        if (!current) throw errors.notFound();
        assertMayManage(actor, await usersRepo.permissionsOfUser(tx, id));
        if (current.enabled === enabled) return;
        await usersRepo.setEnabled(tx, id, enabled);
        if (!enabled) afterCommit = await auth.endSessions(tx, id, 'disabled');
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'user',
          entityId: id,
          action: enabled ? 'enabled' : 'disabled',
        });
      });
      afterCommit();
      return detailOrNotFound(id);
    },

    /** An administrator sets another user's password: that user's sessions end. */
    async resetPassword(actor: AuthContext, id: number, body: z.output<typeof resetUserPasswordBodySchema>) {
      const passwordHash = await hashPassword(body.password);
      let afterCommit = () => {};
      await db.transaction(async (tx) => {
        if (!(await usersRepo.lock(tx, id))) throw errors.notFound();
        assertMayManage(actor, await usersRepo.permissionsOfUser(tx, id));
        await usersRepo.updatePassword(tx, id, passwordHash);
        afterCommit = await auth.endSessions(tx, id, 'password-changed');
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'user',
          entityId: id,
          action: 'password-reset',
        });
      });
      afterCommit();
    },

    async updateOwnProfile(actor: AuthContext, body: ProfileBody): Promise<UserDetail> {
      await db
        .transaction(async (tx) => {
          if (!(await usersRepo.lock(tx, actor.userId))) throw errors.notFound();
          const previous = await auditSnapshot(tx, actor.userId);
          await usersRepo.update(tx, actor.userId, profileValues(body));
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'user',
            entityId: actor.userId,
            action: 'profile-updated',
            changes: diffForAudit('user', previous, await auditSnapshot(tx, actor.userId)),
          });
        })
        .catch(rethrowDuplicate);
      return detailOrNotFound(actor.userId);
    },

    /** Changing one's own password keeps this session and ends the others. */
    async changeOwnPassword(actor: AuthContext, body: z.output<typeof changeOwnPasswordBodySchema>): Promise<void> {
      const current = await usersRepo.findById(db, actor.userId);
      if (!current || !(await verifyPassword(current.passwordHash, body.current_password))) {
        throw errors.invalidField('current_password', 'users.currentPasswordWrong');
      }
      const passwordHash = await hashPassword(body.password);
      let afterCommit = () => {};
      await db.transaction(async (tx) => {
        await usersRepo.updatePassword(tx, actor.userId, passwordHash);
        afterCommit = await auth.endSessions(tx, actor.userId, 'password-changed', actor.sessionId);
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'user',
          entityId: actor.userId,
          action: 'password-changed',
        });
      });
      afterCommit();
    },

    /** Administrators change anyone's avatar; everyone may change their own. */
    async changeAvatar(actor: AuthContext, id: number, upload: ImageUpload): Promise<UserDetail> {
      if (!mayEditUser(actor, id)) throw errors.forbidden();
      return storeAvatar(actor, id, upload);
    },

    /** The campaigns a user works in (the user view's "assigned campaigns" tab). */
    async campaigns(actor: AuthContext, id: number) {
      await this.get(actor, id);
      return campaignsRepo.ofUser(db, id, false);
    },

    async audit(id: number) {
      await detailOrNotFound(id);
      return auditRepo.list(db, 'user', id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
