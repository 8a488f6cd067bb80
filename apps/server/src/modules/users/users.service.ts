import { ALL_PERMISSIONS, BUILT_IN_ROLES, type BuiltInRole, DEFAULT_ROLE_PERMISSIONS } from '@atiende/contracts';
import type { Executor } from '../../platform/db/client.js';
import { hashPassword } from '../../platform/security.js';
import { usersRepo } from './users.repo.js';

const ROLE_LABELS: Record<BuiltInRole, string> = { admin: 'Administrador', super: 'Supervisor', agent: 'Agente' };

/**
 * The three built-in roles exist in every installation. Their default grants are written when the role is
 * created; afterwards the permissions manager owns them, except that admin always holds every permission
 * (so permissions added by an upgrade reach administrators).
 */
export async function ensureBuiltInRoles(db: Executor): Promise<Record<BuiltInRole, number>> {
  const ids = {} as Record<BuiltInRole, number>;
  for (const name of BUILT_IN_ROLES) {
    const role = await usersRepo.ensureRole(db, { name, label: ROLE_LABELS[name], builtIn: true });
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
