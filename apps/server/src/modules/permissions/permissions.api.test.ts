import { ALL_PERMISSIONS, CODES } from '@atiende/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRouteDeclaresAccess, registerAuthHook } from '../../platform/http/auth-hook.js';
import { bearer, buildUser, createTestApp, login, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
