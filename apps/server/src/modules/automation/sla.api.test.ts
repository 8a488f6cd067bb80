import type { SlaRecord, SlaRule, TicketSla } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, collect, connect, deskCampaign, waitFor } from '../../test/desk.js';

// SLA rules on the real API: deadlines in a channel's business hours (Bogotá, Monday to Friday, lunch break) across a
// weekend, a priority change mid-way that moves them, a warning before and a breach record written once when a
// deadline passes (announced to supervisors), the ticket's countdown data and the pending list's `cumplio_sla`,
// permissions and validation in both languages.

let t: TestApp;
let admin: Actor;
let agent: Actor;
let supervisor: Actor;
let api: ReturnType<typeof caller>;
let desk: { channelId: number; campaignId: number };

const OFFICE = {
  enabled: true,
  timezone: 'America/Bogota',
  days: [1, 2, 3, 4, 5].flatMap((day) => [
    { day, from: '08:00', to: '12:00' },
    { day, from: '14:00', to: '18:00' },
  ]),
};
/** Friday 20 November 2026, 17:00 in Bogotá (in the past: replies made now come after it). */
const FRIDAY_5PM = '2026-11-20T22:00:00.000Z';

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${++sequence}`;

async function newTicket(createdAt = FRIDAY_5PM): Promise<number> {
  const received = await t.services.inbound.receive(desk.channelId, {
    providerMessageId: unique('sla'),
    from: `${unique('cliente')}@cliente.test`,
    text: 'Necesito ayuda',
    subject: 'Ayuda',
  });
  // The ticket and its message as if they had arrived on Friday at 17:00.
  await t.ctx.db.$client.query('update tickets set created_at = $2 where id = $1', [received.ticketId, createdAt]);
  await t.ctx.db.$client.query('update messages set created_at = $2 where ticket_id = $1', [
    received.ticketId,
    createdAt,
  ]);
  await t.services.sla.refresh(received.ticketId);
  return received.ticketId;
}

async function slaOf(ticketId: number): Promise<TicketSla> {
  return (await api.get(`/api/v2/tickets/${ticketId}/sla`, admin)).json().result;
}

const metric = (sla: TicketSla, name: string) => sla.metrics.find((entry) => entry.metric === name);

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  supervisor = await signedIn(t, 'super');
  desk = await deskCampaign(t, admin, {
    agents: [agent],
    supervisors: [supervisor],
    businessHours: OFFICE,
    config: { autoAssign: false },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('SLA rules', () => {
  let rule: SlaRule;

  it('are created by who may, for the campaigns they manage, with translated errors', async () => {
    expect((await api.get('/api/v2/sla-rules', agent)).statusCode).toBe(403);
    expect((await api.post('/api/v2/sla-rules', agent, {})).statusCode).toBe(403);
    expect((await api.get('/api/v2/sla-rules/options', agent)).statusCode).toBe(403);
    const empty = {
      name: 'Sin objetivos',
      campaignId: desk.campaignId,
      conditions: { match: 'all', conditions: [] },
      targets: {
        low: { firstResponse: null, nextResponse: null, resolution: null },
        medium: { firstResponse: null, nextResponse: null, resolution: null },
        high: { firstResponse: null, nextResponse: null, resolution: 0 },
      },
    };
    const es = await api.post('/api/v2/sla-rules', admin, empty, 'es');
    expect(es.statusCode).toBe(422);
    expect(es.json().result.fields).toContainEqual({
      field: 'targets.high.resolution',
      message: 'Indique horas y minutos (al menos un minuto)',
    });
    const none = await api.post(
      '/api/v2/sla-rules',
      admin,
      { ...empty, targets: { ...empty.targets, high: { firstResponse: null, nextResponse: null, resolution: null } } },
      'en',
    );
    expect(none.json().result.fields).toEqual([{ field: 'targets', message: 'Set at least one target' }]);

    const created = await api.post('/api/v2/sla-rules', admin, {
      name: 'Horario de oficina',
      campaignId: desk.campaignId,
      businessHours: true,
      conditions: { match: 'all', conditions: [] },
      targets: {
        low: { firstResponse: null, nextResponse: null, resolution: 16 * 60 },
        medium: { firstResponse: null, nextResponse: 30, resolution: 8 * 60 },
        high: { firstResponse: 60, nextResponse: 30, resolution: 4 * 60 },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Regla SLA guardada');
    rule = created.json().result;
    const listed = (await api.get(`/api/v2/sla-rules?campaignId=${desk.campaignId}`, supervisor)).json().result.data;
    expect(listed.map((entry: SlaRule) => entry.id)).toEqual([rule.id]);
  });

  it('counts deadlines in business hours across the weekend, and moves them when the priority changes', async () => {
    const ticketId = await newTicket();
    // Medium: resolution in 8 business hours: Friday's last hour, Monday 08-12 and 14-17.
    let sla = await slaOf(ticketId);
    expect(sla.rule?.name).toBe('Horario de oficina');
    expect(sla.businessHours).toBe(true);
    expect(metric(sla, 'resolution')).toEqual({
      metric: 'resolution',
      dueAt: '2026-11-23T22:00:00.000Z',
      state: 'running',
      breachedAt: null,
    });
    expect(metric(sla, 'firstResponse')).toBeUndefined();

    // High, mid-way: counted from the same start with the new targets.
    const ticket = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    await api.put(`/api/v2/tickets/${ticketId}`, admin, { priority: 2, description: ticket.description });
    await t.services.sla.refresh(ticketId);
    sla = await slaOf(ticketId);
    expect(metric(sla, 'firstResponse')?.dueAt).toBe('2026-11-20T23:00:00.000Z');
    expect(metric(sla, 'resolution')?.dueAt).toBe('2026-11-23T16:00:00.000Z');
  });

  it('warns before a deadline and records its breach once, announced to the supervisors', async () => {
    const ticketId = await newTicket();
    const ticket = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    await api.put(`/api/v2/tickets/${ticketId}`, admin, { priority: 2, description: ticket.description });
    await t.services.sla.refresh(ticketId);
    const socket = await connect(t, supervisor);
    const warnings = collect(socket, 'sla-warning');
    const breaches = collect(socket, 'sla-breach');

    // 17:40: nothing yet. 17:50: the first response's warning (15 minutes before 18:00).
    expect(await t.services.sla.check(new Date('2026-11-20T22:40:00Z'))).toBe(0);
    await t.services.sla.check(new Date('2026-11-20T22:50:00Z'));
    await waitFor(
      () => warnings.some((notice) => (notice as { ticketId: number }).ticketId === ticketId),
      'the warning',
    );
    expect(warnings.find((notice) => (notice as { ticketId: number }).ticketId === ticketId)).toMatchObject({
      metric: 'firstResponse',
      dueAt: '2026-11-20T23:00:00.000Z',
      rule: 'Horario de oficina',
    });
    // 18:01: the breach, once, however often the checker passes.
    await t.services.sla.check(new Date('2026-11-20T23:01:00Z'));
    await t.services.sla.check(new Date('2026-11-20T23:02:00Z'));
    await waitFor(
      () => breaches.some((notice) => (notice as { ticketId: number }).ticketId === ticketId),
      'the breach',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(breaches.filter((notice) => (notice as { ticketId: number }).ticketId === ticketId)).toHaveLength(1);
    socket.disconnect();

    const records = (await api.get(`/api/v2/sla-rules/${rule.id}/records`, admin)).json().result.data as SlaRecord[];
    const own = records.filter((record) => record.ticket.id === ticketId);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      metric: 'firstResponse',
      breachedAt: '2026-11-20T23:00:00.000Z',
      firstResponseSeconds: null,
      customerWaitingSeconds: 3600,
    });
    const sla = await slaOf(ticketId);
    expect(metric(sla, 'firstResponse')).toMatchObject({ state: 'breached', breachedAt: '2026-11-20T23:00:00.000Z' });

    // The breach feeds the SLA report of its day.
    const report = await api.post('/api/v2/reports', admin, {
      name: 'Incumplimientos',
      type: 'slaBreaches',
      campaigns: [desk.campaignId],
      preset: 'custom',
      sinceDate: '2026-11-20',
      untilDate: '2026-11-21',
    });
    expect(report.statusCode).toBe(201);
    const generated = await waitFor(async () => {
      const row = (await api.get(`/api/v2/reports/generated/${report.json().result.id}`, admin)).json().result;
      return row.status === 'generated' ? row : null;
    }, 'the SLA report');
    expect(generated.rows).toBeGreaterThanOrEqual(1);

    // The pending list says the SLA was missed.
    const pending = (await api.get(`/api/v2/caso/pendientes?filter=all&campana=${desk.campaignId}`, supervisor)).json()
      .result.casosPendientes as { caso_id: number; cumplio_sla: number }[];
    expect(pending.find((item) => item.caso_id === ticketId)?.cumplio_sla).toBe(0);

    // The agent answers: the first response stays breached (late), the resolution keeps running.
    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, { text: 'Ya le ayudamos' });
    expect(reply.statusCode).toBeLessThan(300);
    await t.services.sla.refresh(ticketId);
    const after = await slaOf(ticketId);
    expect(metric(after, 'firstResponse')?.state).toBe('breached');
    expect(metric(after, 'nextResponse')?.state).toBe('met');
    expect(metric(after, 'resolution')?.state).toBe('running');
  });

  it('follow the first matching rule, and a ticket that no rule covers has none', async () => {
    const other = await deskCampaign(t, admin, { agents: [], config: { autoAssign: false } });
    const received = await t.services.inbound.receive(other.channelId, {
      providerMessageId: unique('sin-sla'),
      from: `${unique('cliente')}@cliente.test`,
      text: 'Hola',
    });
    await t.services.sla.refresh(received.ticketId);
    expect(await slaOf(received.ticketId)).toEqual({ rule: null, businessHours: false, metrics: [] });
    // Another user's ticket: who may not read it gets 404.
    const outsider = await signedIn(t, 'agent');
    expect((await api.get(`/api/v2/tickets/${received.ticketId}/sla`, outsider)).statusCode).toBe(404);
  });
});
