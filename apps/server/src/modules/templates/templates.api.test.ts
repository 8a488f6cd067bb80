import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, deskCampaign } from '../../test/desk.js';
import { businessRepo } from '../business/business.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { customersRepo } from '../customers/customers.repo.js';
import { users } from '../users/users.schema.js';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let outsider: Actor;
let desk: { channelId: number; campaignId: number };
let other: { channelId: number; campaignId: number };

const stamp = `${Date.now()}`;

const template = (overrides: Record<string, unknown> = {}) => ({
  name: `Saludo ${stamp}`,
  channelType: null,
  body: 'Hola {{cliente.nombre}}, le atiende {{ agente.nombre }}.',
  allCampaigns: true,
  campaignIds: [],
  enabled: true,
  ...overrides,
});

const create = async (overrides: Record<string, unknown> = {}, actor: Actor = admin, locale = 'es') =>
  api.post('/api/v2/templates', actor, template(overrides), locale);

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  outsider = await signedIn(t, 'agent');
  desk = await deskCampaign(t, admin, { agents: [agent], config: { allowAllTickets: true } });
  other = await deskCampaign(t, admin, {
    agents: [outsider],
    channelType: 'inPerson',
    config: { allowAllTickets: true },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('message templates', () => {
  it('creates, reads, edits and audits a template; campaigns come back by name', async () => {
    const created = await create({
      name: `Bienvenida Ñandú ${stamp}`,
      channelType: 'webchat',
      allCampaigns: false,
      campaignIds: [desk.campaignId, desk.campaignId],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Plantilla guardada');
    const saved = created.json().result;
    expect(saved).toMatchObject({
      name: `Bienvenida Ñandú ${stamp}`,
      channelType: 'webchat',
      allCampaigns: false,
      enabled: true,
      campaigns: [{ id: desk.campaignId, name: expect.stringContaining('Campaña') }],
    });

    const read = await api.get(`/api/v2/templates/${saved.id}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().result).toEqual(saved);

    const edited = await api.put(
      `/api/v2/templates/${saved.id}`,
      admin,
      template({ name: `Bienvenida editada ${stamp}`, channelType: null, enabled: false, campaignIds: [99] }),
      'en',
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe('Template saved');
    // Available to all: the chosen campaigns are dropped (and not checked).
    expect(edited.json().result).toMatchObject({
      channelType: null,
      enabled: false,
      allCampaigns: true,
      campaigns: [],
    });

    const audit = (await api.get(`/api/v2/templates/${saved.id}/audit`, admin)).json().result;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['updated', 'created']);
    expect(audit[0].changes).toMatchObject({
      name: { from: `Bienvenida Ñandú ${stamp}`, to: `Bienvenida editada ${stamp}` },
      allCampaigns: { from: false, to: true },
      // The campaigns it was limited to, by their names.
      campaigns: { added: [], removed: [{ id: desk.campaignId, name: expect.any(String) }], changed: [] },
    });
    expect(audit[1].changes.campaigns).toEqual({
      added: [{ id: desk.campaignId, name: expect.any(String) }],
      removed: [],
      changed: [],
    });

    expect((await api.get('/api/v2/templates/999999999', admin)).statusCode).toBe(404);
    expect((await api.put('/api/v2/templates/999999999', admin, template())).statusCode).toBe(404);
    expect((await api.get('/api/v2/templates/999999999/audit', admin)).statusCode).toBe(404);
  });

  it('lists with accent-insensitive search, channel type and campaign filters, paging and sorting', async () => {
    const tag = `Lista ${stamp}`;
    const names = [`${tag} A Árbol`, `${tag} B bálsamo`, `${tag} C Cédula`];
    await create({ name: names[0], channelType: 'email' });
    await create({ name: names[1], allCampaigns: false, campaignIds: [other.campaignId] });
    await create({ name: names[2], channelType: 'email', allCampaigns: false, campaignIds: [desk.campaignId] });
    const list = async (query: string) => {
      const response = await api.get(`/api/v2/templates?${query}`, admin);
      expect(response.statusCode).toBe(200);
      return response.json().result as { data: { name: string }[]; total: number; totalCapped: boolean };
    };
    const search = `searchText=${encodeURIComponent(`lista ${stamp}`)}`;

    const all = await list(`${search}&sizePerPage=50`);
    expect(all.data.map((row) => row.name)).toEqual(names);
    expect(all).toMatchObject({ total: 3, totalCapped: false });
    const found = async (text: string) =>
      (await list(`searchText=${encodeURIComponent(`${stamp} ${text}`)}`)).data.map((row) => row.name);
    expect(await found('A ARBOL')).toEqual([names[0]]);
    expect(await found('c cédula')).toEqual([names[2]]);
    expect(await found('b BALSAMO')).toEqual([names[1]]);
    expect((await list(`${search}&channelType=email`)).data.map((row) => row.name)).toEqual([names[0], names[2]]);
    // Available to a campaign: to every campaign or to that one.
    expect((await list(`${search}&campaignId=${other.campaignId}`)).data.map((row) => row.name)).toEqual([
      names[0],
      names[1],
    ]);
    expect((await list(`${search}&campaignId=${desk.campaignId}`)).data.map((row) => row.name)).toEqual([
      names[0],
      names[2],
    ]);
    const page = await list(`${search}&sizePerPage=1&page=2&sortName=name&sortOrder=desc`);
    expect(page).toMatchObject({ total: 3, page: 2, sizePerPage: 1 });
    expect(page.data.map((row) => row.name)).toEqual([names[1]]);

    const badSort = await api.get('/api/v2/templates?sortName=body', admin);
    expect(badSort.statusCode).toBe(400);
    const badType = await api.get('/api/v2/templates?channelType=pigeon', admin);
    expect(badType.statusCode).toBe(400);
  });

  it('refuses invalid templates with translated field errors, in Spanish and English, and saves nothing', async () => {
    const unknown = await create({ body: 'Hola {{cliente.edad}}' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().result.fields).toContainEqual({
      field: 'body',
      message: 'La plantilla usa una variable que no existe',
    });
    const english = await create({ body: 'Hi {{ cliente.edad }}' }, admin, 'en');
    expect(english.statusCode).toBe(422);
    expect(english.json().message).toBe('The data sent is not valid');
    expect(english.json().result.fields).toContainEqual({
      field: 'body',
      message: 'The template uses a variable that does not exist',
    });

    const noCampaigns = await create({ allCampaigns: false, campaignIds: [] }, admin, 'en');
    expect(noCampaigns.statusCode).toBe(422);
    expect(noCampaigns.json().result.fields).toContainEqual({
      field: 'campaignIds',
      message: 'Choose at least one campaign or make it available to all',
    });

    const missing = await create({ allCampaigns: false, campaignIds: [desk.campaignId, 999999999] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().result.fields).toEqual([{ field: 'campaignIds', message: 'Una o más campañas no existen' }]);
    const missingEn = await create({ allCampaigns: false, campaignIds: [999999999] }, admin, 'en');
    expect(missingEn.json().result.fields).toEqual([
      { field: 'campaignIds', message: 'One or more campaigns do not exist' },
    ]);

    const blank = await create({ name: ' ', body: '', channelType: 'pigeon' }, admin, 'en');
    expect(blank.statusCode).toBe(422);
    const fields = blank.json().result.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'body', 'channelType']));

    const found = (await api.get(`/api/v2/templates?searchText=${encodeURIComponent(`saludo ${stamp}`)}`, admin)).json()
      .result;
    expect(found.total).toBe(0);
  });

  it('needs the module permissions', async () => {
    expect((await create({}, agent)).statusCode).toBe(403);
    expect((await api.get('/api/v2/templates', agent)).statusCode).toBe(403);
    const created = (await create({ name: `Permisos ${stamp}` })).json().result;
    expect((await api.get(`/api/v2/templates/${created.id}`, agent)).statusCode).toBe(403);
    expect((await api.put(`/api/v2/templates/${created.id}`, agent, template())).statusCode).toBe(403);
    expect((await api.get(`/api/v2/templates/${created.id}/audit`, agent)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/templates' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('offers a ticket the enabled templates of its campaign and channel type, filled for its customer', async () => {
    const tag = `Ofrecida ${stamp}`;
    const every = `{{cliente.nombre}}|{{cliente.apellido}}|{{cliente.nombre_completo}}|{{cliente.documento}}|{{cliente.correo}}|{{cliente.telefono}}|{{agente.nombre}}|{{caso.numero}}|{{campana.nombre}}|{{empresa.nombre}}`;
    const ids: Record<string, number> = {};
    const make = async (key: string, overrides: Record<string, unknown>) => {
      const response = await create({ name: `${tag} ${key}`, ...overrides });
      expect(response.statusCode).toBe(201);
      ids[key] = response.json().result.id;
    };
    await make('a-todas', { body: every });
    await make('b-desk-webchat', {
      channelType: 'webchat',
      allCampaigns: false,
      campaignIds: [desk.campaignId],
      body: 'Caso {{caso.numero}}',
    });
    await make('c-otra', { allCampaigns: false, campaignIds: [other.campaignId], body: 'Otra campaña' });
    await make('d-email', { channelType: 'email', body: 'Correo' });
    await make('e-deshabilitada', { enabled: false, body: 'Nunca' });
    await make('f-presencial', { channelType: 'inPerson', body: 'En persona' });

    const inbound = await api.post(`/api/v2/channels/${desk.channelId}/inbound`, admin, {
      providerMessageId: `tpl-${stamp}`,
      from: `visitante-${stamp}`,
      senderName: 'Ana María Pérez',
      text: 'Hola, necesito ayuda',
    });
    expect(inbound.statusCode).toBe(201);
    const ticketId = inbound.json().result.ticketId as number;
    const ticket = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    // The customer's first e-mail and phone (contact type codes 4 and 2).
    const types = await cataloguesRepo.idsByCode(t.ctx.db, 'tipo-dato-contacto');
    await customersRepo.replaceContacts(t.ctx.db, ticket.customer.id, [
      { typeId: types.get('4') as number, value: 'ana@example.com', normalizedValue: 'ana@example.com' },
      { typeId: types.get('2') as number, value: '300 123 4567', normalizedValue: '3001234567' },
      { typeId: types.get('4') as number, value: 'otra@example.com', normalizedValue: 'otra@example.com' },
    ]);
    const [agentRow] = await t.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, agent.id));
    const businessName = (await businessRepo.get(t.ctx.db))?.name ?? '';

    const offered = await api.get(`/api/v2/tickets/${ticketId}/templates`, agent);
    expect(offered.statusCode).toBe(200);
    const mine = (offered.json().result as { id: number; name: string; filled: string }[]).filter((row) =>
      row.name.startsWith(tag),
    );
    expect(mine.map((row) => row.id)).toEqual([ids['a-todas'], ids['b-desk-webchat']]);
    expect(mine[0].filled).toBe(
      [
        'Ana',
        'María Pérez',
        'Ana María Pérez',
        ticket.customer.identificationNumber,
        'ana@example.com',
        '300 123 4567',
        agentRow.name,
        String(ticket.number),
        ticket.campaign.name,
        businessName,
      ].join('|'),
    );
    expect(mine[1]).toMatchObject({ filled: `Caso ${ticket.number}`, body: 'Caso {{caso.numero}}' });

    // Someone who sees every ticket gets the same list, filled with their own name.
    const byAdmin = (await api.get(`/api/v2/tickets/${ticketId}/templates`, admin)).json().result as {
      name: string;
    }[];
    expect(byAdmin.filter((row) => row.name.startsWith(tag))).toHaveLength(2);

    // A ticket of another campaign is not visible to this agent: 404, as every ticket route.
    expect((await api.get(`/api/v2/tickets/${ticketId}/templates`, outsider)).statusCode).toBe(404);
    expect((await api.get('/api/v2/tickets/999999999/templates', admin)).statusCode).toBe(404);

    // The other campaign's in-person ticket gets its own campaign's and channel type's templates.
    const elsewhere = await api.post(`/api/v2/channels/${other.channelId}/inbound`, admin, {
      providerMessageId: `tpl-other-${stamp}`,
      from: `presencial-${stamp}`,
      text: 'Buenos días',
    });
    const otherTicket = elsewhere.json().result.ticketId as number;
    const theirs = (await api.get(`/api/v2/tickets/${otherTicket}/templates`, outsider)).json().result as {
      id: number;
      name: string;
    }[];
    expect(theirs.filter((row) => row.name.startsWith(tag)).map((row) => row.id)).toEqual([
      ids['a-todas'],
      ids['c-otra'],
      ids['f-presencial'],
    ]);
    expect((await api.get(`/api/v2/tickets/${otherTicket}/templates`, agent)).statusCode).toBe(404);
  });
});
