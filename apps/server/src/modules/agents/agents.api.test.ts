import { REALTIME_EVENTS, SUPERVISION_EVENT, TICKET_EVENT } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, collect, connect, deskCampaign, settle, signedInWith } from '../../test/desk.js';
import { pickAgent } from './routing.service.js';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;

const status = (actor: Actor, estado: string, extra: object = {}, locale = 'es') =>
  api.post('/api/v2/supervision/agente/estado', actor, { estado, ...extra }, locale);
const inbound = (channelId: number, from: string, text = 'Hola') =>
  api.post(`/api/v2/channels/${channelId}/inbound`, admin, {
    providerMessageId: `${from}-${Date.now()}-${Math.random()}`,
    from,
    text,
  });

async function assignedCounts(campaignId: number) {
  const result = await t.ctx.db.execute<{ user_id: string | null; n: number }>(
    `select assigned_user_id as user_id, count(*)::int as n from tickets where campaign_id = ${campaignId} and status <> 4 group by 1` as never,
  );
  return new Map(result.rows.map((row) => [row.user_id === null ? null : Number(row.user_id), row.n]));
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  api = caller(t);
  admin = await signedIn(t, 'admin');
});

afterAll(async () => {
  await t?.close();
});

describe('agent status', () => {
  it('lists the states, with L for the client to leave out of the pause menu', async () => {
    const agent = await signedIn(t, 'agent');
    const states = (await api.get('/api/v2/listaestados/simple', agent)).json().result;
    expect(states.map((state: { nombre: string }) => state.nombre)).toContain('L');
    expect(states.map((state: { nombre: string }) => state.nombre)).toContain('PROBLEMAS MEDICOS');
  });

  it('becomes A at login and D at logout for an agent of a campaign', async () => {
    const agent = await signedIn(t, 'agent');
    await deskCampaign(t, admin, { agents: [agent] });
    const again = await login(t.app, agent.email, agent.password);
    const headers = { authorization: `Bearer ${again.body.result.token}` };
    const current = await t.app.inject({ method: 'GET', url: '/api/v2/supervision/agente/estado', headers });
    expect(current.json().result.estado).toBe('A');
    await t.app.inject({ method: 'POST', url: '/api/v2/logout', headers });
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/v2/supervision/agente/estado',
      headers: admin.headers,
    });
    expect(state.statusCode).toBe(200);
    const row = await t.ctx.db.execute<{ status: string }>(
      `select status from agent_states where user_id = ${agent.id}` as never,
    );
    expect(row.rows[0]?.status).toBe('D');
  });

  it('follows the menu transitions, refuses the others with 409 and needs a known pause reason', async () => {
    const agent = await signedIn(t, 'agent');
    expect((await status(agent, 'A')).json().result.estado).toBe('A');
    expect((await status(agent, 'E')).json().result.estado).toBe('E');
    const noReason = await status(agent, 'P', {}, 'en');
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBeTruthy();
    expect(JSON.stringify(noReason.json())).toContain('Choose a pause reason');
    const unknown = await status(agent, 'P', { pausa: 'SIESTA' });
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json())).toContain('Motivo de pausa desconocido');
    expect((await status(agent, 'P', { pausa: 'ALMUERZO' })).json().result).toMatchObject({
      estado: 'P',
      pausa: 'ALMUERZO',
    });
    // A pause ends only by unlocking (back to A).
    const skip = await status(agent, 'E', {}, 'en');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('You cannot move to that status from the current one');
    expect((await status(agent, 'A')).statusCode).toBe(200);
  });

  it('logs each real change once, and the logged durations add up to the time spent', async () => {
    const agent = await signedIn(t, 'agent');
    await deskCampaign(t, admin, { agents: [agent] });
    const started = Date.now();
    await status(agent, 'A');
    await settle(1100);
    await status(agent, 'E');
    await status(agent, 'E'); // no change: not logged
    await settle(1100);
    await status(agent, 'G', { caso_actual: null });
    await settle(1100);
    await status(agent, 'P', { pausa: 'REUNION' });
    const elapsed = (Date.now() - started) / 1000;
    const log = (await api.get(`/api/v2/supervision/agentes/${agent.id}/historial`, admin)).json().result;
    expect(log.map((entry: { estado: string }) => entry.estado)).toEqual(['REUNION', 'G', 'E', 'A']);
    const afterFirst = log
      .filter((entry: { estado: string }) => entry.estado !== 'A')
      .reduce((sum: number, entry: { duracion: number }) => sum + entry.duracion, 0);
    expect(afterFirst).toBeGreaterThanOrEqual(3);
    expect(afterFirst).toBeLessThanOrEqual(Math.ceil(elapsed) + 1);
  });

  it('lets a supervisor force a status: the agent hears it, D ends the session, outsiders get 404, agents 403', async () => {
    const agent = await signedIn(t, 'agent');
    // Campaign supervisors without ver-todos-casos: each sees only the agents of the campaigns they supervise.
    const supervision = ['ver-supervision-usuarios', 'forzar-estado-agente'];
    const supervisor = await signedInWith(t, admin, supervision);
    const otherSupervisor = await signedInWith(t, admin, supervision);
    await deskCampaign(t, admin, { agents: [agent], supervisors: [supervisor] });
    await deskCampaign(t, admin, { agents: [], supervisors: [otherSupervisor] });
    await status(agent, 'A');
    const socket = await connect(t, agent);
    const forced = collect<{ estado: { nombre: string; pausa: string | null }; forzadoPor: { id: number } }>(
      socket,
      REALTIME_EVENTS.forcedStatus,
    );
    const supervisorSocket = await connect(t, supervisor);
    const updates = collect<{ state: { userId: number; estado: string } }>(supervisorSocket, SUPERVISION_EVENT);
    const otherSocket = await connect(t, otherSupervisor);
    const leaked = collect(otherSocket, SUPERVISION_EVENT);

    const pause = await api.post(`/api/v2/supervision/agentes/${agent.id}/estado`, supervisor, {
      estado: 'P',
      pausa: 'DESCANSO',
    });
    expect(pause.json()).toMatchObject({ status: 'OK' });
    await settle();
    expect(forced).toEqual([expect.objectContaining({ estado: { nombre: 'P', pausa: 'DESCANSO' } })]);
    expect(forced[0].forzadoPor.id).toBe(supervisor.id);
    expect(updates.some((update) => update.state.userId === agent.id && update.state.estado === 'P')).toBe(true);
    // A supervisor of another campaign hears nothing about this agent.
    expect(leaked).toHaveLength(0);
    const listed = (await api.get('/api/v2/supervision/agentes', supervisor)).json().result;
    expect(listed.find((row: { id: number }) => row.id === agent.id)).toMatchObject({ estado: 'P', pausa: 'DESCANSO' });

    expect(
      (await api.post(`/api/v2/supervision/agentes/${agent.id}/estado`, otherSupervisor, { estado: 'A' })).statusCode,
    ).toBe(404);
    expect((await api.post(`/api/v2/supervision/agentes/${agent.id}/estado`, agent, { estado: 'A' })).statusCode).toBe(
      403,
    );
    expect((await api.get('/api/v2/supervision/agentes', agent)).statusCode).toBe(403);
    expect(
      (await api.get('/api/v2/supervision/agentes', otherSupervisor))
        .json()
        .result.some((row: { id: number }) => row.id === agent.id),
    ).toBe(false);

    const offline = await api.post(`/api/v2/supervision/agentes/${agent.id}/estado`, supervisor, { estado: 'D' });
    expect(offline.statusCode).toBe(200);
    expect((await api.get('/api/v2/supervision/agente/estado', agent)).statusCode).toBe(401);
    socket.close();
    supervisorSocket.close();
    otherSocket.close();
  });
});

describe('ticket exit', () => {
  it('takes an agent out of a ticket someone else closed, not out of one they closed themselves', async () => {
    const agent = await signedIn(t, 'agent');
    const { channelId } = await deskCampaign(t, admin, {
      agents: [agent],
      config: { closeWithoutTask: true, closeWithoutCustomerInfo: true },
    });
    await status(agent, 'A');
    const first = (await inbound(channelId, `exit-a-${Date.now()}`)).json().result;
    const second = (await inbound(channelId, `exit-b-${Date.now()}`)).json().result;
    await t.services.inbound.idle();
    await t.services.routing.idle();
    const socket = await connect(t, agent);
    try {
      const exits = collect<{ casoId: number }>(socket, REALTIME_EVENTS.ticketExit);
      await status(agent, 'G', { caso_actual: first.ticketId });
      expect((await api.post(`/api/v2/tickets/${first.ticketId}/close`, admin, {})).statusCode).toBe(200);
      await settle();
      expect(exits).toEqual([expect.objectContaining({ casoId: first.ticketId })]);
      await status(agent, 'E');
      await status(agent, 'G', { caso_actual: second.ticketId });
      expect((await api.post(`/api/v2/tickets/${second.ticketId}/close`, agent, {})).statusCode).toBe(200);
      await settle();
      expect(exits).toHaveLength(1);
    } finally {
      socket.close();
    }
  });
});

describe('routing', () => {
  it('picks agents by each algorithm', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    const candidates = [
      { userId: 3, load: 2, lastAssignedAt: at(5), assignedToday: 4, matchingSkills: 1 },
      { userId: 1, load: 0, lastAssignedAt: at(9), assignedToday: 7, matchingSkills: 2 },
      { userId: 2, load: 1, lastAssignedAt: null, assignedToday: 1, matchingSkills: 2 },
    ];
    expect(pickAgent('round-robin', candidates, null).userId).toBe(1);
    expect(pickAgent('round-robin', candidates, 1).userId).toBe(2);
    expect(pickAgent('round-robin', candidates, 3).userId).toBe(1);
    expect(pickAgent('least-recent', candidates, null).userId).toBe(2);
    expect(pickAgent('fewest-handled', candidates, null).userId).toBe(2);
    expect(pickAgent('random', candidates, null, () => 0.99).userId).toBe(3);
    expect(pickAgent('skills', candidates, null).userId).toBe(1);
  });

  it('assigns 200 parallel arrivals without exceeding any limit, queues the rest and hands them out as capacity frees', async () => {
    const agents = [await signedIn(t, 'agent'), await signedIn(t, 'agent'), await signedIn(t, 'agent')];
    const paused = await signedIn(t, 'agent');
    const { channelId, campaignId } = await deskCampaign(t, admin, {
      agents: [...agents, paused],
      config: { tasksPerAgent: 4, distribution: 'round-robin', closeWithoutTask: true, closeWithoutCustomerInfo: true },
    });
    for (const agent of agents) await status(agent, 'A');
    await status(paused, 'A');
    await status(paused, 'E');
    await status(paused, 'P', { pausa: 'ALMUERZO' });

    const stamp = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => inbound(channelId, `routing-${stamp}-${index}`)),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    // Routing follows the acknowledgements in the background.
    await t.services.inbound.idle();
    await t.services.routing.idle();
    let counts = await assignedCounts(campaignId);
    for (const agent of agents) expect(counts.get(agent.id)).toBe(4);
    expect(counts.get(paused.id)).toBeUndefined();
    expect(counts.get(null)).toBe(200 - 12);

    // A ticket closed frees capacity: routing gives that agent the next waiting ticket.
    const mine = (await api.get(`/api/v2/caso/pendientes?campana=${campaignId}&filter=mine`, agents[0])).json().result
      .casosPendientes;
    expect(mine).toHaveLength(4);
    const closed = await api.post(`/api/v2/tickets/${mine[0].caso_id}/close`, agents[0], {});
    expect(closed.statusCode).toBe(200);
    counts = await assignedCounts(campaignId);
    expect(counts.get(agents[0].id)).toBe(4);
    expect(counts.get(null)).toBe(200 - 13);

    // The paused agent coming back gets work up to the limit.
    await status(paused, 'A');
    counts = await assignedCounts(campaignId);
    expect(counts.get(paused.id)).toBe(4);

    // A restart (a new sweep) finds nothing to do beyond the limits.
    const more = await t.services.routing.sweep();
    expect(more.filter((assignment) => assignment.campaignId === campaignId)).toHaveLength(0);

    const queues = (await api.get('/api/v2/supervision/colas', admin)).json().result;
    expect(queues.find((queue: { campaign: { id: number } }) => queue.campaign.id === campaignId)).toMatchObject({
      waiting: 200 - 17,
      inProgress: 16,
      agentsAvailable: 4,
      waitingReasons: ['all-at-capacity'],
    });
  }, 60_000);
});

describe('waiting reasons', () => {
  const waiting = (actor: Actor, ticketId: number) => api.get(`/api/v2/tickets/${ticketId}/waiting`, actor);
  const routed = async () => {
    await t.services.inbound.idle();
    await t.services.routing.idle();
  };

  it('say where a waiting ticket stands and why: out of hours, nobody ready, everyone at the limit', async () => {
    const agent = await signedIn(t, 'agent');
    const supervisor = await signedInWith(t, admin, ['ver-caso', 'ver-supervision-colas']);
    // Business hours with no opening: every message arrives outside them.
    const { channelId, campaignId } = await deskCampaign(t, admin, {
      agents: [agent],
      supervisors: [supervisor],
      config: { tasksPerAgent: 1 },
      businessHours: { enabled: true, timezone: 'America/Bogota', days: [] },
    });
    await status(agent, 'A');
    await status(agent, 'E');
    await status(agent, 'P', { pausa: 'ALMUERZO' });
    const stamp = Date.now();
    const first = (await inbound(channelId, `waiting-a-${stamp}`)).json().result.ticketId as number;
    const second = (await inbound(channelId, `waiting-b-${stamp}`)).json().result.ticketId as number;
    await routed();

    const paused = await waiting(supervisor, first);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().result).toMatchObject({
      ticketId: first,
      campaign: { id: campaignId },
      channel: { id: channelId, open: false },
      position: 1,
      waiting: 2,
      reasons: ['outside-hours', 'no-agent-ready'],
      agents: { serving: 1, ready: 0, withRoom: 0 },
      tasksPerAgent: 1,
    });
    expect((await waiting(supervisor, second)).json().result).toMatchObject({ position: 2, waiting: 2 });
    // The agent sees what waits and that their status keeps it from them.
    expect((await api.get('/api/v2/supervision/agente/cola', agent)).json().result).toEqual({
      estado: 'P',
      campaigns: [
        {
          campaign: { id: campaignId, name: expect.any(String) },
          waiting: 2,
          open: 0,
          tasksPerAgent: 1,
          autoAssign: true,
        },
      ],
    });

    // Ready again: the agent takes the first (the campaign's limit is one), the second waits for room.
    await status(agent, 'A');
    await routed();
    expect((await waiting(agent, first)).json().result).toBeNull();
    expect((await waiting(supervisor, second)).json().result).toMatchObject({
      position: 1,
      waiting: 1,
      reasons: ['outside-hours', 'all-at-capacity'],
      agents: { serving: 1, ready: 1, withRoom: 0 },
    });
    const queues = (await api.get('/api/v2/supervision/colas', supervisor)).json().result;
    expect(queues).toEqual([
      expect.objectContaining({ campaign: expect.objectContaining({ id: campaignId }), waiting: 1 }),
    ]);
    expect(queues[0].waitingReasons).toEqual(['outside-hours', 'all-at-capacity']);
    expect((await api.get('/api/v2/supervision/agente/cola', agent)).json().result.campaigns[0]).toMatchObject({
      waiting: 1,
      open: 1,
    });
  });

  it('name a campaign nobody serves and one that assigns by hand; tickets that do not wait have none', async () => {
    const unstaffed = await deskCampaign(t, admin, { agents: [] });
    const manual = await deskCampaign(t, admin, {
      agents: [await signedIn(t, 'agent')],
      config: { autoAssign: false, closeWithoutTask: true, closeWithoutCustomerInfo: true },
    });
    const stamp = Date.now();
    const nobody = (await inbound(unstaffed.channelId, `nobody-${stamp}`)).json().result.ticketId as number;
    const byHand = (await inbound(manual.channelId, `by-hand-${stamp}`)).json().result.ticketId as number;
    await routed();
    expect((await waiting(admin, nobody)).json().result).toMatchObject({
      channel: { open: true },
      reasons: ['no-agent-serves-channel'],
      agents: { serving: 0 },
    });
    expect((await waiting(admin, byHand)).json().result.reasons).toEqual(['auto-assign-off']);
    expect((await api.post(`/api/v2/tickets/${byHand}/close`, admin, {})).statusCode).toBe(200);
    expect((await waiting(admin, byHand)).json().result).toBeNull();
  });

  it('follow the ticket rules: 403 without ver-caso, 404 for a ticket outside the actor’s campaigns', async () => {
    const { channelId } = await deskCampaign(t, admin, { agents: [] });
    const ticketId = (await inbound(channelId, `rules-${Date.now()}`)).json().result.ticketId as number;
    await routed();
    const outsider = await signedIn(t, 'agent');
    await deskCampaign(t, admin, { agents: [outsider] });
    expect((await waiting(outsider, ticketId)).statusCode).toBe(404);
    const noTickets = await signedInWith(t, admin, ['ver-supervision-colas']);
    const refused = await api.get(`/api/v2/tickets/${ticketId}/waiting`, noTickets, 'en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBeTruthy();
  });
});

describe('pending list', () => {
  it('lists open work by filter with unread counts; leido and cerrado reach the campaign room only', async () => {
    const agent = await signedIn(t, 'agent');
    const outsider = await signedIn(t, 'agent');
    const { channelId, campaignId } = await deskCampaign(t, admin, {
      agents: [agent],
      config: { closeWithoutTask: true, closeWithoutCustomerInfo: true, autoAssign: false },
    });
    await deskCampaign(t, admin, { agents: [outsider] });
    const first = (await inbound(channelId, `pending-a-${Date.now()}`, 'Primero')).json().result;
    const second = (await inbound(channelId, `pending-b-${Date.now()}`, 'Segundo <b>negrita</b>')).json().result;

    const unassigned = (
      await api.get(
        `/api/v2/caso/pendientes?campana=${campaignId}&filter=unassigned&sortColumn=created_at&sortBy=DESC`,
        agent,
      )
    ).json().result;
    // Agents see unassigned work only when the campaign allows all tickets.
    expect(unassigned.casosPendientes).toHaveLength(0);
    const all = (await api.get(`/api/v2/caso/pendientes?campana=${campaignId}&filter=unassigned`, admin)).json().result;
    expect(all.casosPendientes.map((item: { caso_id: number }) => item.caso_id)).toEqual([
      second.ticketId,
      first.ticketId,
    ]);
    expect(all.totalCasosPendientes).toBe(2);
    expect(all.totalCasosNoLeidos).toBe(2);
    const item = all.casosPendientes[0];
    expect(item).toMatchObject({
      estado: 0,
      estado_lectura: 0,
      tipo: 0,
      tipo_canal_id: 9,
      tipo_canal_icon_class: 'chat',
    });
    expect(item.contenido).toBe('Segundo &#60;b&#62;negrita&#60;/b&#62;');
    expect((await api.get('/api/v2/caso/pendientes?sortColumn=nope', admin, 'en')).statusCode).toBe(400);

    const mine = await connect(t, agent);
    const theirs = await connect(t, outsider);
    const events = collect<{ tipo: string; casoId: number }>(mine, TICKET_EVENT);
    const leaked = collect(theirs, TICKET_EVENT);
    await api.post(`/api/v2/tickets/${first.ticketId}/leido`, admin);
    await api.post(`/api/v2/tickets/${first.ticketId}/leido`, admin); // already read: no second event
    await api.post(`/api/v2/tickets/${second.ticketId}/close`, admin, {});
    await settle();
    expect(events.map((event) => `${event.tipo}:${event.casoId}`)).toEqual([
      `leido:${first.ticketId}`,
      `cerrado:${second.ticketId}`,
    ]);
    expect(leaked).toHaveLength(0);
    const after = (await api.get(`/api/v2/caso/pendientes?campana=${campaignId}&filter=all`, admin)).json().result;
    expect(after).toMatchObject({ totalCasosPendientes: 1, totalCasosNoLeidos: 0 });
    // Someone else's ticket by id: 404 for an agent outside the campaign.
    expect((await api.post(`/api/v2/tickets/${first.ticketId}/leido`, outsider)).statusCode).toBe(404);
    mine.close();
    theirs.close();
  });
});
