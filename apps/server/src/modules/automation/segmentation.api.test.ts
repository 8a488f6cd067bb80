import type { Segmentation, SegmentationDashboard, SegmentationRun } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, deskCampaign, signedInWith, waitFor } from '../../test/desk.js';

// Segmentation on the real API: exactly the matching tickets move (first segment wins), with their history, a second
// run moves nothing, a schedule runs at its time, a ticket's update sorts it when the segmentation is a trigger; the
// dashboard's counts, synced fields and last 5 runs; permissions by campaign and validation in both languages.

let t: TestApp;
let admin: Actor;
let agent: Actor;
let api: ReturnType<typeof caller>;
let base: { channelId: number; campaignId: number };
let high: { channelId: number; campaignId: number };
let low: { channelId: number; campaignId: number };

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${++sequence}`;

async function ticketWithPriority(priority: number): Promise<number> {
  const received = await t.services.inbound.receive(base.channelId, {
    providerMessageId: unique('seg'),
    from: `${unique('cliente')}@cliente.test`,
    text: 'Consulta para segmentar',
    subject: 'Consulta',
  });
  const ticket = (await api.get(`/api/v2/tickets/${received.ticketId}`, admin)).json().result;
  if (ticket.priority !== priority) {
    const put = await api.put(`/api/v2/tickets/${received.ticketId}`, admin, {
      priority,
      description: ticket.description,
    });
    expect(put.statusCode).toBe(200);
  }
  return received.ticketId;
}

const campaignOf = async (ticketId: number) =>
  (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result.campaign.id as number;

const byPriority = (value: number | number[]) => ({
  match: 'all',
  conditions: [
    Array.isArray(value)
      ? { field: 'ticket.priority', type: 'enum', operator: 'in', value }
      : { field: 'ticket.priority', type: 'enum', operator: 'equals', value },
  ],
});

async function createSegmentation(body: Record<string, unknown>, actor = admin): Promise<Segmentation> {
  const response = await api.post('/api/v2/segmentations', actor, {
    name: unique('Segmentación'),
    baseCampaignId: base.campaignId,
    enabled: true,
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`segmentation not created: ${response.body}`);
  return response.json().result;
}

async function disable(segmentation: Segmentation) {
  const { id, baseCampaign, segments, nextRunAt, lastRunAt, createdAt, updatedAt, ...rest } = segmentation;
  const response = await api.put(`/api/v2/segmentations/${id}`, admin, {
    ...rest,
    baseCampaignId: baseCampaign.id,
    segments: segments.map((segment) => ({
      name: segment.name,
      destinationCampaignId: segment.destinationCampaign.id,
      conditions: segment.conditions,
    })),
    enabled: false,
  });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  base = await deskCampaign(t, admin, { agents: [agent], config: { autoAssign: false } });
  high = await deskCampaign(t, admin, { agents: [], config: { autoAssign: false } });
  low = await deskCampaign(t, admin, { agents: [], config: { autoAssign: false } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('segmentation', () => {
  it('moves exactly the matching tickets, the first segment first, and moves nothing more when run again', async () => {
    const highs = [await ticketWithPriority(2), await ticketWithPriority(2)];
    const lows = [await ticketWithPriority(0), await ticketWithPriority(0)];
    const mediums = [await ticketWithPriority(1), await ticketWithPriority(1)];
    const segmentation = await createSegmentation({
      kind: 'automation',
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      frequencyHours: 24,
      segments: [
        { name: 'Prioridad alta', destinationCampaignId: high.campaignId, conditions: byPriority(2) },
        // Highs match this one too: they went to the first.
        { name: 'Alta o baja', destinationCampaignId: low.campaignId, conditions: byPriority([0, 2]) },
      ],
    });
    const before = (await api.get(`/api/v2/segmentations/${segmentation.id}/dashboard`, admin)).json()
      .result as SegmentationDashboard;
    expect(before.matchingNow.map((entry) => entry.count)).toEqual([2, 2]);
    expect(before.syncedFields).toEqual(['ticket.priority']);

    const first = await api.post(`/api/v2/segmentations/${segmentation.id}/run`, admin);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Segmentación ejecutada; casos movidos: 4');
    const run = first.json().result as SegmentationRun;
    expect(run.moved.map((entry) => entry.count)).toEqual([2, 2]);
    expect(run.initialCases - run.finalCases).toBe(4);
    for (const id of highs) expect(await campaignOf(id)).toBe(high.campaignId);
    for (const id of lows) expect(await campaignOf(id)).toBe(low.campaignId);
    for (const id of mediums) expect(await campaignOf(id)).toBe(base.campaignId);
    // The move shows on the ticket, with the segmentation's name.
    const history = (await api.get(`/api/v2/tickets/${highs[0]}/history`, admin)).json().result;
    expect(JSON.stringify(history)).toContain(segmentation.name);

    const second = (await api.post(`/api/v2/segmentations/${segmentation.id}/run`, admin, {}, 'en')).json();
    expect(second.message).toBe('Segmentation run; tickets moved: 0');
    expect(second.result.moved.map((entry: { count: number }) => entry.count)).toEqual([0, 0]);
    expect(second.result.initialCases).toBe(second.result.finalCases);

    // The dashboard keeps the last five runs, newest first.
    for (let index = 0; index < 4; index++) await api.post(`/api/v2/segmentations/${segmentation.id}/run`, admin);
    const dashboard = (await api.get(`/api/v2/segmentations/${segmentation.id}/dashboard`, admin)).json()
      .result as SegmentationDashboard;
    expect(dashboard.lastRuns).toHaveLength(5);
    expect(dashboard.lastRuns.every((entry) => entry.trigger === 'manual')).toBe(true);
    expect(dashboard.lastRuns[4].id).toBeGreaterThan(run.id);
    expect(dashboard.matchingNow.map((entry) => entry.count)).toEqual([0, 0]);
    await disable(segmentation);
  });

  it('runs at its start time and then every N hours, on a controlled clock', async () => {
    const ticket = await ticketWithPriority(2);
    const start = new Date(Date.now() + 3_600_000);
    const segmentation = await createSegmentation({
      kind: 'automation',
      startTime: start.toISOString(),
      frequencyHours: 6,
      segments: [{ name: 'Altas', destinationCampaignId: high.campaignId, conditions: byPriority(2) }],
    });
    expect(await t.services.segmentation.runDue(new Date(start.getTime() - 60_000))).toBe(0);
    expect(await campaignOf(ticket)).toBe(base.campaignId);
    expect(await t.services.segmentation.runDue(new Date(start.getTime() + 1_000))).toBe(1);
    expect(await campaignOf(ticket)).toBe(high.campaignId);
    const saved = (await api.get(`/api/v2/segmentations/${segmentation.id}`, admin)).json().result as Segmentation;
    expect(saved.nextRunAt).toBe(new Date(start.getTime() + 6 * 3_600_000).toISOString());
    expect(await t.services.segmentation.runDue(new Date(start.getTime() + 2 * 3_600_000))).toBe(0);
    const dashboard = (await api.get(`/api/v2/segmentations/${segmentation.id}/dashboard`, admin)).json()
      .result as SegmentationDashboard;
    expect(dashboard.lastRuns[0].trigger).toBe('schedule');
    await disable(segmentation);
  });

  it('sorts a ticket when it is updated, as a trigger segmentation', async () => {
    const segmentation = await createSegmentation({
      kind: 'trigger',
      triggerWhen: 'ticketUpdated',
      segments: [{ name: 'Bajas', destinationCampaignId: low.campaignId, conditions: byPriority(0) }],
    });
    const ticket = await ticketWithPriority(1);
    expect(await campaignOf(ticket)).toBe(base.campaignId);
    const current = (await api.get(`/api/v2/tickets/${ticket}`, admin)).json().result;
    const put = await api.put(`/api/v2/tickets/${ticket}`, admin, { priority: 0, description: current.description });
    expect(put.statusCode, put.body).toBe(200);
    await waitFor(async () => (await campaignOf(ticket)) === low.campaignId, 'the ticket sorted');
    const dashboard = await waitFor(async () => {
      const result = (await api.get(`/api/v2/segmentations/${segmentation.id}/dashboard`, admin)).json()
        .result as SegmentationDashboard;
      return result.lastRuns.length ? result : null;
    }, 'the run logged');
    expect(dashboard.lastRuns[0]).toMatchObject({ trigger: 'ticketUpdated', moved: [{ name: 'Bajas', count: 1 }] });
    await disable(segmentation);
  });

  it('refuses who lacks the permission and hides another campaign’s segmentations', async () => {
    expect((await api.get('/api/v2/segmentations', agent)).statusCode).toBe(403);
    expect((await api.post('/api/v2/segmentations', agent, {})).statusCode).toBe(403);
    expect((await api.get('/api/v2/segmentations/options', agent)).statusCode).toBe(403);
    const keeper = await signedInWith(t, admin, [
      'ver-menu-segmentacion',
      'ver-segmentacion',
      'agregar-segmentacion',
      'editar-segmentacion',
    ]);
    const own = await deskCampaign(t, admin, { agents: [keeper], config: { autoAssign: false } });
    const otherOwn = await deskCampaign(t, admin, { agents: [keeper], config: { autoAssign: false } });
    const theirs = await createSegmentation({
      kind: 'trigger',
      triggerWhen: 'taskCreated',
      segments: [{ name: 'X', destinationCampaignId: high.campaignId, conditions: byPriority(2) }],
    });
    await disable(theirs);
    for (const url of [`/api/v2/segmentations/${theirs.id}`, `/api/v2/segmentations/${theirs.id}/dashboard`]) {
      expect((await api.get(url, keeper)).statusCode).toBe(404);
    }
    expect((await api.post(`/api/v2/segmentations/${theirs.id}/run`, keeper)).statusCode).toBe(404);
    expect((await api.delete(`/api/v2/segmentations/${theirs.id}`, keeper)).statusCode).toBe(404);
    const mine = await createSegmentation(
      {
        baseCampaignId: own.campaignId,
        kind: 'trigger',
        triggerWhen: 'taskCreated',
        segments: [{ name: 'Y', destinationCampaignId: otherOwn.campaignId, conditions: byPriority(2) }],
      },
      keeper,
    );
    const listed = (await api.get('/api/v2/segmentations?sizePerPage=100', keeper)).json().result
      .data as Segmentation[];
    expect(listed.map((entry) => entry.id)).toEqual([mine.id]);
    // No tickets sent to a campaign outside the keeper's.
    const outside = await api.post('/api/v2/segmentations', keeper, {
      name: 'Fuera',
      baseCampaignId: own.campaignId,
      kind: 'trigger',
      triggerWhen: 'taskCreated',
      segments: [{ name: 'Z', destinationCampaignId: high.campaignId, conditions: byPriority(2) }],
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().result.fields[0].field).toBe('segments.0.destinationCampaignId');
  });

  it('answers bad input with translated field errors', async () => {
    const bad = {
      name: 'Mala',
      baseCampaignId: base.campaignId,
      kind: 'automation',
      frequencyHours: 0,
      segments: [{ name: '', destinationCampaignId: base.campaignId, conditions: { match: 'all', conditions: [] } }],
    };
    const es = await api.post('/api/v2/segmentations', admin, bad, 'es');
    expect(es.statusCode).toBe(422);
    const fields = Object.fromEntries(
      es.json().result.fields.map((field: { field: string; message: string }) => [field.field, field.message]),
    );
    expect(fields['segments.0.name']).toBe('Escriba el nombre del segmento');
    const rules = await api.post(
      '/api/v2/segmentations',
      admin,
      { ...bad, frequencyHours: null, segments: [{ ...bad.segments[0], name: 'Segmento' }] },
      'en',
    );
    const enFields = Object.fromEntries(
      rules.json().result.fields.map((field: { field: string; message: string }) => [field.field, field.message]),
    );
    expect(enFields).toMatchObject({
      startTime: 'Say when it starts',
      frequencyHours: 'Say how often it runs, in hours',
      'segments.0.destinationCampaignId': 'The destination must be another campaign',
    });
    const none = await api.post('/api/v2/segmentations', admin, { ...bad, segments: [] }, 'es');
    expect(none.json().result.fields.map((field: { message: string }) => field.message)).toContain(
      'Agregue al menos un segmento',
    );
  });
});
