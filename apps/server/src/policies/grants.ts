import { AppError } from '../platform/http/errors.js';
import type { MessageKey } from '../platform/i18n/messages.js';

/** Who acts: the permissions they hold (the union of their roles'). */
export interface Grantor {
  permissions: ReadonlySet<string>;
}

/** The permissions in `wanted` the actor does not hold themselves. */
export function permissionsNotHeld(actor: Grantor, wanted: Iterable<string>): string[] {
  return [...new Set(wanted)].filter((permission) => !actor.permissions.has(permission)).sort();
}

function refuse(code: string, messageKey: MessageKey, missing: string[]): AppError {
  return new AppError(403, code, messageKey, { permissions: missing.join(', ') });
}

/**
 * No privilege escalation, one rule for users, roles and API credentials:
 * nobody grants (through a role, a role's permission list or an API credential) a permission they do not hold.
 */
export function assertMayGrant(actor: Grantor, permissions: Iterable<string>): void {
  const missing = permissionsNotHeld(actor, permissions);
  if (missing.length > 0) throw refuse('PERMISSION.NOT_HELD', 'grants.notHeld', missing);
}

/**
 * Nobody changes the password, e-mail, status or roles of a user who holds a permission they lack (an
 * administrator's account is out of reach of a supervisor, even one allowed to edit users).
 */
export function assertMayManage(actor: Grantor, targetPermissions: Iterable<string>): void {
  const missing = permissionsNotHeld(actor, targetPermissions);
  if (missing.length > 0) throw refuse('USER.OUTRANKS_ACTOR', 'grants.targetOutranks', missing);
}
