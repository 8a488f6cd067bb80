#!/usr/bin/env node
// Bots at volume (issue #19): customers' messages through POST /api/v2/channels/:id/inbound over real HTTP, first on
// a channel with no bot (the inbound baseline of the same run), then on the same channel with a published bot that
// answers every message (a greeting and a question the first time, a thank-you and the question again after). Prints
// the acknowledgement latency of both runs, the bot's turns per second (inbound stored → answers queued) and the
// time from a customer's message to the bot's answer (p50/p99), against the baseline's acknowledgement.
// Run: npm run bench:bots (BENCH_MESSAGES, BENCH_CONCURRENCY, BENCH_SENDERS to change the load).
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';
import { benchWebchat, drive as driveWith, startBench } from './support.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 300);
/** The bench's requests, CONCURRENCY in flight. */
const drive = (label, total, request) => driveWith(label, total, CONCURRENCY, request);

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
  const { channelId } = await benchWebchat(handle.pool);
  const bench = await startBench({
    databaseUrl: database.url,
    db: handle.db,
    logger,
    email: 'bench@atiende.test',
    password: 'Bench.2026!',
  });
  await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${bench.app.server.address().port}`;
  const headers = { 'content-type': 'application/json', ...bench.headers };
  const send = (run) => (index) =>
    fetch(`${appUrl}/api/v2/channels/${channelId}/inbound`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        providerMessageId: `${run}-${index}`,
        from: `visitor-${run}-${index % SENDERS}`,
        text: `Ana ${index}`,
      }),
    });

  const baseline = await drive('inbound pipeline, no bot', MESSAGES, send('plain'));

  // The bot, through the API as an administrator makes it: published and answering the channel.
  const at = { x: 0, y: 0 };
  const created = await bench.app.inject({
    method: 'POST',
    url: '/api/v2/bots',
    headers: bench.headers,
    payload: {
      name: 'Bot de carga',
      flow: {
        startNodeId: 'hi',
        nodes: [
          { id: 'hi', position: at, data: { type: 'say', text: '¡Hola! Soy el asistente.' } },
          { id: 'name', position: at, data: { type: 'ask', text: '¿Cómo se llama?', variable: 'nombre' } },
          { id: 'thanks', position: at, data: { type: 'say', text: 'Gracias, {{nombre}}.' } },
          { id: 'again', position: at, data: { type: 'goTo', target: 'name' } },
        ],
        edges: [
          { id: 'e1', source: 'hi', target: 'name' },
          { id: 'e2', source: 'name', target: 'thanks' },
          { id: 'e3', source: 'thanks', target: 'again' },
        ],
      },
    },
  });
  if (created.statusCode !== 201) throw new Error(`bot not created: ${created.body}`);
  const bot = created.json().result;
  for (const [method, url, payload] of [
    ['POST', `/api/v2/bots/${bot.id}/versions/${bot.versions[0].id}/publish`, undefined],
    ['PUT', `/api/v2/bots/${bot.id}/channels`, { channelIds: [channelId] }],
  ]) {
    const answer = await bench.app.inject({ method, url, headers: bench.headers, payload });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.body}`);
  }

  const withBot = await drive('inbound pipeline, the bot answering', MESSAGES, send('bot'));
  // Every turn queues two answers; the bot is done when every customer's newest message is answered.
  let lastAnswerAt = performance.now();
  let answered = -1;
  while (true) {
    const pending = await handle.pool.query(
      `select count(*)::int as n from tickets t where t.bot_active and exists (
         select 1 from messages m where m.ticket_id = t.id and m.direction = 0
           and m.id > coalesce((select max(s.last_message_id) from bot_sessions s where s.ticket_id = t.id), 0))`,
    );
    const outgoing = await handle.pool.query(
      `select count(*)::int as n from messages where channel_id = $1 and direction = 1`,
      [channelId],
    );
    if (outgoing.rows[0].n !== answered) {
      answered = outgoing.rows[0].n;
      lastAnswerAt = performance.now();
    }
    if (pending.rows[0].n === 0) break;
    if (performance.now() - lastAnswerAt > 30_000) throw new Error('the bot stopped answering');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const turns = answered / 2;
  const turnSeconds = (lastAnswerAt - withBot.startedAt) / 1000;
  // From each customer message to the bot's next answer on the same ticket (a burst's older messages share it).
  const delays = await handle.pool.query(
    `select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.99) within group (order by ms) as p99
     from (
       select extract(epoch from (
         (select min(o.created_at) from messages o where o.ticket_id = m.ticket_id and o.direction = 1 and o.id > m.id)
         - m.created_at)) * 1000 as ms
       from messages m where m.channel_id = $1 and m.direction = 0 and m.provider_message_id like 'bot-%') d
     where ms is not null`,
    [channelId],
  );
  const answerP50 = Number(delays.rows[0].p50);
  const answerP99 = Number(delays.rows[0].p99);
  process.stdout.write(
    `\nBots: ${MESSAGES} customer messages from ${SENDERS} senders, ${CONCURRENCY} in flight, real HTTP, one node\n` +
      'case | messages/s | ack p50 ms | ack p99 ms\n' +
      `${baseline.label} | ${baseline.perSecond.toFixed(0)} | ${baseline.p50.toFixed(1)} | ${baseline.p99.toFixed(1)}\n` +
      `${withBot.label} | ${withBot.perSecond.toFixed(0)} | ${withBot.p50.toFixed(1)} | ${withBot.p99.toFixed(1)}\n` +
      `bot turns: ${turns} in ${turnSeconds.toFixed(1)} s = ${(turns / turnSeconds).toFixed(0)} turns/s ` +
      `(${(turns / turnSeconds / baseline.perSecond).toFixed(2)}x the inbound messages/s without a bot)\n` +
      `customer message → bot's answer queued: p50 ${answerP50.toFixed(1)} ms, p99 ${answerP99.toFixed(1)} ms ` +
      `(${(answerP99 / baseline.p99).toFixed(1)}x the acknowledgement p99 without a bot); ack p99 with the bot ` +
      `${(withBot.p99 / baseline.p99).toFixed(2)}x without\n`,
  );
  await bench.close();
} finally {
  await handle.close();
  await database.drop();
}
process.exit(0);
