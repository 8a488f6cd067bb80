import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signedIn, type TestApp } from '../../test/app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let roleIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  const roles = await t.app.inject({ method: 'GET', url: '/api/v2/roles', headers: admin.headers });
  roleIds = Object.fromEntries(roles.json().result.map((role: { name: string; id: number }) => [role.name, role.id]));
});
afterAll(async () => {
  await t?.close();
});

async function createCredential(name: string, role = 'super') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2/api-credentials',
    headers: admin.headers,
    payload: { name, roleId: roleIds[role] },
  });
  expect(response.statusCode).toBe(201);
  return response.json().result as { id: number; client_id: string; secret: string };
}

describe('API credentials and OAuth client credentials', () => {
  it('shows the secret once; the list never carries it', async () => {
    const created = await createCredential('ERP');
    expect(created.client_id).toMatch(/^atk_/);
    expect(created.secret.length).toBeGreaterThan(30);
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/api-credentials', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(created.secret);
    expect(list.json().result.find((item: { id: number }) => item.id === created.id)).toMatchObject({
      name: 'ERP',
      role: { name: 'super' },
      revokedAt: null,
    });
  });

  it('issues a token (JSON, form or Basic) that acts with the role’s permissions, until revoked', async () => {
    const created = await createCredential('CRM');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v2/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.secret },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'api', statusResult: true });
    expect(json.headers['cache-control']).toBe('no-store');
    const token: string = json.json().access_token;

    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v2/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${created.client_id}&client_secret=${encodeURIComponent(created.secret)}`,
    });
    expect(form.statusCode).toBe(200);
    const basic = await t.app.inject({
      method: 'POST',
      url: '/api/v2/oauth/token',
      headers: { authorization: `Basic ${Buffer.from(`${created.client_id}:${created.secret}`).toString('base64')}` },
      payload: { grant_type: 'client_credentials' },
    });
    expect(basic.statusCode).toBe(200);

    // A supervisor's role reads users but may not create them.
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(token) })).statusCode).toBe(200);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v2/users',
      headers: bearer(token),
      payload: { name: 'X', email: 'x@y.co', password: 'Abcdefgh1', password_confirmation: 'Abcdefgh1', roleIds: [1] },
    });
    expect(create.statusCode).toBe(403);

    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/v2/api-credentials/${created.id}/revoke`,
      headers: admin.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().result.revokedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(token) })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v2/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.secret },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_client');
  });

  it('refuses a wrong secret and an unsupported grant', async () => {
    const created = await createCredential('BI');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v2/oauth/token',
      headers: { 'x-locale': 'en' },
      payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: 'wrong' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The client credentials are not valid or were revoked');
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/v2/oauth/token',
      payload: { grant_type: 'password', client_id: created.client_id, client_secret: created.secret },
    });
    expect(grant.statusCode).toBe(422);
  });

  it('integration users never sign in and never show in the users list', async () => {
    const created = await createCredential('Hidden');
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/users?sizePerPage=200', headers: admin.headers });
    expect(JSON.stringify(list.json().result.data)).not.toContain(created.client_id.toLowerCase());
  });

  it('roles without the permission get 403; the OpenAPI document is public', async () => {
    const supervisor = await signedIn(t, 'super');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/api-credentials', headers: supervisor.headers })).statusCode,
    ).toBe(403);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v2/api-credentials',
      headers: supervisor.headers,
      payload: { name: 'X', roleId: roleIds.agent },
    });
    expect(create.statusCode).toBe(403);
    const docs = await t.app.inject({ method: 'GET', url: '/api/v2/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().openapi).toMatch(/^3\./);
    expect(Object.keys(docs.json().paths)).toEqual(expect.arrayContaining(['/api/v2/users', '/api/v2/oauth/token']));
  });
});
