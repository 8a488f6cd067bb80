#!/usr/bin/env node
// Tickets at volume: 1,000,000 tickets and 100,000 customers generated in the database, then the ticket list with
// the common filters and a deep page, the global search and the xlsx export, measured against a bare Fastify route
// in the same process and run. Run: npm run bench:tickets (BENCH_TICKETS / BENCH_CUSTOMERS to change the volume).
import Fastify from 'fastify';
import { buildApp } from '../apps/server/dist/app.js';
import { cataloguesRepo } from '../apps/server/dist/modules/catalogues/catalogues.repo.js';
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { loadConfig } from '../apps/server/dist/platform/config.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { startJobs } from '../apps/server/dist/platform/jobs.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createMailer } from '../apps/server/dist/platform/mail.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);

async function measure(label, run, iterations = ITERATIONS) {
  for (let i = 0; i < Math.min(10, iterations); i++) await run(i);
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const started = process.hrtime.bigint();
    await run(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, value) => sum + value, 0) / times.length;
  return { label, mean, p50: times[Math.floor(times.length * 0.5)], p99: times[Math.floor(times.length * 0.99)] };
}

const database = await createTestDatabase();
const logger = createLogger('silent');
const handle = connectDatabase(database.url, 10);
try {
  const roles = await ensureBuiltInRoles(handle.db);
  const adminId = await createUser(handle.db, {
    name: 'Bench',
    email: 'bench@atiende.test',
    password: 'Bench.2026!',
    roleIds: [roles.admin],
  });
  const documentType = (await cataloguesRepo.idsByCode(handle.db, 'tipo-documento')).get('CC');
  const started = Date.now();
  const q = (text, values) => handle.pool.query(text, values);
  const campaignIds = [];
  for (const name of ['Servicio', 'Ventas', 'Cobranza', 'Soporte']) {
    const result = await q(
      `insert into campaigns (name, type, config) values ($1, 'inbound', '{"allowAllTickets": false}'::jsonb) returning id`,
      [name],
    );
    campaignIds.push(Number(result.rows[0].id));
  }
  await q(
    `insert into customers (identification_type_id, identification_number, first_name, last_name, search_text)
     select $1, (20000000 + g)::text, (array['María','José','Luisa','Carlos','Ana','Andrés'])[1 + g % 6],
       'Apellido' || (g % 997), lower((array['maria','jose','luisa','carlos','ana','andres'])[1 + g % 6] || ' apellido' || (g % 997) || ' ' || (20000000 + g))
     from generate_series(1, $2) g`,
    [documentType, CUSTOMERS],
  );
  await q(
    `insert into tickets (campaign_id, customer_id, priority, status, description, assigned_user_id, search_text, created_at, unread)
     select ($1::bigint[])[1 + g % 4], (select min(id) from customers) + (g::bigint * 7919) % $3, g % 3, (g * 31) % 5,
       'Caso de prueba ' || g, case when g % 5 = 0 then null else $4::bigint end,
       'caso de prueba ' || g, now() - make_interval(mins => g), g % 7 = 0
     from generate_series(1, $2) g`,
    [campaignIds, TICKETS, CUSTOMERS, adminId],
  );
  await q('analyze');
  process.stdout.write(
    `generated ${CUSTOMERS} customers and ${TICKETS} tickets in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
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
  await built.app.ready();
  const login = await built.app.inject({
    method: 'POST',
    url: '/api/v2/login',
    payload: { email: 'bench@atiende.test', password: 'Bench.2026!' },
  });
  const headers = { authorization: `Bearer ${login.json().result.token}` };
  const bare = Fastify();
  bare.get('/bare', async () => ({
    statusResult: true,
    status: 'OK',
    code: 'OK',
    message: 'ok',
    result: { data: [] },
  }));
  await bare.ready();

  const get = (label, url) =>
    measure(label, async (i) => {
      const response = await built.app.inject({ method: 'GET', url: url(i), headers });
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
    });
  const baseline = await measure('bare route', () => bare.inject({ method: 'GET', url: '/bare' }));
  const results = [baseline];
  results.push(await get('list, first page (created_at desc)', () => '/api/v2/tickets'));
  results.push(
    await get(
      'list, campaign + open + high priority',
      () => `/api/v2/tickets?campaigns=${campaignIds[1]}&selectedStatus=1&priorities=2`,
    ),
  );
  results.push(
    await get(
      'list, unassigned, sorted by priority',
      () => '/api/v2/tickets?agents_filter=unassigned&sortName=priority',
    ),
  );
  results.push(await get('list, deep page 5,000', () => '/api/v2/tickets?page=5000&sizePerPage=10'));
  results.push(
    await get('search by ticket number', (i) => `/api/v2/tickets?searchText=${1000 + ((i * 7919) % TICKETS)}`),
  );
  results.push(
    await get(
      'global search (infogeneral)',
      (i) => `/api/v2/infogeneral?searchText=caso%20de%20prueba%20${(i * 104729) % TICKETS}`,
    ),
  );

  const exportStarted = Date.now();
  const exportResponse = await built.app.inject({
    method: 'GET',
    url: `/api/v2/tickets/export?campaigns=${campaignIds[0]}&selectedStatus=4`,
    headers,
  });
  const exportMs = Date.now() - exportStarted;
  process.stdout.write(
    `\nticket list on ${TICKETS} tickets / ${CUSTOMERS} customers, ${ITERATIONS} requests each (in-process)\n`,
  );
  process.stdout.write('case | mean ms | p50 ms | p99 ms | mean vs bare route\n');
  for (const result of results) {
    process.stdout.write(
      `${result.label} | ${result.mean.toFixed(2)} | ${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} | ${(result.mean / baseline.mean).toFixed(1)}x\n`,
    );
  }
  process.stdout.write(
    `xlsx export of one campaign's closed tickets: ${(exportResponse.rawPayload.length / 1024 / 1024).toFixed(1)} MiB in ${(exportMs / 1000).toFixed(1)} s (${(exportMs / baseline.mean).toFixed(0)}x one bare request)\n`,
  );
  await built.app.close();
  await jobs.stop();
  await bare.close();
} finally {
  await handle.close();
  await database.drop();
}
