import type { ColleagueItem, UserDetail, UserListItem } from '@atiende/contracts';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { concurrently, type Executor } from '../../platform/db/client.js';
import { exactCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import { catalogueEntries } from '../catalogues/catalogues.schema.js';
import { rolePermissions, roles, userRoles, userSkills, users } from './users.schema.js';

export type UserRow = typeof users.$inferSelect;
export type UserValues = Partial<Omit<typeof users.$inferInsert, 'id'>>;

export interface NewUser {
  name: string;
  username: string;
  email: string;
  passwordHash: string;
  mfaEnabled?: boolean;
  extension?: string | null;
  kind?: 'person' | 'integration';
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

export interface UserListFilter {
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'email' | 'createdAt' | 'id';
  sortOrder: 'asc' | 'desc';
  searchText?: string;
  enabled?: boolean;
  roleId?: number;
}

const SORT_COLUMNS = { name: users.name, email: users.email, createdAt: users.createdAt, id: users.id } as const;

export function imageUrl(imagePath: string | null): string | null {
  return imagePath ? `/api/v2/files/${imagePath}` : null;
}

/** Roles of many users in one query (no N+1 on lists). */
async function rolesOf(db: Executor, userIds: readonly number[]) {
  const byUser = new Map<number, { id: number; name: string; label: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, label: roles.label })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, [...userIds]))
    .orderBy(roles.id);
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name, label: row.label });
    byUser.set(row.userId, list);
  }
  return byUser;
}

function toListItem(row: UserRow, userRolesList: { id: number; name: string; label: string }[]): UserListItem {
  return {
    id: row.id,
    nombre: row.name,
    username: row.username,
    email: row.email,
    enabled: row.enabled,
    mfa: row.mfaEnabled,
    extension: row.extension,
    url_image: imageUrl(row.imagePath),
    roles: userRolesList,
    createdAt: row.createdAt.toISOString(),
  };
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

  /** People by id with their names, in the order asked (what the audit log names them by). */
  async refs(db: Executor, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...ids]));
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return ids.map((id) => ({ id, name: names.get(id) ?? `#${id}` }));
  },

  async findByEmail(db: Executor, email: string) {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.passwordHash,
        enabled: users.enabled,
        mfaEnabled: users.mfaEnabled,
        kind: users.kind,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row ?? null;
  },

  async findById(db: Executor, id: number): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  },

  async lock(db: Executor, id: number): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.kind, 'person')))
      .for('update');
    return row ?? null;
  },

  async update(db: Executor, id: number, values: UserValues): Promise<void> {
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id));
  },

  async updatePassword(db: Executor, userId: number, passwordHash: string): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  },

  async setEnabled(db: Executor, userId: number, enabled: boolean): Promise<void> {
    await db.update(users).set({ enabled, updatedAt: new Date() }).where(eq(users.id, userId));
  },

  async replaceRoles(db: Executor, userId: number, roleIds: readonly number[]): Promise<void> {
    await db.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  },

  async replaceSkills(db: Executor, userId: number, skillIds: readonly number[]): Promise<void> {
    await db.delete(userSkills).where(eq(userSkills.userId, userId));
    if (skillIds.length > 0) await db.insert(userSkills).values(skillIds.map((skillId) => ({ userId, skillId })));
  },

  async list(db: Executor, filter: UserListFilter): Promise<{ data: UserListItem[]; total: number }> {
    const conditions: SQL[] = [eq(users.kind, 'person')];
    if (filter.enabled !== undefined) conditions.push(eq(users.enabled, filter.enabled));
    if (filter.roleId !== undefined) {
      conditions.push(
        sql`exists (select 1 from user_roles ur where ur.user_id = "users"."id" and ur.role_id = ${filter.roleId})`,
      );
    }
    if (filter.searchText) {
      const pattern = `%${escapeLike(filter.searchText)}%`;
      const text = or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.username, pattern));
      if (text) conditions.push(text);
    }
    const where = and(...conditions);
    const column = SORT_COLUMNS[filter.sortName];
    // Staff lists are hundreds of rows, not millions: offset pages and an exact total are cheap here.
    const { rows, total } = await pageOf(
      db,
      filter,
      (window) =>
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(filter.sortOrder === 'desc' ? desc(column) : asc(column), asc(users.id))
          .limit(window.limit)
          .offset(window.offset),
      () => exactCount(db, users, where),
    );
    const roleMap = await rolesOf(
      db,
      rows.map((row) => row.id),
    );
    return { data: rows.map((row) => toListItem(row, roleMap.get(row.id) ?? [])), total };
  },

  async detail(db: Executor, id: number): Promise<UserDetail | null> {
    const row = await this.findById(db, id);
    if (row?.kind !== 'person') return null;
    const [roleMap, skills, profile] = await concurrently(db, [
      () => rolesOf(db, [id]),
      () =>
        db
          .select({ id: catalogueEntries.id, name: catalogueEntries.name })
          .from(userSkills)
          .innerJoin(catalogueEntries, eq(catalogueEntries.id, userSkills.skillId))
          .where(eq(userSkills.userId, id))
          .orderBy(catalogueEntries.name),
      () => this.loadProfile(db, id),
    ]);
    const userRolesList = roleMap.get(id) ?? [];
    return {
      ...toListItem(row, userRolesList),
      position: row.position,
      department: row.department,
      birthday: row.birthday,
      phone: row.phone,
      mobilephone: row.mobilephone,
      address: row.address,
      facebook: row.facebook,
      twitter: row.twitter,
      instagram: row.instagram,
      skills,
      nombre_roles: userRolesList.map((role) => role.name),
      nombre_permisos: [...(profile?.permissions ?? [])].sort(),
      prueba_extension: false,
      updatedAt: row.updatedAt.toISOString(),
    };
  },

  async colleagues(db: Executor): Promise<ColleagueItem[]> {
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.enabled, true), eq(users.kind, 'person')))
      .orderBy(users.name)
      .limit(1000);
    const roleMap = await rolesOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      nombre: row.name,
      email: row.email,
      url_image: imageUrl(row.imagePath),
      roles: (roleMap.get(row.id) ?? []).map((role) => role.name),
    }));
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

  async existingRoleIds(db: Executor, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.id, [...ids]));
    return rows.map((row) => row.id);
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

  /** The union of these roles' permissions (what a user holding them could do). */
  async permissionsOfRoles(db: Executor, roleIds: readonly number[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await db
      .selectDistinct({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(inArray(rolePermissions.roleId, [...roleIds]));
    return rows.map((row) => row.permission);
  },

  /** What a user holds today through all of their roles. */
  async permissionsOfUser(db: Executor, userId: number): Promise<string[]> {
    const rows = await db
      .selectDistinct({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
      .where(eq(userRoles.userId, userId));
    return rows.map((row) => row.permission);
  },

  async grantPermissions(db: Executor, roleId: number, permissions: readonly string[]): Promise<void> {
    if (permissions.length === 0) return;
    await db
      .insert(rolePermissions)
      .values(permissions.map((permission) => ({ roleId, permission })))
      .onConflictDoNothing();
  },
};
