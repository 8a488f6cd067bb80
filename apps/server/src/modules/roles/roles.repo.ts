import type { RoleItem } from '@atiende/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { rolePermissions, roles, userRoles } from '../users/users.schema.js';

export const rolesRepo = {
  async list(db: Executor): Promise<RoleItem[]> {
    const rows = await db
      .select({
        id: roles.id,
        name: roles.name,
        label: roles.label,
        builtIn: roles.builtIn,
        // Qualified by hand: Drizzle renders a lone column of a one-table select without its table name.
        userCount: sql<number>`(select count(*)::int from user_roles ur join users u on u.id = ur.user_id
          where ur.role_id = "roles"."id" and u.kind = 'person')`,
      })
      .from(roles)
      .orderBy(asc(roles.id));
    return rows;
  },

  async find(db: Executor, id: number): Promise<RoleItem | null> {
    const all = await this.list(db);
    return all.find((role) => role.id === id) ?? null;
  },

  async lock(db: Executor, id: number) {
    const [row] = await db.select().from(roles).where(eq(roles.id, id)).for('update');
    return row ?? null;
  },

  async insert(db: Executor, values: { name: string; label: string }): Promise<number> {
    const [row] = await db
      .insert(roles)
      .values({ ...values, builtIn: false })
      .returning({ id: roles.id });
    return row.id;
  },

  async rename(db: Executor, id: number, label: string): Promise<void> {
    await db.update(roles).set({ label }).where(eq(roles.id, id));
  },

  async permissions(db: Executor, roleId: number): Promise<string[]> {
    const rows = await db
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, roleId))
      .orderBy(rolePermissions.permission);
    return rows.map((row) => row.permission);
  },

  async replacePermissions(db: Executor, roleId: number, permissions: readonly string[]): Promise<void> {
    await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    if (permissions.length > 0) {
      await db.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, permission })));
    }
  },

  /** Enabled people who hold a permission through any of their roles. */
  async countEnabledHolders(db: Executor, permission: string): Promise<number> {
    const result = await db.execute<{ total: number }>(sql`
      select count(distinct u.id)::int as total
      from users u join user_roles ur on ur.user_id = u.id join role_permissions rp on rp.role_id = ur.role_id
      where u.enabled and u.kind = 'person' and rp.permission = ${permission}`);
    return result.rows[0]?.total ?? 0;
  },

  async userIdsWithRole(db: Executor, roleId: number): Promise<number[]> {
    const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
    return rows.map((row) => row.userId);
  },
};
