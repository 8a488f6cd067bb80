import { DEFAULT_ROLE_PERMISSIONS } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, signedInWith, waitFor } from '../../test/desk.js';

// Customers are scoped like tickets (docs/permissions.md, "Customers"): these tests build two campaigns and one that
// allows all tickets, customers related to each in every way the rule knows, and check every way of reaching them.

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agentA: Actor;
let colleagueA: Actor;
let agentB: Actor;
let supervisorA: Actor;
let agentC: Actor;
let everyCustomer: Actor;
let superUser: Actor;
let campaignA: number;
let campaignB: number;
let campaignC: number;
let labelId: number;
let cc: number;
let email: number;
/** In every test customer's name: the lists below search by it, so other tests' customers do not interfere. */
const marker = `zq${Date.now().toString(36)}`;
const customer: Record<string, number> = {};

// The agent's defaults plus what the header search, the export and the import need (agents lack them by default).
const AGENT_PLUS = [...DEFAULT_ROLE_PERMISSIONS.agent, 'busqueda-avanzada', 'exportar-clientes', 'importar-clientes'];

async function entity(model: string, code: string) {
  const list = (await api.get(`/api/v2/entities/${model}?sizePerPage=100`, admin)).json().result.data;
  return list.find((entry: { code: string }) => entry.code === code).id as number;
}

async function campaign(options: { agents: Actor[]; supervisors?: Actor[]; allowAllTickets?: boolean }) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const channel = (
    await api.post('/api/v2/channels', admin, { name: `Canal ${stamp}`, type: 'webchat', direction: 'inbound' })
  ).json().result.id;
  const created = await api.post('/api/v2/campaigns', admin, {
    name: `Campaña ${stamp}`,
    type: 'inbound',
    channelIds: [channel],
    agents: options.agents.map((agent) => ({ userId: agent.id, channelIds: [channel] })),
    supervisorIds: (options.supervisors ?? []).map((supervisor) => supervisor.id),
    config: { ticketCombination: 'none', allowAllTickets: options.allowAllTickets ?? false },
  });
  expect(created.statusCode).toBe(201);
  return created.json().result.id as number;
}

let sequence = 0;
async function newCustomer(name: string, as: Actor = admin, extra: object = {}) {
  sequence += 1;
  const response = await api.post('/api/v2/customers', as, {
    identificationTypeId: cc,
    identificationNumber: `${Date.now()}${sequence}`.slice(-12),
    firstName: name,
    lastName: marker,
    labelIds: [labelId],
    contacts: [{ typeId: email, value: `${name.toLowerCase()}.${marker}@example.com` }],
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  customer[name] = response.json().result.id;
  return customer[name];
}

async function ticketFor(customerId: number, campaignId: number, assignee: Actor) {
  const response = await api.post('/api/v2/tickets', admin, {
    campaignId,
    customerId,
    description: 'Consulta',
    priority: 1,
    assignedUserId: assignee.id,
  });
  expect(response.statusCode).toBe(201);
}

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const named = (...names: string[]) => names.map((name) => customer[name]).sort((a, b) => a - b);

async function listed(actor: Actor, query = `searchText=${marker}`) {
  const response = await api.get(`/api/v2/customers?${query}&sizePerPage=100`, actor);
  expect(response.statusCode).toBe(200);
  return response.json().result as { data: { id: number }[]; total: number };
}

async function kanbanIds(actor: Actor) {
  const response = await api.get(`/api/v2/customers/kanban?searchText=${marker}&perColumn=100`, actor);
  expect(response.statusCode).toBe(200);
  const columns = response.json().result as { label: { id: number }; total: number; customers: { id: number }[] }[];
  const column = columns.find((entry) => entry.label.id === labelId);
  expect(column?.total).toBe(column?.customers.length);
  return idsOf(column?.customers ?? []);
}

async function exportedIds(actor: Actor) {
  const response = await api.get(`/api/v2/customers/export?searchText=${marker}`, actor);
  expect(response.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const ids: number[] = [];
  book.worksheets[0].eachRow((row, index) => {
    if (index > 1) ids.push(Number(row.getCell(1).value));
  });
  return ids.sort((a, b) => a - b);
}

/** Uploads a CSV as the actor, maps its columns and waits for the import job to finish. */
async function importAs(actor: Actor, csv: string, campaignId?: number) {
  const file = multipartFile(Buffer.from(csv), 'clientes.csv', 'text/csv');
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/v2/customers/imports',
    payload: file.payload,
    headers: { ...actor.headers, ...file.headers },
  });
  expect(uploaded.statusCode).toBe(201);
  const id = uploaded.json().result.id;
  const mapping = {
    identificationType: 'Tipo',
    identificationNumber: 'Documento',
    firstName: 'Nombres',
    lastName: 'Apellidos',
    email: 'Correo',
  };
  expect((await api.post(`/api/v2/customers/imports/${id}/start`, actor, { mapping, campaignId })).statusCode).toBe(
    202,
  );
  return waitFor(async () => {
    const status = (await api.get(`/api/v2/customers/imports/${id}`, actor)).json().result;
    return status.status === 'done' || status.status === 'failed' ? status : null;
  }, 'the import to finish');
}

async function searchedIds(actor: Actor) {
  const response = await api.get(`/api/v2/infogeneral?searchText=${marker}`, actor);
  expect(response.statusCode).toBe(200);
  return idsOf(response.json().result.clientes);
}

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = await signedIn(t, 'admin');
  superUser = await signedIn(t, 'super');
  agentA = await signedInWith(t, admin, AGENT_PLUS);
  colleagueA = await signedInWith(t, admin, AGENT_PLUS);
  agentB = await signedInWith(t, admin, AGENT_PLUS);
  supervisorA = await signedInWith(t, admin, AGENT_PLUS);
  agentC = await signedInWith(t, admin, AGENT_PLUS);
  everyCustomer = await signedInWith(t, admin, [...AGENT_PLUS, 'ver-todos-clientes']);
  campaignA = await campaign({ agents: [agentA, colleagueA], supervisors: [supervisorA] });
  campaignB = await campaign({ agents: [agentB] });
  campaignC = await campaign({ agents: [agentC, colleagueA], allowAllTickets: true });
  cc = await entity('tipo-documento', 'CC');
  email = await entity('tipo-dato-contacto', '4');
  const labels = (await api.get('/api/v2/entities/customer-label?sizePerPage=100&enabled=true', admin)).json().result
    .data as { id: number; kanban: boolean }[];
  labelId = (labels.find((label) => label.kanban) as { id: number }).id;

  // A: a ticket assigned to agent A; A2: one assigned to their colleague; B: a ticket in campaign B.
  await ticketFor(await newCustomer('Ana'), campaignA, agentA);
  await ticketFor(await newCustomer('Alba'), campaignA, colleagueA);
  await ticketFor(await newCustomer('Bruno'), campaignB, agentB);
  // C: a colleague's ticket in the campaign that allows all tickets.
  await ticketFor(await newCustomer('Carla'), campaignC, colleagueA);
  // No tickets: one owned by agent A, one created by agent A, and one nobody's.
  await newCustomer('Olga', admin, { ownerUserId: agentA.id });
  await newCustomer('Ciro', agentA);
  await newCustomer('Nadie');
});
afterAll(async () => {
  await t?.close();
});

describe('customer scope', () => {
  it('an agent sees the customers of their own tickets, owned and created ones, in the list, search, global search, kanban and export alike', async () => {
    const expected = named('Ana', 'Olga', 'Ciro');
    const page = await listed(agentA);
    expect(idsOf(page.data)).toEqual(expected);
    expect(page.total).toBe(expected.length);
    expect(await kanbanIds(agentA)).toEqual(expected);
    expect(await exportedIds(agentA)).toEqual(expected);
    expect(await searchedIds(agentA)).toEqual(expected);
    // The picker of the ticket form is the list: B's customer is not found by its exact name either.
    expect((await listed(agentA, `searchText=bruno%20${marker}`)).data).toEqual([]);
    expect(idsOf((await listed(agentB, `searchText=bruno%20${marker}`)).data)).toEqual(named('Bruno'));
  });

  it('a colleague’s ticket counts only where the campaign allows all tickets, as for tickets', async () => {
    expect(idsOf((await listed(agentC)).data)).toEqual(named('Carla'));
    // The colleague sees both of their own tickets' customers.
    expect(idsOf((await listed(colleagueA)).data)).toEqual(named('Alba', 'Carla'));
  });

  it('a campaign supervisor sees every customer of the campaign’s tickets, and agrees across list, kanban and export', async () => {
    const expected = named('Ana', 'Alba');
    expect(idsOf((await listed(supervisorA)).data)).toEqual(expected);
    expect(await kanbanIds(supervisorA)).toEqual(expected);
    expect(await exportedIds(supervisorA)).toEqual(expected);
    expect(await searchedIds(supervisorA)).toEqual(expected);
    expect((await api.get(`/api/v2/customers/${customer.Bruno}`, supervisorA)).statusCode).toBe(404);
  });

  it('ver-todos-clientes, and ver-todos-casos, open every customer', async () => {
    const everyone = named('Ana', 'Alba', 'Bruno', 'Carla', 'Olga', 'Ciro', 'Nadie');
    for (const actor of [everyCustomer, superUser]) {
      expect(idsOf((await listed(actor)).data)).toEqual(everyone);
      expect(await kanbanIds(actor)).toEqual(everyone);
      expect(await exportedIds(actor)).toEqual(everyone);
      expect((await api.get(`/api/v2/customers/${customer.Bruno}`, actor)).statusCode).toBe(200);
    }
  });

  it('another campaign’s customer is not found by id: detail, edit, label move, owner, dashboard, ticket', async () => {
    const bruno = customer.Bruno;
    expect((await api.get(`/api/v2/customers/${bruno}`, agentA)).statusCode).toBe(404);
    const edit = await api.put(`/api/v2/customers/${bruno}`, agentA, {
      identificationTypeId: cc,
      identificationNumber: `${Date.now()}`.slice(-10),
      firstName: 'Cambiado',
      lastName: marker,
    });
    expect(edit.statusCode).toBe(404);
    const move = await api.post(`/api/v2/customers/${bruno}/move-label`, agentA, { toLabelId: labelId });
    expect(move.statusCode).toBe(404);
    expect((await api.get(`/api/v2/customers/${bruno}/dashboard`, agentA)).statusCode).toBe(404);
    // Bulk assignment: one customer out of scope refuses the whole request and names it; nothing changes.
    const assign = await api.post('/api/v2/customers/assign', agentA, {
      customerIds: [customer.Ana, bruno],
      ownerUserId: agentA.id,
    });
    expect(assign.statusCode).toBe(422);
    expect(assign.json().result.fields).toEqual([{ field: 'customerIds.1', message: 'El cliente no existe' }]);
    expect((await api.get(`/api/v2/customers/${customer.Ana}`, admin)).json().result.owner).toBeNull();
    expect((await api.get(`/api/v2/customers/${bruno}`, admin)).json().result.firstName).toBe('Bruno');
    // A ticket cannot be opened for a customer the agent cannot see.
    const ticket = await api.post('/api/v2/tickets', agentA, {
      campaignId: campaignA,
      customerId: bruno,
      description: 'x',
    });
    expect(ticket.statusCode).toBe(422);
    expect(ticket.json().result.fields[0].field).toBe('customerId');
  });

  it('assigning owners works on customers in scope and records who owned them before', async () => {
    const assigned = await api.post('/api/v2/customers/assign', agentA, {
      customerIds: [customer.Olga],
      ownerUserId: colleagueA.id,
    });
    expect(assigned.json().result).toEqual({ updated: 1 });
    const audit = (await api.get(`/api/v2/customers/${customer.Olga}/audit`, admin)).json().result;
    expect(audit[0]).toMatchObject({
      action: 'owner-assigned',
      changes: {
        owner: {
          from: { id: agentA.id, name: expect.any(String) },
          to: { id: colleagueA.id, name: expect.any(String) },
        },
      },
    });
    // The new owner sees it now; agent A no longer does (neither owner, creator, nor related by a ticket).
    expect(idsOf((await listed(colleagueA)).data)).toContain(customer.Olga);
    expect((await api.get(`/api/v2/customers/${customer.Olga}`, agentA)).statusCode).toBe(404);
  });

  it('related customers out of scope are hidden from the agent and kept when the agent saves', async () => {
    const ana = customer.Ana;
    const linked = await api.get(`/api/v2/customers/${ana}`, admin);
    const body = (view: {
      identificationType: { id: number };
      identificationNumber: string;
      firstName: string;
      lastName: string;
      labels: { id: number }[];
      related: { id: number }[];
    }) => ({
      identificationTypeId: view.identificationType.id,
      identificationNumber: view.identificationNumber,
      firstName: view.firstName,
      lastName: view.lastName,
      labelIds: view.labels.map((label) => label.id),
      contacts: [{ typeId: email, value: `ana.${marker}@example.com` }],
      relatedCustomerIds: view.related.map((related) => related.id),
    });
    const related = await api.put(`/api/v2/customers/${ana}`, admin, {
      ...body(linked.json().result),
      relatedCustomerIds: [customer.Bruno, customer.Ciro],
    });
    expect(related.statusCode).toBe(200);
    const seen = (await api.get(`/api/v2/customers/${ana}`, agentA)).json().result;
    expect(idsOf(seen.related)).toEqual(named('Ciro'));
    // Linking a customer the agent cannot see is refused like an unknown one.
    const refused = await api.put(`/api/v2/customers/${ana}`, agentA, {
      ...body(seen),
      relatedCustomerIds: [customer.Bruno],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().result.fields[0].field).toBe('relatedCustomerIds');
    // Saving what the agent sees (dropping Ciro) keeps the relation to Bruno.
    expect(
      (await api.put(`/api/v2/customers/${ana}`, agentA, { ...body(seen), relatedCustomerIds: [] })).statusCode,
    ).toBe(200);
    expect(idsOf((await api.get(`/api/v2/customers/${ana}`, admin)).json().result.related)).toEqual(named('Bruno'));
  });

  it('a campaign’s accounts (imported into it) are seen by all its agents, allow-all or not, and no one else', async () => {
    const csv = [
      'Tipo;Documento;Nombres;Apellidos;Correo',
      `CC;${`${Date.now()}`.slice(-9)};Cuenta;${marker};c.${marker}@example.com`,
    ];
    const done = await importAs(admin, csv.join('\n'), campaignA);
    expect(done).toMatchObject({ status: 'done', created: 1 });
    const [account] = (await listed(admin, `searchText=cuenta%20${marker}`)).data;
    customer.Cuenta = account.id;
    expect(idsOf((await listed(agentA)).data)).toContain(account.id);
    expect(idsOf((await listed(supervisorA)).data)).toContain(account.id);
    expect(idsOf((await listed(agentB)).data)).not.toContain(account.id);
    expect(idsOf((await listed(agentC)).data)).not.toContain(account.id);
  });

  it('an import creates customers its importer sees and refuses to overwrite ones outside their scope', async () => {
    const number = `${Date.now()}`.slice(-9);
    const bruno = (await api.get(`/api/v2/customers/${customer.Bruno}`, admin)).json().result;
    const ciro = (await api.get(`/api/v2/customers/${customer.Ciro}`, admin)).json().result;
    const csv = [
      'Tipo;Documento;Nombres;Apellidos;Correo',
      `CC;${number};Ivana;${marker};ivana.${marker}@example.com`,
      `CC;${bruno.identificationNumber};Pirata;${marker};pirata.${marker}@example.com`,
      `CC;${ciro.identificationNumber};Ciro Renombrado;${marker};ciro.${marker}@example.com`,
    ].join('\n');
    const finished = await importAs(agentA, csv);
    expect(finished).toMatchObject({ status: 'done', processed: 3, created: 1, updated: 1, failed: 1 });
    expect((await api.get(`/api/v2/customers/${customer.Bruno}`, admin)).json().result.firstName).toBe('Bruno');
    expect((await api.get(`/api/v2/customers/${customer.Ciro}`, admin)).json().result.firstName).toBe(
      'Ciro Renombrado',
    );
    // The importer created Ivana, so sees her.
    expect((await listed(agentA, `searchText=ivana%20${marker}`)).total).toBe(1);
    const report = await api.get(`/api/v2/customers/imports/${finished.id}/errors`, agentA);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0].eachRow((row, index) => {
      if (index > 1) rows.push([String(row.getCell(1).value), String(row.getCell(2).value)]);
    });
    expect(rows).toEqual([['3', 'Ya existe un cliente con ese documento y no está entre los suyos; no se modificó']]);
  });

  it('a customer an agent creates stays theirs whoever owns it; giving an owned one away answers with what was saved', async () => {
    const dario = await newCustomer('Dario', agentA, { ownerUserId: colleagueA.id });
    expect((await api.get(`/api/v2/customers/${dario}`, agentA)).statusCode).toBe(200);
    const elsa = await newCustomer('Elsa', admin, { ownerUserId: agentA.id });
    const given = await api.put(`/api/v2/customers/${elsa}`, agentA, {
      identificationTypeId: cc,
      identificationNumber: (await api.get(`/api/v2/customers/${elsa}`, agentA)).json().result.identificationNumber,
      firstName: 'Elsa',
      lastName: marker,
      ownerUserId: colleagueA.id,
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().result.owner).toMatchObject({ id: colleagueA.id });
    expect((await api.get(`/api/v2/customers/${elsa}`, agentA)).statusCode).toBe(404);
  });

  it('a supervisor related to more customers than an id list holds gets the same answers from the row condition', async () => {
    // 50,100 customers with a ticket in a new campaign and 60 without, written straight to the database under a
    // label of their own; one in 500 of each is owned by agent A's colleague, for an export of reasonable size.
    const bigSupervisor = await signedInWith(t, admin, AGENT_PLUS);
    const bigCampaign = await campaign({ agents: [], supervisors: [bigSupervisor] });
    const label = (
      await api.post('/api/v2/entities/customer-label', admin, {
        name: `Masivo ${marker}`,
        kanban: true,
        sortOrder: 99,
      })
    ).json().result.id as number;
    for (const [name, count, offset] of [
      ['Masivo', 50_100, 0],
      ['Suelto', 60, 50_100],
    ] as const) {
      await t.ctx.db.execute(sql`
        insert into customers (identification_type_id, identification_number, first_name, last_name, owner_user_id,
          created_at)
        select ${cc}, ${marker} || (g + ${offset}), ${name}, ${marker},
          case when g % 500 = 0 or g % 6 = 0 and ${name} = 'Suelto' then ${colleagueA.id}::bigint end,
          now() - make_interval(secs => g + ${offset})
        from generate_series(1, ${count}) g`);
    }
    const ours = sql`last_name = ${marker} and first_name in ('Masivo', 'Suelto')`;
    await t.ctx.db.execute(sql`insert into customer_labels (customer_id, label_id) select id, ${label} from customers
      where ${ours}`);
    await t.ctx.db.execute(sql`
      insert into tickets (campaign_id, customer_id, priority, status, description, search_text)
      select ${bigCampaign}, id, 1, 0, 'Consulta', 'consulta' from customers where ${ours} and first_name = 'Masivo'`);
    // Statistics for every table the bulk load wrote: autovacuum may have analysed tickets while it held a few
    // dozen rows (seen: 23 estimated for 50,157), and the plan chosen on such statistics varies with its timing
    // (a run took minutes in one SELECT instead of seconds).
    await t.ctx.db.execute(sql`analyze customers, customer_labels, tickets`);
    const ticketed = async (extra = sql`true`) =>
      (
        await t.ctx.db.execute<{ id: string }>(sql`select id from customers where ${ours} and first_name = 'Masivo'
          and ${extra} order by created_at desc, id desc`)
      ).rows.map((row) => Number(row.id));
    const newest = (await ticketed()).slice(0, 100);

    const page = await api.get(
      `/api/v2/customers?labelId=${label}&sortName=createdAt&sortOrder=desc&sizePerPage=100`,
      bigSupervisor,
    );
    expect(page.json().result).toMatchObject({ total: 10_000, totalCapped: true });
    expect(page.json().result.data.map((row: { id: number }) => row.id)).toEqual(newest);
    const kanban = (await api.get('/api/v2/customers/kanban?perColumn=10', bigSupervisor)).json().result as {
      label: { id: number };
      total: number;
      customers: { id: number }[];
    }[];
    const column = kanban.find((entry) => entry.label.id === label);
    expect(column?.total).toBe(10_000);
    expect(column?.customers.map((row) => row.id)).toEqual(newest.slice(0, 10));
    // The colleague owns 100 of those with tickets and 10 without: the export has the 100.
    const owned = await ticketed(sql`owner_user_id = ${colleagueA.id}`);
    expect(owned).toHaveLength(100);
    const exported = await api.get(
      `/api/v2/customers/export?labelId=${label}&ownerUserId=${colleagueA.id}`,
      bigSupervisor,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ids: number[] = [];
    book.worksheets[0].eachRow((row, index) => {
      if (index > 1) ids.push(Number(row.getCell(1).value));
    });
    expect(ids.sort((a, b) => a - b)).toEqual(owned.sort((a, b) => a - b));
    expect((await listed(agentA, `labelId=${label}`)).total).toBe(0);
  }, 180_000);
});
