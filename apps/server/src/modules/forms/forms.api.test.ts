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

async function createList(name = `Motivos ${Date.now()}`) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2/reusable-lists',
    headers: admin.headers,
    payload: { name, options: [{ label: 'Compra' }, { label: 'Garantía' }, { label: 'Queja' }] },
  });
  expect(response.statusCode).toBe(201);
  return response.json().result;
}

describe('dynamic forms and reusable lists', () => {
  it('a reusable list feeds a field in several forms, and shows where it is used', async () => {
    const list = await createList();
    for (const name of ['Gestión comercial', 'Gestión de soporte']) {
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/v2/dynamic-forms',
        headers: admin.headers,
        payload: {
          name: `${name} ${Date.now()}`,
          requireNotes: true,
          fields: [
            { key: 'motivo', label: 'Motivo', type: 'list', required: true, reusableListId: list.id },
            { key: 'monto', label: 'Monto', type: 'number', order: 2 },
          ],
        },
      });
      expect(form.statusCode).toBe(201);
    }
    const used = await t.app.inject({
      method: 'GET',
      url: `/api/v2/reusable-lists/${list.id}`,
      headers: admin.headers,
    });
    expect(used.json().result.usedBy).toHaveLength(2);
  });

  it('refuses any empty field or option with the spec’s message, in both languages', async () => {
    const payload = {
      name: 'Incompleto',
      fields: [
        { key: 'zona', label: 'Zona', type: 'multilevel', options: [{ label: 'Norte', children: [{ label: ' ' }] }] },
      ],
    };
    const es = await t.app.inject({ method: 'POST', url: '/api/v2/dynamic-forms', headers: admin.headers, payload });
    expect(es.statusCode).toBe(422);
    expect(es.json().result.fields[0]).toEqual({
      field: 'fields.0.options.0.children.0.label',
      message: 'Se encontraron campos y/o opciones vacíos; el formulario debe estar completamente diligenciado',
    });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/v2/reusable-lists',
      headers: { ...admin.headers, 'x-locale': 'en' },
      payload: { name: 'Vacía', options: [{ label: '' }] },
    });
    expect(en.statusCode).toBe(422);
    expect(en.json().result.fields[0].message).toBe(
      'Empty fields and/or options found; the form must be fully filled in',
    );
    const unknownList = await t.app.inject({
      method: 'POST',
      url: '/api/v2/dynamic-forms',
      headers: admin.headers,
      payload: { name: 'X', fields: [{ key: 'a', label: 'A', type: 'list', reusableListId: 999999 }] },
    });
    expect(unknownList.statusCode).toBe(422);
  });

  it('serves a form with its lists so a browser can render and validate it', async () => {
    const list = await createList();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/dynamic-forms',
      headers: admin.headers,
      payload: {
        name: `Con lista ${Date.now()}`,
        fields: [{ key: 'motivo', label: 'Motivo', type: 'radio', reusableListId: list.id }],
      },
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v2/dynamic-forms/${created.json().result.id}`,
      headers: agent.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().result.lists).toEqual([{ id: list.id, options: list.options }]);
  });

  it('agents cannot list, create or edit forms and lists', async () => {
    for (const url of ['/api/v2/dynamic-forms', '/api/v2/reusable-lists']) {
      expect((await t.app.inject({ method: 'GET', url, headers: agent.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url, headers: agent.headers, payload: {} })).statusCode).toBe(403);
    }
  });
});
