#!/usr/bin/env node
// Tickets at volume: 1,000,000 tickets and 100,000 customers generated in the database, then the ticket list with
// the common filters and a deep page, the global search and the xlsx export, measured against a bare Fastify route
// in the same process and run. Run: npm run bench:tickets (BENCH_TICKETS / BENCH_CUSTOMERS to change the volume).
import { cataloguesRepo } from '../apps/server/dist/modules/catalogues/catalogues.repo.js';
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';
import { measure, printResults, startBench } from './support.mjs';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);

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

  const bench = await startBench({
    databaseUrl: database.url,
    db: handle.db,
    logger,
    email: 'bench@atiende.test',
    password: 'Bench.2026!',
  });
  const { headers } = bench;

  const get = (label, url) =>
    measure(
      label,
      async (i) => {
        const response = await bench.app.inject({ method: 'GET', url: url(i), headers });
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      },
      ITERATIONS,
    );
  const baseline = await bench.baseline(ITERATIONS);
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
  const exportResponse = await bench.app.inject({
    method: 'GET',
    url: `/api/v2/tickets/export?campaigns=${campaignIds[0]}&selectedStatus=4`,
    headers,
  });
  const exportMs = Date.now() - exportStarted;
  printResults(
    `ticket list on ${TICKETS} tickets / ${CUSTOMERS} customers, ${ITERATIONS} requests each (in-process)`,
    results,
  );
  process.stdout.write(
    `xlsx export of one campaign's closed tickets: ${(exportResponse.rawPayload.length / 1024 / 1024).toFixed(1)} MiB in ${(exportMs / 1000).toFixed(1)} s (${(exportMs / baseline.mean).toFixed(0)}x one bare request)\n`,
  );
  await bench.close();
} finally {
  await handle.close();
  await database.drop();
}
