import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, signedIn, type TestApp } from '../test/app.js';

// No privilege escalation (issue #12): nobody grants a permission they do not hold, through a user's roles, a role's
// permission list or an API credential, and nobody changes the keys of an account that holds more than they do.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let supervisor: Awaited<ReturnType<typeof signedIn>>;
let roleIds: Record<string, number>;
/** Users of the custom roles made here: disabled at the end. */
const customRoleUsers: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  supervisor = await signedIn(t, 'super');
  const roles = await t.app.inject({ method: 'GET', url: '/api/v2/roles', headers: admin.headers });
  roleIds = Object.fromEntries(roles.json().result.map((role: { name: string; id: number }) => [role.name, role.id]));
});
afterAll(async () => {
  // Other files count who may manage permissions (the last holder is protected): leave no extra holder enabled.
  for (const id of customRoleUsers) await api('POST', `/users/${id}/status`, admin.headers, { enabled: false });
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers, ...(payload ? { payload } : {}) });

async function userDetail(id: number) {
  return (await api('GET', `/users/${id}`, admin.headers)).json().result as {
    nombre: string;
    email: string;
    enabled: boolean;
    mfa: boolean;
    roles: { id: number }[];
    skills: { id: number }[];
  };
}

/** The body of PUT /users/:id that keeps everything as it is, with the given changes. */
async function updateBody(id: number, changes: Record<string, unknown>) {
  const detail = await userDetail(id);
  return {
    name: detail.nombre,
    email: detail.email,
    enabled: detail.enabled,
    mfa: detail.mfa,
    roleIds: detail.roles.map((role) => role.id),
    skillIds: detail.skills.map((skill) => skill.id),
    ...changes,
  };
}

let roleSequence = 0;
/** A custom role with exactly these permissions, and a signed-in user holding it. */
async function userWithRole(permissions: string[]) {
  roleSequence += 1;
  const role = await api('POST', '/roles', admin.headers, { name: `gestor-${roleSequence}`, label: 'Gestor' });
  expect(role.statusCode).toBe(201);
  const roleId = role.json().result.id as number;
  expect((await api('PUT', `/roles/${roleId}/permissions`, admin.headers, { permissions })).statusCode).toBe(200);
  const email = `gestor${Date.now()}${roleSequence}@test.atiende`;
  const created = await api('POST', '/users', admin.headers, {
    name: `Gestor ${roleSequence}`,
    email,
    password: 'Clave.Segura.2026',
    password_confirmation: 'Clave.Segura.2026',
    roleIds: [roleId],
  });
  expect(created.statusCode).toBe(201);
  customRoleUsers.push(created.json().result.id);
  const { body } = await login(t.app, email, 'Clave.Segura.2026');
  return { roleId, id: created.json().result.id as number, headers: bearer(body.result.token) };
}

describe('users: no escalation through roles, passwords, e-mails or status', () => {
  it('a supervisor cannot give itself the administrator role', async () => {
    const response = await api(
      'PUT',
      `/users/${supervisor.id}`,
      { ...supervisor.headers, 'x-locale': 'en' },
      await updateBody(supervisor.id, { roleIds: [roleIds.super, roleIds.admin] }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PERMISSION.NOT_HELD');
    expect(response.json().message).toMatch(/^You cannot grant permissions you do not hold: .*editar-permisos-roles/);
    expect((await userDetail(supervisor.id)).roles.map((role) => role.id)).toEqual([roleIds.super]);
  });

  it('a supervisor cannot reset an administrator’s password, change their e-mail or disable them', async () => {
    const target = await signedIn(t, 'admin');
    const password = await api('POST', `/users/${target.id}/password`, supervisor.headers, {
      password: 'Tomada.Cuenta.2026',
      password_confirmation: 'Tomada.Cuenta.2026',
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().code).toBe('USER.OUTRANKS_ACTOR');
    expect(password.json().message).toMatch(/^No puede cambiar la contraseña, el correo, el estado ni los roles/);
    // Nothing changed: the administrator still signs in with their own password, and their session lives on.
    expect((await login(t.app, target.email, target.password)).response.statusCode).toBe(200);

    const email = await api(
      'PUT',
      `/users/${target.id}`,
      supervisor.headers,
      await updateBody(target.id, { email: 'robada@test.atiende' }),
    );
    expect(email.statusCode).toBe(403);
    expect((await userDetail(target.id)).email).toBe(target.email);

    const disable = await api('POST', `/users/${target.id}/status`, supervisor.headers, { enabled: false });
    expect(disable.statusCode).toBe(403);
    const viaUpdate = await api(
      'PUT',
      `/users/${target.id}`,
      supervisor.headers,
      await updateBody(target.id, { enabled: false }),
    );
    expect(viaUpdate.statusCode).toBe(403);
    expect((await userDetail(target.id)).enabled).toBe(true);

    // Profile fields are not account keys: a supervisor may still fix an administrator's name.
    const rename = await api(
      'PUT',
      `/users/${target.id}`,
      supervisor.headers,
      await updateBody(target.id, { name: 'Nombre Corregido' }),
    );
    expect(rename.statusCode).toBe(200);
  });

  it('a supervisor still manages agents: password, e-mail, status and the agent role', async () => {
    const agent = await signedIn(t, 'agent');
    const password = await api('POST', `/users/${agent.id}/password`, supervisor.headers, {
      password: 'Nueva.Clave.2026',
      password_confirmation: 'Nueva.Clave.2026',
    });
    expect(password.statusCode).toBe(200);
    const email = `movido${Date.now()}@test.atiende`;
    const update = await api('PUT', `/users/${agent.id}`, supervisor.headers, await updateBody(agent.id, { email }));
    expect(update.statusCode).toBe(200);
    expect(update.json().result.email).toBe(email);
    expect((await api('POST', `/users/${agent.id}/status`, supervisor.headers, { enabled: false })).statusCode).toBe(
      200,
    );
  });

  it('whoever may add users adds them only with roles whose permissions they hold', async () => {
    const hiring = await userWithRole(['ver-menu-usuarios', 'ver-usuario', 'agregar-usuario', 'ver-lista-roles']);
    const body = (roleId: number) => ({
      name: 'Nueva',
      email: `nueva${Date.now()}${roleId}@test.atiende`,
      password: 'Clave.Segura.2026',
      password_confirmation: 'Clave.Segura.2026',
      roleIds: [roleId],
    });
    const asAdmin = await api('POST', '/users', hiring.headers, body(roleIds.admin));
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().code).toBe('PERMISSION.NOT_HELD');
    const list = await api('GET', `/users?searchText=${encodeURIComponent(body(roleIds.admin).email)}`, admin.headers);
    expect(list.json().result.total).toBe(0);
    // A role with a subset of the actor's permissions is fine (their own role here).
    expect((await api('POST', '/users', hiring.headers, body(hiring.roleId))).statusCode).toBe(201);
  });
});

describe('roles: a role’s permissions change only within what the actor holds', () => {
  it('refuses adding or removing a permission the actor lacks; nothing is saved', async () => {
    const manager = await userWithRole(['ver-lista-roles', 'editar-permisos-roles', 'ver-menu-casos']);
    const own = await api('PUT', `/roles/${manager.roleId}/permissions`, manager.headers, {
      permissions: ['ver-lista-roles', 'editar-permisos-roles', 'ver-menu-casos', 'editar-perfil-empresa'],
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('PERMISSION.NOT_HELD');
    const saved = await api('GET', `/roles/${manager.roleId}/permissions`, admin.headers);
    expect(saved.json().result.permissions).not.toContain('editar-perfil-empresa');

    // Stripping the administrator role of what the actor lacks is refused too.
    const adminPermissions: string[] = (await api('GET', `/roles/${roleIds.admin}/permissions`, admin.headers)).json()
      .result.permissions;
    const strip = await api('PUT', `/roles/${roleIds.admin}/permissions`, manager.headers, {
      permissions: adminPermissions.filter((permission) => permission !== 'editar-usuario'),
    });
    expect(strip.statusCode).toBe(403);

    // Within what they hold, the change goes through.
    const narrow = await api('PUT', `/roles/${manager.roleId}/permissions`, manager.headers, {
      permissions: ['ver-lista-roles', 'editar-permisos-roles'],
    });
    expect(narrow.statusCode).toBe(200);
  });
});

describe('roles: a new role copied from another is created whole or not at all', () => {
  it('copies the source’s permissions in one request; a copy of a stronger role is refused and leaves no role', async () => {
    const manager = await userWithRole(['ver-lista-roles', 'editar-permisos-roles', 'ver-menu-casos', 'ver-caso']);
    const copied = await api('POST', '/roles', manager.headers, {
      name: `copia-${Date.now()}`,
      label: 'Copia',
      copyFromRoleId: manager.roleId,
    });
    expect(copied.statusCode).toBe(201);
    const permissions = await api('GET', `/roles/${copied.json().result.id}/permissions`, admin.headers);
    expect(permissions.json().result.permissions).toEqual([
      'editar-permisos-roles',
      'ver-caso',
      'ver-lista-roles',
      'ver-menu-casos',
    ]);
    // Its history says what it started with: the copied permissions, by key (the web names them).
    const history = await api('GET', `/roles/${copied.json().result.id}/audit`, admin.headers);
    expect(history.json().result[0].changes.permissions).toEqual({
      added: ['editar-permisos-roles', 'ver-caso', 'ver-lista-roles', 'ver-menu-casos'].map((key) => ({
        id: key,
        name: key,
      })),
      removed: [],
      changed: [],
    });

    const name = `copia-admin-${Date.now()}`;
    const refused = await api(
      'POST',
      '/roles',
      { ...manager.headers, 'x-locale': 'en' },
      {
        name,
        label: 'Copia admin',
        copyFromRoleId: roleIds.admin,
      },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION.NOT_HELD');
    expect(refused.json().message).toMatch(/^You cannot grant permissions you do not hold/);
    const roles = await api('GET', '/roles', admin.headers);
    expect(roles.json().result.map((role: { name: string }) => role.name)).not.toContain(name);

    const missing = await api('POST', '/roles', manager.headers, {
      name: `copia-nada-${Date.now()}`,
      label: 'Copia',
      copyFromRoleId: 999_999,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().result.fields).toEqual([
      { field: 'copyFromRoleId', message: 'El rol que quiere copiar ya no existe' },
    ]);
  });
});

describe('API credentials act with their role: nobody creates one stronger than themselves', () => {
  it('refuses a credential with a role the actor does not cover, and revoking an administrator’s credential', async () => {
    const integrator = await userWithRole(['ver-lista-parametrizacion', 'ver-menu-casos', 'ver-caso']);
    // A name of its own: the credentials suite, on the same database, makes one called "BI".
    const refusedName = `BI-${Date.now()}`;
    const strong = await api('POST', '/api-credentials', integrator.headers, {
      name: refusedName,
      roleId: roleIds.admin,
    });
    expect(strong.statusCode).toBe(403);
    expect(strong.json().code).toBe('PERMISSION.NOT_HELD');
    const list = await api('GET', '/api-credentials', admin.headers);
    expect(list.json().result.map((item: { name: string }) => item.name)).not.toContain(refusedName);

    const own = await api('POST', '/api-credentials', integrator.headers, {
      name: 'Lectura',
      roleId: integrator.roleId,
    });
    expect(own.statusCode).toBe(201);

    const adminCredential = await api('POST', '/api-credentials', admin.headers, {
      name: 'Admin BI',
      roleId: roleIds.admin,
    });
    expect(adminCredential.statusCode).toBe(201);
    const revoke = await api('POST', `/api-credentials/${adminCredential.json().result.id}/revoke`, integrator.headers);
    expect(revoke.statusCode).toBe(403);
    expect(revoke.json().code).toBe('USER.OUTRANKS_ACTOR');
  });
});
