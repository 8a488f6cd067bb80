#!/usr/bin/env node
// Realtime at volume: 2,000 connected agent sockets in 20 campaign rooms, campaign events at 500/s through the
// app's sequenced realtime (event log + Socket.IO), against a bare Socket.IO server broadcasting the same events to
// the same rooms in the same run. Both servers stay up with their sockets connected and take turns, round after
// round (bare, app, bare, app, ...), so a burst of load from elsewhere on the machine hits both alike: a single
// 10-second window of each made the ratio of the two p99s swing fourfold between runs. Prints delivery latency
// p50/p99 per round and over all rounds, and server heap per socket for both.
// Run: npm run bench:realtime (BENCH_SOCKETS, BENCH_RATE, BENCH_SECONDS per round, BENCH_ROUNDS to change the load;
// the fan-out between nodes is PostgreSQL's, Redis's with REDIS_URL, none with BENCH_FANOUT=local).
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { Server } from 'socket.io';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/platform/config.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { startJobs } from '../apps/server/dist/platform/jobs.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createMailer } from '../apps/server/dist/platform/mail.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROOMS = 20;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function heapMb() {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

function startClients(url, tokens) {
  const child = fork(new URL('./support/fanout-clients.mjs', import.meta.url), [
    JSON.stringify({ url, sockets: SOCKETS }),
    JSON.stringify(tokens),
  ]);
  const next = () => new Promise((resolve) => child.once('message', resolve));
  return {
    async connect() {
      await next(); // ready
      child.send('connect');
      return next();
    },
    /** Waits until deliveries stop arriving (a backlog drains), at most 60 s. */
    async drained() {
      let last = -1;
      for (let waited = 0; waited < 60_000; waited += 1000) {
        child.send('count');
        const { count } = await next();
        if (count === last) return;
        last = count;
        await sleep(1000);
      }
    },
    async report() {
      child.send('report');
      return (await next()).latencies;
    },
    close() {
      child.send('close');
    },
  };
}

/** Emits `RATE` events per second for `SECONDS`, round robin over the rooms, stamped with the send time. */
async function drive(emit) {
  const total = RATE * SECONDS;
  const started = now();
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / RATE;
    const wait = due - now();
    if (wait > 1) await sleep(wait);
    emit(index % ROOMS, { sentAt: now(), n: index });
  }
  return total;
}

function summarise(label, latencies, heapPerSocketKb, expected) {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
  return { label, p50: at(0.5), p99: at(0.99), delivered: latencies.length, expected, heapPerSocketKb };
}

/** A bare Socket.IO server with the sockets connected: `emit` broadcasts to a room. */
async function startBare() {
  const server = http.createServer();
  const io = new Server(server, { serveClient: false });
  io.on('connection', (socket) => socket.join(`room-${Number(socket.handshake.auth.room) % ROOMS}`));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const before = heapMb();
  const clients = startClients(`http://127.0.0.1:${server.address().port}`, []);
  await clients.connect();
  const heapPerSocketKb = ((heapMb() - before) * 1024) / SOCKETS;
  return {
    label: 'bare Socket.IO broadcast',
    clients,
    heapPerSocketKb,
    emit: (room, payload) => io.to(`room-${room}`).emit('bench', payload),
    async close() {
      clients.close();
      io.close();
    },
  };
}

/** Atiende on its own test database, the agents' sockets connected: `emit` is `ctx.realtime.toCampaign`. */
async function startApp() {
  const database = await createTestDatabase();
  const logger = createLogger('silent');
  const handle = connectDatabase(database.url, 10);
  const q = (text, values) => handle.pool.query(text, values);
  const channel = await q(
    `insert into channels (name, type, direction, business_hours) values ('Bench', 'webchat', 'inbound', '{}'::jsonb) returning id`,
  );
  const channelId = Number(channel.rows[0].id);
  const campaignIds = [];
  for (let room = 0; room < ROOMS; room += 1) {
    const campaign = await q(
      `insert into campaigns (name, type, config) values ($1, 'inbound', '{}'::jsonb) returning id`,
      [`Bench ${room}`],
    );
    campaignIds.push(Number(campaign.rows[0].id));
  }
  // Agents and their sessions straight in SQL: 2,000 password hashes would only measure argon2.
  const tokens = Array.from({ length: SOCKETS }, () => randomBytes(24).toString('hex'));
  const users = await q(
    `insert into users (name, username, email, password_hash)
     select 'Agente ' || g, 'agente' || g, 'agente' || g || '@bench.test', 'x' from generate_series(1, $1) g returning id`,
    [SOCKETS],
  );
  const userIds = users.rows.map((row) => Number(row.id));
  await q(`insert into sessions (user_id, token_hash) select * from unnest($1::bigint[], $2::text[])`, [
    userIds,
    tokens.map((token) => createHash('sha256').update(token).digest('hex')),
  ]);
  await q(
    `insert into campaign_agent_channels (campaign_id, channel_id, user_id) select * from unnest($1::bigint[], $2::bigint[], $3::bigint[])`,
    [userIds.map((_, index) => campaignIds[index % ROOMS]), userIds.map(() => channelId), userIds],
  );

  // The fan-out between nodes as in production: Redis with REDIS_URL, else PostgreSQL (the app has DATABASE_URL);
  // BENCH_FANOUT=local measures without one (a single node on the embedded database).
  const config = loadConfig({
    NODE_ENV: 'test',
    ...(process.env.BENCH_FANOUT === 'local' ? {} : { DATABASE_URL: database.url }),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    DATA_DIR: '/tmp/atiende-bench',
    LOG_LEVEL: 'silent',
  });
  const jobs = await startJobs(database.url, logger);
  const built = await buildApp({
    config,
    db: handle.db,
    logger,
    jobs,
    mailer: createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger }),
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const before = heapMb();
  const clients = startClients(`http://127.0.0.1:${built.app.server.address().port}`, tokens);
  await clients.connect();
  const heapPerSocketKb = ((heapMb() - before) * 1024) / SOCKETS;
  return {
    label: 'Atiende sequenced campaign events',
    clients,
    heapPerSocketKb,
    emit: (room, payload) => {
      void built.ctx.realtime.toCampaign(campaignIds[room], 'bench', payload);
    },
    async close() {
      clients.close();
      await built.app.close();
      await jobs.stop();
      await handle.close();
      await database.drop();
    },
  };
}

/** One round of one server: the events, the wait for the backlog, the deliveries' latencies. */
async function round(server) {
  const total = await drive(server.emit);
  await server.clients.drained();
  return { latencies: await server.clients.report(), expected: (total * SOCKETS) / ROOMS };
}

const servers = [await startBare(), await startApp()];
const rounds = servers.map(() => []);
const all = servers.map(() => ({ latencies: [], expected: 0 }));
for (let index = 0; index < ROUNDS; index += 1) {
  for (const [which, server] of servers.entries()) {
    const { latencies, expected } = await round(server);
    rounds[which].push(summarise(server.label, latencies.slice(), server.heapPerSocketKb, expected));
    for (const latency of latencies) all[which].latencies.push(latency);
    all[which].expected += expected;
  }
}
for (const server of servers) await server.close();

const fixed = (value) => value.toFixed(1);
process.stdout.write(
  `\nRealtime fan-out: ${SOCKETS} sockets in ${ROOMS} rooms, ${RATE} events/s, ${ROUNDS} rounds of ${SECONDS} s each\n` +
    'round | bare p50 / p99 ms | Atiende p50 / p99 ms | p99 vs bare\n',
);
for (let index = 0; index < ROUNDS; index += 1) {
  const [bare, app] = [rounds[0][index], rounds[1][index]];
  process.stdout.write(
    `${index + 1} | ${fixed(bare.p50)} / ${fixed(bare.p99)} | ${fixed(app.p50)} / ${fixed(app.p99)} | ${fixed(app.p99 / bare.p99)}x\n`,
  );
}
const results = servers.map((server, which) =>
  summarise(server.label, all[which].latencies, server.heapPerSocketKb, all[which].expected),
);
const [baseline] = results;
process.stdout.write(
  '\nAll rounds together\ncase | delivered/expected | p50 ms | p99 ms | p99 vs bare | server heap per socket KB\n',
);
for (const result of results) {
  process.stdout.write(
    `${result.label} | ${result.delivered}/${result.expected} | ${fixed(result.p50)} | ${fixed(result.p99)} | ${fixed(
      result.p99 / baseline.p99,
    )}x | ${fixed(result.heapPerSocketKb)}\n`,
  );
}
process.exit(0);
