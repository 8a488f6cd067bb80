#!/usr/bin/env node
// Customer search on 100,000 customers: the list endpoint (trigram search, filters, deep page) measured against a
// bare Fastify route in the same process and run. Prints ratios. Run: npm run build:ts && node bench/customers-search.mjs
import Fastify from 'fastify';
import { buildApp } from '../apps/server/dist/app.js';
import { cataloguesRepo } from '../apps/server/dist/modules/catalogues/catalogues.repo.js';
import { importsRepo } from '../apps/server/dist/modules/customers/imports.repo.js';
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { loadConfig } from '../apps/server/dist/platform/config.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { startJobs } from '../apps/server/dist/platform/jobs.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createMailer } from '../apps/server/dist/platform/mail.js';
import { normalizeContactValue, searchable } from '../apps/server/dist/platform/text.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const FIRST = [
  'María',
  'José',
  'Luisa',
  'Carlos',
  'Ana',
  'Andrés',
  'Camila',
  'Jorge',
  'Valentina',
  'Felipe',
  'Laura',
  'Diego',
];
const LAST = [
  'García',
  'Rodríguez',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Muñoz',
  'Castro',
];

async function measure(label, run) {
  for (let i = 0; i < 20; i++) await run(i); // warm-up
  const times = [];
  for (let i = 0; i < ITERATIONS; i++) {
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
  const contactTypes = await cataloguesRepo.idsByCode(handle.db, 'tipo-dato-contacto');
  const generation = Date.now();
  for (let offset = 0; offset < CUSTOMERS; offset += 2000) {
    const rows = [];
    for (let index = offset; index < Math.min(offset + 2000, CUSTOMERS); index++) {
      const first = FIRST[index % FIRST.length];
      const last = LAST[(index * 7) % LAST.length];
      const number = String(10_000_000 + index);
      const mail = `cliente${index}@correo.test`;
      rows.push({
        identificationTypeId: documentType,
        identificationNumber: number,
        firstName: first,
        middleName: null,
        lastName: `${last}${index % 997}`,
        secondLastName: null,
        birthday: null,
        gender: 'no-info',
        searchText: searchable(first, `${last}${index % 997}`, number, mail),
        contacts: [
          { typeId: contactTypes.get('4'), value: mail, normalizedValue: normalizeContactValue(mail, 'email') },
        ],
      });
    }
    await handle.db.transaction((tx) => importsRepo.upsertBatch(tx, rows, adminId, null));
  }
  await handle.pool.query('analyze customers; analyze customer_contacts; analyze customer_labels');
  process.stdout.write(`generated ${CUSTOMERS} customers in ${((Date.now() - generation) / 1000).toFixed(1)} s\n`);

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

  const baseline = await measure('bare route', () => bare.inject({ method: 'GET', url: '/bare' }));
  const cases = [
    ['first page, newest first', () => '/api/v2/customers?page=1&sizePerPage=10'],
    [
      'search by name (accent-insensitive)',
      (i) => `/api/v2/customers?searchText=${encodeURIComponent(`${LAST[i % LAST.length]}${i % 997}`)}`,
    ],
    ['search by document number', (i) => `/api/v2/customers?searchText=${10_000_000 + ((i * 389) % CUSTOMERS)}`],
    ['search by e-mail fragment', (i) => `/api/v2/customers?searchText=cliente${(i * 131) % CUSTOMERS}@`],
    ['sorted by name, page 500', () => '/api/v2/customers?page=500&sizePerPage=10&sortName=name'],
  ];
  const results = [baseline];
  for (const [label, url] of cases) {
    results.push(
      await measure(label, async (i) => {
        const response = await built.app.inject({ method: 'GET', url: url(i), headers });
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      }),
    );
  }
  process.stdout.write(
    `\ncustomer list on ${CUSTOMERS} customers, ${ITERATIONS} requests each (in-process, one connection)\n`,
  );
  process.stdout.write('case | mean ms | p50 ms | p99 ms | mean vs bare route\n');
  for (const result of results) {
    process.stdout.write(
      `${result.label} | ${result.mean.toFixed(2)} | ${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} | ${(result.mean / baseline.mean).toFixed(1)}x\n`,
    );
  }
  await built.app.close();
  await jobs.stop();
  await bare.close();
} finally {
  await handle.close();
  await database.drop();
}
