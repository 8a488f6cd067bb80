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

const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });

describe('catalogues', () => {
  it('are seeded with the spec’s twelve channel types in order and real reference data', async () => {
    const channels = await get('/api/v2/entities/tipo-canal?sortName=sortOrder&sizePerPage=50');
    expect(channels.statusCode).toBe(200);
    const names = channels.json().result.data.map((entry: { name: string }) => entry.name);
    expect(names).toEqual([
      'Telefonía',
      'USSD',
      'SMS',
      'Correo electrónico',
      'Twitter',
      'Facebook',
      'WhatsApp',
      'Sitio web',
      'Chat web',
      'Instagram',
      'Presencial',
      'Telegram',
    ]);
    expect(channels.json().result.data.map((entry: { code: string }) => entry.code)).toEqual(
      Array.from({ length: 12 }, (_, index) => String(index + 1)),
    );
    const colombia = (await get('/api/v2/entities/pais?searchText=colombia')).json().result.data[0];
    const cities = await get(`/api/v2/entities/ciudad?parentId=${colombia.id}&sizePerPage=50`);
    expect(cities.json().result.data.map((city: { name: string }) => city.name)).toContain('Medellín');
    expect((await get('/api/v2/entities/tipo-documento?searchText=CC')).json().result.total).toBeGreaterThan(0);
    expect((await get('/api/v2/entities/tipo-dato-contacto')).json().result.total).toBe(12);
  });

  it('creates a country and a city that belongs to it, with audit fields', async () => {
    const name = `Atlántida ${Date.now()}`;
    const country = await t.app.inject({
      method: 'POST',
      url: '/api/v2/entities/pais',
      headers: admin.headers,
      payload: { name, abbr: 'AT', description: 'Un país de prueba' },
    });
    expect(country.statusCode).toBe(201);
    expect(country.json().result).toMatchObject({ name, abbr: 'AT', enabled: true, createdBy: { id: admin.id } });

    const orphan = await t.app.inject({
      method: 'POST',
      url: '/api/v2/entities/ciudad',
      headers: { ...admin.headers, 'x-locale': 'en' },
      payload: { name: 'Sin país' },
    });
    expect(orphan.statusCode).toBe(422);
    expect(orphan.json().result.fields).toEqual([
      { field: 'parentId', message: 'Select the country the city belongs to' },
    ]);

    const city = await t.app.inject({
      method: 'POST',
      url: '/api/v2/entities/ciudad',
      headers: admin.headers,
      payload: { name: 'Poseidonia', parentId: country.json().result.id },
    });
    expect(city.statusCode).toBe(201);
    expect(city.json().result).toMatchObject({ parentId: country.json().result.id, parentName: name });
  });

  it('refuses duplicates (ignoring case) with 409 and bad input with 422', async () => {
    const name = `Habilidad ${Date.now()}`;
    const create = (payload: object, locale = 'es') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/entities/skill',
        headers: { ...admin.headers, 'x-locale': locale },
        payload,
      });
    expect((await create({ name })).statusCode).toBe(201);
    const duplicate = await create({ name: name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().result.fields).toEqual([
      { field: 'name', message: 'Ya existe una entrada con ese nombre' },
    ]);
    expect((await create({ name }, 'en')).json().message).toBe('An entry with that name already exists');
    const empty = await create({ name: '' });
    expect(empty.statusCode).toBe(422);
    const unknownModel = await t.app.inject({
      method: 'GET',
      url: '/api/v2/entities/planetas',
      headers: admin.headers,
    });
    expect(unknownModel.statusCode).toBe(400);
  });

  it('customer labels keep colour, kanban flag and order; updates are audited', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/entities/customer-label',
      headers: admin.headers,
      payload: { name: `Prioritario ${Date.now()}`, color: '#ff0000', kanban: true, sortOrder: 7 },
    });
    expect(created.json().result).toMatchObject({ color: '#ff0000', kanban: true, sortOrder: 7 });
    const id = created.json().result.id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/entities/customer-label/${id}`,
      headers: admin.headers,
      payload: { name: created.json().result.name, color: '#00ff00', kanban: false, sortOrder: 2, enabled: false },
    });
    expect(updated.json().result).toMatchObject({
      color: '#00ff00',
      kanban: false,
      enabled: false,
      updatedBy: { id: admin.id },
    });
    const audit = await get(`/api/v2/entities/customer-label/${id}/audit`);
    expect(audit.json().result.map((entry: { action: string }) => entry.action)).toEqual(['updated', 'created']);
    expect(audit.json().result[0].changes.color).toEqual({ from: '#ff0000', to: '#00ff00' });
    const badColour = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/entities/customer-label/${id}`,
      headers: admin.headers,
      payload: { name: 'X', color: 'red' },
    });
    expect(badColour.statusCode).toBe(422);
  });

  it('agents read catalogues (forms need them) but cannot write them', async () => {
    expect((await get('/api/v2/entities/tipo-documento', agent.headers)).statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v2/entities/tipo-documento',
      headers: agent.headers,
      payload: { name: 'Intento' },
    });
    expect(write.statusCode).toBe(403);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/entities/tipo-documento/1',
      headers: agent.headers,
      payload: { name: 'Intento' },
    });
    expect(update.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/entities/pais' })).statusCode).toBe(401);
  });
});
