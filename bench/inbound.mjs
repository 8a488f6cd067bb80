#!/usr/bin/env node
// Inbound messages at volume: POST /api/v2/channels/:id/inbound (stored once, deduplicated, customer and ticket
// resolved, realtime event after commit) driven with a fixed concurrency over real HTTP, against a bare Fastify route
// on the same kind of server in the same run. Prints messages per second and acknowledgement latency p50/p99.
// A quarter of the deliveries repeat an earlier provider id (providers retry), so deduplication is on the path.
// Run: npm run bench:inbound (BENCH_MESSAGES, BENCH_CONCURRENCY, BENCH_SENDERS to change the load).
import Fastify from 'fastify';
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';
import { startBench } from './support.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 500);

/** Sends `total` requests with `concurrency` in flight; returns throughput and latency percentiles. */
async function drive(label, total, request) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const index = next;
      next += 1;
      const at = performance.now();
      const response = await request(index);
      if (response.status >= 300) throw new Error(`${label}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - at);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
  return { label, perSecond: total / seconds, p50: at(0.5), p99: at(0.99) };
}

const database = await createTestDatabase();
const logger = createLogger('silent');
const handle = connectDatabase(database.url, 10);
try {
  const roles = await ensureBuiltInRoles(handle.db);
  await createUser(handle.db, {
    name: 'Bench',
    email: 'bench@atiende.test',
    password: 'Bench.2026!',
    roleIds: [roles.admin],
  });
  const channel = await handle.pool.query(
    `insert into channels (name, type, direction, business_hours) values ('Bench chat', 'webchat', 'inbound', '{}'::jsonb) returning id`,
  );
  const channelId = Number(channel.rows[0].id);
  const campaign = await handle.pool.query(
    `insert into campaigns (name, type, config) values ('Bench', 'inbound', '{"ticketCombination": "customer-channel", "autoAssign": false}'::jsonb) returning id`,
  );
  await handle.pool.query('insert into campaign_channels (campaign_id, channel_id) values ($1, $2)', [
    Number(campaign.rows[0].id),
    channelId,
  ]);

  const bench = await startBench({
    databaseUrl: database.url,
    db: handle.db,
    logger,
    email: 'bench@atiende.test',
    password: 'Bench.2026!',
  });
  await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${bench.app.server.address().port}`;
  const bare = Fastify();
  bare.post('/bare', async (request) => ({ statusResult: true, status: 'OK', result: { received: request.body } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${bare.server.address().port}/bare`;
  const headers = { 'content-type': 'application/json', ...bench.headers };

  const body = (index) => {
    // Every fourth delivery repeats an earlier message: a provider retry the pipeline must answer as a duplicate.
    const id = index % 4 === 3 ? index - 3 : index;
    return JSON.stringify({ providerMessageId: `bench-${id}`, from: `visitor-${id % SENDERS}`, text: `Mensaje ${id}` });
  };
  const results = [
    await drive('bare route (JSON echo)', MESSAGES, (index) =>
      fetch(bareUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(index) }),
    ),
    await drive('inbound pipeline (store once, customer, ticket, event)', MESSAGES, (index) =>
      fetch(`${appUrl}/api/v2/channels/${channelId}/inbound`, { method: 'POST', headers, body: body(index) }),
    ),
  ];
  const stored = await handle.pool.query('select count(*)::int as n from messages where channel_id = $1', [channelId]);
  const [baseline] = results;
  process.stdout.write(
    `\nInbound messages: ${MESSAGES} deliveries (25% provider retries) from ${SENDERS} senders, ${CONCURRENCY} in flight, real HTTP\n` +
      'case | messages/s | ack p50 ms | ack p99 ms | p99 vs bare\n',
  );
  for (const result of results) {
    process.stdout.write(
      `${result.label} | ${result.perSecond.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${(result.p99 / baseline.p99).toFixed(1)}x\n`,
    );
  }
  process.stdout.write(`stored messages: ${stored.rows[0].n} (expected ${MESSAGES - Math.floor(MESSAGES / 4)})\n`);
  await bare.close();
  await bench.close();
} finally {
  await handle.close();
  await database.drop();
}
process.exit(0);
