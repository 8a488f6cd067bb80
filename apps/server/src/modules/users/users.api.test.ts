import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, multipartFile, ONE_PIXEL_PNG, signedIn, type TestApp } from '../../test/app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let agent: Awaited<ReturnType<typeof signedIn>>;
let roleIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  const roles = await t.app.inject({ method: 'GET', url: '/api/v2/roles', headers: admin.headers });
  roleIds = Object.fromEntries(roles.json().result.map((role: { name: string; id: number }) => [role.name, role.id]));
});
afterAll(async () => {
  await t?.close();
});

let sequence = 0;
function newUserBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Nueva Persona ${sequence}`,
    email: `nueva.${Date.now()}.${sequence}@test.atiende`,
    password: 'Clave.Segura.2026',
    password_confirmation: 'Clave.Segura.2026',
    roleIds: [roleIds.agent],
    extension: '1001',
    position: 'Agente',
    ...overrides,
  };
}

/** Auth (and locale) headers merged into a multipart request. */
function withAuth(headers: Record<string, string>, file: ReturnType<typeof multipartFile>) {
  return { payload: file.payload, headers: { ...headers, ...file.headers } };
}

function createUser(body: Record<string, unknown>, headers = admin.headers, locale = 'es') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/users',
    headers: { ...headers, 'x-locale': locale },
    payload: body,
  });
}

function connect(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(t.url(), { auth: { token }, transports: ['websocket'], reconnection: false });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe('users CRUD', () => {
  it('an administrator creates a user who can then sign in with the role', async () => {
    const skills = await t.app.inject({ method: 'GET', url: '/api/v2/entities/skill', headers: admin.headers });
    const skillId = skills.json().result.data[0].id;
    const body = newUserBody({ skillIds: [skillId], birthday: '1990-05-17' });
    const response = await createUser(body);
    expect(response.statusCode).toBe(201);
    const created = response.json().result;
    expect(created).toMatchObject({
      nombre: body.name,
      email: body.email,
      extension: '1001',
      birthday: '1990-05-17',
      nombre_roles: ['agent'],
      skills: [{ id: skillId }],
    });
    expect(JSON.stringify(created)).not.toMatch(/password/i);
    const signIn = await login(t.app, body.email, body.password);
    expect(signIn.response.statusCode).toBe(200);
    expect(signIn.body.result.user.nombre_permisos).toContain('ver-menu-casos');
    expect(signIn.body.result.user.nombre_permisos).not.toContain('ver-menu-usuarios');
  });

  it('refuses bad input with translated field messages and saves nothing', async () => {
    const body = newUserBody({ email: 'not-an-email', password_confirmation: 'different', roleIds: [] });
    const es = await createUser(body);
    const en = await createUser(body, admin.headers, 'en');
    expect(es.statusCode).toBe(422);
    const fields = es.json().result.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'roleIds']));
    expect(en.json().message).toBe('The data sent is not valid');
    expect(es.json().message).toBe('Los datos enviados no son válidos');

    const unknownRole = await createUser(newUserBody({ roleIds: [999_999] }));
    expect(unknownRole.statusCode).toBe(422);
    expect(unknownRole.json().result.fields[0]).toEqual({ field: 'roleIds', message: 'Uno o más roles no existen' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v2/users?searchText=${encodeURIComponent(String(body.name))}`,
      headers: admin.headers,
    });
    expect(list.json().result.total).toBe(0);
  });

  it('refuses a duplicate email with 409, in both languages', async () => {
    const body = newUserBody();
    expect((await createUser(body)).statusCode).toBe(201);
    const again = await createUser({ ...newUserBody(), email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'USER.EMAIL_TAKEN' });
    expect(again.json().result.fields).toEqual([{ field: 'email', message: 'Ya existe un usuario con ese correo' }]);
    const en = await createUser({ ...newUserBody(), email: body.email }, admin.headers, 'en');
    expect(en.json().message).toBe('A user with that email already exists');
  });

  it('lists with server-side search, filters, sorting and pages', async () => {
    const marker = `Zeta${Date.now()}`;
    for (const suffix of ['A', 'B', 'C']) {
      await createUser(newUserBody({ name: `${marker} ${suffix}` }));
    }
    const page1 = await t.app.inject({
      method: 'GET',
      url: `/api/v2/users?searchText=${marker}&sizePerPage=2&sortName=name&sortOrder=desc`,
      headers: admin.headers,
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().result.total).toBe(3);
    expect(page1.json().result.data.map((user: { nombre: string }) => user.nombre)).toEqual([
      `${marker} C`,
      `${marker} B`,
    ]);
    const page2 = await t.app.inject({
      method: 'GET',
      url: `/api/v2/users?searchText=${marker}&sizePerPage=2&page=2&sortName=name&sortOrder=desc`,
      headers: admin.headers,
    });
    expect(page2.json().result.data.map((user: { nombre: string }) => user.nombre)).toEqual([`${marker} A`]);
    const badSort = await t.app.inject({
      method: 'GET',
      url: '/api/v2/users?sortName=password',
      headers: admin.headers,
    });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().result.fields[0].field).toBe('sortName');
  });

  it('an agent may not list, create or edit users, nor read another user, but reads and edits their own profile', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: agent.headers })).statusCode).toBe(403);
    expect((await createUser(newUserBody(), agent.headers)).statusCode).toBe(403);
    const other = await t.app.inject({ method: 'GET', url: `/api/v2/users/${admin.id}`, headers: agent.headers });
    expect(other.statusCode).toBe(403);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/users/${agent.id}`,
      headers: agent.headers,
      payload: { name: 'Me', email: agent.email, roleIds: [roleIds.admin] },
    });
    expect(edit.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url: `/api/v2/users/${agent.id}`, headers: agent.headers });
    expect(own.statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/profile',
      headers: agent.headers,
      payload: { name: 'Agente Renombrado', phone: '+57 300 000 0000' },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().result).toMatchObject({ nombre: 'Agente Renombrado', phone: '+57 300 000 0000' });
    expect(profile.json().result.nombre_roles).toEqual(['agent']);
    const avatar = await t.app.inject({
      method: 'POST',
      url: `/api/v2/users/${admin.id}/avatar`,
      ...withAuth(agent.headers, multipartFile(ONE_PIXEL_PNG, 'a.png', 'image/png')),
    });
    expect(avatar.statusCode).toBe(403);
  });

  it('an administrator edits a user and the history records who changed what', async () => {
    const created = (await createUser(newUserBody())).json().result;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/users/${created.id}`,
      headers: admin.headers,
      payload: { name: 'Nombre Cambiado', email: created.email, roleIds: [roleIds.super], department: 'Ventas' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      nombre: 'Nombre Cambiado',
      nombre_roles: ['super'],
      department: 'Ventas',
    });
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/v2/users/${created.id}/audit`,
      headers: admin.headers,
    });
    const entries = audit.json().result;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['updated', 'created']);
    expect(entries[0].actor).toEqual({ id: admin.id, nombre: expect.any(String) });
    // Only what changed, roles by their names (fields left out of the form were cleared).
    expect(entries[0].changes).toEqual({
      name: { from: created.nombre, to: 'Nombre Cambiado' },
      roles: {
        added: [{ id: roleIds.super, name: 'Supervisor' }],
        removed: [{ id: roleIds.agent, name: 'Agente' }],
        changed: [],
      },
      extension: { from: '1001', to: null },
      position: { from: 'Agente', to: null },
      department: { from: null, to: 'Ventas' },
    });
    // What it was created with, never its password.
    expect(entries[1].changes).toMatchObject({
      name: { from: null, to: created.nombre },
      roles: { added: [{ id: roleIds.agent, name: 'Agente' }], removed: [], changed: [] },
      enabled: { from: null, to: true },
    });
    expect(JSON.stringify(entries)).not.toContain('Clave.Segura');
    expect(Object.keys(entries[1].changes)).not.toContain('password');
    // Saving the same again records no change.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v2/users/${created.id}`,
      headers: admin.headers,
      payload: { name: 'Nombre Cambiado', email: created.email, roleIds: [roleIds.super], department: 'Ventas' },
    });
    const again = (
      await t.app.inject({ method: 'GET', url: `/api/v2/users/${created.id}/audit`, headers: admin.headers })
    ).json().result;
    expect(again[0]).toMatchObject({ action: 'updated', changes: null });
    const agentAudit = await t.app.inject({
      method: 'GET',
      url: `/api/v2/users/${created.id}/audit`,
      headers: agent.headers,
    });
    expect(agentAudit.statusCode).toBe(403);
  });

  it('disabling a user makes their token answer 401 and drops their socket', async () => {
    const body = newUserBody();
    const created = (await createUser(body)).json().result;
    const session = (await login(t.app, body.email, body.password)).body.result;
    const socket = await connect(session.token);
    const dropped = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    const disable = await t.app.inject({
      method: 'POST',
      url: `/api/v2/users/${created.id}/status`,
      headers: admin.headers,
      payload: { enabled: false },
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json().result.enabled).toBe(false);
    expect(await dropped).toBe('io server disconnect');
    const after = await t.app.inject({ method: 'GET', url: '/api/v2/usuario/perfil', headers: bearer(session.token) });
    expect(after.statusCode).toBe(401);
    expect((await login(t.app, body.email, body.password)).response.statusCode).toBe(403);
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/v2/users/${admin.id}/status`,
      headers: admin.headers,
      payload: { enabled: false },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('USER.SELF_DISABLE');
  });

  it('a new extension reaches the user live (new-extension)', async () => {
    const body = newUserBody();
    const created = (await createUser(body)).json().result;
    const session = (await login(t.app, body.email, body.password)).body.result;
    const socket = await connect(session.token);
    const notice = new Promise<{ extension: string }>((resolve) => socket.on('new-extension', resolve));
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/users/${created.id}`,
      headers: admin.headers,
      payload: { name: body.name, email: body.email, roleIds: body.roleIds, extension: '2002', enabled: true },
    });
    expect(update.statusCode).toBe(200);
    expect((await notice).extension).toBe('2002');
    socket.close();
  });

  it('an administrator’s password reset ends the user’s sessions', async () => {
    const body = newUserBody();
    const created = (await createUser(body)).json().result;
    const session = (await login(t.app, body.email, body.password)).body.result;
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v2/users/${created.id}/password`,
      headers: admin.headers,
      payload: { password: 'Otra.Clave.2026', password_confirmation: 'Otra.Clave.2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/profile', headers: bearer(session.token) })).statusCode,
    ).toBe(401);
    expect((await login(t.app, body.email, 'Otra.Clave.2026')).response.statusCode).toBe(200);
  });

  it('changing one’s own password needs the current one and keeps this session', async () => {
    const body = newUserBody();
    await createUser(body);
    const current = (await login(t.app, body.email, body.password)).body.result;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v2/profile/password',
      headers: bearer(current.token),
      payload: { current_password: 'nope', password: 'Nueva.Clave.2026', password_confirmation: 'Nueva.Clave.2026' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().result.fields[0].field).toBe('current_password');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v2/profile/password',
      headers: bearer(current.token),
      payload: {
        current_password: body.password,
        password: 'Nueva.Clave.2026',
        password_confirmation: 'Nueva.Clave.2026',
      },
    });
    expect(change.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/profile', headers: bearer(current.token) })).statusCode,
    ).toBe(200);
    expect((await login(t.app, body.email, 'Nueva.Clave.2026')).response.statusCode).toBe(200);
  });
});

describe('avatars', () => {
  it('accepts a PNG, serves it with safe headers, and refuses other content or oversized files', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v2/profile/avatar',
      ...withAuth(agent.headers, multipartFile(ONE_PIXEL_PNG, 'me.png', 'image/png')),
    });
    expect(upload.statusCode).toBe(200);
    const url: string = upload.json().result.url_image;
    expect(url).toMatch(new RegExp(`^/api/v2/files/usuario/${agent.id}/perfil/[a-f0-9]{24}\\.png$`));
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-security-policy'])).toContain('sandbox');
    expect(file.rawPayload.equals(ONE_PIXEL_PNG)).toBe(true);

    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/v2/profile/avatar',
      ...withAuth(
        { ...agent.headers, 'x-locale': 'en' },
        multipartFile(Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png', 'image/png'),
      ),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('The file must be a PNG, JPEG or WebP image');

    const big = Buffer.concat([ONE_PIXEL_PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/v2/profile/avatar',
      ...withAuth(agent.headers, multipartFile(big, 'big.png', 'image/png')),
    });
    expect(oversized.statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/files/../../etc/passwd' })).statusCode).toBe(404);
  });
});

describe('the spec user list', () => {
  it('GET usuario lists enabled colleagues for any signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/usuario', headers: agent.headers });
    expect(response.statusCode).toBe(200);
    const ids = response.json().result.data.map((user: { id: number }) => user.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, agent.id]));
    expect(response.json().statusResult).toBe(true);
  });
});
