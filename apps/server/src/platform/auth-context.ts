/**
 * Who is asking: set on every authenticated request by the auth hook (platform/http/auth-hook.ts) from the session,
 * and passed to services and policies. Policies (src/policies) decide from it what the actor may see and change.
 */
export interface AuthContext {
  userId: number;
  sessionId: string;
  sessionStart: Date;
  roles: string[];
  permissions: ReadonlySet<string>;
}

/** The part of an AuthContext the access rules read. */
export type Actor = Pick<AuthContext, 'userId' | 'permissions'>;

const NO_PERMISSIONS: ReadonlySet<string> = new Set();

/** A socket's identity as an actor for the access rules (a socket without permissions holds none). */
export function actorOf(identity: { userId: number; permissions?: ReadonlySet<string> }): Actor {
  return { userId: identity.userId, permissions: identity.permissions ?? NO_PERMISSIONS };
}
