import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { rolePermissions, roles, userRoles, users } from './users.schema.js';

export interface NewUser {
  name: string;
  username: string;
  email: string;
  passwordHash: string;
  mfaEnabled?: boolean;
  extension?: string | null;
}

export interface UserProfileRow {
  id: number;
  name: string;
  username: string;
  email: string;
  mfaEnabled: boolean;
  enabled: boolean;
  extension: string | null;
  imagePath: string | null;
  roles: { id: number; name: string }[];
  permissions: string[];
}

export const usersRepo = {
  async insertUser(db: Executor, user: NewUser, roleIds: readonly number[]): Promise<number> {
    const [row] = await db
      .insert(users)
      .values({ ...user, email: user.email.toLowerCase() })
      .returning({ id: users.id });
    if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
    return row.id;
  },

  async findByEmail(db: Executor, email: string) {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.passwordHash,
        enabled: users.enabled,
        mfaEnabled: users.mfaEnabled,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row ?? null;
  },

  async updatePassword(db: Executor, userId: number, passwordHash: string): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  },

  async setEnabled(db: Executor, userId: number, enabled: boolean): Promise<void> {
    await db.update(users).set({ enabled, updatedAt: new Date() }).where(eq(users.id, userId));
  },

  /** The user with role names and the union of their roles' permissions, in one query. */
  async loadProfile(db: Executor, userId: number): Promise<UserProfileRow | null> {
    const result = await db.execute<{
      id: string;
      name: string;
      username: string;
      email: string;
      mfa_enabled: boolean;
      enabled: boolean;
      extension: string | null;
      image_path: string | null;
      roles: { id: number; name: string }[] | null;
      permissions: string[] | null;
    }>(sql`
      select u.id, u.name, u.username, u.email, u.mfa_enabled, u.enabled, u.extension, u.image_path,
        (select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
           from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles,
        (select array_agg(distinct rp.permission)
           from user_roles ur join role_permissions rp on rp.role_id = ur.role_id where ur.user_id = u.id) as permissions
      from users u where u.id = ${userId}`);
    const row = result.rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      name: row.name,
      username: row.username,
      email: row.email,
      mfaEnabled: row.mfa_enabled,
      enabled: row.enabled,
      extension: row.extension,
      imagePath: row.image_path,
      roles: (row.roles ?? []).map((role) => ({ id: Number(role.id), name: role.name })),
      permissions: row.permissions ?? [],
    };
  },

  async findRolesByName(db: Executor, names: readonly string[]) {
    if (names.length === 0) return [];
    return db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(inArray(roles.name, [...names]));
  },

  /** Inserts the role unless one with that name exists; returns its id and whether it was created now. */
  async ensureRole(
    db: Executor,
    role: { name: string; label: string; builtIn: boolean },
  ): Promise<{ id: number; created: boolean }> {
    const [inserted] = await db.insert(roles).values(role).onConflictDoNothing().returning({ id: roles.id });
    if (inserted) return { id: inserted.id, created: true };
    const [existing] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role.name));
    return { id: existing.id, created: false };
  },

  async grantPermissions(db: Executor, roleId: number, permissions: readonly string[]): Promise<void> {
    if (permissions.length === 0) return;
    await db
      .insert(rolePermissions)
      .values(permissions.map((permission) => ({ roleId, permission })))
      .onConflictDoNothing();
  },
};
