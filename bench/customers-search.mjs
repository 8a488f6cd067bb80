#!/usr/bin/env node
// Customer search on 100,000 customers: the list endpoint (trigram search, filters, deep page) measured against a
// bare Fastify route in the same process and run. Prints ratios. Run: npm run build:ts && node bench/customers-search.mjs
import { cataloguesRepo } from '../apps/server/dist/modules/catalogues/catalogues.repo.js';
import { importsRepo } from '../apps/server/dist/modules/customers/imports.repo.js';
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { normalizeContactValue, searchable } from '../apps/server/dist/platform/text.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';
import { measure, printResults, startBench } from './support.mjs';

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
    await handle.db.transaction((tx) => importsRepo.upsertBatch(tx, rows, adminId, { kind: 'all' }, null));
  }
  await handle.pool.query('analyze customers; analyze customer_contacts; analyze customer_labels');
  process.stdout.write(`generated ${CUSTOMERS} customers in ${((Date.now() - generation) / 1000).toFixed(1)} s\n`);

  const bench = await startBench({
    databaseUrl: database.url,
    db: handle.db,
    logger,
    email: 'bench@atiende.test',
    password: 'Bench.2026!',
  });
  const { headers } = bench;

  const baseline = await bench.baseline(ITERATIONS);
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
      await measure(
        label,
        async (i) => {
          const response = await bench.app.inject({ method: 'GET', url: url(i), headers });
          if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
        },
        ITERATIONS,
      ),
    );
  }
  printResults(
    `customer list on ${CUSTOMERS} customers, ${ITERATIONS} requests each (in-process, one connection)`,
    results,
  );
  await bench.close();
} finally {
  await handle.close();
  await database.drop();
}
