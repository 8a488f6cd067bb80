#!/usr/bin/env node
// Inbound messages at volume: POST /api/v2/channels/:id/inbound (stored once, deduplicated, customer and ticket
// resolved, realtime event after commit) driven with a fixed concurrency over real HTTP, against a bare Fastify route
// on the same kind of server in the same run. Prints messages per second and acknowledgement latency p50/p99.
// A quarter of the deliveries repeat an earlier provider id (providers retry), so deduplication is on the path.
// A third run repeats the load with 100 active business rules: the acknowledgement latency they add and the rule
// executions per second, against the run without rules.
// Run: npm run bench:inbound (BENCH_MESSAGES, BENCH_CONCURRENCY, BENCH_SENDERS, BENCH_RULES to change the load).
import Fastify from 'fastify';
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';
import { benchWebchat, drive as driveWith, startBench } from './support.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 500);
/** The bench's requests, CONCURRENCY in flight. */
const drive = (label, total, request) => driveWith(label, total, CONCURRENCY, request);
const RULES = Number(process.env.BENCH_RULES ?? 100);

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
  const { channelId, campaignId } = await benchWebchat(handle.pool);

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

  const body = (index, run = 'bench') => {
    // Every fourth delivery repeats an earlier message: a provider retry the pipeline must answer as a duplicate.
    const id = index % 4 === 3 ? index - 3 : index;
    // One message in ten asks for something urgent: what one of the rules below looks for.
    const text = id % 10 === 0 ? `Mensaje ${id}: es urgente` : `Mensaje ${id}`;
    return JSON.stringify({ providerMessageId: `${run}-${id}`, from: `visitor-${run}-${id % SENDERS}`, text });
  };
  const results = [
    await drive('bare route (JSON echo)', MESSAGES, (index) =>
      fetch(bareUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(index) }),
    ),
    await drive('inbound pipeline (store once, customer, ticket, event)', MESSAGES, (index) =>
      fetch(`${appUrl}/api/v2/channels/${channelId}/inbound`, { method: 'POST', headers, body: body(index) }),
    ),
  ];
  // The same load with RULES active trigger rules on the campaign's messages (docs/automation.md): one job per
  // message evaluates them all in memory; one in ten rules looks for "urgente", so about one message in ten fires
  // RULES / 10 rules. Measured: the acknowledgement (rules run after commit, in jobs) and how fast rules execute.
  for (let index = 0; index < RULES; index++) {
    const word = index % 10 === 0 ? 'urgente' : `palabra${index}`;
    // Through the API, as an administrator would (the node learns of its rules at once).
    const created = await bench.app.inject({
      method: 'POST',
      url: '/api/v2/business-rules',
      headers: bench.headers,
      payload: {
        name: `Regla ${index}`,
        campaignId,
        kind: 'trigger',
        triggerEvent: 'messageReceived',
        conditions: {
          match: 'all',
          conditions: [
            { field: 'message.text', type: 'text', operator: 'contains', value: word },
            { field: 'ticket.status', type: 'enum', operator: 'in', value: [0, 1, 2] },
          ],
        },
        actions: [{ type: 'setPriority', priority: index % 3 }],
      },
    });
    if (created.statusCode !== 201) throw new Error(`rule not created: ${created.body}`);
  }
  const withRules = await drive(`inbound pipeline with ${RULES} active rules`, MESSAGES, (index) =>
    fetch(`${appUrl}/api/v2/channels/${channelId}/inbound`, { method: 'POST', headers, body: body(index, 'rules') }),
  );
  results.push(withRules);
  const rulesStarted = performance.now() - withRules.seconds * 1000;
  // Executions settle when the queue is empty: the count stops growing.
  let executions = 0;
  let lastChange = performance.now();
  let lastExecutionAt = performance.now();
  while (performance.now() - lastChange < 3000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const counted = await handle.pool.query('select count(*)::int as n from business_rule_executions');
    if (counted.rows[0].n !== executions) {
      executions = counted.rows[0].n;
      lastChange = performance.now();
      lastExecutionAt = lastChange;
    }
  }
  const ruleSeconds = (lastExecutionAt - rulesStarted) / 1000;
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
  const [, pipeline] = results;
  process.stdout.write(
    `stored messages: ${stored.rows[0].n} (expected ${2 * (MESSAGES - Math.floor(MESSAGES / 4))})\n` +
      `with ${RULES} rules: ack p99 ${(withRules.p99 - pipeline.p99).toFixed(1)} ms over the run without rules ` +
      `(${(withRules.p99 / pipeline.p99).toFixed(2)}x); ${executions} rule executions in ${ruleSeconds.toFixed(1)} s ` +
      `(${(executions / ruleSeconds).toFixed(0)} executions/s, the last ${((lastExecutionAt - rulesStarted) / 1000 - withRules.seconds).toFixed(1)} s after the last acknowledgement)\n`,
  );
  await bare.close();
  await bench.close();
} finally {
  await handle.close();
  await database.drop();
}
process.exit(0);
