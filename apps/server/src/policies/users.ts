import { hasPermission } from '@atiende/contracts';
import type { Actor } from '../platform/auth-context.js';

/** Another user's record and work (profile, statistics, agenda) need the users menu; one's own is always readable. */
export function mayReadUser(actor: Actor, userId: number): boolean {
  return userId === actor.userId || hasPermission(actor.permissions, 'ver-menu-usuarios');
}

/** Editing a user: anyone with `editar-usuario` (within policies/grants.ts), or oneself with `editar-perfil`. */
export function mayEditUser(actor: Actor, userId: number): boolean {
  return (
    (userId === actor.userId && hasPermission(actor.permissions, 'editar-perfil')) ||
    hasPermission(actor.permissions, 'editar-usuario')
  );
}
