import { REALTIME_EVENTS, type RoleItem, type RolePermissions } from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { diffForAudit } from '../../platform/audit/diff.js';
import type { AppContext } from '../../platform/context.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { assertMayGrant, type Grantor } from '../../policies/grants.js';
import { rolesRepo } from './roles.repo.js';

/** The permission that manages permissions: someone enabled must always keep it. */
const PERMISSION_ADMIN = 'editar-permisos-roles';

export function createRolesService(ctx: AppContext) {
  const { db } = ctx;

  async function roleOrNotFound(id: number): Promise<RoleItem> {
    const role = await rolesRepo.find(db, id);
    if (!role) throw errors.notFound();
    return role;
  }

  return {
    list: () => rolesRepo.list(db),

    /**
     * Creates a role, optionally starting as a copy of another role's permissions — in one transaction, under the
     * grant rules: copying a permission the actor does not hold is refused and no role is left behind.
     */
    async create(
      actor: Grantor & { userId: number },
      body: { name: string; label: string; copyFromRoleId?: number | null },
    ): Promise<RoleItem> {
      const id = await db
        .transaction(async (tx) => {
          let copied: string[] = [];
          if (body.copyFromRoleId != null) {
            if (!(await rolesRepo.lock(tx, body.copyFromRoleId)))
              throw errors.invalidField('copyFromRoleId', 'roles.copySourceMissing');
            copied = await rolesRepo.permissions(tx, body.copyFromRoleId);
            assertMayGrant(actor, copied);
          }
          const roleId = await rolesRepo.insert(tx, { name: body.name, label: body.label });
          if (copied.length > 0) await rolesRepo.replacePermissions(tx, roleId, copied);
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'role',
            entityId: roleId,
            action: 'created',
            // The permissions it starts with (copied from another role), as keys the web names.
            changes: diffForAudit('role', null, { name: body.name, label: body.label, permissions: copied }),
          });
          return roleId;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'roles_name_unique'))
            throw errors.duplicate('ROLE.NAME_TAKEN', 'name', 'roles.nameTaken');
          throw error;
        });
      return roleOrNotFound(id);
    },

    async rename(actorUserId: number, id: number, label: string): Promise<RoleItem> {
      await db.transaction(async (tx) => {
        const current = await rolesRepo.lock(tx, id);
        if (!current) throw errors.notFound();
        await rolesRepo.rename(tx, id, label);
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'role',
          entityId: id,
          action: 'renamed',
          changes: diffForAudit('role', { label: current.label }, { label }),
        });
      });
      return roleOrNotFound(id);
    },

    async permissions(id: number): Promise<RolePermissions> {
      await roleOrNotFound(id);
      return { roleId: id, permissions: await rolesRepo.permissions(db, id) };
    },

    /**
     * Replaces a role's permissions. The actor may add or remove only permissions they hold themselves (no
     * escalation, and no stripping a more powerful role). Checked inside the transaction, after the change: if no
     * enabled person could still manage permissions, the change is refused and nothing is saved. Users of the role
     * reload their menu.
     */
    async replacePermissions(
      actor: Grantor & { userId: number },
      id: number,
      permissions: string[],
    ): Promise<RolePermissions> {
      const actorUserId = actor.userId;
      const unique = [...new Set(permissions)].sort();
      const affectedUsers = await db.transaction(async (tx) => {
        if (!(await rolesRepo.lock(tx, id))) throw errors.notFound();
        const before = await rolesRepo.permissions(tx, id);
        const changed = [
          ...unique.filter((permission) => !before.includes(permission)),
          ...before.filter((permission) => !unique.includes(permission)),
        ];
        assertMayGrant(actor, changed);
        await rolesRepo.replacePermissions(tx, id, unique);
        if ((await rolesRepo.countEnabledHolders(tx, PERMISSION_ADMIN)) === 0) {
          throw new AppError(409, 'ROLE.LAST_PERMISSION_ADMIN', 'roles.lastPermissionAdmin');
        }
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'role',
          entityId: id,
          action: 'permissions-changed',
          // Permission keys; the web names each in the reader's language.
          changes: diffForAudit('role', { permissions: before }, { permissions: unique }),
        });
        return rolesRepo.userIdsWithRole(tx, id);
      });
      // What the role's users may see changes now: their sockets' rooms first, then their menus reload.
      await ctx.realtime.refreshRooms(affectedUsers);
      for (const userId of affectedUsers)
        ctx.realtime.toUser(userId, REALTIME_EVENTS.permissionsChanged, { roleId: id });
      return { roleId: id, permissions: unique };
    },

    async audit(id: number) {
      await roleOrNotFound(id);
      return auditRepo.list(db, 'role', id);
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
