import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, multipartFile, ONE_PIXEL_PNG, signedIn, type TestApp } from '../../test/app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let supervisor: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  admin = await signedIn(t, 'admin');
  supervisor = await signedIn(t, 'super');
});
afterAll(async () => {
  await t?.close();
});

function profileBody(overrides: Record<string, unknown> = {}) {
  return {
    nombre: 'Contacto Total S.A.S.',
    identificationType: 'NIT',
    identificationNumber: '900123456-7',
    address: 'Calle 100 # 10-20',
    city: 'Bogotá',
    phone: '+57 601 555 0000',
    contactName: 'Laura Gómez',
    contactPhone: '+57 300 555 0000',
    contactEmail: 'laura@contactototal.co',
    theme: 'blue',
    integraciones: [{ nombre: 'CRM', icono: 'web', ruta: 'crm', url: 'https://crm.example.com', roles: ['super'] }],
    configuracion: {
      sound_notifications: true,
      internal_chat: false,
      navbar_logo_display: true,
      navbar_logo_size: 40,
      webrtc_enabled: false,
      janus_enabled: false,
      mfa: false,
      inactivity_timeout: 3,
    },
    ...overrides,
  };
}

describe('business profile', () => {
  it('an administrator saves every field; the change is public, audited and announced over realtime', async () => {
    const socket: Socket = await new Promise((resolve, reject) => {
      const client = io(t.url(), { auth: { token: supervisor.token }, transports: ['websocket'], reconnection: false });
      client.on('connect', () => resolve(client));
      client.on('connect_error', reject);
    });
    const announced = new Promise((resolve) => socket.on('business-changed', resolve));
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/empresa',
      headers: admin.headers,
      payload: profileBody(),
    });
    expect(response.statusCode).toBe(200);
    await announced;
    socket.close();

    const publicView = (await t.app.inject({ method: 'GET', url: '/api/v2/empresa' })).json().result;
    expect(publicView).toMatchObject({
      nombre: 'Contacto Total S.A.S.',
      identificationNumber: '900123456-7',
      theme: 'blue',
      configuracion: { internal_chat: false, inactivity_timeout: 3, navbar_logo_size: 40 },
      integraciones: [{ id: expect.any(Number), nombre: 'CRM', ruta: 'crm', roles: ['super'] }],
    });
    const audit = await t.app.inject({ method: 'GET', url: '/api/v2/empresa/audit', headers: admin.headers });
    expect(audit.json().result[0]).toMatchObject({ action: 'updated', actor: { id: admin.id } });
  });

  it('advanced search gives every ticket reader the global search; off, only holders of busqueda-avanzada keep it', async () => {
    let agent = await signedIn(t, 'agent');
    const search = (actor: { headers: Record<string, string> }) =>
      t.app.inject({ method: 'GET', url: '/api/v2/infogeneral?searchText=pedido', headers: actor.headers });
    // Signing in again (a new session) reads the flag the client keeps for the session.
    const loginFlag = async () => {
      const { body } = await login(t.app, agent.email, agent.password);
      agent = { ...agent, token: body.result.token, headers: { authorization: `Bearer ${body.result.token}` } };
      return body.result.advanced_search;
    };
    // On by default: the agent (no busqueda-avanzada) searches, and login says so.
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/empresa' })).json().result.configuracion).toMatchObject({
      advanced_search: true,
    });
    expect(await loginFlag()).toBe(1);
    expect((await search(agent)).statusCode).toBe(200);

    const put = (advanced_search: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v2/empresa',
        headers: admin.headers,
        payload: profileBody({ configuracion: { ...profileBody().configuracion, advanced_search } }),
      });
    expect((await put(false)).statusCode).toBe(200);
    expect(await loginFlag()).toBe(0);
    expect((await search(agent)).statusCode).toBe(403);
    expect((await search(admin)).statusCode).toBe(200);
    // Left out of a save: unchanged.
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v2/empresa', headers: admin.headers, payload: profileBody() }))
        .statusCode,
    ).toBe(200);
    expect((await search(agent)).statusCode).toBe(403);
    expect((await put(true)).statusCode).toBe(200);
    expect((await search(agent)).statusCode).toBe(200);
  });

  it('keeps the business time zone (Bogotá until set), and refuses one that does not exist, in both languages', async () => {
    const config = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v2/empresa' })).json().result.configuracion;
    expect((await config()).time_zone).toBe('America/Bogota');
    const put = (time_zone: string, locale = 'es') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v2/empresa',
        headers: { ...admin.headers, 'x-locale': locale },
        payload: profileBody({ configuracion: { ...profileBody().configuracion, time_zone } }),
      });
    expect((await put('Europe/Madrid')).statusCode).toBe(200);
    expect((await config()).time_zone).toBe('Europe/Madrid');
    const refused = await put('Marte/Base_Alfa', 'en');
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('The time zone is not valid');
    expect((await put('America/Bogota')).statusCode).toBe(200);
  });

  it('refuses bad input: invalid fields (422), a reserved or repeated integration route', async () => {
    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/empresa',
      headers: { ...admin.headers, 'x-locale': 'en' },
      payload: profileBody({ theme: 'pink', contactEmail: 'nope' }),
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().result.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['theme', 'contactEmail']),
    );
    const reserved = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/empresa',
      headers: admin.headers,
      payload: profileBody({
        integraciones: [{ nombre: 'X', icono: 'web', ruta: 'tickets', url: 'https://x.example', roles: ['admin'] }],
      }),
    });
    expect(reserved.statusCode).toBe(422);
    expect(reserved.json().result.fields[0]).toEqual({
      field: 'integraciones.0.ruta',
      message: 'Esa ruta ya la usa una página de Atiende; elija otra',
    });
    const before = (await t.app.inject({ method: 'GET', url: '/api/v2/empresa' })).json().result;
    expect(before.integraciones.map((i: { ruta: string }) => i.ruta)).not.toContain('tickets');
  });

  it('the logo upload is served under empresa/ and shown in the public profile', async () => {
    const file = multipartFile(ONE_PIXEL_PNG, 'logo.png', 'image/png');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v2/empresa/logo',
      payload: file.payload,
      headers: { ...admin.headers, ...file.headers },
    });
    expect(upload.statusCode).toBe(200);
    const logo: string = upload.json().result.logo;
    expect(logo).toMatch(/^\/api\/v2\/files\/empresa\/[a-f0-9]{24}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/empresa' })).json().result.logo).toBe(logo);
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('a supervisor may not change the business profile', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/empresa',
      headers: supervisor.headers,
      payload: profileBody(),
    });
    expect(response.statusCode).toBe(403);
    const file = multipartFile(ONE_PIXEL_PNG, 'logo.png', 'image/png');
    const logo = await t.app.inject({
      method: 'POST',
      url: '/api/v2/empresa/logo',
      payload: file.payload,
      headers: { ...supervisor.headers, ...file.headers },
    });
    expect(logo.statusCode).toBe(403);
  });
});
