import { CODES, LIMITS, type Locale, type LoginResult, REALTIME_EVENTS, type SessionUser } from '@atiende/contracts';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { translate } from '../../platform/i18n/messages.js';
import {
  dummyPasswordHash,
  hashPassword,
  randomToken,
  sha256,
  sixDigitCode,
  verifyPassword,
} from '../../platform/security.js';
import { mayUseGlobalSearch } from '../../policies/tickets.js';
import { businessRepo } from '../business/business.repo.js';
import { type UserProfileRow, usersRepo } from '../users/users.repo.js';
import { authRepo } from './auth.repo.js';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  locale: Locale;
}

export type LoginOutcome = { kind: 'session'; result: LoginResult } | { kind: 'code-sent' };

const invalidCredentials = () => new AppError(401, CODES.INVALID_CREDENTIALS, 'auth.invalidCredentials');
const invalidCode = () => new AppError(401, CODES.VERIFICATION_CODE_INVALID, 'auth.codeInvalid');
const MAX_CODES_PER_WINDOW = 5;
const CODE_WINDOW_MINUTES = 15;

export function toSessionUser(profile: UserProfileRow): SessionUser {
  return {
    id: profile.id,
    nombre: profile.name,
    username: profile.username,
    email: profile.email,
    url_image: profile.imagePath ? `/api/v2/files/${profile.imagePath}` : null,
    mfa: profile.mfaEnabled,
    roles: profile.roles,
    nombre_roles: profile.roles.map((role) => role.name),
    nombre_permisos: [...profile.permissions].sort(),
    extension: profile.extension,
  };
}

export function createAuthService(ctx: AppContext) {
  const { db } = ctx;
  /** After a session opens or a user logs out (agent status follows: A after login, D after logout). */
  const notifySession = (userId: number, change: 'opened' | 'closed') =>
    ctx.events.emit('session.changed', { userId, change });

  /** Ends sessions in the database, then tells their browsers and drops their sockets (after commit). */
  async function announceRevokedSessions(userId: number, revokedIds: string[], newSessionId?: string): Promise<void> {
    // The old sessions' sockets must hear session-opened before they are dropped (the event is logged first).
    if (newSessionId) await ctx.realtime.toUser(userId, REALTIME_EVENTS.sessionOpened, { idSesion: newSessionId });
    ctx.realtime.disconnectSessions(revokedIds);
  }

  async function sendVerificationCode(userId: number, email: string, locale: Locale): Promise<void> {
    const since = new Date(Date.now() - CODE_WINDOW_MINUTES * 60_000);
    const code = sixDigitCode();
    await db.transaction(async (tx) => {
      if ((await authRepo.countCodesSince(tx, userId, since)) >= MAX_CODES_PER_WINDOW) {
        throw new AppError(429, CODES.RATE_LIMITED, 'errors.rateLimited');
      }
      const expiresAt = new Date(Date.now() + LIMITS.verificationCodeTtlMinutes * 60_000);
      await authRepo.replaceVerificationCode(tx, userId, sha256(code), expiresAt);
    });
    await ctx.sendMail({
      to: email,
      subject: translate(locale, 'auth.mail.codeSubject'),
      text: translate(locale, 'auth.mail.codeBody', { code, minutes: LIMITS.verificationCodeTtlMinutes }),
    });
  }

  /** Checks the code; every try counts, and the fifth wrong one burns the code. */
  async function checkVerificationCode(userId: number, code: string): Promise<void> {
    const accepted = await db.transaction(async (tx) => {
      const active = await authRepo.lockActiveCode(tx, userId);
      if (!active) return false;
      const matches = active.codeHash === sha256(code);
      const exhausted = active.attempts + 1 >= LIMITS.verificationCodeMaxTries;
      await authRepo.recordCodeAttempt(tx, active.id, matches || exhausted);
      return matches;
    });
    if (!accepted) throw invalidCode();
  }

  async function openSession(userId: number, client: ClientInfo): Promise<LoginResult> {
    const token = randomToken();
    const { session, revoked } = await db.transaction(async (tx) => {
      const revokedIds = await authRepo.revokeUserSessions(tx, userId, 'new-login');
      const created = await authRepo.insertSession(tx, {
        userId,
        tokenHash: sha256(token),
        ip: client.ip,
        userAgent: client.userAgent,
      });
      return { session: created, revoked: revokedIds };
    });
    await announceRevokedSessions(userId, revoked, session.id);
    await notifySession(userId, 'opened');
    const [profile, businessRow] = await Promise.all([usersRepo.loadProfile(db, userId), businessRepo.get(db)]);
    if (!profile) throw errors.unauthenticated();
    const user = toSessionUser(profile);
    return {
      token,
      sessionId: session.id,
      user,
      shash: sha256(`${session.id}:${userId}`).slice(0, 32),
      sstart: session.createdAt.toISOString(),
      ssip: client.ip,
      turn: null,
      webrtc: businessRow?.webrtcEnabled ?? false,
      advanced_search: mayUseGlobalSearch(user.nombre_permisos, businessRow?.advancedSearch ?? true) ? 1 : 0,
    };
  }

  return {
    async login(
      input: { email: string; password: string; verification_code?: string; newCode?: boolean },
      client: ClientInfo,
    ): Promise<LoginOutcome> {
      const user = await usersRepo.findByEmail(db, input.email);
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !passwordOk || user.kind !== 'person') throw invalidCredentials();
      if (!user.enabled) throw new AppError(403, CODES.USER_DISABLED, 'auth.userDisabled');

      const businessRow = await businessRepo.get(db);
      const mfaRequired = user.mfaEnabled || (businessRow?.mfaRequired ?? false);
      if (mfaRequired) {
        if (input.newCode || !input.verification_code) {
          await sendVerificationCode(user.id, user.email, client.locale);
          return { kind: 'code-sent' };
        }
        await checkVerificationCode(user.id, input.verification_code);
      }
      return { kind: 'session', result: await openSession(user.id, client) };
    },

    async logout(auth: AuthContext): Promise<void> {
      await authRepo.revokeSession(db, auth.sessionId, 'logout');
      ctx.realtime.disconnectSessions([auth.sessionId]);
      await notifySession(auth.userId, 'closed');
    },

    /** Resolves a bearer token to its live session; null when unknown, revoked or the user is disabled. */
    async resolveToken(token: string): Promise<AuthContext | null> {
      if (!token || token.length > 200) return null;
      const row = await authRepo.findActiveSession(db, sha256(token));
      if (!row?.enabled) return null;
      return {
        userId: row.userId,
        sessionId: row.sessionId,
        sessionStart: row.createdAt,
        roles: row.roles,
        permissions: new Set(row.permissions),
      };
    },

    /** Only on the refusal path: tells a session replaced by a newer login apart from any other bad token. */
    async rejectionFor(token: string): Promise<AppError> {
      const reason = token.length <= 200 ? await authRepo.revocationReason(db, sha256(token)) : null;
      return reason === 'new-login'
        ? new AppError(401, CODES.SESSION_REPLACED, 'auth.sessionReplaced')
        : errors.unauthenticated();
    },

    async profile(auth: AuthContext): Promise<SessionUser> {
      const profile = await usersRepo.loadProfile(db, auth.userId);
      if (!profile) throw errors.unauthenticated();
      return toSessionUser(profile);
    },

    /** Lock-screen unlock: the signed-in user re-enters their own credentials. */
    async checkCredentials(auth: AuthContext, input: { email: string; password: string }): Promise<void> {
      const user = await usersRepo.findByEmail(db, input.email);
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !passwordOk || user.id !== auth.userId) throw invalidCredentials();
    },

    async requestPasswordReset(email: string, client: ClientInfo): Promise<void> {
      const user = await usersRepo.findByEmail(db, email);
      // The same answer for unknown and disabled accounts: the endpoint must not reveal who is registered.
      if (!user?.enabled || user.kind !== 'person') return;
      const token = randomToken();
      await authRepo.insertPasswordReset(db, {
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + LIMITS.passwordResetTtlMinutes * 60_000),
        requestedIp: client.ip,
      });
      const link = `${ctx.config.publicUrl}/v2/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
      await ctx.sendMail({
        to: user.email,
        subject: translate(client.locale, 'auth.mail.resetSubject'),
        text: translate(client.locale, 'auth.mail.resetBody', { link, minutes: LIMITS.passwordResetTtlMinutes }),
      });
    },

    async resetPassword(input: { token: string; email: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const { userId, revoked } = await db.transaction(async (tx) => {
        const reset = await authRepo.lockPasswordReset(tx, sha256(input.token));
        const user = await usersRepo.findByEmail(tx, input.email);
        const valid =
          reset && user && reset.userId === user.id && !reset.consumedAt && reset.expiresAt.getTime() > Date.now();
        if (!valid || !user) throw new AppError(400, CODES.PASSWORD_RESET_INVALID, 'auth.resetInvalid');
        await usersRepo.updatePassword(tx, user.id, passwordHash);
        await authRepo.consumePasswordResets(tx, user.id);
        return { userId: user.id, revoked: await authRepo.revokeUserSessions(tx, user.id, 'password-changed') };
      });
      await announceRevokedSessions(userId, revoked);
    },

    /**
     * Ends every session of a user (disable, password change), or all but one (own password change), inside the
     * caller's transaction. Returns what to run after the commit: telling the browsers and dropping the sockets.
     */
    async endSessions(tx: Executor, userId: number, reason: string, keepSessionId?: string): Promise<() => void> {
      const revoked = await authRepo.revokeUserSessions(tx, userId, reason, keepSessionId);
      return () => announceRevokedSessions(userId, revoked);
    },

    /** An integration token: a session of the credential's integration user that expires. */
    async issueIntegrationToken(tx: Executor, userId: number, ttlSeconds: number): Promise<string> {
      const token = randomToken();
      await authRepo.insertSession(tx, {
        userId,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      });
      return token;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
