import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { executePrepared } from '../../platform/db/prepared.js';
import { passwordResets, sessions, verificationCodes } from './auth.schema.js';

export interface SessionContextRow {
  sessionId: string;
  userId: number;
  createdAt: Date;
  enabled: boolean;
  roles: string[];
  permissions: string[];
}

export const authRepo = {
  async insertSession(
    db: Executor,
    values: { userId: number; tokenHash: string; ip?: string; userAgent?: string; expiresAt?: Date },
  ) {
    const [row] = await db
      .insert(sessions)
      .values({ ...values, userAgent: values.userAgent?.slice(0, 400) })
      .returning({ id: sessions.id, createdAt: sessions.createdAt });
    return row;
  },

  /** Revokes the user's active sessions (all, or all but one) and returns their ids. */
  async revokeUserSessions(db: Executor, userId: number, reason: string, keepSessionId?: string): Promise<string[]> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(...conditions))
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  },

  async revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  },

  /** Resolves an active session by token hash with the user's roles and permissions, in one round trip. */
  async findActiveSession(db: Executor, tokenHash: string): Promise<SessionContextRow | null> {
    // Every authenticated request runs it: prepared, so it is planned once per connection.
    const result = await executePrepared<{
      session_id: string;
      user_id: string;
      created_at: Date;
      enabled: boolean;
      roles: string[] | null;
      permissions: string[] | null;
    }>(
      db,
      sql`
      select s.id as session_id, s.user_id, s.created_at, u.enabled,
        (select array_agg(r.name order by r.id) from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = u.id) as roles,
        (select array_agg(distinct rp.permission) from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
          where ur.user_id = u.id) as permissions
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = ${tokenHash} and s.revoked_at is null and (s.expires_at is null or s.expires_at > now())`,
    );
    const row = result.rows[0];
    if (!row) return null;
    return {
      sessionId: row.session_id,
      userId: Number(row.user_id),
      createdAt: new Date(row.created_at),
      enabled: row.enabled,
      roles: row.roles ?? [],
      permissions: row.permissions ?? [],
    };
  },

  /** Why a token's session ended (null when the token is unknown or still active). */
  async revocationReason(db: Executor, tokenHash: string): Promise<string | null> {
    const [row] = await db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return row?.reason ?? null;
  },

  async replaceVerificationCode(db: Executor, userId: number, codeHash: string, expiresAt: Date): Promise<void> {
    await db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)));
    await db.insert(verificationCodes).values({ userId, codeHash, expiresAt });
  },

  async countCodesSince(db: Executor, userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), gt(verificationCodes.createdAt, since)));
    return row?.count ?? 0;
  },

  /** The newest unconsumed, unexpired code, locked so concurrent tries count one by one. */
  async lockActiveCode(db: Executor, userId: number) {
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1)
      .for('update');
    return row ?? null;
  },

  async recordCodeAttempt(db: Executor, codeId: number, consume: boolean): Promise<void> {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1`, ...(consume ? { consumedAt: new Date() } : {}) })
      .where(eq(verificationCodes.id, codeId));
  },

  async insertPasswordReset(
    db: Executor,
    values: { userId: number; tokenHash: string; expiresAt: Date; requestedIp?: string },
  ): Promise<void> {
    await db.insert(passwordResets).values(values);
  },

  async lockPasswordReset(db: Executor, tokenHash: string) {
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash))
      .limit(1)
      .for('update');
    return row ?? null;
  },

  async consumePasswordResets(db: Executor, userId: number): Promise<void> {
    await db
      .update(passwordResets)
      .set({ consumedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.consumedAt)));
  },
};
