#!/usr/bin/env node
// Dashboards at volume: a year of work — 1,000,000 tickets (answered, most closed), 5,000,000 messages, a task per
// ticket and 50 agents' status periods — folded into the hourly figures by a rebuild, then the campaign and user
// dashboard APIs against a bare Fastify route in the same run. Prints p50/p99 per case, the ratio to the bare route,
// how long the rebuild took and how many hourly rows it made.
// Run: npm run bench:dashboards (BENCH_TICKETS, BENCH_ITERATIONS to change the volume; BENCH_KEEP_DATABASE=1 keeps
// the data, BENCH_DATABASE_URL measures again on it).
import { createAnalyticsService } from '../apps/server/dist/modules/analytics/analytics.service.js';
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';
import { measure, printResults, startBench } from './support.mjs';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const MESSAGES_PER_TICKET = 5;
const AGENTS = 50;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);

const reuse = process.env.BENCH_DATABASE_URL;
const database = reuse ? { url: reuse, drop: async () => {} } : await createTestDatabase();
const logger = createLogger('silent');
const handle = connectDatabase(database.url, 10);
try {
  const { campaignIds, agentIds, rebuild } = reuse ? await existing() : await generate();
  const bench = await startBench({
    databaseUrl: database.url,
    db: handle.db,
    logger,
    email: 'bench@atiende.test',
    password: 'Bench.2026!',
  });
  const get = (label, url) =>
    measure(
      label,
      async (i) => {
        const response = await bench.app.inject({ method: 'GET', url: url(i), headers: bench.headers });
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      },
      ITERATIONS,
    );
  const results = [await bench.baseline(ITERATIONS)];
  const one = (i) => campaignIds[i % campaignIds.length];
  results.push(
    await get(
      'campaign dashboard, one campaign, today',
      (i) => `/api/v2/analytics/campaign-dashboard?preset=today&campaigns=${one(i)}`,
    ),
  );
  results.push(
    await get(
      'campaign dashboard, one campaign, last 30 days',
      (i) => `/api/v2/analytics/campaign-dashboard?preset=last30Days&campaigns=${one(i)}`,
    ),
  );
  results.push(
    await get(
      'campaign dashboard, one campaign, this year',
      (i) => `/api/v2/analytics/campaign-dashboard?preset=custom&from=${yearAgo()}&to=${today()}&campaigns=${one(i)}`,
    ),
  );
  results.push(
    await get(
      'campaign dashboard, all 4 campaigns, last 30 days',
      () => '/api/v2/analytics/campaign-dashboard?preset=last30Days',
    ),
  );
  results.push(
    await get(
      'user dashboard, one agent, last 30 days',
      (i) => `/api/v2/analytics/user-dashboard?preset=last30Days&user=${agentIds[i % agentIds.length]}`,
    ),
  );
  results.push(
    await get(
      'user dashboard, one agent, this year',
      (i) =>
        `/api/v2/analytics/user-dashboard?preset=custom&from=${yearAgo()}&to=${today()}&user=${agentIds[i % agentIds.length]}`,
    ),
  );
  const rows = Number((await handle.pool.query('select count(*) as n from analytics_hourly')).rows[0].n);
  printResults(
    `dashboards on ${TICKETS} tickets / ${TICKETS * MESSAGES_PER_TICKET} messages over a year, ${ITERATIONS} requests each (in-process)`,
    results,
  );
  process.stdout.write(
    `${rebuild ? `rebuild from the raw rows: ${(rebuild / 1000).toFixed(1)} s; ` : ''}hourly rows: ${rows}\n`,
  );
  await bench.close();
} finally {
  await handle.close();
  if (process.env.BENCH_KEEP_DATABASE || reuse) process.stdout.write(`database kept: ${database.url}\n`);
  else await database.drop();
}

function today() {
  return new Date().toISOString().slice(0, 10);
}
function yearAgo() {
  return new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
}

/** A year of tickets, messages, tasks and statuses, written with the analytics triggers off, then a rebuild. */
async function generate() {
  const q = (text, values) => handle.pool.query(text, values);
  const roles = await ensureBuiltInRoles(handle.db);
  await createUser(handle.db, {
    name: 'Bench',
    email: 'bench@atiende.test',
    password: 'Bench.2026!',
    roleIds: [roles.admin],
  });
  const agents = await q(
    `insert into users (name, username, email, password_hash)
     select 'Agente ' || g, 'agente' || g, 'agente' || g || '@bench.test', 'x' from generate_series(1, $1) g returning id`,
    [AGENTS],
  );
  const agentIds = agents.rows.map((row) => Number(row.id));
  const campaignIds = [];
  for (const name of ['Servicio', 'Ventas', 'Cobranza', 'Soporte']) {
    const result = await q(
      `insert into campaigns (name, type, config) values ($1, 'inbound', '{}'::jsonb) returning id`,
      [name],
    );
    campaignIds.push(Number(result.rows[0].id));
  }
  const channels = [];
  for (const type of ['webchat', 'whatsapp', 'email']) {
    const result = await q(
      `insert into channels (name, type, direction, business_hours) values ($1, $2, 'inbound', '{}'::jsonb) returning id`,
      [`Canal ${type}`, type],
    );
    channels.push(Number(result.rows[0].id));
  }
  const documentType = (await q(`select id from catalogue_entries where model = 'tipo-documento' limit 1`)).rows[0].id;
  await q(
    `insert into customers (identification_type_id, identification_number, first_name, last_name)
     select $1, (10000000 + g)::text, 'Cliente', 'Número ' || g from generate_series(1, 10000) g`,
    [documentType],
  );
  const started = Date.now();
  // The rows as a bulk load would write them: the triggers' marks come from the rebuild below instead.
  const client = await handle.pool.connect();
  try {
    await client.query('set session_replication_role = replica');
    const span = 365 * 86_400;
    await client.query(
      `insert into tickets (campaign_id, customer_id, channel_id, priority, status, description, assigned_user_id,
         created_at, opened_at, first_response_at, closed_at)
       select ($1::bigint[])[1 + g % 4], (select min(id) from customers) + g % 10000, ($4::bigint[])[1 + g % 3], g % 3,
         case when g % 50 = 0 then g % 4 else 4 end, 'Caso de prueba',
         ($3::bigint[])[1 + g % $5], t.created, t.created + interval '5 seconds',
         t.created + make_interval(secs => 5 + abs(hashint4(g)) % 120),
         case when g % 50 = 0 then null else t.created + make_interval(secs => 300 + abs(hashint4(g + 1)) % 3000) end
       from generate_series(1, $2) g
       cross join lateral (select now() - make_interval(secs => (g::bigint * ${span} / $2)::double precision) as created) t`,
      [campaignIds, TICKETS, agentIds, channels, AGENTS],
    );
    await client.query(
      `insert into interactions (ticket_id, channel_id, customer_id, contact_value, created_at, last_message_at)
       select id, channel_id, customer_id, 'c' || customer_id, created_at, created_at from tickets`,
    );
    await client.query(
      `insert into messages (interaction_id, ticket_id, channel_id, direction, body_html, body_text, author_id, created_at)
       select i.id, i.ticket_id, i.channel_id, n % 2, '', 'Hola', case when n % 2 = 1 then t.assigned_user_id end,
         i.created_at + make_interval(mins => n)
       from interactions i join tickets t on t.id = i.ticket_id cross join generate_series(0, ${MESSAGES_PER_TICKET - 1}) n`,
    );
    await client.query(
      `insert into ticket_tasks (ticket_id, author_id, "values", created_at)
       select id, assigned_user_id, '{}'::jsonb, coalesce(closed_at, first_response_at) from tickets`,
    );
    await client.query(
      `insert into agent_status_log (user_id, status, previous_status, duration_seconds, campaign_id, created_at)
       select a.id, 'E', (array['A','E','G','G','ALMUERZO','E','G','D'])[1 + p % 8], 3600, ($1::bigint[])[1 + a.n % 4],
         date_trunc('day', now()) - make_interval(days => d) + make_interval(hours => 8 + p)
       from (select id, row_number() over (order by id) as n from unnest($2::bigint[]) id) a
       cross join generate_series(1, 365) d cross join generate_series(0, 7) p`,
      [campaignIds, agentIds],
    );
  } finally {
    await client.query('set session_replication_role = origin');
    client.release();
  }
  await q('analyze');
  process.stdout.write(
    `generated ${TICKETS} tickets and ${TICKETS * MESSAGES_PER_TICKET} messages in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  const rebuildStarted = Date.now();
  await createAnalyticsService({ db: handle.db, logger }).rebuild();
  const rebuild = Date.now() - rebuildStarted;
  await q('analyze analytics_hourly, analytics_daily');
  return { campaignIds, agentIds, rebuild };
}

/** Data an earlier run kept: what is still marked (an interrupted rebuild) is folded in first, and timed. */
async function existing() {
  const campaigns = await handle.pool.query('select id from campaigns order by id');
  const agents = await handle.pool.query(`select id from users where email like '%@bench.test' order by id`);
  const started = Date.now();
  const pass = await createAnalyticsService({ db: handle.db, logger }).recompute();
  if (pass.hours > 0) await handle.pool.query('analyze analytics_hourly, analytics_daily');
  return {
    campaignIds: campaigns.rows.map((row) => Number(row.id)),
    agentIds: agents.rows.map((row) => Number(row.id)),
    rebuild: pass.hours > 0 ? Date.now() - started : null,
  };
}
