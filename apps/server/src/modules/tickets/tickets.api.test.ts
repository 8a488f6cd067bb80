import ExcelJS from 'exceljs';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ONE_PIXEL_PNG, postFile, signedIn, type TestApp } from '../../test/app.js';
import { signedInWith } from '../../test/desk.js';

type Actor = Awaited<ReturnType<typeof signedIn>>;
let t: TestApp;
let admin: Actor;
let agentA: Actor;
let agentB: Actor;
let outsider: Actor;
let campaignId: number;
let relaxedCampaignId: number;
let customerId: number;
let bareCustomerId: number;

const post = (url: string, actor: Actor, payload?: object, locale = 'es') =>
  t.app.inject({ method: 'POST', url, headers: { ...actor.headers, 'x-locale': locale }, payload: payload ?? {} });
const get = (url: string, actor: Actor) => t.app.inject({ method: 'GET', url, headers: actor.headers });

async function entity(model: string, code: string) {
  const list = (await get(`/api/v2/entities/${model}?sizePerPage=100`, admin)).json().result.data;
  return list.find((entry: { code: string }) => entry.code === code).id as number;
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  admin = await signedIn(t, 'admin');
  agentA = await signedIn(t, 'agent');
  agentB = await signedIn(t, 'agent');
  outsider = await signedIn(t, 'agent');
  const channel = (
    await post('/api/v2/channels', admin, { name: `Chat ${Date.now()}`, type: 'webchat', direction: 'inbound' })
  ).json().result.id;
  const form = (
    await post('/api/v2/dynamic-forms', admin, {
      name: `Gestión ${Date.now()}`,
      requireNotes: true,
      fields: [
        {
          key: 'resultado',
          label: 'Resultado',
          type: 'radio',
          required: true,
          options: [{ label: 'Resuelto' }, { label: 'Pendiente' }],
        },
      ],
    })
  ).json().result.id;
  const campaign = (overrides: object) =>
    post('/api/v2/campaigns', admin, {
      name: `Campaña ${Date.now()} ${Math.random()}`,
      type: 'inbound',
      formId: form,
      channelIds: [channel],
      agents: [
        { userId: agentA.id, channelIds: [channel] },
        { userId: agentB.id, channelIds: [channel] },
      ],
      config: { ticketCombination: 'none', agentTransfer: true, campaignTransfer: true },
      ...overrides,
    });
  campaignId = (await campaign({})).json().result.id;
  relaxedCampaignId = (
    await campaign({
      formId: null,
      config: { ticketCombination: 'none', closeWithoutTask: true, closeWithoutCustomerInfo: true },
    })
  ).json().result.id;
  // The outsider works in another campaign of its own.
  await campaign({ agents: [{ userId: outsider.id, channelIds: [channel] }] });
  const cc = await entity('tipo-documento', 'CC');
  const email = await entity('tipo-dato-contacto', '4');
  // Customers are scoped too: agent A creates them (and keeps seeing them), agent B owns them.
  const customer = (contacts: object[]) =>
    post('/api/v2/customers', agentA, {
      identificationTypeId: cc,
      identificationNumber: `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-12),
      firstName: 'Lucía',
      lastName: 'Ramírez',
      contacts,
      ownerUserId: agentB.id,
    });
  customerId = (await customer([{ typeId: email, value: 'lucia@example.com' }])).json().result.id;
  bareCustomerId = (await customer([])).json().result.id;
});
afterAll(async () => {
  await t?.close();
});

async function newTicket(actor = agentA, overrides: object = {}) {
  const response = await post('/api/v2/tickets', actor, {
    campaignId,
    customerId,
    description: 'No llega mi pedido',
    priority: 2,
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json().result as { id: number; number: number; status: number };
}

const goodTask = { values: { resultado: 'Resuelto' }, notes: 'Se llamó al cliente' };

describe('ticket lifecycle', () => {
  it('is created new and assigned to its creator; the first task by the assignee opens it', async () => {
    const ticket = await newTicket();
    expect(ticket).toMatchObject({ status: 0, priority: 2, assigned: { id: agentA.id }, campaign: { id: campaignId } });
    const worked = await post(`/api/v2/tickets/${ticket.id}/tasks`, agentA, goodTask);
    expect(worked.statusCode).toBe(201);
    expect(worked.json().result).toMatchObject({ status: 1, firstResponseAt: expect.any(String) });
    expect(worked.json().result.tasks[0]).toMatchObject({
      values: { resultado: 'Resuelto' },
      notes: 'Se llamó al cliente',
    });
  });

  it('validates a task against the campaign form and its required notes, in both languages', async () => {
    const ticket = await newTicket();
    const es = await post(`/api/v2/tickets/${ticket.id}/tasks`, agentA, { values: { resultado: 'Otro' } });
    expect(es.statusCode).toBe(422);
    expect(es.json().result.fields).toEqual([
      { field: 'values.resultado', message: 'Elija una de las opciones' },
      { field: 'notes', message: 'El formulario de la campaña exige observaciones' },
    ]);
    const en = await post(`/api/v2/tickets/${ticket.id}/tasks`, agentA, { values: {} }, 'en');
    expect(en.json().result.fields[0]).toEqual({ field: 'values.resultado', message: 'This field is required' });
    expect((await get(`/api/v2/tickets/${ticket.id}`, agentA)).json().result.tasks).toHaveLength(0);
  });

  it('follows the state machine: valid transitions pass, invalid ones answer 409', async () => {
    const ticket = await newTicket();
    expect((await post(`/api/v2/tickets/${ticket.id}/open`, agentA)).json().result.status).toBe(1);
    expect((await post(`/api/v2/tickets/${ticket.id}/open`, agentA)).statusCode).toBe(409);
    expect((await post(`/api/v2/tickets/${ticket.id}/escalate`, agentA)).json().result.status).toBe(2);
    expect((await post(`/api/v2/caso/${ticket.id}/aceptar`, agentA)).statusCode).toBe(409);
    await post(`/api/v2/tickets/${ticket.id}/tasks`, agentA, goodTask);
    expect((await post(`/api/v2/tickets/${ticket.id}/close`, agentA)).json().result.status).toBe(4);
    const reopen = await post(`/api/v2/tickets/${ticket.id}/open`, agentA, {}, 'en');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({
      code: 'TICKET.INVALID_TRANSITION',
      message: 'The ticket cannot move to that status from its current status',
    });
    expect((await post(`/api/v2/tickets/${ticket.id}/close`, agentA)).statusCode).toBe(409);
    expect((await post(`/api/v2/tickets/${ticket.id}/tasks`, agentA, goodTask)).statusCode).toBe(409);
  });

  it('refuses to close without a task or with incomplete customer data, unless the campaign allows it', async () => {
    const ticket = await newTicket();
    const noTask = await post(`/api/v2/tickets/${ticket.id}/close`, agentA);
    expect(noTask.statusCode).toBe(409);
    expect(noTask.json().code).toBe('TICKET.CLOSE_NEEDS_TASK');
    const bare = await newTicket(agentA, { customerId: bareCustomerId });
    await post(`/api/v2/tickets/${bare.id}/tasks`, agentA, goodTask);
    const incomplete = await post(`/api/v2/tickets/${bare.id}/close`, agentA);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().message).toMatch(/complete la información del cliente/);
    const relaxed = await newTicket(agentA, { campaignId: relaxedCampaignId, customerId: bareCustomerId });
    expect((await post(`/api/v2/tickets/${relaxed.id}/close`, agentA)).json().result.status).toBe(4);
  });
});

describe('transfer', () => {
  function connect(actor: Actor): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = io(t.url(), { auth: { token: actor.token }, transports: ['websocket'], reconnection: false });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  }

  it('the recipient gets a realtime request and accepts: the ticket opens for them', async () => {
    const ticket = await newTicket();
    const socket = await connect(agentB);
    const request = new Promise<{ caso: { id: number } }>((resolve) => socket.on('new-transfer', resolve));
    const campaignEvent = new Promise<{ tipo: string }>((resolve) =>
      socket.on('CasoActualizadoEvent', (event) => event.tipo === 'transferido' && resolve(event)),
    );
    const transfer = await post(`/api/v2/tickets/${ticket.id}/transfer`, agentA, { toUserId: agentB.id });
    expect(transfer.json().result).toMatchObject({
      status: 3,
      transfer: { toUser: { id: agentB.id }, from: { id: agentA.id } },
    });
    expect((await request).caso.id).toBe(ticket.id);
    expect((await campaignEvent).tipo).toBe('transferido');
    socket.close();
    expect((await post(`/api/v2/caso/${ticket.id}/aceptar`, outsider)).statusCode).toBe(404);
    // The sender's screens leave the ticket once it is accepted.
    const senderSocket = await connect(agentA);
    const exit = new Promise<{ casoId: number }>((resolve) => senderSocket.on('ticket-exit', resolve));
    const accepted = await post(`/api/v2/caso/${ticket.id}/aceptar`, agentB);
    expect(accepted.json().result).toMatchObject({ status: 1, assigned: { id: agentB.id }, transfer: null });
    expect((await exit).casoId).toBe(ticket.id);
    senderSocket.close();
  });

  it('rejecting returns the ticket to the sender in its previous status', async () => {
    const ticket = await newTicket();
    await post(`/api/v2/tickets/${ticket.id}/escalate`, agentA);
    await post(`/api/v2/tickets/${ticket.id}/transfer`, agentA, { toUserId: agentB.id });
    expect((await post(`/api/v2/caso/${ticket.id}/rechazar`, agentB)).statusCode).toBe(200);
    expect((await get(`/api/v2/tickets/${ticket.id}`, agentA)).json().result).toMatchObject({
      status: 2,
      assigned: { id: agentA.id },
    });
  });

  it('offers only members with room, with their status; carries the note to the recipient and keeps it on the ticket', async () => {
    const ticket = await newTicket();
    const candidates = await get(`/api/v2/tickets/${ticket.id}/transfer-candidates`, agentA);
    expect(candidates.statusCode).toBe(200);
    const ids = candidates.json().result.map((candidate: { id: number }) => candidate.id);
    // Not the sender (the assignee), not someone outside the campaign.
    expect(ids).toContain(agentB.id);
    expect(ids).not.toContain(agentA.id);
    expect(ids).not.toContain(outsider.id);
    expect(candidates.json().result.find((candidate: { id: number }) => candidate.id === agentB.id)).toMatchObject({
      role: 'agent',
      estado: expect.stringMatching(/^[DAEGP]$/),
      open: expect.any(Number),
      tasksPerAgent: 5,
    });

    const socket = await connect(agentB);
    const request = new Promise<{ de: { id: number; nombre: string }; nota: string | null }>((resolve) =>
      socket.on('new-transfer', resolve),
    );
    const note = 'Cliente frecuente: pide hablar con alguien de garantías';
    expect(
      (await post(`/api/v2/tickets/${ticket.id}/transfer`, agentA, { toUserId: agentB.id, reason: note })).statusCode,
    ).toBe(200);
    expect(await request).toMatchObject({ de: { id: agentA.id, nombre: expect.any(String) }, nota: note });
    socket.close();
    const notes = (await get(`/api/v2/tickets/${ticket.id}`, agentA)).json().result.notes;
    expect(notes.map((item: { body: string }) => item.body)).toContain(note);

    // Who may not transfer, or not see the ticket, learns nothing.
    expect((await get(`/api/v2/tickets/${ticket.id}/transfer-candidates`, outsider)).statusCode).toBe(404);
    const readOnly = await signedInWith(t, admin, ['ver-caso', 'ver-todos-casos']);
    expect((await get(`/api/v2/tickets/${ticket.id}/transfer-candidates`, readOnly)).statusCode).toBe(403);
  });

  it('refuses an agent at the campaign’s limit of open tickets, and does not offer them', async () => {
    const channel = (
      await post('/api/v2/channels', admin, {
        name: `Chat límite ${Date.now()}`,
        type: 'webchat',
        direction: 'inbound',
      })
    ).json().result.id as number;
    const limited = (
      await post('/api/v2/campaigns', admin, {
        name: `Campaña límite ${Date.now()}`,
        type: 'inbound',
        channelIds: [channel],
        agents: [
          { userId: agentA.id, channelIds: [channel] },
          { userId: agentB.id, channelIds: [channel] },
        ],
        config: { ticketCombination: 'none', agentTransfer: true, tasksPerAgent: 1 },
      })
    ).json().result.id as number;
    // Agent B holds one open ticket there: the limit.
    await newTicket(agentB, { campaignId: limited });
    const ticket = await newTicket(agentA, { campaignId: limited });
    const offered = (await get(`/api/v2/tickets/${ticket.id}/transfer-candidates`, agentA)).json().result;
    expect(offered.map((candidate: { id: number }) => candidate.id)).not.toContain(agentB.id);
    const refused = await post(`/api/v2/tickets/${ticket.id}/transfer`, agentA, { toUserId: agentB.id }, 'en');
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('limit of open tickets');
    expect((await get(`/api/v2/tickets/${ticket.id}`, agentA)).json().result.status).toBe(0);
  });

  it('refuses a recipient outside the campaign', async () => {
    const ticket = await newTicket();
    const response = await post(`/api/v2/tickets/${ticket.id}/transfer`, agentA, { toUserId: outsider.id });
    expect(response.statusCode).toBe(422);
  });
});

describe('merge', () => {
  it('closes the current ticket and moves its tasks and notes to the target; both histories show it', async () => {
    const source = await newTicket();
    const target = await newTicket();
    await post(`/api/v2/tickets/${source.id}/tasks`, agentA, goodTask);
    await post(`/api/v2/tickets/${source.id}/notes`, agentA, { body: 'Nota interna' });
    const unconfirmed = await post(`/api/v2/tickets/${source.id}/merge`, admin, { targetNumber: target.number });
    expect(unconfirmed.statusCode).toBe(422);
    const merged = await post(`/api/v2/tickets/${source.id}/merge`, admin, {
      targetNumber: target.number,
      confirm: true,
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().result).toMatchObject({ status: 4, mergedInto: { id: target.id }, tasks: [], notes: [] });
    const after = (await get(`/api/v2/tickets/${target.id}`, admin)).json().result;
    expect(after.tasks).toHaveLength(1);
    expect(after.notes.map((note: { body: string }) => note.body)).toEqual(['Nota interna']);
    expect(after.related.map((related: { id: number }) => related.id)).toEqual([source.id]);
    const sourceHistory = (await get(`/api/v2/tickets/${source.id}/history`, admin)).json().result;
    const targetHistory = (await get(`/api/v2/tickets/${target.id}/history`, admin)).json().result;
    expect(sourceHistory[0].action).toBe('merged-into');
    expect(targetHistory[0].action).toBe('merged-from');
  });

  it('is atomic: an invalid target changes nothing', async () => {
    const source = await newTicket();
    await post(`/api/v2/tickets/${source.id}/notes`, agentA, { body: 'Queda aquí' });
    const closedTarget = await newTicket(agentA, { campaignId: relaxedCampaignId });
    await post(`/api/v2/tickets/${closedTarget.id}/close`, agentA);
    const response = await post(`/api/v2/tickets/${source.id}/merge`, admin, {
      targetNumber: closedTarget.number,
      confirm: true,
    });
    expect(response.statusCode).toBe(422);
    const unchanged = (await get(`/api/v2/tickets/${source.id}`, admin)).json().result;
    expect(unchanged).toMatchObject({ status: 0, mergedInto: null });
    expect(unchanged.notes).toHaveLength(1);
  });
});

describe('access and lists', () => {
  it('an agent cannot reach a ticket of a campaign they are not in: by id, by number, by search or by mass task', async () => {
    const ticket = await newTicket();
    expect((await get(`/api/v2/tickets/${ticket.id}`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/v2/tickets/by-number/${ticket.number}`, outsider)).statusCode).toBe(404);
    const search = await get(`/api/v2/tickets?searchText=${ticket.number}`, outsider);
    expect(search.json().result.total).toBe(0);
    const mass = await post('/api/v2/tickets/tasks', outsider, { ticketIds: [ticket.id], confirm: true, values: {} });
    expect(mass.statusCode).toBe(403);
    expect((await get(`/api/v2/tickets/${ticket.id}/history`, outsider)).statusCode).toBe(404);
    expect((await post(`/api/v2/tickets/${ticket.id}/close`, outsider)).statusCode).toBe(404);
  });

  it('an agent sees their own tickets, and all of the campaign only when it allows all tickets', async () => {
    const mine = await newTicket(agentA);
    const theirs = await newTicket(agentB);
    const list = (await get(`/api/v2/tickets?campaigns=${campaignId}&sizePerPage=200`, agentA))
      .json()
      .result.data.map((row: { id: number }) => row.id);
    expect(list).toContain(mine.id);
    expect(list).not.toContain(theirs.id);
    const supervisorView = (await get(`/api/v2/tickets?campaigns=${campaignId}&sizePerPage=200`, admin))
      .json()
      .result.data.map((row: { id: number }) => row.id);
    expect(supervisorView).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('lists up to 1,000 tickets on one page (the web list renders only the rows in view); more is 400', async () => {
    for (let batch = 0; batch < 11; batch += 1) {
      await Promise.all(Array.from({ length: 20 }, () => newTicket(agentA, { campaignId: relaxedCampaignId })));
    }
    const page = (await get(`/api/v2/tickets?campaigns=${relaxedCampaignId}&sizePerPage=1000`, admin)).json().result;
    expect(page.total).toBeGreaterThan(200);
    expect(page.data).toHaveLength(page.total);
    const tooMany = await get(`/api/v2/tickets?campaigns=${relaxedCampaignId}&sizePerPage=1001`, admin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().result.fields[0].field).toBe('sizePerPage');
  });

  it('filters and sorts by allow-listed fields only (unknown sortName is 400)', async () => {
    const ticket = await newTicket();
    const byNumber = await get(`/api/v2/tickets?searchText=${ticket.number}`, admin);
    expect(byNumber.json().result.data.map((row: { id: number }) => row.id)).toEqual([ticket.id]);
    const filtered = await get(
      `/api/v2/tickets?selectedStatus=0&priorities=2&campaigns=${campaignId}&sortName=priority&sortOrder=asc`,
      admin,
    );
    expect(filtered.statusCode).toBe(200);
    expect(
      filtered
        .json()
        .result.data.every((row: { status: number; priority: number }) => row.status === 0 && row.priority === 2),
    ).toBe(true);
    const injection = await get('/api/v2/tickets?sortName=created_at;drop%20table%20tickets', admin);
    expect(injection.statusCode).toBe(400);
    expect(injection.json().result.fields[0].field).toBe('sortName');
  });

  it('mass add-task records one task per ticket in one transaction: one invalid ticket saves none', async () => {
    const first = await newTicket();
    const second = await newTicket();
    const closed = await newTicket(agentA, { campaignId: relaxedCampaignId });
    await post(`/api/v2/tickets/${closed.id}/close`, agentA);
    const failed = await post('/api/v2/tickets/tasks', admin, {
      ticketIds: [first.id, second.id, closed.id],
      confirm: true,
      ...goodTask,
    });
    expect(failed.statusCode).toBe(422);
    expect((await get(`/api/v2/tickets/${first.id}`, admin)).json().result.tasks).toHaveLength(0);
    const done = await post('/api/v2/tickets/tasks', admin, {
      ticketIds: [first.id, second.id],
      confirm: true,
      ...goodTask,
    });
    expect(done.json().result).toEqual({ created: 2 });
    expect((await get(`/api/v2/tickets/${second.id}`, admin)).json().result.tasks).toHaveLength(1);
  });

  it('roles without ticket permissions are refused', async () => {
    const supervisor = await signedIn(t, 'super');
    expect((await get('/api/v2/tickets', supervisor)).statusCode).toBe(200);
    const customerOnly = await post('/api/v2/roles', admin, {
      name: `solo-clientes-${Date.now()}`,
      label: 'Solo clientes',
    });
    const user = await post('/api/v2/users', admin, {
      name: 'Sin Casos',
      email: `sin.casos.${Date.now()}@test.atiende`,
      password: 'Clave.Segura.2026',
      password_confirmation: 'Clave.Segura.2026',
      roleIds: [customerOnly.json().result.id],
    });
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/login',
        payload: { email: user.json().result.email, password: 'Clave.Segura.2026' },
      })
    ).json().result.token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/tickets', headers })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/tickets',
          headers,
          payload: { campaignId, customerId, description: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('global search and export', () => {
  it('infogeneral finds tickets by number and customers by name, only what the user may see', async () => {
    const ticket = await newTicket();
    const found = (await get(`/api/v2/infogeneral?searchText=${ticket.number}`, admin)).json().result;
    expect(found.casos).toEqual([
      expect.objectContaining({ id: ticket.id, numero: ticket.number, estado: 0, campana: expect.any(String) }),
    ]);
    const byName = (await get('/api/v2/infogeneral?searchText=lucia%20ramirez', admin)).json().result;
    expect(byName.clientes[0]).toMatchObject({ nombre_completo: 'Lucía Ramírez', tipo_documento_abreviatura: 'CC' });
    // Tickets by the beginnings of the words of their description and customer, in any order, accents aside.
    const byWords = (await get('/api/v2/tickets?searchText=RAMÍR%20llega%20pedi', admin)).json().result;
    expect(byWords.data.map((item: { id: number }) => item.id)).toContain(ticket.id);
    expect((await get('/api/v2/tickets?searchText=amirez', admin)).json().result.data).toEqual([]);
    expect((await get('/api/v2/infogeneral?searchText=', admin)).statusCode).toBe(400);
    // Agents search when the business enables advanced search (the default), and find only what they may see.
    const theirs = await get(`/api/v2/infogeneral?searchText=${ticket.number}`, outsider);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().result.casos).toEqual([]);
  });

  it('exports the filtered list as xlsx, without tickets the user may not see', async () => {
    const ticket = await newTicket();
    const response = await get(`/api/v2/tickets/export?campaigns=${campaignId}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="casos-/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const numbers: number[] = [];
    book.worksheets[0].eachRow((row, index) => {
      if (index > 1) numbers.push(Number(row.getCell(1).value));
    });
    expect(numbers).toContain(ticket.number);

    // Real dates in the business's time zone (Bogotá by default), the channel, the last work-log entry.
    expect((await post(`/api/v2/tickets/${ticket.id}/tasks`, agentA, goodTask)).statusCode).toBe(201);
    const withTask = new ExcelJS.Workbook();
    await withTask.xlsx.load(
      (await get(`/api/v2/tickets/export?campaigns=${campaignId}`, admin)).rawPayload as unknown as ArrayBuffer,
    );
    const sheet = withTask.worksheets[0];
    expect(sheet.getRow(1).getCell(12).value).toBe('Creado');
    expect(sheet.getRow(1).getCell(16).value).toBe('Última gestión');
    let row: ExcelJS.Row | undefined;
    sheet.eachRow((candidate) => {
      if (Number(candidate.getCell(1).value) === ticket.number) row = candidate;
    });
    const view = (await get(`/api/v2/tickets/${ticket.id}`, admin)).json().result;
    const created = row?.getCell(12).value as Date;
    expect(created).toBeInstanceOf(Date);
    // Bogotá is UTC-5 all year: the cell holds the wall-clock time there.
    expect(created.getTime()).toBe(Math.floor(new Date(view.createdAt).getTime() / 1000) * 1000 - 5 * 3_600_000);
    expect(row?.getCell(12).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row?.getCell(16).value).toBeInstanceOf(Date);
    expect(row?.getCell(17).value).toBe(view.tasks[0].author.nombre);
    expect(row?.getCell(18).value).toBe('Se llamó al cliente');
    const supervisorOfNothing = await signedIn(t, 'agent');
    const forbidden = await get('/api/v2/tickets/export', supervisorOfNothing);
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('attachments', () => {
  const upload = (ticketId: number, actor: Actor, content: Buffer, name: string) =>
    postFile(t, `/api/v2/tickets/${ticketId}/attachments`, actor, content, name);

  it('accepts files checked by content, with safe names and download-only headers; merge moves them', async () => {
    const ticket = await newTicket();
    const pdf = Buffer.from('%PDF-1.4\n%fake but typed\n');
    const uploaded = await upload(ticket.id, agentA, pdf, '../../evil<script>.pdf.exe');
    expect(uploaded.statusCode).toBe(201);
    const attachment = uploaded.json().result.attachments[0];
    expect(attachment).toMatchObject({
      fileName: 'evil_script_.pdf.exe.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    const download = await get(attachment.url, agentA);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''evil_script_.pdf.exe.pdf`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await get(attachment.url, outsider)).statusCode).toBe(404);

    const target = await newTicket();
    await post(`/api/v2/tickets/${ticket.id}/merge`, admin, { targetNumber: target.number, confirm: true });
    const moved = (await get(`/api/v2/tickets/${target.id}`, admin)).json().result.attachments;
    expect(moved.map((item: { fileName: string }) => item.fileName)).toEqual(['evil_script_.pdf.exe.pdf']);
  });

  it('refuses executables, oversized files, and files on closed tickets', async () => {
    const ticket = await newTicket();
    const elf = await upload(ticket.id, agentA, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), 'foto.png');
    expect(elf.statusCode).toBe(415);
    expect(elf.json().code).toBe('UPLOAD.TYPE');
    const big = await upload(
      ticket.id,
      agentA,
      Buffer.concat([ONE_PIXEL_PNG, Buffer.alloc(11 * 1024 * 1024)]),
      'big.png',
    );
    expect(big.statusCode).toBe(413);
    const closed = await newTicket(agentA, { campaignId: relaxedCampaignId });
    await post(`/api/v2/tickets/${closed.id}/close`, agentA);
    expect((await upload(closed.id, agentA, ONE_PIXEL_PNG, 'a.png')).statusCode).toBe(409);
  });
});

describe('customer dashboard', () => {
  it('counts the customer’s tickets by status and channel, only those the user may see', async () => {
    const ticket = await newTicket();
    await post(`/api/v2/tickets/${ticket.id}/escalate`, agentA);
    const board = (await get(`/api/v2/customers/${customerId}/dashboard`, admin)).json().result;
    const escalated = board.byStatus.find((row: { status: number }) => row.status === 2);
    expect(escalated.count).toBeGreaterThan(0);
    expect(board.byChannel.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(
      board.byStatus.reduce((sum: number, row: { count: number }) => sum + row.count, 0),
    );
    // Agent B owns the customer but does not see agent A's tickets (the campaign does not allow all tickets).
    const ownerBoard = (await get(`/api/v2/customers/${customerId}/dashboard`, agentB)).json().result;
    expect(ownerBoard.byStatus.find((row: { status: number }) => row.status === 2)).toBeUndefined();
    // The outsider may not see the customer at all.
    expect((await get(`/api/v2/customers/${customerId}/dashboard`, outsider)).statusCode).toBe(404);
  });
});

describe('a user’s statistics and agenda', () => {
  it('count the user’s tickets and tasks and list upcoming work, for the user and administrators only', async () => {
    const ticket = await newTicket();
    const next = new Date(Date.now() + 10 * 60_000).toISOString();
    await post(`/api/v2/tickets/${ticket.id}/tasks`, agentA, { ...goodTask, nextTaskAt: next });
    const stats = (await get(`/api/v2/users/${agentA.id}/ticket-stats`, agentA)).json().result;
    expect(stats.tasksToday).toBeGreaterThan(0);
    expect(stats.byStatus.find((row: { status: number }) => row.status === 1).count).toBeGreaterThan(0);
    const agenda = (await get(`/api/v2/users/${agentA.id}/agenda`, admin)).json().result;
    expect(agenda.map((item: { id: number }) => item.id)).toContain(ticket.id);
    expect((await get(`/api/v2/users/${agentA.id}/agenda`, agentB)).statusCode).toBe(403);
    expect((await get(`/api/v2/users/${agentA.id}/ticket-stats`, agentB)).statusCode).toBe(403);
  });
});
