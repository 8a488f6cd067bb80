import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let supervisor: Awaited<ReturnType<typeof signedIn>>;
let agentA: Awaited<ReturnType<typeof signedIn>>;
let agentB: Awaited<ReturnType<typeof signedIn>>;
let channelIds: number[];
let channelNames: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  supervisor = await signedIn(t, 'super');
  agentA = await signedIn(t, 'agent');
  agentB = await signedIn(t, 'agent');
  channelIds = [];
  channelNames = [];
  for (const type of ['webchat', 'inPerson']) {
    const name = `${type} ${Date.now()}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/channels',
      headers: admin.headers,
      payload: { name, type, direction: 'inbound' },
    });
    channelIds.push(response.json().result.id);
    channelNames.push(name);
  }
});
afterAll(async () => {
  await t?.close();
});

function campaignBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Servicio al cliente ${Date.now()}`,
    description: 'Atención de clientes',
    type: 'inbound',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    responsibleUserId: supervisor.id,
    channelIds,
    agents: [
      { userId: agentA.id, channelIds },
      { userId: agentB.id, channelIds: [channelIds[1]] },
    ],
    supervisorIds: [supervisor.id],
    scripts: [{ title: 'Saludo', body: '<p onclick="x()">Buenos días<script>alert(1)</script></p>' }],
    config: {
      serviceLevelSeconds: 30,
      serviceLevelTarget: 85,
      tasksPerAgent: 3,
      distribution: 'skills',
      allowAllTickets: true,
    },
    customTabs: [{ name: 'CRM', url: 'https://crm.example.com/cliente', icon: 'web', height: 500 }],
    ...overrides,
  };
}

describe('campaigns', () => {
  it('saves every tab: channels, agents per channel, supervisors, sanitised scripts, configuration and custom tabs', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/campaigns',
      headers: admin.headers,
      payload: campaignBody(),
    });
    expect(response.statusCode).toBe(201);
    const campaign = response.json().result;
    expect(campaign.channels.map((channel: { id: number }) => channel.id).sort()).toEqual([...channelIds].sort());
    expect(campaign.agents).toHaveLength(2);
    expect(campaign.supervisors).toEqual([{ id: supervisor.id, nombre: expect.any(String) }]);
    expect(campaign.responsible).toEqual({ id: supervisor.id, nombre: expect.any(String) });
    expect(campaign.scripts[0].body).toBe('<p>Buenos días</p>');
    expect(campaign.config).toMatchObject({
      serviceLevelSeconds: 30,
      distribution: 'skills',
      autoAssign: true,
      tasksPerAgent: 3,
    });
    expect(campaign.customTabs[0]).toMatchObject({ name: 'CRM', height: 500, enabled: true });
  });

  it('an agent removed from all channels of a campaign leaves it', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/v2/campaigns', headers: admin.headers, payload: campaignBody() })
    ).json().result;
    // Remove the one channel agent B served: B is out, A stays with the remaining channel.
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/campaigns/${created.id}`,
      headers: admin.headers,
      payload: campaignBody({ name: created.name, channelIds: [channelIds[0]] }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result.agents.map((agent: { userId: number }) => agent.userId)).toEqual([agentA.id]);
    expect(updated.json().result.agents[0].channelIds).toEqual([channelIds[0]]);
  });

  it('its history names what changed: agents added by name with their channels, one setting, never the rest', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/v2/campaigns', headers: admin.headers, payload: campaignBody() })
    ).json().result;
    const agentC = await signedIn(t, 'agent');
    const names = new Map<number, string>();
    for (const person of [agentA, agentB, agentC, supervisor]) {
      const user = await t.app.inject({ method: 'GET', url: `/api/v2/users/${person.id}`, headers: admin.headers });
      names.set(person.id, user.json().result.nombre);
    }
    // Agent C joins on the web chat, agent B gains it too, one setting changes; everything else is sent as it was
    // (the same script, tab and dates, the config's other keys in another order).
    const body = campaignBody({
      name: created.name,
      agents: [
        { userId: agentA.id, channelIds },
        { userId: agentB.id, channelIds: [channelIds[1], channelIds[0]] },
        { userId: agentC.id, channelIds: [channelIds[0]] },
      ],
      config: {
        allowAllTickets: true,
        distribution: 'skills',
        tasksPerAgent: 7,
        serviceLevelTarget: 85,
        serviceLevelSeconds: 30,
      },
    });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/campaigns/${created.id}`,
      headers: admin.headers,
      payload: body,
    });
    expect(updated.statusCode).toBe(200);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/v2/campaigns/${created.id}/audit`,
      headers: admin.headers,
    });
    expect(audit.statusCode).toBe(200);
    const [update, creation] = audit.json().result;
    expect(update).toMatchObject({ entity: 'campaign', action: 'updated', actor: { id: admin.id } });
    expect(update.changes).toEqual({
      agents: {
        added: [{ id: agentC.id, name: names.get(agentC.id), detail: channelNames[0] }],
        removed: [],
        changed: [
          {
            item: { id: agentB.id, name: names.get(agentB.id) },
            field: 'channels',
            change: { added: [{ id: channelIds[0], name: channelNames[0] }], removed: [] },
          },
        ],
      },
      'config.tasksPerAgent': { from: 3, to: 7 },
    });
    // The creation lists what it started with, people and channels by name, settings one by one.
    expect(creation.changes).toMatchObject({
      name: { from: null, to: created.name },
      responsible: { from: null, to: { id: supervisor.id, name: names.get(supervisor.id) } },
      channels: { added: expect.arrayContaining([{ id: channelIds[0], name: channelNames[0] }]) },
      supervisors: { added: [{ id: supervisor.id, name: names.get(supervisor.id) }] },
      scripts: { added: [{ id: 'Saludo', name: 'Saludo' }] },
      'config.distribution': { from: null, to: 'skills' },
    });
    expect(creation.changes.agents.added).toEqual(
      expect.arrayContaining([{ id: agentB.id, name: names.get(agentB.id), detail: channelNames[1] }]),
    );
    expect(Object.keys(creation.changes)).not.toContain('config');
    // Saving it again unchanged writes no change at all.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v2/campaigns/${created.id}`,
      headers: admin.headers,
      payload: body,
    });
    const again = (
      await t.app.inject({ method: 'GET', url: `/api/v2/campaigns/${created.id}/audit`, headers: admin.headers })
    ).json().result;
    expect(again[0]).toMatchObject({ action: 'updated', changes: null });
    // The history needs ver-auditoria; an unknown campaign is 404.
    const forAgent = await t.app.inject({
      method: 'GET',
      url: `/api/v2/campaigns/${created.id}/audit`,
      headers: agentA.headers,
    });
    expect(forAgent.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v2/campaigns/999999999/audit',
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a setting an older version stored and the schema no longer has does not stop a save, nor enter the history', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/v2/campaigns', headers: admin.headers, payload: campaignBody() })
    ).json().result;
    await t.ctx.db.execute(
      sql`update campaigns set config = config || '{"retiredSetting": true}'::jsonb where id = ${created.id}`,
    );
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/campaigns/${created.id}`,
      headers: admin.headers,
      payload: campaignBody({ name: created.name, config: { ...campaignBody().config, tasksPerAgent: 4 } }),
    });
    expect(updated.statusCode).toBe(200);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/v2/campaigns/${created.id}/audit`,
      headers: admin.headers,
    });
    expect(audit.json().result[0].changes).toEqual({ 'config.tasksPerAgent': { from: 3, to: 4 } });
  });

  it('reads a row of the previous format in today’s shape: whole objects per key, bare ids named, no non-change', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/v2/campaigns', headers: admin.headers, payload: campaignBody() })
    ).json().result;
    // As the previous version wrote it: raw values of whole fields, ids without names, '' for null.
    await t.ctx.db.transaction((tx) =>
      auditRepo.record(tx, {
        actorUserId: admin.id,
        entity: 'campaign',
        entityId: created.id,
        action: 'updated',
        changes: {
          description: { from: null, to: '' },
          responsibleUserId: { from: null, to: supervisor.id },
          agents: {
            from: [{ userId: agentA.id, channelIds: [channelIds[0]] }],
            to: [
              { userId: agentA.id, channelIds: [channelIds[0]] },
              { userId: agentB.id, channelIds: [channelIds[1]] },
            ],
          },
          config: { from: { tasksPerAgent: 3, autoAssign: true }, to: { autoAssign: true, tasksPerAgent: 4 } },
        } as never,
      }),
    );
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/v2/campaigns/${created.id}/audit`,
      headers: admin.headers,
    });
    expect(audit.statusCode).toBe(200);
    const supervisorName = (
      await t.app.inject({ method: 'GET', url: `/api/v2/users/${supervisor.id}`, headers: admin.headers })
    ).json().result.nombre;
    const agentBName = (
      await t.app.inject({ method: 'GET', url: `/api/v2/users/${agentB.id}`, headers: admin.headers })
    ).json().result.nombre;
    expect(audit.json().result[0].changes).toEqual({
      responsible: { from: null, to: { id: supervisor.id, name: supervisorName } },
      agents: { added: [{ id: agentB.id, name: agentBName, detail: channelNames[1] }], removed: [], changed: [] },
      'config.tasksPerAgent': { from: 3, to: 4 },
    });
  });

  it('the header switcher lists the user’s own campaigns (GET supervision/obtenerCampanas)', async () => {
    const name = `Cobranzas ${Date.now()}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/campaigns',
      headers: admin.headers,
      payload: campaignBody({ name, agents: [{ userId: agentA.id, channelIds }] }),
    });
    const forA = (
      await t.app.inject({ method: 'GET', url: '/api/v2/supervision/obtenerCampanas', headers: agentA.headers })
    ).json().result;
    expect(forA.find((campaign: { nombre: string }) => campaign.nombre === name)).toMatchObject({ rol: 'agent' });
    const outsider = await signedIn(t, 'agent');
    const forOutsider = await t.app.inject({
      method: 'GET',
      url: '/api/v2/supervision/obtenerCampanas',
      headers: outsider.headers,
    });
    expect(forOutsider.json().result).toEqual([]);
    const forSupervisor = (
      await t.app.inject({ method: 'GET', url: '/api/v2/supervision/obtenerCampanas', headers: supervisor.headers })
    ).json().result;
    expect(forSupervisor.find((campaign: { nombre: string }) => campaign.nombre === name)).toMatchObject({
      rol: 'supervisor',
    });
  });

  it('an agent reads only the campaigns they work in, and cannot create or edit any', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/v2/campaigns', headers: admin.headers, payload: campaignBody() })
    ).json().result;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/campaigns/${created.id}`, headers: agentA.headers }))
        .statusCode,
    ).toBe(200);
    const outsider = await signedIn(t, 'agent');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/campaigns/${created.id}`, headers: outsider.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/campaigns',
          headers: agentA.headers,
          payload: campaignBody(),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v2/campaigns/${created.id}`,
          headers: supervisor.headers,
          payload: campaignBody(),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses bad input in both languages and saves nothing', async () => {
    const payload = campaignBody({ startDate: '2026-12-31', endDate: '2026-01-01', config: { distribution: 'magic' } });
    const es = await t.app.inject({ method: 'POST', url: '/api/v2/campaigns', headers: admin.headers, payload });
    expect(es.statusCode).toBe(422);
    expect(es.json().result.fields.map((field: { field: string }) => field.field)).toEqual(
      expect.arrayContaining(['config.distribution']),
    );
    const dates = await t.app.inject({
      method: 'POST',
      url: '/api/v2/campaigns',
      headers: { ...admin.headers, 'x-locale': 'en' },
      payload: campaignBody({ startDate: '2026-12-31', endDate: '2026-01-01' }),
    });
    expect(dates.json().result.fields).toEqual([
      { field: 'endDate', message: 'The end date cannot be before the start date' },
    ]);
    const unknownChannel = await t.app.inject({
      method: 'POST',
      url: '/api/v2/campaigns',
      headers: admin.headers,
      payload: campaignBody({ channelIds: [999999] }),
    });
    expect(unknownChannel.statusCode).toBe(422);
  });
});
