import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let agent: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
});
afterAll(async () => {
  await t?.close();
});

const whatsapp = (overrides: Record<string, unknown> = {}) => ({
  name: `WhatsApp ventas ${Date.now()}`,
  type: 'whatsapp',
  direction: 'blended',
  config: {
    phoneNumberId: '1098765',
    businessAccountId: '5550001',
    accessToken: 'EAAG-secret-token',
    appSecret: 'app-secret-value',
    verifyToken: 'verify-me',
  },
  businessHours: {
    enabled: true,
    timezone: 'America/Bogota',
    days: [1, 2, 3, 4, 5].map((day) => ({ day, from: '08:00', to: '18:00' })),
  },
  unavailableMessage: 'Estamos fuera de horario; le responderemos mañana.',
  ...overrides,
});

describe('channels', () => {
  it('creates a channel whose secrets never come back, and keeps them when an edit leaves them empty', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/channels',
      headers: admin.headers,
      payload: whatsapp(),
    });
    expect(created.statusCode).toBe(201);
    const channel = created.json().result;
    expect(channel).toMatchObject({ type: 'whatsapp', typeCode: 7, direction: 'blended', enabled: true });
    expect(channel.config).toEqual({
      phoneNumber: null,
      phoneNumberId: '1098765',
      businessAccountId: '5550001',
      appId: null,
      apiBaseUrl: null,
      sendRatePerSecond: null,
    });
    expect(channel.secretsSet).toEqual(['accessToken', 'appSecret', 'verifyToken']);
    for (const secret of ['EAAG-secret-token', 'app-secret-value', 'verify-me']) {
      expect(created.body).not.toContain(secret);
    }

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/channels/${channel.id}`,
      headers: admin.headers,
      payload: whatsapp({
        name: channel.name,
        config: { phoneNumberId: '222', businessAccountId: '5550001', accessToken: '' },
      }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result.config.phoneNumberId).toBe('222');
    expect(edited.json().result.secretsSet).toEqual(['accessToken', 'appSecret', 'verifyToken']);

    for (const url of [
      '/api/v2/channels?sizePerPage=200',
      `/api/v2/channels/${channel.id}`,
      `/api/v2/channels/${channel.id}/audit`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('EAAG-secret-token');
      expect(response.body).not.toContain('app-secret-value');
    }
  });

  it('names every missing or invalid configuration value, in both languages, and saves nothing', async () => {
    const payload = whatsapp({ config: { phoneNumberId: '1', apiBaseUrl: 'not a url' } });
    const es = await t.app.inject({ method: 'POST', url: '/api/v2/channels', headers: admin.headers, payload });
    expect(es.statusCode).toBe(422);
    expect(es.json().message).toBe('Se encontró un error en la configuración del canal');
    const fields = es.json().result.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'config.businessAccountId',
        'config.accessToken',
        'config.appSecret',
        'config.apiBaseUrl',
      ]),
    );
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/v2/channels',
      headers: { ...admin.headers, 'x-locale': 'en' },
      payload,
    });
    expect(en.json().message).toBe('Error found in a channel configuration');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v2/channels?searchText=${encodeURIComponent(payload.name as string)}`,
      headers: admin.headers,
    });
    expect(list.json().result.total).toBe(0);

    const hours = await t.app.inject({
      method: 'POST',
      url: '/api/v2/channels',
      headers: admin.headers,
      payload: whatsapp({
        businessHours: { enabled: true, timezone: 'Mars/Base', days: [{ day: 1, from: '18:00', to: '08:00' }] },
      }),
    });
    expect(hours.statusCode).toBe(422);
    expect(hours.json().result.fields.map((field: { field: string }) => field.field)).toEqual(
      expect.arrayContaining(['businessHours.days', 'businessHours.timezone']),
    );
  });

  it('every type accepts its own configuration', async () => {
    const web = await t.app.inject({
      method: 'POST',
      url: '/api/v2/channels',
      headers: admin.headers,
      payload: {
        name: `Chat web ${Date.now()}`,
        type: 'webchat',
        direction: 'inbound',
        config: { welcomeMessage: 'Hola' },
      },
    });
    expect(web.statusCode).toBe(201);
    expect(web.json().result).toMatchObject({ typeCode: 9, config: { welcomeMessage: 'Hola' }, secretsSet: [] });
  });

  it('agents cannot list, create or edit channels', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/channels', headers: agent.headers })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v2/channels', headers: agent.headers, payload: whatsapp() }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v2/channels/1', headers: agent.headers, payload: whatsapp() }))
        .statusCode,
    ).toBe(403);
  });
});
