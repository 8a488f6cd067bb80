import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, deskCampaign, signedInWith } from '../../test/desk.js';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let campaignId: number;

const at = { x: 0, y: 0 };

/** A small complete flow: welcome, a menu of two options, a transfer to agents or to a campaign. */
const flow = (campaign: number) => ({
  startNodeId: 'welcome',
  nodes: [
    { id: 'welcome', position: at, data: { type: 'say', text: '¡Hola! Soy el asistente de Tienda Demo.' } },
    {
      id: 'menu',
      position: { x: 0, y: 120 },
      data: {
        type: 'list',
        text: '¿En qué le ayudamos?',
        button: 'Ver opciones',
        options: [
          { id: 'pedido', title: 'Mi pedido', description: 'Estado y entregas' },
          { id: 'ventas', title: 'Comprar' },
        ],
      },
    },
    {
      id: 'agent',
      position: { x: -100, y: 240 },
      data: { type: 'action', action: 'transferToAgent', text: 'Le comunico con un asesor.' },
    },
    {
      id: 'sales',
      position: { x: 100, y: 240 },
      data: { type: 'action', action: 'transferToCampaign', campaignId: campaign },
    },
    { id: 'again', position: { x: 0, y: 240 }, data: { type: 'goTo', target: 'menu' } },
  ],
  edges: [
    { id: 'e1', source: 'welcome', target: 'menu' },
    { id: 'e2', source: 'menu', sourceHandle: 'option:pedido', target: 'agent' },
    { id: 'e3', source: 'menu', sourceHandle: 'option:ventas', target: 'sales' },
    { id: 'e4', source: 'menu', sourceHandle: 'other', target: 'again' },
  ],
});

const create = (overrides: Record<string, unknown> = {}, actor = admin, locale = 'es') =>
  api.post(
    '/api/v2/bots',
    actor,
    { name: `Asistente ${Date.now()}`, description: 'Atiende de noche', flow: flow(campaignId), ...overrides },
    locale,
  );

async function botCount(): Promise<number> {
  const [row] = (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from bots`)).rows;
  return row.n;
}

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  ({ campaignId } = await deskCampaign(t, admin, { agents: [agent] }));
});

afterAll(async () => {
  await t?.close();
});

describe('bot builder: bots and versions', () => {
  it('creates a bot with its first version as a draft, lists it and renames it', async () => {
    const created = await create({ name: 'Asistente nocturno' });
    expect(created.statusCode, created.body).toBe(201);
    const bot = created.json().result;
    expect(bot).toMatchObject({
      name: 'Asistente nocturno',
      enabled: true,
      publishedVersion: null,
      versions: [{ number: 1, published: false, nodes: 5, updatedBy: { id: admin.id } }],
      createdBy: { id: admin.id },
    });
    const version = await api.get(`/api/v2/bots/${bot.id}/versions/${bot.versions[0].id}`, admin);
    expect(version.json().result.flow).toEqual(
      expect.objectContaining({
        startNodeId: 'welcome',
        nodes: expect.arrayContaining([expect.objectContaining({ id: 'menu' })]),
      }),
    );
    const list = (await api.get('/api/v2/bots?searchText=nocturno', admin)).json().result;
    expect(list.data.map((item: { id: number }) => item.id)).toContain(bot.id);
    expect(list.data.find((item: { id: number }) => item.id === bot.id).versionCount).toBe(1);

    const renamed = await api.put(`/api/v2/bots/${bot.id}`, admin, {
      name: 'Asistente de noche',
      description: '',
      enabled: false,
    });
    expect(renamed.json().result).toMatchObject({ name: 'Asistente de noche', enabled: false });
    expect((await api.get('/api/v2/bots?enabled=false&searchText=de%20noche', admin)).json().result.data).toHaveLength(
      1,
    );
  });

  it('answers bad bots with translated errors and stores nothing', async () => {
    const before = await botCount();
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ flow: { startNodeId: 'a', nodes: [], edges: [] } }, 'flow.nodes', 'al menos un nodo', 'at least one node'],
      [
        {
          flow: {
            startNodeId: 'a',
            nodes: [{ id: 'a', position: at, data: { type: 'ask', text: '¿Su nombre?', variable: 'Nombre Completo' } }],
          },
        },
        'flow.nodes.0.data.variable',
        'Nombre de variable no válido',
        'Invalid variable name',
      ],
      [{ name: 'Bot\u0007' }, 'name', '', ''],
      [{ name: 'x' }, 'name', '', ''],
    ];
    for (const [overrides, field, spanish, english] of cases) {
      for (const locale of ['es', 'en'] as const) {
        const answer = await create(overrides, admin, locale);
        expect(answer.statusCode, JSON.stringify(overrides)).toBe(422);
        const found = (answer.json().result.fields as { field: string; message: string }[]).find(
          (entry) => entry.field === field,
        );
        expect(found, `${field} in ${answer.body}`).toBeTruthy();
        const expected = locale === 'es' ? spanish : english;
        if (expected) expect(found?.message).toContain(expected);
      }
    }
    const tooBig = await create({
      flow: {
        startNodeId: 'n0',
        nodes: Array.from({ length: 301 }, (_, index) => ({
          id: `n${index}`,
          position: at,
          data: { type: 'say', text: 'x' },
        })),
      },
    });
    expect(tooBig.statusCode).toBe(422);
    expect(await botCount()).toBe(before);
  });

  it('saves versions as new, updates drafts, publishes exactly one and keeps the published one as it is', async () => {
    const bot = (await create()).json().result;
    const first = bot.versions[0].id as number;
    const second = await api.post(`/api/v2/bots/${bot.id}/versions`, admin, { flow: flow(campaignId), note: 'Menú' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().result).toMatchObject({ number: 2, note: 'Menú', published: false });
    const secondId = second.json().result.id as number;

    const changed = flow(campaignId);
    changed.nodes[0].data = { type: 'say', text: '¡Buenas noches!' };
    const updated = await api.put(`/api/v2/bots/${bot.id}/versions/${secondId}`, admin, {
      flow: changed,
      note: 'Saludo',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().result.flow.nodes[0].data.text).toBe('¡Buenas noches!');

    const published = await api.post(`/api/v2/bots/${bot.id}/versions/${secondId}/publish`, admin);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().result.publishedVersion).toEqual({ id: secondId, number: 2 });
    // The published version never changes under the running bot, and is not deleted.
    const edit = await api.put(`/api/v2/bots/${bot.id}/versions/${secondId}`, admin, { flow: changed }, 'en');
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('The published version is not changed: save it as a new version');
    expect((await api.delete(`/api/v2/bots/${bot.id}/versions/${secondId}`, admin)).statusCode).toBe(409);

    // Publishing another one takes the place of the first: exactly one runs.
    const back = await api.post(`/api/v2/bots/${bot.id}/versions/${first}/publish`, admin);
    expect(back.json().result.publishedVersion).toEqual({ id: first, number: 1 });
    const [{ n }] = (
      await t.ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from bot_versions where bot_id = ${bot.id} and published`,
      )
    ).rows;
    expect(n).toBe(1);
    const removed = await api.delete(`/api/v2/bots/${bot.id}/versions/${secondId}`, admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result.versions.map((version: { id: number }) => version.id)).toEqual([first]);
    // A bot keeps at least one version.
    const other = (await create()).json().result;
    const only = await api.delete(`/api/v2/bots/${other.id}/versions/${other.versions[0].id}`, admin);
    expect(only.statusCode).toBe(409);
    expect(only.json().code).toBe('BOT.LAST_VERSION');
    // Versions belong to their bot.
    expect((await api.get(`/api/v2/bots/${other.id}/versions/${first}`, admin)).statusCode).toBe(404);
    expect((await api.post(`/api/v2/bots/${other.id}/versions/${first}/publish`, admin)).statusCode).toBe(404);

    const history = (await api.get(`/api/v2/bots/${bot.id}/audit`, admin)).json().result as { action: string }[];
    expect(history.map((entry) => entry.action)).toEqual([
      'version-deleted',
      'published',
      'published',
      'version-updated',
      'version-saved',
      'created',
    ]);
  });

  it('publishes only a flow without problems, each named on its node in both languages', async () => {
    const broken = {
      startNodeId: 'welcome',
      nodes: [
        { id: 'welcome', position: at, data: { type: 'say', text: 'Hola' } },
        {
          id: 'email',
          position: at,
          data: {
            type: 'validator',
            text: '¿Su correo?',
            variable: 'correo',
            kind: 'email',
            errorText: 'Ese no es un correo',
          },
        },
        { id: 'orphan', position: at, data: { type: 'say', text: 'Nadie llega aquí' } },
        { id: 'gone', position: at, data: { type: 'action', action: 'transferToCampaign', campaignId: 999_999 } },
      ],
      edges: [
        { id: 'e1', source: 'welcome', target: 'email' },
        { id: 'e2', source: 'email', sourceHandle: 'valid', target: 'gone' },
        { id: 'e3', source: 'orphan', target: 'welcome' },
      ],
    };
    // A draft may be incomplete; publishing it is refused.
    const bot = (await create({ flow: broken })).json().result;
    for (const locale of ['es', 'en'] as const) {
      const refused = await api.post(
        `/api/v2/bots/${bot.id}/versions/${bot.versions[0].id}/publish`,
        admin,
        {},
        locale,
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('BOT.FLOW_PROBLEMS');
      const fields = Object.fromEntries(
        (refused.json().result.fields as { field: string; message: string }[]).map((entry) => [
          entry.field,
          entry.message,
        ]),
      );
      expect(fields).toEqual(
        locale === 'es'
          ? {
              'nodes.email.invalid': 'Esta salida no lleva a ningún nodo',
              'nodes.orphan': 'Ningún camino llega a este nodo',
              'nodes.gone': 'Elija una campaña existente para transferir',
            }
          : {
              'nodes.email.invalid': 'This outlet leads to no node',
              'nodes.orphan': 'No path reaches this node',
              'nodes.gone': 'Choose an existing campaign to transfer to',
            },
      );
    }
    expect((await api.get(`/api/v2/bots/${bot.id}`, admin)).json().result.publishedVersion).toBeNull();
  });

  it('exports a bot as a file and imports it as a new, disabled bot with the same flow', async () => {
    const bot = (await create({ name: 'Asistente para exportar' })).json().result;
    const exported = await api.get(`/api/v2/bots/${bot.id}/export`, admin);
    expect(exported.statusCode).toBe(200);
    const file = exported.json().result;
    expect(file).toMatchObject({ format: 'atiende-bot', formatVersion: 1, name: 'Asistente para exportar' });
    const imported = await api.post('/api/v2/bots/import', admin, { ...file, name: 'Asistente importado' });
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = imported.json().result;
    expect(copy).toMatchObject({ name: 'Asistente importado', enabled: false, publishedVersion: null });
    const copied = (await api.get(`/api/v2/bots/${copy.id}/versions/${copy.versions[0].id}`, admin)).json().result;
    expect(copied.flow).toEqual(file.flow);
    // Not a bot file: refused, nothing stored.
    const before = await botCount();
    expect((await api.post('/api/v2/bots/import', admin, { ...file, format: 'otro' })).statusCode).toBe(422);
    expect(await botCount()).toBe(before);
  });

  it('checks permissions on every route', async () => {
    const bot = (await create()).json().result;
    const versionId = bot.versions[0].id as number;
    const routes: [string, string, object?][] = [
      ['GET', '/api/v2/bots'],
      ['POST', '/api/v2/bots', { name: 'Intruso', flow: flow(campaignId) }],
      ['GET', `/api/v2/bots/${bot.id}`],
      ['PUT', `/api/v2/bots/${bot.id}`, { name: 'Intruso' }],
      ['GET', `/api/v2/bots/${bot.id}/export`],
      ['POST', `/api/v2/bots/${bot.id}/versions`, { flow: flow(campaignId) }],
      ['PUT', `/api/v2/bots/${bot.id}/versions/${versionId}`, { flow: flow(campaignId) }],
      ['DELETE', `/api/v2/bots/${bot.id}/versions/${versionId}`],
      ['POST', `/api/v2/bots/${bot.id}/versions/${versionId}/publish`],
      [
        'POST',
        '/api/v2/bots/import',
        { format: 'atiende-bot', formatVersion: 1, name: 'Intruso', flow: flow(campaignId) },
      ],
      ['GET', `/api/v2/bots/${bot.id}/audit`],
    ];
    for (const [method, url, payload] of routes) {
      const answer = await t.app.inject({ method: method as 'GET', url, headers: agent.headers, payload });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    // Who may only see bots sees them, and changes nothing.
    const viewer = await signedInWith(t, admin, ['ver-lista-bots']);
    expect((await api.get(`/api/v2/bots/${bot.id}`, viewer)).statusCode).toBe(200);
    expect((await api.get(`/api/v2/bots/${bot.id}/export`, viewer)).statusCode).toBe(200);
    expect((await api.post(`/api/v2/bots/${bot.id}/versions/${versionId}/publish`, viewer)).statusCode).toBe(403);
    expect((await api.put(`/api/v2/bots/${bot.id}`, viewer, { name: 'Cambio' })).statusCode).toBe(403);
    expect((await api.get('/api/v2/bots/999999', admin)).statusCode).toBe(404);
  });
});
