import { CODES } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, createTestApp, login, type TestApp } from '../../test/app.js';
import { resetLinkIn, verificationCodeIn, waitForMail } from '../../test/mailbox.js';
import { usersRepo } from '../users/users.repo.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { RATE_LIMIT_LOGIN_PER_MINUTE: '8' } });
});
afterAll(async () => {
  await t?.close();
});

async function requestCode(email: string, password: string) {
  const since = Date.now() - 1;
  const { response, body } = await login(t.app, email, password, 'en');
  expect(response.statusCode).toBe(202);
  expect(body).toMatchObject({ statusResult: false, status: 'OK', code: CODES.VERIFICATION_CODE_SENT });
  return verificationCodeIn(await waitForMail(t.outbox, email, { since }));
}

function loginWithCode(email: string, password: string, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/login',
    payload: { email, password, verification_code: code },
  });
}

function connectSocket(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(t.url(), { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe('login', () => {
  it('signs in without MFA and answers the spec result fields', async () => {
    const user = await buildUser(t, { role: 'admin' });
    const { response, body } = await login(t.app, user.email, user.password);
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ statusResult: true, status: 'OK', code: CODES.LOGGED_IN });
    expect(Object.keys(body.result).sort()).toEqual(
      ['advanced_search', 'sessionId', 'shash', 'sstart', 'ssip', 'token', 'turn', 'user', 'webrtc'].sort(),
    );
    expect(body.result.user).toMatchObject({ email: user.email, nombre_roles: ['admin'] });
    expect(body.result.user).not.toHaveProperty('passwordHash');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v2/usuario/perfil',
      headers: bearer(body.result.token),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().result.nombre_permisos).toContain('editar-permisos-roles');
  });

  it('refuses a wrong password with 401 in Spanish by default and in English on request', async () => {
    const user = await buildUser(t);
    const es = await t.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: user.email, password: 'nope' },
    });
    const en = await login(t.app, user.email, 'nope', 'en');
    expect(es.statusCode).toBe(401);
    expect(es.json()).toMatchObject({ statusResult: false, status: 'ERROR', code: CODES.INVALID_CREDENTIALS });
    expect(es.json().message).toBe('El correo o la contraseña no son correctos');
    expect(en.body.message).toBe('The email or password is not correct');
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const { response, body } = await login(t.app, 'nobody@test.atiende', 'whatever');
    expect(response.statusCode).toBe(401);
    expect(body.code).toBe(CODES.INVALID_CREDENTIALS);
  });

  it('answers bad bodies with 400 (malformed) and 422 with translated field messages', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers: { 'content-type': 'application/json', 'x-locale': 'en' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: CODES.BAD_REQUEST, message: 'The request body is not valid JSON' });

    const invalid = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email: 'not-an-email' } });
    expect(invalid.statusCode).toBe(422);
    const body = invalid.json();
    expect(body).toMatchObject({
      statusResult: false,
      code: CODES.VALIDATION,
      message: 'Los datos enviados no son válidos',
    });
    const fields = body.result.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
    const invalidEn = await t.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers: { 'x-locale': 'en' },
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(invalidEn.json().result.fields[0].message).toMatch(/email/i);
    expect(invalidEn.json().result.fields[0].message).not.toBe(body.result.fields[0].message);
  });

  it('refuses a disabled user, and a disabled user’s token stops working', async () => {
    const user = await buildUser(t);
    const { body } = await login(t.app, user.email, user.password);
    await t.ctx.db.transaction(async (tx) => {
      await usersRepo.setEnabled(tx, user.id, false);
      (await t.auth.endSessions(tx, user.id, 'disabled'))();
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v2/usuario/perfil',
      headers: bearer(body.result.token),
    });
    expect(profile.statusCode).toBe(401);
    const again = await login(t.app, user.email, user.password);
    expect(again.response.statusCode).toBe(403);
    expect(again.body.code).toBe(CODES.USER_DISABLED);
  });

  it('rate-limits repeated attempts on one account with a translated 429', async () => {
    const user = await buildUser(t);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      statuses.push((await login(t.app, user.email, 'wrong-password', 'en')).response.statusCode);
    }
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    const limited = await login(t.app, user.email, user.password, 'en');
    expect(limited.response.statusCode).toBe(429);
    expect(limited.body).toMatchObject({
      code: CODES.RATE_LIMITED,
      message: 'Too many attempts; wait a moment and try again',
    });
    // Another account from the same address is not locked out.
    const other = await buildUser(t);
    expect((await login(t.app, other.email, other.password)).response.statusCode).toBe(200);
  });
});

describe('MFA verification codes', () => {
  it('sends a code by mail (AUS007) and signs in with it', async () => {
    const user = await buildUser(t, { mfa: true });
    const code = await requestCode(user.email, user.password);
    const response = await loginWithCode(user.email, user.password, code);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.token).toBeTruthy();
  });

  it('refuses a wrong code with AUE014, and a reused code', async () => {
    const user = await buildUser(t, { mfa: true });
    const code = await requestCode(user.email, user.password);
    const wrong = await loginWithCode(user.email, user.password, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(CODES.VERIFICATION_CODE_INVALID);
    expect((await loginWithCode(user.email, user.password, code)).statusCode).toBe(200);
    const reused = await loginWithCode(user.email, user.password, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe(CODES.VERIFICATION_CODE_INVALID);
  });

  it('refuses an expired code', async () => {
    const user = await buildUser(t, { mfa: true });
    const code = await requestCode(user.email, user.password);
    await t.ctx.db.execute(
      sql`update verification_codes set expires_at = now() - interval '1 minute' where user_id = ${user.id}`,
    );
    const response = await loginWithCode(user.email, user.password, code);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(CODES.VERIFICATION_CODE_INVALID);
  });

  it('burns the code after five wrong tries', async () => {
    const user = await buildUser(t, { mfa: true });
    const code = await requestCode(user.email, user.password);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 5; attempt++) await loginWithCode(user.email, user.password, wrongCode);
    expect((await loginWithCode(user.email, user.password, code)).json().code).toBe(CODES.VERIFICATION_CODE_INVALID);
  });

  it('a new code (newCode marker) replaces the previous one', async () => {
    const user = await buildUser(t, { mfa: true });
    const first = await requestCode(user.email, user.password);
    const since = Date.now() - 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: user.email, password: user.password, newCode: true },
    });
    expect(response.json().code).toBe(CODES.VERIFICATION_CODE_SENT);
    const second = verificationCodeIn(await waitForMail(t.outbox, user.email, { since }));
    if (first !== second) {
      expect((await loginWithCode(user.email, user.password, first)).statusCode).toBe(401);
    }
    expect((await loginWithCode(user.email, user.password, second)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const user = await buildUser(t);
    const { body } = await login(t.app, user.email, user.password);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v2/logout', headers: bearer(body.result.token) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json().code).toBe(CODES.LOGGED_OUT);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v2/usuario/perfil',
      headers: bearer(body.result.token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('a second login ends the first session: 401 for its token, session-opened event, socket dropped', async () => {
    const user = await buildUser(t);
    const first = (await login(t.app, user.email, user.password)).body.result;
    const socket = await connectSocket(first.token);
    const sessionOpened = new Promise<{ idSesion: string }>((resolve) => socket.on('session-opened', resolve));
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));

    const second = (await login(t.app, user.email, user.password)).body.result;
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await sessionOpened).toMatchObject({ idSesion: second.sessionId });
    expect(await disconnected).toBe('io server disconnect');

    const old = await t.app.inject({ method: 'GET', url: '/api/v2/usuario/perfil', headers: bearer(first.token) });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe(CODES.SESSION_REPLACED);
    const current = await t.app.inject({ method: 'GET', url: '/api/v2/usuario/perfil', headers: bearer(second.token) });
    expect(current.statusCode).toBe(200);
    socket.close();
  });

  it('refuses a socket without a valid token', async () => {
    await expect(connectSocket('not-a-token')).rejects.toThrow('UNAUTHENTICATED');
  });

  it('checkCredentials unlocks only with the signed-in user’s own credentials', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const { body } = await login(t.app, user.email, user.password);
    const check = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/checkCredentials',
        headers: bearer(body.result.token),
        payload: { email, password },
      });
    expect((await check(user.email, user.password)).statusCode).toBe(200);
    expect((await check(user.email, 'wrong')).statusCode).toBe(401);
    expect((await check(other.email, other.password)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link, resets the password and ends the sessions', async () => {
    const user = await buildUser(t);
    const session = (await login(t.app, user.email, user.password)).body.result;
    const since = Date.now() - 1;
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/v2/password/email',
      payload: { email: user.email },
    });
    expect(request.statusCode).toBe(200);
    expect(request.json().code).toBe(CODES.PASSWORD_RESET_SENT);
    const link = resetLinkIn(await waitForMail(t.outbox, user.email, { since }));
    const token = new URL(link).pathname.split('/').pop() ?? '';
    expect(new URL(link).searchParams.get('email')).toBe(user.email);
    // The user opens the link: the request log must not keep its token (log-audit.api.test.ts checks every log).
    const opened = await t.app.inject({ method: 'GET', url: `${new URL(link).pathname}${new URL(link).search}` });
    expect(opened.statusCode).toBeLessThan(500);

    const payload = {
      token,
      email: user.email,
      password: 'Nueva.Clave.2026',
      password_confirmation: 'Nueva.Clave.2026',
    };
    const reset = await t.app.inject({ method: 'POST', url: '/api/v2/password/reset', payload });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().code).toBe(CODES.PASSWORD_RESET_DONE);

    const old = await t.app.inject({ method: 'GET', url: '/api/v2/usuario/perfil', headers: bearer(session.token) });
    expect(old.statusCode).toBe(401);
    expect((await login(t.app, user.email, user.password)).response.statusCode).toBe(401);
    expect((await login(t.app, user.email, 'Nueva.Clave.2026')).response.statusCode).toBe(200);

    const reused = await t.app.inject({ method: 'POST', url: '/api/v2/password/reset', payload });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe(CODES.PASSWORD_RESET_INVALID);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/password/email',
      payload: { email: 'ghost@test.atiende' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(CODES.PASSWORD_RESET_SENT);
  });

  it('refuses a mismatched confirmation with a field message, in both languages', async () => {
    const payload = { token: 'x'.repeat(43), email: 'a@b.co', password: 'Abcdefgh1', password_confirmation: 'other' };
    const es = await t.app.inject({ method: 'POST', url: '/api/v2/password/reset', payload });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/v2/password/reset',
      headers: { 'x-locale': 'en' },
      payload,
    });
    expect(es.statusCode).toBe(422);
    expect(es.json().result.fields).toContainEqual({
      field: 'password_confirmation',
      message: 'La confirmación no coincide con la contraseña',
    });
    expect(en.json().result.fields).toContainEqual({
      field: 'password_confirmation',
      message: 'The confirmation does not match the password',
    });
  });

  it('refuses an expired link', async () => {
    const user = await buildUser(t);
    const since = Date.now() - 1;
    await t.app.inject({ method: 'POST', url: '/api/v2/password/email', payload: { email: user.email } });
    const token = new URL(resetLinkIn(await waitForMail(t.outbox, user.email, { since }))).pathname.split('/').pop();
    await t.ctx.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 minute' where user_id = ${user.id}`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/password/reset',
      payload: { token, email: user.email, password: 'Otra.Clave.2026', password_confirmation: 'Otra.Clave.2026' },
    });
    expect(response.statusCode).toBe(400);
  });
});
