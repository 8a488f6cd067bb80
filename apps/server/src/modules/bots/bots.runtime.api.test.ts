import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, deskCampaign, messagesOf, signedInWith, waitFor } from '../../test/desk.js';
import { startDialogflow } from '../../test/dialogflow.js';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let channelId: number;
let campaignId: number;
let otherCampaignId: number;
let web: Awaited<ReturnType<typeof startOrders>>;
/** A second local server the outbound policy was not told about: loopback, so refused. */
let forbidden: Awaited<ReturnType<typeof startOrders>>;
let dialogflow: Awaited<ReturnType<typeof startDialogflow>>;

/** A local web service a bot asks about orders; it records each call. */
async function startOrders() {
  const app = Fastify({ logger: false });
  const calls: { url: string; token: string | undefined }[] = [];
  app.get('/pedidos/:id', async (request) => {
    calls.push({ url: request.url, token: request.headers['x-token'] as string | undefined });
    const { id } = request.params as { id: string };
    return { data: { status: id === 'A-77' ? 'en camino' : 'entregado' } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, calls, close: () => app.close() };
}

const at = { x: 0, y: 0 };
const node = (id: string, data: Record<string, unknown>) => ({ id, position: at, data });

/** The order bot: a greeting with the customer's name, a menu, an order lookup through the web service. */
const orderFlow = (serviceUrl: string, salesCampaignId: number) => ({
  startNodeId: 'hi',
  nodes: [
    node('hi', { type: 'say', text: '¡Hola {{cliente.nombre}}! Soy el asistente de Tienda Demo.' }),
    node('menu', {
      type: 'list',
      text: '¿Qué necesita?',
      options: [
        { id: 'pedido', title: 'Estado de mi pedido' },
        { id: 'asesor', title: 'Hablar con un asesor' },
        { id: 'cerrar', title: 'Nada más' },
        { id: 'ventas', title: 'Comprar' },
      ],
    }),
    node('order', { type: 'ask', text: '¿Cuál es el número de su pedido?', variable: 'pedido' }),
    node('lookup', {
      type: 'webService',
      method: 'GET',
      url: `${serviceUrl}/pedidos/{{pedido}}`,
      headers: [{ name: 'x-token', value: 'secreto-{{pedido}}' }],
      timeoutMs: 3000,
      mappings: [{ variable: 'estado', path: 'data.status' }],
    }),
    node('status', { type: 'say', text: 'Su pedido {{pedido}} está {{estado}}.' }),
    node('again', { type: 'goTo', target: 'menu' }),
    node('down', {
      type: 'action',
      action: 'transferToAgent',
      text: 'No pude consultar su pedido; le paso con un asesor.',
    }),
    node('agent', { type: 'action', action: 'transferToAgent', text: 'Le comunico con un asesor.' }),
    node('bye', { type: 'action', action: 'finishConversation', text: '¡Hasta pronto!' }),
    node('sales', {
      type: 'action',
      action: 'transferToCampaign',
      campaignId: salesCampaignId,
      text: 'Le paso con ventas.',
    }),
    node('sorry', { type: 'fallback', text: 'No le entendí.' }),
    node('retry', { type: 'goTo', target: 'menu' }),
  ],
  edges: [
    ['hi', 'next', 'menu'],
    ['menu', 'option:pedido', 'order'],
    ['menu', 'option:asesor', 'agent'],
    ['menu', 'option:cerrar', 'bye'],
    ['menu', 'option:ventas', 'sales'],
    ['menu', 'other', 'sorry'],
    ['sorry', 'next', 'retry'],
    ['order', 'next', 'lookup'],
    ['lookup', 'success', 'status'],
    ['lookup', 'error', 'down'],
    ['status', 'next', 'again'],
  ].map(([source, sourceHandle, target], index) => ({ id: `e${index}`, source, sourceHandle, target })),
});

/** A bot with the flow, published and answering the channel. */
async function liveBot(flow: ReturnType<typeof orderFlow>) {
  const created = await api.post('/api/v2/bots', admin, { name: `Pedidos ${Date.now()}`, flow });
  expect(created.statusCode, created.body).toBe(201);
  const bot = created.json().result;
  const published = await api.post(`/api/v2/bots/${bot.id}/versions/${bot.versions[0].id}/publish`, admin);
  expect(published.statusCode, published.body).toBe(200);
  const attached = await api.put(`/api/v2/bots/${bot.id}/channels`, admin, { channelIds: [channelId] });
  expect(attached.statusCode, attached.body).toBe(200);
  expect(attached.json().result.channels).toEqual([{ id: channelId, name: expect.any(String) }]);
  return bot as { id: number; versions: { id: number }[] };
}

let sequence = 0;
const nextId = (from: string) => {
  sequence += 1;
  return `${from}-${sequence}`;
};
/** A customer's message on the channel (the API channel's inbound), waiting for the bot's answers. */
async function say(from: string, text: string, providerMessageId = nextId(from)) {
  const answer = await api.post(`/api/v2/channels/${channelId}/inbound`, admin, {
    providerMessageId,
    from,
    senderName: 'Ana Pérez',
    text,
  });
  // 201 stored; 200 when the provider's retry was stored already.
  expect([200, 201], answer.body).toContain(answer.statusCode);
  await t.services.inbound.idle();
  await t.services.bots.idle();
  return answer.json().result as { ticketId: number; duplicate: boolean };
}

/** The bot's messages on the ticket (outgoing, no agent), in order. */
async function botSaid(ticketId: number): Promise<string[]> {
  return (await messagesOf(t, admin, ticketId))
    .filter((message) => message.direction === 1 && !message.author)
    .map((message) => message.text);
}

async function ticketRow(ticketId: number) {
  const [row] = (
    await t.ctx.db.execute<{
      bot_active: boolean;
      assigned_user_id: string | null;
      status: number;
      campaign_id: string;
    }>(sql`select bot_active, assigned_user_id, status, campaign_id from tickets where id = ${ticketId}`)
  ).rows;
  return row;
}

beforeAll(async () => {
  web = await startOrders();
  forbidden = await startOrders();
  dialogflow = await startDialogflow({
    projectId: 'tienda-demo-bot',
    intents: [
      { when: /nevera|comprar/i, intent: 'comprar', parameters: { producto: 'nevera' }, reply: 'Con gusto le ayudo.' },
    ],
  });
  t = await createTestApp({ listen: true, allowOutbound: [web.url, dialogflow.url()] });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  ({ channelId, campaignId } = await deskCampaign(t, admin, {
    agents: [agent],
    config: { allowAllTickets: true, tasksPerAgent: 100 },
  }));
  ({ campaignId: otherCampaignId } = await deskCampaign(t, admin, { agents: [] }));
  expect((await api.post('/api/v2/supervision/agente/estado', agent, { estado: 'A' })).statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await web?.close();
  await forbidden?.close();
  await dialogflow?.close();
});

describe('bot runtime', () => {
  it('answers a new conversation before any agent, once per message, and hands it over with its transcript', async () => {
    await liveBot(orderFlow(web.url, otherCampaignId));
    const from = `bot-visitor-${Date.now()}`;

    // The first message: the bot greets by name and offers the menu as numbered text (a web chat has no lists).
    const first = await say(from, 'Hola', `${from}-first`);
    const ticketId = first.ticketId;
    expect(await botSaid(ticketId)).toEqual([
      '¡Hola Ana! Soy el asistente de Tienda Demo.',
      '¿Qué necesita?\n\n1. Estado de mi pedido\n2. Hablar con un asesor\n3. Nada más\n4. Comprar',
    ]);
    // An available agent does not get it: the bot has it.
    await t.services.routing.route([campaignId]);
    expect(await ticketRow(ticketId)).toMatchObject({ bot_active: true, assigned_user_id: null });

    // The provider retries the same message twice: one answer only.
    for (let retry = 0; retry < 2; retry += 1) expect((await say(from, 'Hola', `${from}-first`)).duplicate).toBe(true);
    expect(await botSaid(ticketId)).toHaveLength(2);

    // An order lookup through the web service, its answer in the text, then the menu again.
    await say(from, '1');
    expect((await botSaid(ticketId)).at(-1)).toBe('¿Cuál es el número de su pedido?');
    await say(from, 'A-77');
    expect(web.calls.at(-1)).toEqual({ url: '/pedidos/A-77', token: 'secreto-A-77' });
    expect((await botSaid(ticketId)).slice(-2)).toEqual([
      'Su pedido A-77 está en camino.',
      '¿Qué necesita?\n\n1. Estado de mi pedido\n2. Hablar con un asesor\n3. Nada más\n4. Comprar',
    ]);

    // Something else: the fallback and the menu again.
    await say(from, '¿venden neveras?');
    expect((await botSaid(ticketId)).slice(-2)).toEqual([
      'No le entendí.',
      '¿Qué necesita?\n\n1. Estado de mi pedido\n2. Hablar con un asesor\n3. Nada más\n4. Comprar',
    ]);

    // "Hablar con un asesor" by its words: the bot hands over and routing gives the ticket to the agent.
    await say(from, 'hablar con un ASESOR');
    expect((await botSaid(ticketId)).at(-1)).toBe('Le comunico con un asesor.');
    await waitFor(async () => (await ticketRow(ticketId)).assigned_user_id !== null, 'the ticket routed');
    expect(await ticketRow(ticketId)).toMatchObject({ bot_active: false, assigned_user_id: String(agent.id) });
    // The agent sees the whole conversation with the bot, and the bot answers no more.
    const seen = (await messagesOf(t, agent, ticketId)).map((message) => message.text);
    expect(seen).toEqual(expect.arrayContaining(['Hola', '1', 'A-77', 'Su pedido A-77 está en camino.']));
    const before = (await botSaid(ticketId)).length;
    await say(from, 'gracias');
    expect(await botSaid(ticketId)).toHaveLength(before);
  });

  it('resumes where a conversation was after a restart, and answers what arrived while no node listened', async () => {
    const from = `bot-restart-${Date.now()}`;
    const { ticketId } = await say(from, 'Buenas');
    await say(from, '1');
    expect((await botSaid(ticketId)).at(-1)).toBe('¿Cuál es el número de su pedido?');

    // The node stops; another starts on the same database.
    await t.close();
    t = await createTestApp({ listen: true, allowOutbound: [web.url, dialogflow.url()] });
    api = caller(t);
    admin = await signedIn(t, 'admin');
    await say(from, 'B-12');
    expect((await botSaid(ticketId)).slice(-2)[0]).toBe('Su pedido B-12 está entregado.');

    // A message stored while the bot's event was lost (as when a node dies right after storing it): the sweep.
    const count = (await botSaid(ticketId)).length;
    await t.ctx.db.execute(sql`
      insert into messages (interaction_id, ticket_id, channel_id, direction, body_html, body_text, created_at)
      select interaction_id, ticket_id, channel_id, 0, '<p>3</p>', '3', now() from messages
      where ticket_id = ${ticketId} and direction = 0 order by id desc limit 1`);
    await t.services.bots.sweep();
    await t.services.bots.idle();
    // The bot's goodbye, then the campaign's closing message a web chat gets when its ticket closes.
    expect((await botSaid(ticketId)).slice(count)).toEqual(['¡Hasta pronto!', expect.stringContaining('finalizado')]);
    expect(await ticketRow(ticketId)).toMatchObject({ status: 4, bot_active: false });
  });

  it('transfers to another campaign, and refuses a web service on a loopback address (the error branch)', async () => {
    const from = `bot-sales-${Date.now()}`;
    const { ticketId } = await say(from, 'Hola');
    await say(from, '4');
    expect((await botSaid(ticketId)).at(-1)).toBe('Le paso con ventas.');
    expect(await ticketRow(ticketId)).toMatchObject({ bot_active: false, campaign_id: String(otherCampaignId) });

    // A bot whose web service is on a host the outbound policy does not allow (127.0.0.1, not listed).
    await liveBot(orderFlow(forbidden.url, otherCampaignId));
    const other = `bot-refused-${Date.now()}`;
    const refused = await say(other, 'Hola');
    await say(other, '1');
    await say(other, 'A-77');
    expect(forbidden.calls).toEqual([]);
    expect((await botSaid(refused.ticketId)).at(-1)).toBe('No pude consultar su pedido; le paso con un asesor.');
  });

  it('attaches bots to channels with the permission, and keeps versions conversations still follow', async () => {
    const bot = (await api.get('/api/v2/bots?searchText=pedidos&sortName=createdAt&sortOrder=desc', admin)).json()
      .result.data[0];
    expect((await api.put(`/api/v2/bots/${bot.id}/channels`, admin, { channelIds: [999_999] })).statusCode).toBe(422);
    const viewer = await signedInWith(t, admin, ['ver-lista-bots']);
    expect((await api.put(`/api/v2/bots/${bot.id}/channels`, viewer, { channelIds: [] })).statusCode).toBe(403);

    // A conversation follows version 1; version 2 is published: version 1 cannot go while it is followed.
    const full = (await api.get(`/api/v2/bots/${bot.id}`, admin)).json().result;
    const from = `bot-versions-${Date.now()}`;
    await say(from, 'Hola');
    const second = await api.post(`/api/v2/bots/${bot.id}/versions`, admin, {
      flow: orderFlow(web.url, otherCampaignId),
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().result.id as number;
    expect((await api.post(`/api/v2/bots/${bot.id}/versions/${secondId}/publish`, admin)).statusCode).toBe(200);
    const inUse = await api.delete(`/api/v2/bots/${bot.id}/versions/${full.versions[0].id}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('BOT.VERSION_IN_USE');

    // Detached, the channel's new conversations go to the agents again.
    expect(
      (await api.put(`/api/v2/bots/${bot.id}/channels`, admin, { channelIds: [] })).json().result.channels,
    ).toEqual([]);
    const plain = await say(`bot-none-${Date.now()}`, 'Hola');
    expect(await botSaid(plain.ticketId)).toEqual([]);
    expect((await ticketRow(plain.ticketId)).bot_active).toBe(false);
  });

  it('understands the customer with the business’s Dialogflow agent, whose key is write-only', async () => {
    // The key: checked, stored, never shown; a role without the business permission cannot set it.
    for (const [locale, text] of [
      ['es', 'Pegue la clave JSON completa'],
      ['en', 'Paste the whole JSON key'],
    ] as const) {
      const bad = await api.put('/api/v2/empresa/dialogflow', admin, { credentials: '{"type":"user"}' }, locale);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().result.fields[0]).toMatchObject({
        field: 'credentials',
        message: expect.stringContaining(text),
      });
    }
    expect(
      (await api.put('/api/v2/empresa/dialogflow', agent, { credentials: dialogflow.serviceAccount() })).statusCode,
    ).toBe(403);
    const saved = await api.put('/api/v2/empresa/dialogflow', admin, {
      credentials: dialogflow.serviceAccount(),
      apiBaseUrl: dialogflow.url(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.dialogflow).toEqual({
      configured: true,
      projectId: 'tienda-demo-bot',
      clientEmail: 'atiende-bot@tienda-demo-bot.iam.gserviceaccount.com',
      apiBaseUrl: dialogflow.url(),
    });
    expect(saved.body).not.toContain('PRIVATE KEY');
    expect((await api.get('/api/v2/empresa', admin)).body).not.toContain('PRIVATE KEY');
    // Saving again without the key keeps it.
    expect(
      (await api.put('/api/v2/empresa/dialogflow', admin, { apiBaseUrl: dialogflow.url() })).json().result.dialogflow
        .configured,
    ).toBe(true);

    const flow = {
      startNodeId: 'nlu',
      nodes: [
        node('nlu', {
          type: 'dialogFlow',
          text: 'Cuénteme qué necesita.',
          languageCode: 'es',
          intentVariable: 'intencion',
        }),
        node('known', {
          type: 'action',
          action: 'finishConversation',
          text: 'Entendí: {{intencion}} ({{intencion.producto}}). {{intencion.respuesta}}',
        }),
        node('unknown', { type: 'action', action: 'transferToAgent', text: 'Le paso con un asesor.' }),
      ],
      edges: [
        { id: 'e1', source: 'nlu', sourceHandle: 'matched', target: 'known' },
        { id: 'e2', source: 'nlu', sourceHandle: 'fallback', target: 'unknown' },
      ],
    };
    await liveBot(flow as never);
    const from = `bot-nlu-${Date.now()}`;
    const { ticketId } = await say(from, 'Hola');
    expect(await botSaid(ticketId)).toEqual(['Cuénteme qué necesita.']);
    await say(from, 'Quiero comprar una nevera');
    expect((await botSaid(ticketId))[1]).toBe('Entendí: comprar (nevera). Con gusto le ayudo.');
    expect(dialogflow.queries.at(-1)).toEqual({
      session: `atiende-${ticketId}`,
      text: 'Quiero comprar una nevera',
      languageCode: 'es',
    });
    // The token came from a JWT signed with the account's key, for Dialogflow's scope.
    expect(dialogflow.tokenRequests[0]).toMatchObject({
      assertionValid: true,
      claims: {
        iss: 'atiende-bot@tienda-demo-bot.iam.gserviceaccount.com',
        scope: 'https://www.googleapis.com/auth/dialogflow',
      },
    });

    const lost = `bot-nlu-lost-${Date.now()}`;
    const other = await say(lost, 'Hola');
    await say(lost, 'asdfgh');
    expect((await botSaid(other.ticketId)).at(-1)).toBe('Le paso con un asesor.');
    // One token serves both conversations.
    expect(dialogflow.tokenRequests).toHaveLength(1);

    const removed = await api.put('/api/v2/empresa/dialogflow', admin, { remove: true });
    expect(removed.json().result.dialogflow).toMatchObject({ configured: false, projectId: null });
  });

  it('ends a conversation whose customer went silent longer than the bot allows', async () => {
    const bot = await liveBot(orderFlow(web.url, otherCampaignId));
    const full = (await api.get(`/api/v2/bots/${bot.id}`, admin)).json().result;
    const updated = await api.put(`/api/v2/bots/${bot.id}`, admin, {
      name: full.name,
      description: '',
      enabled: true,
      silence: { minutes: 10, action: 'finishConversation', text: 'Cerramos la conversación por falta de respuesta.' },
    });
    expect(updated.json().result.silence).toEqual({
      minutes: 10,
      action: 'finishConversation',
      text: 'Cerramos la conversación por falta de respuesta.',
    });
    const from = `bot-silent-${Date.now()}`;
    const { ticketId } = await say(from, 'Hola');
    // Not yet: nine minutes of silence.
    await t.ctx.db.execute(
      sql`update bot_sessions set updated_at = now() - interval '9 minutes' where ticket_id = ${ticketId}`,
    );
    await t.services.bots.sweep();
    expect(await ticketRow(ticketId)).toMatchObject({ status: 0, bot_active: true });
    await t.ctx.db.execute(
      sql`update bot_sessions set updated_at = now() - interval '11 minutes' where ticket_id = ${ticketId}`,
    );
    await t.services.bots.sweep();
    await t.services.bots.idle();
    expect(await botSaid(ticketId)).toContain('Cerramos la conversación por falta de respuesta.');
    expect(await ticketRow(ticketId)).toMatchObject({ status: 4, bot_active: false });
    const [session] = (
      await t.ctx.db.execute<{ status: string; ending: { reason?: string } }>(
        sql`select status, ending from bot_sessions where ticket_id = ${ticketId}`,
      )
    ).rows;
    expect(session).toMatchObject({ status: 'ended', ending: { action: 'finishConversation', reason: 'silence' } });
  });

  it('lets the editor try a flow turn by turn with the real engine and ports, storing and sending nothing', async () => {
    const flow = orderFlow(web.url, otherCampaignId);
    const before = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from messages`);
    const start = await api.post('/api/v2/bots/try', admin, { flow, state: null, input: 'Hola' });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().result).toMatchObject({
      outputs: [
        { kind: 'text', text: '¡Hola ! Soy el asistente de Tienda Demo.' },
        {
          kind: 'list',
          text: '¿Qué necesita?',
          options: expect.arrayContaining([expect.objectContaining({ id: 'pedido' })]),
        },
      ],
      state: { waitingAt: 'menu' },
      ending: null,
    });
    let state = start.json().result.state;
    for (const input of ['1', 'A-77']) {
      const next = await api.post('/api/v2/bots/try', admin, { flow, state, input });
      state = next.json().result.state;
      if (input === 'A-77') {
        expect(next.json().result.outputs[0]).toEqual({ kind: 'text', text: 'Su pedido A-77 está en camino.' });
      }
    }
    const after = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from messages`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const viewer = await signedInWith(t, admin, ['ver-lista-bots']);
    expect((await api.post('/api/v2/bots/try', viewer, { flow, state: null, input: null })).statusCode).toBe(403);
    const empty = await api.post('/api/v2/bots/try', admin, { flow: { startNodeId: 'a', nodes: [] } });
    expect(empty.statusCode).toBe(422);
  });

  it('keeps a bot’s web service secrets write-only, used in its requests and never in what the customer reads', async () => {
    const flow = {
      startNodeId: 'ask',
      nodes: [
        node('ask', { type: 'ask', text: '¿Número de pedido?', variable: 'pedido' }),
        node('lookup', {
          type: 'webService',
          method: 'GET',
          url: `${web.url}/pedidos/{{pedido}}`,
          headers: [{ name: 'x-token', value: '{{secreto.token}}' }],
          mappings: [{ variable: 'estado', path: 'data.status' }],
        }),
        node('done', {
          type: 'action',
          action: 'releaseConversation',
          text: 'Su pedido está {{estado}}.{{secreto.token}}',
        }),
        node('down', { type: 'action', action: 'transferToAgent' }),
      ],
      edges: [
        { id: 'e1', source: 'ask', sourceHandle: 'next', target: 'lookup' },
        { id: 'e2', source: 'lookup', sourceHandle: 'success', target: 'done' },
        { id: 'e3', source: 'lookup', sourceHandle: 'error', target: 'down' },
      ],
    };
    const bot = await liveBot(flow as never);
    const secret = 'clave-muy-secreta-1234';
    const bad = await api.put(`/api/v2/bots/${bot.id}/secrets`, admin, { secrets: { 'Token!': 'x' } });
    expect(bad.statusCode).toBe(422);
    const viewer = await signedInWith(t, admin, ['ver-lista-bots']);
    expect((await api.put(`/api/v2/bots/${bot.id}/secrets`, viewer, { secrets: { token: secret } })).statusCode).toBe(
      403,
    );
    const saved = await api.put(`/api/v2/bots/${bot.id}/secrets`, admin, { secrets: { token: secret } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.secretNames).toEqual(['token']);
    for (const url of [`/api/v2/bots/${bot.id}`, `/api/v2/bots/${bot.id}/export`, `/api/v2/bots/${bot.id}/audit`]) {
      const answer = await api.get(url, admin);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).not.toContain(secret);
    }

    // Its request carries the secret; the customer never reads it.
    const from = `bot-secret-${Date.now()}`;
    const { ticketId } = await say(from, 'Hola');
    await say(from, 'A-77');
    expect(web.calls.at(-1)).toEqual({ url: '/pedidos/A-77', token: secret });
    expect((await botSaid(ticketId)).at(-1)).toBe('Su pedido está en camino.');
    for (const text of await botSaid(ticketId)) expect(text).not.toContain(secret);

    // Released: the bot keeps the ticket out of routing, and the customer's next message starts the flow again.
    await t.services.routing.route([campaignId]);
    expect(await ticketRow(ticketId)).toMatchObject({ bot_active: true, assigned_user_id: null });
    await say(from, 'Otra consulta');
    expect((await botSaid(ticketId)).at(-1)).toBe('¿Número de pedido?');

    const removed = await api.put(`/api/v2/bots/${bot.id}/secrets`, admin, { secrets: { token: null } });
    expect(removed.json().result.secretNames).toEqual([]);
  });
});
