#!/usr/bin/env node
// Bulk messaging at volume (docs/bulk-messaging.md): one WhatsApp bulk message to BENCH_RECIPIENTS accounts through a
// local server that speaks the Graph API's send, with the channel's limit set to BENCH_RATE messages per second.
// Prints the sends per second the provider saw against the limit, the busiest second (never above the limit), and
// the server's heap after a full GC at each tenth of the run: flat means memory does not grow with the recipients.
// Run: npm run bench:bulk (BENCH_RECIPIENTS, default 100000; BENCH_RATE, default 500).
import Fastify from 'fastify';
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';
import { startBench } from './support.mjs';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const TOKEN = 'EAAG-bench';

// The provider: counts each recipient's messages in a preallocated array (no growth here to blur the server's heap)
// and the sends of each second.
const received = new Uint8Array(RECIPIENTS + 1);
const perSecond = new Map();
let sends = 0;
let firstSendAt = 0;
let lastSendAt = 0;
let customerBase = 0;
const provider = Fastify();
provider.post('/v21.0/:phoneNumberId/messages', async (request, reply) => {
  if (request.headers.authorization !== `Bearer ${TOKEN}`) return reply.code(401).send({ error: { code: 190 } });
  const now = Date.now();
  if (!firstSendAt) firstSendAt = now;
  lastSendAt = now;
  sends += 1;
  const second = Math.floor(now / 1000);
  perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  const index = Number(String(request.body.to).slice(5)) - customerBase + 1;
  if (index >= 0 && index < received.length) received[index] = Math.min(255, received[index] + 1);
  return { messaging_product: 'whatsapp', messages: [{ id: `wamid.bench${sends}` }] };
});
await provider.listen({ port: 0, host: '127.0.0.1' });
const providerUrl = `http://127.0.0.1:${provider.server.address().port}`;

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
  const bench = await startBench({
    databaseUrl: database.url,
    db: handle.db,
    logger,
    email: 'bench@atiende.test',
    password: 'Bench.2026!',
    env: { OUTBOUND_ALLOWED_HOSTS: new URL(providerUrl).host },
  });
  const api = async (method, url, payload) => {
    const response = await bench.app.inject({ method, url: `/api/v2${url}`, headers: bench.headers, payload });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json().result;
  };
  const channel = await api('POST', '/channels', {
    name: 'WhatsApp bench',
    type: 'whatsapp',
    direction: 'outbound',
    config: {
      phoneNumberId: '1000',
      businessAccountId: '2000',
      accessToken: TOKEN,
      appSecret: 'bench-secret',
      verifyToken: 'bench-verify',
      apiBaseUrl: providerUrl,
      sendRatePerSecond: RATE,
    },
  });
  const campaign = await api('POST', '/campaigns', {
    name: 'Bench masivo',
    type: 'outbound',
    channelIds: [channel.id],
    agents: [],
    supervisorIds: [],
    config: { ticketCombination: 'customer-channel' },
  });
  const template = await handle.pool.query(
    `insert into whatsapp_templates (channel_id, name, language, category, header_type, body, examples, buttons_type,
       buttons, status)
     values ($1, 'bench', 'es', 'UTILITY', 'none', 'Hola {{1}}', '["Ana"]'::jsonb, 'none', '[]'::jsonb, 'approved')
     returning id`,
    [channel.id],
  );
  const documentType = await handle.pool.query(
    `select id from catalogue_entries where model = 'tipo-documento' order by id limit 1`,
  );
  const mobile = await handle.pool.query(
    `select id from catalogue_entries where model = 'tipo-dato-contacto' and code = '9'`,
  );
  const made = await handle.pool.query(
    `with made as (
       insert into customers (identification_type_id, identification_number, first_name, last_name, search_text)
       select $1, 'B-' || g, 'Cliente' || g, 'Bench', 'cliente' || g || ' bench' from generate_series(1, $3) g
       returning id)
     insert into customer_contacts (customer_id, type_id, value, normalized_value)
     select id, $2, '+57 320 ' || id, '57320' || id from made returning customer_id`,
    [documentType.rows[0].id, mobile.rows[0].id, RECIPIENTS],
  );
  customerBase = Math.min(...made.rows.map((row) => Number(row.customer_id)));
  const bulk = await api('POST', '/bulk-messages', {
    name: 'Bench',
    campaignId: campaign.id,
    channelId: channel.id,
    whatsappTemplateId: Number(template.rows[0].id),
    templateValues: ['{{cliente.nombre}}'],
    accounts: {
      conditions: {
        match: 'all',
        conditions: [{ field: 'customer.lastName', operator: 'equals', type: 'text', value: 'Bench' }],
      },
    },
  });
  const heap = () => {
    globalThis.gc?.();
    return process.memoryUsage().heapUsed / 1024 / 1024;
  };
  const heapAt = [];
  await api('POST', `/bulk-messages/${bulk.id}/actions`, { action: 'start' });
  let nextTenth = 1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (sends >= (RECIPIENTS * nextTenth) / 10 && nextTenth <= 10) {
      heapAt.push({ tenth: nextTenth, sent: sends, heapMb: heap() });
      nextTenth += 1;
    }
    const current = await api('GET', `/bulk-messages/${bulk.id}`);
    if (current.status === 'finalized' || current.status === 'failed') break;
  }
  const seconds = (lastSendAt - firstSendAt) / 1000;
  // Whole seconds only: the first and last are partial.
  const full = [...perSecond.entries()].sort((a, b) => a[0] - b[0]).slice(1, -1);
  const busiest = Math.max(...full.map(([, count]) => count));
  const twice = received.slice(1).filter((count) => count > 1).length;
  const missing = received.slice(1).filter((count) => count === 0).length;
  process.stdout.write(
    `\nBulk messaging: ${RECIPIENTS} recipients on one WhatsApp channel limited to ${RATE}/s, local Graph server\n` +
      `sends: ${sends} in ${seconds.toFixed(1)} s = ${(sends / seconds).toFixed(0)}/s (${((sends / seconds / RATE) * 100).toFixed(0)}% of the limit)\n` +
      `busiest whole second at the provider: ${busiest} (limit ${RATE}; ${(busiest / RATE).toFixed(2)}x)\n` +
      `recipients messaged twice: ${twice}; never: ${missing}\n` +
      'tenth | sent | server heap MB (after GC)\n' +
      heapAt.map((entry) => `${entry.tenth}/10 | ${entry.sent} | ${entry.heapMb.toFixed(1)}`).join('\n') +
      `\nheap at the last tenth vs the first: ${(heapAt.at(-1).heapMb / heapAt[0].heapMb).toFixed(2)}x\n`,
  );
  await bench.close();
} finally {
  await provider.close();
  await handle.close();
  await database.drop();
}
process.exit(0);
