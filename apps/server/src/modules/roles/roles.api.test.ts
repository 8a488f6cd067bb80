import { ALL_PERMISSIONS, CODES } from '@atiende/contracts';
import Fastify from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRouteDeclaresAccess, registerAuthHook, routesOf } from '../../platform/http/auth-hook.js';
import { bearer, buildUser, createTestApp, login, signedIn, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(async () => {
  await t?.close();
});

describe('permissions', () => {
  it('an administrator reads the permission catalogue', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const { body } = await login(t.app, admin.email, admin.password);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/permissions',
      headers: bearer(body.result.token),
    });
    expect(response.statusCode).toBe(200);
    const listed = response.json().result.flatMap((group: { permissions: string[] }) => group.permissions);
    expect(listed.sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('an agent without the permission gets 403 with the translated message', async () => {
    const agent = await buildUser(t, { role: 'agent' });
    const { body } = await login(t.app, agent.email, agent.password);
    const es = await t.app.inject({ method: 'GET', url: '/api/v2/permissions', headers: bearer(body.result.token) });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/v2/permissions',
      headers: { ...bearer(body.result.token), 'x-locale': 'en' },
    });
    expect(es.statusCode).toBe(403);
    expect(es.json()).toMatchObject({
      statusResult: false,
      code: CODES.FORBIDDEN,
      message: 'Permisos insuficientes; contacte a un administrador',
    });
    expect(en.json().message).toBe('Insufficient permissions; contact an administrator');
  });

  it('without a token the answer is 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/permissions' });
    expect(response.statusCode).toBe(401);
  });

  it('a route that declares no permission and is not public stops the app from building', async () => {
    const app = Fastify();
    registerAuthHook(app, { resolveToken: async () => null, rejectionFor: async () => new Error('no') });
    const building = (async () => {
      await app.register(
        async (api) => {
          api.get('/undeclared', async () => ({}));
        },
        { prefix: '/api/v2' },
      );
      await app.ready();
    })();
    await expect(building).rejects.toThrow(/declares no permission/);
    expect(() =>
      assertRouteDeclaresAccess({ method: 'GET', url: '/x', config: { public: true } } as never),
    ).not.toThrow();
  });
});

describe('roles and the permissions manager', () => {
  it('lists the built-in roles and creates, renames and refuses duplicate roles', async () => {
    const admin = await signedIn(t, 'admin');
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/roles', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const names = list.json().result.map((role: { name: string }) => role.name);
    expect(names).toEqual(expect.arrayContaining(['admin', 'super', 'agent']));

    const name = `calidad-${Date.now()}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: admin.headers,
      payload: { name, label: 'Calidad' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().result).toMatchObject({ name, label: 'Calidad', builtIn: false, userCount: 0 });
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: { ...admin.headers, 'x-locale': 'en' },
      payload: { name, label: 'Otra' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A role with that name already exists');
    const badName = await t.app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: admin.headers,
      payload: { name: 'Con Espacios', label: 'X' },
    });
    expect(badName.statusCode).toBe(422);
    expect(badName.json().result.fields.map((f: { field: string }) => f.field)).toEqual(['name', 'label']);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/roles/${created.json().result.id}`,
      headers: admin.headers,
      payload: { label: 'Aseguramiento de calidad' },
    });
    expect(renamed.json().result.label).toBe('Aseguramiento de calidad');
  });

  it('a saved grid takes effect on the next request and tells the role’s users through realtime', async () => {
    const admin = await signedIn(t, 'admin');
    const name = `lectores-${Date.now()}`;
    const role = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/roles',
        headers: admin.headers,
        payload: { name, label: 'Lectores' },
      })
    ).json().result;
    const grant = (permissions: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v2/roles/${role.id}/permissions`,
        headers: admin.headers,
        payload: { permissions },
      });
    expect((await grant(['ver-menu-usuarios', 'ver-usuario'])).statusCode).toBe(200);

    const member = await buildUser(t, { role: 'agent' });
    const roleRows = await t.app.inject({ method: 'GET', url: '/api/v2/roles', headers: admin.headers });
    const agentRoleId = roleRows.json().result.find((r: { name: string }) => r.name === 'agent').id;
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/users/${member.id}`,
      headers: admin.headers,
      payload: { name: 'Miembro', email: member.email, roleIds: [agentRoleId, role.id] },
    });
    expect(update.statusCode).toBe(200);
    const session = (await login(t.app, member.email, member.password)).body.result;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(session.token) })).statusCode,
    ).toBe(200);

    const socket: Socket = await new Promise((resolve, reject) => {
      const client = io(t.url(), { auth: { token: session.token }, transports: ['websocket'], reconnection: false });
      client.on('connect', () => resolve(client));
      client.on('connect_error', reject);
    });
    const changed = new Promise((resolve) => socket.on('permissions-changed', resolve));
    const saved = await grant(['ver-usuario']);
    expect(saved.json().result).toEqual({ roleId: role.id, permissions: ['ver-usuario'] });
    // Room events carry their sequence number (`seq`) for missed-event recovery.
    expect(await changed).toMatchObject({ roleId: role.id });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(session.token) })).statusCode,
    ).toBe(403);
    socket.close();

    const unknown = await grant(['no-such-permission']);
    expect(unknown.statusCode).toBe(422);
  });

  it('refuses a change that would leave nobody able to manage permissions, and saves nothing', async () => {
    const admin = await signedIn(t, 'admin');
    const roles = (await t.app.inject({ method: 'GET', url: '/api/v2/roles', headers: admin.headers })).json().result;
    const adminRole = roles.find((role: { name: string }) => role.name === 'admin');
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/v2/roles/${adminRole.id}/permissions`, headers: admin.headers })
    ).json().result.permissions;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/roles/${adminRole.id}/permissions`,
      headers: { ...admin.headers, 'x-locale': 'en' },
      payload: { permissions: before.filter((permission: string) => permission !== 'editar-permisos-roles') },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ROLE.LAST_PERMISSION_ADMIN');
    expect(response.json().message).toMatch(/nobody able to manage permissions/);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/v2/roles/${adminRole.id}/permissions`, headers: admin.headers })
    ).json().result.permissions;
    expect(after).toEqual(before);
  });

  it('a supervisor can read roles but not change them; an agent can do neither', async () => {
    const supervisor = await signedIn(t, 'super');
    const agent = await signedIn(t, 'agent');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/roles', headers: supervisor.headers })).statusCode).toBe(
      200,
    );
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: supervisor.headers,
      payload: { name: 'nope', label: 'Nope' },
    });
    expect(write.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/roles', headers: agent.headers })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v2/roles/1/permissions',
          headers: agent.headers,
          payload: { permissions: [] },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('every permission-protected route', () => {
  it('answers 403 to a signed-in user whose role holds no permission', async () => {
    const admin = await signedIn(t, 'admin');
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: admin.headers,
      payload: { name: `sin-permisos-${Date.now()}`, label: 'Sin permisos' },
    });
    const user = await buildUser(t, { role: 'agent' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v2/users/${user.id}`,
      headers: admin.headers,
      payload: { name: 'Sin permisos', email: user.email, roleIds: [role.json().result.id] },
    });
    const { body } = await login(t.app, user.email, user.password);
    const routes = routesOf(t.app).filter((route) => route.permission);
    expect(routes.length).toBeGreaterThan(60);
    const allowed: string[] = [];
    for (const route of routes) {
      const url = route.url
        .replace(/:(\w+)/g, (_, name: string) => (name === 'model' ? 'pais' : '1'))
        .replace('*', 'x');
      const response = await t.app.inject({ method: route.method as 'GET', url, headers: bearer(body.result.token) });
      if (response.statusCode !== 403) allowed.push(`${route.method} ${route.url} → ${response.statusCode}`);
    }
    expect(allowed).toEqual([]);
  });
});
