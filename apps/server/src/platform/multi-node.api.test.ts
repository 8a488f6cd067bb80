import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REALTIME_EVENTS, TICKET_EVENT, type TicketEvent } from '@atiende/contracts';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, ensureBuiltInRoles } from '../modules/users/users.service.js';
import { waitFor } from '../test/desk.js';
import { readOutbox } from '../test/mailbox.js';
import { freePort } from '../test/ports.js';
import { startProxy, type TestProxy } from '../test/proxy.js';
import { rememberSecret } from '../test/secrets.js';
import { buildServer, serverDir, spawnServer, stopServers } from '../test/server-process.js';
import { connectDatabase, type DatabaseHandle } from './db/client.js';

/**
 * Two real Atiende nodes (the compiled server, each its own OS process) on one fresh PostgreSQL database — and one
 * Redis when REDIS_URL is set (CI's second API pass), else fanning out through PostgreSQL — behind a small load
 * balancer (test/proxy.ts). Nothing is shared between them but the database, Redis and DATA_DIR, as in production
 * (docs/operations.md, "Several nodes").
 */
const SITE = 'https://www.tienda.test';
const LOGIN_LIMIT = 10;

interface Node {
  name: 'A' | 'B';
  port: number;
  url: string;
  process: ChildProcess;
  log: string;
}

let database: { url: string; name: string };
let db: DatabaseHandle;
let dataDir: string;
let proxy: TestProxy;
let nodeA: Node;
let nodeB: Node;
let admin: { email: string; password: string; token: string };
const sockets: Socket[] = [];

/** Starts a node (test/server-process.ts). */
function spawnNode(name: Node['name'], port: number, publicUrl: string): Node {
  const { child, logFile } = spawnServer(`node-${name}`, {
    DATABASE_URL: database.url,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    PUBLIC_URL: publicUrl,
    // Demo data too: both nodes seed it at start, which must also take turns.
    DEMO_DATA: '1',
    RATE_LIMIT_LOGIN_PER_MINUTE: String(LOGIN_LIMIT),
  });
  return { name, port, url: `http://127.0.0.1:${port}`, process: child, log: logFile };
}

async function healthy(node: Node): Promise<void> {
  await waitFor(
    async () => {
      if (node.process.exitCode !== null) throw new Error(`node ${node.name} exited with ${node.process.exitCode}`);
      try {
        return (await fetch(`${node.url}/api/v2/health`)).ok;
      } catch {
        return false;
      }
    },
    `node ${node.name} to answer`,
    60_000,
  );
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many endpoints, checked field by field
  body: any;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: object; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${base}/api/v2${url}`, {
    method,
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function login(base: string, email: string, password: string) {
  const answer = await call(base, 'POST', '/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login failed on ${base}: ${JSON.stringify(answer.body)}`);
  rememberSecret(answer.body.result.token);
  return answer.body.result as { token: string; sessionId: string };
}

let userSequence = 0;
/** A user made in the database directly (the nodes know nothing but what the database says). */
async function newUser(role: 'admin' | 'agent') {
  const roles = await ensureBuiltInRoles(db.db);
  userSequence += 1;
  const email = `mn${Date.now()}${userSequence}@test.atiende`;
  const password = `Clave.${randomBytes(6).toString('hex')}`;
  rememberSecret(password);
  const id = await createUser(db.db, { name: `Nodo ${userSequence}`, email, password, roleIds: [roles[role]] });
  return { id, email, password };
}

/** A signed-in agent of the campaign-to-be. */
async function newAgent(base: string) {
  const user = await newUser('agent');
  const session = await login(base, user.email, user.password);
  return { ...user, ...session };
}

/** A web chat channel and an inbound campaign whose agents serve it, made through `base`. */
async function campaign(base: string, agentIds: number[]) {
  const stamp = `${Date.now()}${randomBytes(2).toString('hex')}`;
  const channel = await call(base, 'POST', '/channels', {
    token: admin.token,
    body: { name: `Canal ${stamp}`, type: 'webchat', direction: 'inbound' },
  });
  expect(channel.status).toBe(201);
  const channelId = channel.body.result.id as number;
  const body = (agents: number[]) => ({
    name: `Campaña ${stamp}`,
    type: 'inbound',
    channelIds: [channelId],
    agents: agents.map((userId) => ({ userId, channelIds: [channelId] })),
    supervisorIds: [],
    config: { ticketCombination: 'customer-channel', tasksPerAgent: 100 },
  });
  const created = await call(base, 'POST', '/campaigns', { token: admin.token, body: body(agentIds) });
  expect(created.status).toBe(201);
  return { channelId, campaignId: created.body.result.id as number, body };
}

/** A staff socket straight to one node (or through the proxy), as the web app opens it. */
function connectTo(base: string, token: string, options: { reconnection?: boolean } = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      auth: { token },
      transports: ['websocket'],
      // Each client its own connection, as separate browsers have (socket.io-client shares one per server).
      forceNew: true,
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

const inbound = (base: string, channelId: number, providerMessageId: string, from: string) =>
  call(base, 'POST', `/channels/${channelId}/inbound`, {
    token: admin.token,
    body: { providerMessageId, from, text: `Mensaje ${providerMessageId}` },
  });

beforeAll(async () => {
  // The nodes run the compiled server: bring it up to date (incremental; a no-op after `npm test`'s typecheck).
  buildServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-nodes-'));
  // A database of its own, empty: both nodes start on it at once and migrate it (one waits for the other).
  const name = `atiende_nodes_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const server = new pg.Client({ connectionString: inject('databaseUrl') });
  await server.connect();
  await server.query(`create database ${name}`);
  await server.end();
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  database = { url: url.toString(), name };

  const [portA, portB] = [await freePort(), await freePort()];
  proxy = await startProxy([portA, portB]);
  nodeA = spawnNode('A', portA, proxy.url);
  nodeB = spawnNode('B', portB, proxy.url);
  await Promise.all([healthy(nodeA), healthy(nodeB)]);

  db = connectDatabase(database.url, 2);
  const adminUser = await newUser('admin');
  admin = { ...adminUser, token: (await login(nodeA.url, adminUser.email, adminUser.password)).token };
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stopServers([nodeA?.process, nodeB?.process]);
  await proxy?.close();
  await db?.close();
  if (database) {
    const server = new pg.Client({ connectionString: inject('databaseUrl') });
    await server.connect();
    await server.query(`drop database if exists ${database.name} with (force)`);
    await server.end();
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two nodes on one database', () => {
  it('started together, they migrated and seeded the empty database once', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(serverDir, 'drizzle/meta/_journal.json'), 'utf8'));
    const applied = await db.pool.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
    expect(Number(applied.rows[0].n)).toBe(journal.entries.length);
    const roles = await db.pool.query<{ name: string; n: string }>(
      'select name, count(*) as n from roles group by name having count(*) > 1',
    );
    expect(roles.rows).toEqual([]);
    const demo = await db.pool.query<{ n: string }>(
      `select count(*) as n from users where email like '%@atiende.test'`,
    );
    expect(Number(demo.rows[0].n)).toBeGreaterThan(0);
  });

  it('fan out through Redis when REDIS_URL is set, else through their PostgreSQL', () => {
    const expected = process.env.REDIS_URL ? 'realtime fans out through Redis' : 'realtime fans out through PostgreSQL';
    for (const node of [nodeA, nodeB]) expect(fs.readFileSync(node.log, 'utf8')).toContain(expected);
  });

  it('a session opened on one node works on the other', async () => {
    expect((await call(nodeB.url, 'GET', '/usuario/perfil', { token: admin.token })).status).toBe(200);
  });

  it('an event caused on A reaches an agent on B, and rooms changed on A follow on B', async () => {
    const member = await newUser('agent');
    const { channelId, campaignId, body } = await campaign(nodeA.url, [member.id]);
    // Signed in on B once a member: available, so routing on A hands them the new ticket.
    const memberSocket = await connectTo(nodeB.url, (await login(nodeB.url, member.email, member.password)).token);
    const joiner = await newAgent(nodeB.url);
    const joinerSocket = await connectTo(nodeB.url, joiner.token);
    const heard = collect<TicketEvent & { seq: number }>(memberSocket, TICKET_EVENT);
    const overheard = collect<TicketEvent>(joinerSocket, TICKET_EVENT);

    const stored = await inbound(nodeA.url, channelId, `cross-${Date.now()}`, 'cliente-cruzado');
    expect(stored.status).toBe(201);
    const event = await waitFor(() => heard.find((item) => item.tipo === 'asignado'), 'the assignment on node B');
    expect(event).toMatchObject({ casoId: stored.body.result.ticketId, asignado: member.id, seq: expect.any(Number) });
    // Node B handled that campaign-room broadcast for all its sockets at once: the non-member got nothing.
    expect(overheard).toEqual([]);

    // The joiner is added on A: its socket on B joins the campaign room without reconnecting (refreshRooms reaches
    // the socket through the adapter). Probe with new messages until the campaign's events reach it.
    const updated = await call(nodeA.url, 'PUT', `/campaigns/${campaignId}`, {
      token: admin.token,
      body: body([member.id, joiner.id]),
    });
    expect(updated.status).toBe(200);
    let probe = 0;
    await waitFor(async () => {
      if (overheard.length > 0) return true;
      probe += 1;
      const sent = await inbound(nodeA.url, channelId, `join-${Date.now()}-${probe}`, `cliente-${probe}`);
      expect(sent.status).toBe(201);
      return false;
    }, 'the joiner on B to hear the campaign');
    expect(joinerSocket.connected).toBe(true);
  });

  it('a web-chat visitor connected to B gets what is sent for them through A', async () => {
    const agent = await newUser('agent');
    const { channelId } = await campaign(nodeA.url, [agent.id]);
    const widget = await call(nodeA.url, 'POST', '/omni-widgets', {
      token: admin.token,
      body: { name: `Widget ${Date.now()}`, allowedOrigins: [SITE], channelIds: [channelId] },
    });
    expect(widget.status).toBe(201);
    const key = widget.body.result.publicKey as string;
    const visitor = await call(nodeA.url, 'POST', `/public/widgets/${key}/visitors`, {
      headers: { origin: SITE },
      body: { name: 'Visitante Nodo' },
    });
    expect(visitor.status).toBe(200);
    const visitorToken = visitor.body.result.visitorToken as string;
    rememberSecret(visitorToken);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const connection = io(`${nodeB.url}/visitor`, {
        auth: { token: visitorToken },
        extraHeaders: { origin: SITE },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(connection);
      connection.once('connect', () => resolve(connection));
      connection.once('connect_error', reject);
    });
    const received = collect<{ id: number; text: string }>(socket, 'message');
    // The visitor writes from another tab, served by A: the tab on B shows it.
    const sent = await call(nodeA.url, 'POST', `/public/widgets/${key}/messages`, {
      token: visitorToken,
      headers: { origin: SITE },
      body: { text: 'Hola desde otra pestaña', clientMessageId: `tab-${Date.now()}` },
    });
    expect(sent.status).toBe(201);
    const echo = await waitFor(() => received.find((item) => item.id === sent.body.result.id), 'the echo on B');
    expect(echo.text).toBe('Hola desde otra pestaña');
  });

  it('a job queued on A runs exactly once, on whichever node claims it', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => newUser('agent')));
    for (const user of users) {
      const asked = await call(nodeA.url, 'POST', '/password/email', { body: { email: user.email } });
      expect(asked.status).toBe(200);
    }
    const emails = users.map((user) => user.email);
    // Wait for the queue to finish those jobs (both nodes work it), then count what they did.
    await waitFor(async () => {
      const jobs = await db.pool.query<{ state: string }>(
        `select state from pgboss.job where name = 'mail.send' and data->>'to' = any($1)`,
        [emails],
      );
      return jobs.rows.length === emails.length && jobs.rows.every((job) => job.state === 'completed');
    }, 'the mail jobs to complete');
    const mails = readOutbox(path.join(dataDir, 'mail')).filter((mail) => emails.includes(mail.to));
    expect(mails.map((mail) => mail.to).sort()).toEqual([...emails].sort());
  });

  it('a login on B ends the session opened on A and drops its socket there at once', async () => {
    const user = await newUser('agent');
    const first = await login(nodeA.url, user.email, user.password);
    const socket = await connectTo(nodeA.url, first.token);
    const opened = collect<{ idSesion: string }>(socket, REALTIME_EVENTS.sessionOpened);
    const drops = collect<string>(socket, 'disconnect');

    const second = await login(nodeB.url, user.email, user.password);
    expect(await waitFor(() => drops[0], 'the socket on A to be dropped')).toBe('io server disconnect');
    expect(opened.map((event) => event.idSesion)).toEqual([second.sessionId]);
    for (const node of [nodeA, nodeB]) {
      expect((await call(node.url, 'GET', '/usuario/perfil', { token: first.token })).status).toBe(401);
      expect((await call(node.url, 'GET', '/usuario/perfil', { token: second.token })).status).toBe(200);
    }
  });

  it('counts login attempts across both nodes: the limit is one limit', async () => {
    const user = await newUser('agent');
    const attempt = (node: Node) =>
      call(node.url, 'POST', '/login', { body: { email: user.email, password: 'Equivocada.2026' } });
    for (let index = 0; index < LOGIN_LIMIT; index += 1) {
      expect((await attempt(index % 2 === 0 ? nodeA : nodeB)).status).toBe(401);
    }
    const refusedOnA = await attempt(nodeA);
    expect(refusedOnA.status).toBe(429);
    expect(refusedOnA.body.code).toBe('RATE_LIMITED');
    expect((await attempt(nodeB)).status).toBe(429);
  });

  it('killing A mid-traffic loses no acknowledged message; its agents reconnect to B and replay what they missed', async () => {
    // Four agents through the load balancer, alternating between the nodes.
    const members = await Promise.all(Array.from({ length: 4 }, () => newUser('agent')));
    const { channelId, campaignId } = await campaign(
      nodeB.url,
      members.map((member) => member.id),
    );
    // Signed in once members: available, so the burst's tickets are routed to them.
    const agents = [];
    for (const member of members)
      agents.push({ ...member, ...(await login(nodeB.url, member.email, member.password)) });
    interface Client {
      agent: (typeof agents)[number];
      socket: Socket;
      seen: Set<number>;
      /** The newest event seen, by its time: what `resume` sends. */
      newest: { lastSeq: number; lastAt: number };
      connects: number;
    }
    const clients: Client[] = [];
    const before = proxy.upgrades.length;
    for (const agent of agents) {
      const socket = io(proxy.url, {
        auth: { token: agent.token },
        transports: ['websocket'],
        forceNew: true,
        reconnectionDelay: 100,
        reconnectionDelayMax: 500,
      });
      sockets.push(socket);
      const client: Client = { agent, socket, seen: new Set(), newest: { lastSeq: 0, lastAt: 0 }, connects: 0 };
      // The web app's bookkeeping: every sequence once, and `resume` from the newest event (by `at`, since the two
      // nodes' sequence numbers do not follow time) on every reconnect.
      socket.onAny((_event: string, payload: { seq?: unknown; at?: unknown } | undefined) => {
        if (typeof payload?.seq !== 'number' || typeof payload.at !== 'number') return;
        client.seen.add(payload.seq);
        if (payload.at > client.newest.lastAt) client.newest = { lastSeq: payload.seq, lastAt: payload.at };
      });
      socket.on('connect', () => {
        client.connects += 1;
        if (client.connects > 1) socket.emit('resume', client.newest);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      clients.push(client);
    }
    const onA = clients.filter((_, index) => proxy.upgrades[before + index] === 0);
    expect(onA.length).toBeGreaterThan(0);
    expect(onA.length).toBeLessThan(clients.length);
    // Ids come from blocks each node reserves and do not follow time across nodes: a window of the log is told by
    // the ids written by a moment, not by a range of ids.
    const logged = async () =>
      new Set(
        (await db.pool.query<{ id: string }>('select id from realtime_events')).rows.map((row) => Number(row.id)),
      );
    const floor = await logged();

    // A customer's integration sends a burst through the load balancer; A is killed once part of it is answered.
    const stamp = Date.now();
    const ids = Array.from({ length: 240 }, (_, index) => `kill-${stamp}-${index}`);
    const acknowledged = new Map<string, number>();
    const send = async (id: string, index: number) => {
      try {
        const answer = await inbound(proxy.url, channelId, id, `cliente-${stamp}-${index % 20}`);
        if (answer.status === 200 || answer.status === 201) acknowledged.set(id, (acknowledged.get(id) ?? 0) + 1);
      } catch {
        // The node died under the request: not acknowledged; the integration sends it again.
      }
    };
    const exited = new Promise<void>((resolve) => nodeA.process.once('exit', () => resolve()));
    let cursor = 0;
    let killedAt = -1;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (cursor < ids.length) {
          const index = cursor++;
          await send(ids[index], index);
          if (killedAt < 0 && acknowledged.size >= 60) {
            killedAt = index;
            // Reconnections wait at the load balancer until B has served traffic they missed.
            proxy.holdUpgrades();
            nodeA.process.kill('SIGKILL');
          }
        }
      }),
    );
    await exited;
    const atKill = await logged();
    // A died in the middle of the burst, not after it.
    expect(killedAt).toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(ids.length - 40);
    await waitFor(() => onA.every((client) => !client.socket.connected), "A's agents to lose their node");
    expect(acknowledged.size).toBeGreaterThan(0);

    // The integration sends again what was not acknowledged (as providers do), while A's agents are away. They come
    // from one new sender: the assignment of its new ticket is an event every agent's campaign room gets meanwhile.
    const missing = ids.filter((id) => !acknowledged.has(id));
    expect(missing.length).toBeGreaterThan(0);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < missing.length) {
          const id = missing[next++];
          await waitFor(async () => {
            const answer = await inbound(proxy.url, channelId, id, `cliente-${stamp}-retry`);
            return answer.status === 200 || answer.status === 201;
          }, `message ${id} to be acknowledged by B`);
        }
      }),
    );
    // Routing runs after each answer: wait until B has logged the new ticket's assignment for the campaign.
    await waitFor(async () => {
      const campaignEvents = await db.pool.query<{ id: string }>('select id from realtime_events where room = $1', [
        `notificacion-campana-${campaignId}`,
      ]);
      return campaignEvents.rows.some((row) => !atKill.has(Number(row.id)));
    }, 'B to log a campaign event while A’s agents are away');
    const atRelease = await logged();
    proxy.releaseUpgrades();

    // Every message is stored exactly once: those A acknowledged before dying included.
    const stored = await db.pool.query<{ provider_message_id: string; n: string }>(
      `select provider_message_id, count(*) as n from messages
       where channel_id = $1 and provider_message_id = any($2) group by provider_message_id`,
      [channelId, ids],
    );
    expect(stored.rows.length).toBe(ids.length);
    expect(stored.rows.filter((row) => Number(row.n) !== 1)).toEqual([]);

    // A's agents came back through the load balancer to B and, by `resume`, have every event of their rooms since
    // before the burst: those B sent while they were away too (no gap).
    for (const client of onA) {
      await waitFor(() => client.socket.connected && client.connects >= 2, 'the agent to reconnect');
      const rooms = [`user:${client.agent.id}`, `notificacion-campana-${campaignId}`];
      // What B logged for it while it could not connect (at least the retried customer's new ticket): replayed.
      const ofRooms = async () =>
        (await db.pool.query<{ id: string }>('select id from realtime_events where room = any($1)', [rooms])).rows.map(
          (row) => Number(row.id),
        );
      const whileAway = (await ofRooms()).filter((id) => !atKill.has(id) && atRelease.has(id));
      expect(whileAway.length).toBeGreaterThan(0);
      await waitFor(async () => {
        const sinceBurst = (await ofRooms()).filter((id) => !floor.has(id));
        const gap = sinceBurst.filter((seq) => !client.seen.has(seq));
        return sinceBurst.length > 0 && gap.length === 0;
      }, `agent ${client.agent.id} to have every event of its rooms`);
    }
    expect(
      proxy.upgrades.slice(before + clients.length).filter((backend) => backend === 1).length,
    ).toBeGreaterThanOrEqual(onA.length);
  }, 60_000);
});
