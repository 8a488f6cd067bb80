#!/usr/bin/env node
// The customer scope at volume: customers and tickets generated in the database (four campaigns that do not allow
// all tickets, every customer on a kanban label), then the customer list, search, kanban, detail and export as an
// administrator (no scope), an agent of one campaign (their own tickets: a few hundred customers) and a campaign
// supervisor without ver-todos-casos (a whole campaign: a quarter of the tickets), against a bare Fastify route in
// the same process and run. Run: npm run bench:customers-scope (BENCH_CUSTOMERS / BENCH_TICKETS for the volume).
import { cataloguesRepo } from '../apps/server/dist/modules/catalogues/catalogues.repo.js';
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';
import { measure, printResults, startBench } from './support.mjs';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const PASSWORD = 'Bench.2026!';

const database = await createTestDatabase();
const logger = createLogger('silent');
const handle = connectDatabase(database.url, 10);
try {
  const roles = await ensureBuiltInRoles(handle.db);
  const user = (email, role) => createUser(handle.db, { name: email, email, password: PASSWORD, roleIds: [role] });
  const adminId = await user('bench@atiende.test', roles.admin);
  const agentId = await user('agent@atiende.test', roles.agent);
  const supervisorId = await user('supervisor@atiende.test', roles.agent);
  await handle.pool.query(`insert into role_permissions (role_id, permission) values ($1, 'exportar-clientes')`, [
    roles.agent,
  ]);
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
  // The supervisor supervises the first campaign; the agent serves the second.
  await q('insert into campaign_supervisors (campaign_id, user_id) values ($1, $2)', [campaignIds[0], supervisorId]);
  await q('insert into campaign_agent_channels (campaign_id, channel_id, user_id) values ($1, 1, $2)', [
    campaignIds[1],
    agentId,
  ]);
  await q(
    `insert into customers (identification_type_id, identification_number, first_name, last_name, search_text, created_at)
     select $1, (20000000 + g)::text, (array['María','José','Luisa','Carlos','Ana','Andrés'])[1 + g % 6],
       'Apellido' || (g % 997), lower((array['maria','jose','luisa','carlos','ana','andres'])[1 + g % 6] || ' apellido' || (g % 997) || ' ' || (20000000 + g)),
       now() - make_interval(secs => g)
     from generate_series(1, $2) g`,
    [documentType, CUSTOMERS],
  );
  const kanbanLabels = (
    await q(`select id from catalogue_entries where model = 'customer-label' and kanban and enabled order by id`)
  ).rows.map((row) => Number(row.id));
  await q(
    // Hashed, not id % n: the tickets below pick customers by id arithmetic too, and the two must not correlate.
    `insert into customer_labels (customer_id, label_id)
     select id, ($1::bigint[])[1 + abs(hashint8(id)) % cardinality($1::bigint[])] from customers`,
    [kanbanLabels],
  );
  // Tickets spread over every customer; one ticket in 2,000 is the agent's (all in their campaign).
  await q(
    `insert into tickets (campaign_id, customer_id, priority, status, description, assigned_user_id, search_text, created_at)
     select ($1::bigint[])[1 + g % 4], (select min(id) from customers) + (g::bigint * 7919) % $3, g % 3, (g * 31) % 5,
       'Caso ' || g, case when g % 2000 = 1 then $5::bigint when g % 5 = 0 then null else $4::bigint end,
       'caso ' || g, now() - make_interval(mins => g)
     from generate_series(1, $2) g`,
    [campaignIds, TICKETS, CUSTOMERS, adminId, agentId],
  );
  await q('vacuum analyze');
  process.stdout.write(
    `generated ${CUSTOMERS} customers and ${TICKETS} tickets in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const bench = await startBench({
    databaseUrl: database.url,
    db: handle.db,
    logger,
    email: 'bench@atiende.test',
    password: PASSWORD,
  });
  const headersOf = async (email) => {
    const login = await bench.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email, password: PASSWORD },
    });
    return { authorization: `Bearer ${login.json().result.token}` };
  };
  const actors = [
    ['admin', bench.headers],
    ['agent', await headersOf('agent@atiende.test')],
    ['supervisor', await headersOf('supervisor@atiende.test')],
  ];
  const get = (label, headers, url) =>
    measure(
      label,
      async (i) => {
        const response = await bench.app.inject({ method: 'GET', url: url(i), headers });
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      },
      ITERATIONS,
    );
  const results = [await bench.baseline(ITERATIONS)];
  const exports = [];
  for (const [name, headers] of actors) {
    const first = (await bench.app.inject({ method: 'GET', url: '/api/v2/customers?sizePerPage=50', headers })).json()
      .result;
    results.push(await get(`${name}: list, first page`, headers, () => '/api/v2/customers'));
    results.push(await get(`${name}: list by name, page 20`, headers, () => '/api/v2/customers?sortName=name&page=20'));
    results.push(
      await get(`${name}: search by name`, headers, (i) => `/api/v2/customers?searchText=apellido${(i * 37) % 997}`),
    );
    results.push(await get(`${name}: kanban`, headers, () => '/api/v2/customers/kanban'));
    results.push(
      await get(`${name}: detail`, headers, (i) => `/api/v2/customers/${first.data[i % first.data.length].id}`),
    );
    if (name !== 'admin') {
      const exportStarted = Date.now();
      const response = await bench.app.inject({ method: 'GET', url: '/api/v2/customers/export', headers });
      exports.push(
        `${name}: export of ${first.totalCapped ? '10,000+' : first.total} customers, ${(response.rawPayload.length / 1024 / 1024).toFixed(1)} MiB in ${((Date.now() - exportStarted) / 1000).toFixed(1)} s`,
      );
    }
  }
  printResults(
    `customer scope on ${CUSTOMERS} customers / ${TICKETS} tickets, ${ITERATIONS} requests each (in-process)`,
    results,
  );
  for (const line of exports) process.stdout.write(`${line}\n`);
  await bench.close();
} finally {
  await handle.close();
  await database.drop();
}
