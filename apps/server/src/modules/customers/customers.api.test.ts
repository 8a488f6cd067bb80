import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let agent: Awaited<ReturnType<typeof signedIn>>;
let ids: {
  cc: number;
  email: number;
  mobile: number;
  address: number;
  labels: { id: number; name: string; kanban: boolean }[];
};

async function catalogue(model: string, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v2/entities/${model}?sizePerPage=100${query}`,
    headers: admin.headers,
  });
  return response.json().result.data as { id: number; code: string; name: string; kanban: boolean }[];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  const documents = await catalogue('tipo-documento');
  const contactTypes = await catalogue('tipo-dato-contacto');
  const labels = await catalogue('customer-label', '&sortName=sortOrder&enabled=true');
  const byCode = (code: string) => contactTypes.find((entry) => entry.code === code)?.id as number;
  ids = {
    cc: documents.find((entry) => entry.code === 'CC')?.id as number,
    email: byCode('4'),
    mobile: byCode('2'),
    address: byCode('3'),
    labels: labels.filter((label) => label.kanban),
  };
});
afterAll(async () => {
  await t?.close();
});

let sequence = 0;
function customerBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    identificationTypeId: ids.cc,
    identificationNumber: `${Date.now()}${sequence}`.slice(-12),
    firstName: 'María',
    middleName: 'José',
    lastName: `Muñoz${sequence}`,
    secondLastName: 'Pérez',
    birthday: '1985-03-02',
    gender: 'female',
    labelIds: [ids.labels[0].id],
    contacts: [
      { typeId: ids.email, label: 'Trabajo', value: `maria${sequence}@example.com` },
      { typeId: ids.mobile, value: '+57 300 123 4567', areaCode: '57' },
    ],
    ...overrides,
  };
}

const create = (body: Record<string, unknown>, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/v2/customers', headers, payload: body });

describe('customers', () => {
  it('creates a customer with contact data, labels and an owner; search finds it without accents', async () => {
    const body = customerBody({ ownerUserId: agent.id });
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    const customer = response.json().result;
    expect(customer).toMatchObject({
      fullName: `María José ${body.lastName} Pérez`,
      identificationType: { id: ids.cc, abbr: 'CC' },
      primaryEmail: body.contacts[0].value,
      primaryPhone: '+57 300 123 4567',
      owner: { id: agent.id },
      labels: [{ id: ids.labels[0].id }],
    });
    expect(customer.contacts).toHaveLength(2);
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/v2/customers?searchText=${encodeURIComponent(`maria jose ${body.lastName.toLowerCase().replace('ñ', 'n')}`)}`,
      headers: admin.headers,
    });
    expect(search.json().result.data.map((row: { id: number }) => row.id)).toEqual([customer.id]);
    const byPhone = await t.app.inject({
      method: 'GET',
      url: '/api/v2/customers?searchText=300%20123%204567',
      headers: admin.headers,
    });
    expect(byPhone.json().result.total).toBeGreaterThan(0);
  });

  it('refuses a duplicate identification number with 409 in both languages', async () => {
    const body = customerBody();
    expect((await create(body)).statusCode).toBe(201);
    const again = await create({ ...customerBody(), identificationNumber: body.identificationNumber });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CUSTOMER.IDENTIFICATION_TAKEN');
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/v2/customers',
      headers: { ...admin.headers, 'x-locale': 'en' },
      payload: { ...customerBody(), identificationNumber: body.identificationNumber },
    });
    expect(en.json().result.fields).toEqual([
      { field: 'identificationNumber', message: 'A customer with that identification type and number already exists' },
    ]);
  });

  it('checks contact values by type (email, phone) and saves nothing on error', async () => {
    const body = customerBody({
      contacts: [
        { typeId: ids.email, value: 'no-es-correo' },
        { typeId: ids.mobile, value: 'call me' },
        { typeId: ids.address, value: 'Calle 1 # 2-3' },
      ],
    });
    const response = await create(body);
    expect(response.statusCode).toBe(422);
    expect(response.json().result.fields).toEqual([
      { field: 'contacts.0.value', message: 'Ingrese un correo electrónico válido' },
      { field: 'contacts.1.value', message: 'Ingrese un teléfono válido (dígitos, espacios, +, paréntesis o guiones)' },
    ]);
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/v2/customers?searchText=${body.identificationNumber}`,
      headers: admin.headers,
    });
    expect(search.json().result.total).toBe(0);
  });

  it('relates customers both ways and updates them', async () => {
    const first = (await create(customerBody())).json().result;
    const second = (await create(customerBody({ relatedCustomerIds: [first.id] }))).json().result;
    expect(second.related.map((related: { id: number }) => related.id)).toEqual([first.id]);
    const firstAgain = await t.app.inject({
      method: 'GET',
      url: `/api/v2/customers/${first.id}`,
      headers: admin.headers,
    });
    expect(firstAgain.json().result.related.map((related: { id: number }) => related.id)).toEqual([second.id]);
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/customers/${first.id}`,
      headers: admin.headers,
      payload: { ...customerBody(), identificationNumber: first.identificationNumber, firstName: 'Ana' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().result.firstName).toBe('Ana');
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/v2/customers/${first.id}/audit`,
      headers: admin.headers,
    });
    expect(audit.json().result[0].changes.firstName).toEqual({ from: 'María', to: 'Ana' });
  });

  it('kanban columns follow the labels marked kanban, and a drag moves the customer between them', async () => {
    const [from, to] = ids.labels;
    const customer = (await create(customerBody({ labelIds: [from.id] }))).json().result;
    const board = await t.app.inject({
      method: 'GET',
      url: '/api/v2/customers/kanban?perColumn=100',
      headers: admin.headers,
    });
    expect(board.statusCode).toBe(200);
    const columns = board.json().result;
    expect(columns.map((column: { label: { id: number } }) => column.label.id)).toEqual(
      ids.labels.map((label) => label.id),
    );
    const inFrom = columns.find((column: { label: { id: number } }) => column.label.id === from.id);
    expect(inFrom.customers.map((row: { id: number }) => row.id)).toContain(customer.id);

    const move = await t.app.inject({
      method: 'POST',
      url: `/api/v2/customers/${customer.id}/move-label`,
      headers: admin.headers,
      payload: { fromLabelId: from.id, toLabelId: to.id },
    });
    expect(move.statusCode).toBe(200);
    expect(move.json().result.labels.map((label: { id: number }) => label.id)).toEqual([to.id]);
  });

  it('assigning customers to a user makes that user their owner', async () => {
    const customer = (await create(customerBody())).json().result;
    const assign = await t.app.inject({
      method: 'POST',
      url: '/api/v2/customers/assign',
      headers: admin.headers,
      payload: { customerIds: [customer.id], ownerUserId: agent.id },
    });
    expect(assign.json().result).toEqual({ updated: 1 });
    const owned = await t.app.inject({
      method: 'GET',
      url: `/api/v2/customers?ownerUserId=${agent.id}&sizePerPage=200`,
      headers: admin.headers,
    });
    expect(owned.json().result.data.map((row: { id: number }) => row.id)).toContain(customer.id);
  });

  it('lists with paging and allow-listed sorting; permissions are enforced', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v2/customers?sizePerPage=2&sortName=name',
      headers: agent.headers,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().result.data.length).toBeLessThanOrEqual(2);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/customers?sortName=searchText', headers: agent.headers }))
        .statusCode,
    ).toBe(400);
    const supervisorOnly = await signedIn(t, 'super');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/customers', headers: supervisorOnly.headers })).statusCode,
    ).toBe(200);
    // A role without any customer permission.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: admin.headers,
      payload: { name: `sin-clientes-${Date.now()}`, label: 'Sin clientes' },
    });
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/v2/users',
      headers: admin.headers,
      payload: {
        name: 'Sin Clientes',
        email: `sin.clientes.${Date.now()}@test.atiende`,
        password: 'Clave.Segura.2026',
        password_confirmation: 'Clave.Segura.2026',
        roleIds: [bare.json().result.id],
      },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: user.json().result.email, password: 'Clave.Segura.2026' },
    });
    const headers = { authorization: `Bearer ${login.json().result.token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/customers', headers })).statusCode).toBe(403);
    expect((await create(customerBody(), headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/customers/kanban', headers })).statusCode).toBe(403);
  });
});
