#!/usr/bin/env node
// Tickets at volume: 1,000,000 tickets and 100,000 customers generated in the database, then the ticket list with
// the common filters and a deep page, the global search and the xlsx export, measured against a bare Fastify route
// in the same process and run. Run: npm run bench:tickets (BENCH_TICKETS / BENCH_CUSTOMERS to change the volume,
// BENCH_KEEP_DATABASE=1 to keep the data for EXPLAIN).
import { cataloguesRepo } from '../apps/server/dist/modules/catalogues/catalogues.repo.js';
import { createUser, ensureBuiltInRoles } from '../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../apps/server/dist/platform/db/client.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createTestDatabase } from '../apps/server/dist/test/database.js';
import { measure, printResults, startBench } from './support.mjs';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);

// Realistic, varied text: names and descriptions drawn from word lists with a hash of the row number (no shared
// prefix), one conversation and one customer message per ticket, so searches see the spread of a real inbox.
const first = [
  'María',
  'José',
  'Luisa',
  'Carlos',
  'Ana',
  'Andrés',
  'Camila',
  'Juan',
  'Valentina',
  'Santiago',
  'Sofía',
  'Mateo',
  'Isabella',
  'Sebastián',
  'Mariana',
  'Nicolás',
  'Daniela',
  'Alejandro',
  'Gabriela',
  'Diego',
  'Paula',
  'Felipe',
  'Laura',
  'Tomás',
  'Natalia',
  'Samuel',
  'Sara',
  'David',
  'Juliana',
  'Martín',
  'Lucía',
  'Emilio',
  'Carolina',
  'Ricardo',
  'Elena',
  'Fernando',
  'Manuela',
  'Héctor',
  'Adriana',
  'Óscar',
  'Rocío',
  'Iván',
  'Pilar',
  'Gonzalo',
  'Beatriz',
  'Rafael',
  'Verónica',
  'Jorge',
  'Teresa',
  'Ignacio',
];
const last = [
  'García',
  'Rodríguez',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flores',
  'Rivera',
  'Gómez',
  'Díaz',
  'Cruz',
  'Morales',
  'Reyes',
  'Gutiérrez',
  'Ortiz',
  'Castro',
  'Vargas',
  'Ramos',
  'Romero',
  'Herrera',
  'Medina',
  'Aguilar',
  'Jiménez',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Ruiz',
  'Mendoza',
  'Silva',
  'Rojas',
  'Castillo',
  'Vásquez',
  'Salazar',
  'Ortega',
  'Delgado',
  'Guerrero',
  'Cárdenas',
  'Molina',
  'Suárez',
  'Navarro',
  'Peña',
  'Cabrera',
  'Cortés',
  'Ríos',
  'Acosta',
  'Campos',
  'Vega',
  'Fuentes',
  'Carrillo',
  'Espinoza',
  'Sandoval',
  'Pineda',
  'Ospina',
  'Quintero',
  'Zapata',
  'Valencia',
  'Montoya',
  'Arango',
  'Restrepo',
  'Cano',
  'Duque',
  'Gallego',
  'Marín',
  'Henao',
  'Osorio',
  'Bedoya',
  'Toro',
  'Giraldo',
  'Mejía',
  'Velásquez',
  'Correa',
  'Londoño',
  'Betancur',
  'Hoyos',
  'Uribe',
  'Villegas',
  'Escobar',
];
const words = `factura cobro pedido envío entrega devolución reembolso garantía tarjeta cuenta contraseña acceso
  plan tarifa recibo pago transferencia saldo descuento promoción cupón suscripción renovación cancelación
  cambio dirección teléfono correo producto talla color modelo repuesto instalación técnico visita cita reserva
  vuelo equipaje hotel habitación mesa menú domicilio retraso demora error fallo daño roto defectuoso incompleto
  duplicado cargo doble extracto certificado paz salvo contrato firma documento cédula pasaporte formulario
  solicitud queja reclamo petición sugerencia felicitación consulta información horario sucursal oficina cajero
  aplicación página registro sesión clave bloqueo desbloqueo verificación código mensaje notificación alerta
  internet señal router velocidad corte servicio línea portabilidad equipo celular batería pantalla cargador
  audífonos computador impresora licencia actualización respaldo nube archivo factura electrónica nota crédito
  débito cuota préstamo crédito interés mora plazo seguro póliza siniestro cobertura deducible asistencia grúa
  médico farmacia medicamento orden autorización examen resultado laboratorio urgencias afiliación beneficiario
  marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre enero febrero lunes martes
  miércoles jueves viernes sábado domingo mañana tarde noche urgente pendiente resuelto abierto cerrado nuevo
  antiguo primero segundo tercero último bogotá medellín cali barranquilla cartagena lima quito caracas madrid
  méxico santiago buenos aires montevideo panamá`
  .split(/\s+/)
  .filter(Boolean);
// BENCH_DATABASE_URL measures again on data an earlier run kept (BENCH_KEEP_DATABASE=1), without generating it.
const reuse = process.env.BENCH_DATABASE_URL;
const database = reuse ? { url: reuse, drop: async () => {} } : await createTestDatabase();
const logger = createLogger('silent');
const handle = connectDatabase(database.url, 10);
try {
  const { campaignIds, agentIds } = reuse ? await existing() : await generate();
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
  const word = (i) => encodeURIComponent(words[(i * 7) % words.length]);
  const nameOf = (i) => encodeURIComponent(`${first[(i * 3) % first.length]} ${last[(i * 5) % last.length]}`);
  const day = (i) => new Date(Date.now() - ((i * 86_400_000 * 3) % (TICKETS * 60_000))).toISOString().slice(0, 10);
  results.push(await get('list, first page (created_at desc)', () => '/api/v2/tickets'));
  results.push(
    await get(
      'list, campaign + open + high priority',
      (i) => `/api/v2/tickets?campaigns=${campaignIds[i % 4]}&selectedStatus=1&priorities=2`,
    ),
  );
  results.push(await get('list, one agent’s tickets', (i) => `/api/v2/tickets?users=${agentIds[i % agentIds.length]}`));
  results.push(await get('list, one day (dates)', (i) => `/api/v2/tickets?from=${day(i)}&to=${day(i)}`));
  results.push(await get('list, search text (a word)', (i) => `/api/v2/tickets?searchText=${word(i)}`));
  results.push(await get('list, search text (a customer’s name)', (i) => `/api/v2/tickets?searchText=${nameOf(i)}`));
  results.push(await get('list, unread only', () => '/api/v2/tickets?unreadOnly=true'));
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
  results.push(await get('global search: a word', (i) => `/api/v2/infogeneral?searchText=${word(i)}`));
  results.push(await get('global search: a customer’s name', (i) => `/api/v2/infogeneral?searchText=${nameOf(i)}`));
  results.push(
    await get('global search: two words', (i) => `/api/v2/infogeneral?searchText=${word(i)}%20${word(i + 1)}`),
  );
  results.push(
    await get(
      'global search: a ticket number',
      (i) => `/api/v2/infogeneral?searchText=${1000 + ((i * 104729) % TICKETS)}`,
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
  // BENCH_KEEP_DATABASE=1 keeps the generated data to study plans (EXPLAIN) after the run.
  if (process.env.BENCH_KEEP_DATABASE || reuse) process.stdout.write(`database kept: ${database.url}\n`);
  else await database.drop();
}

/** Customers, tickets, conversations and messages generated in the database (see the word lists above). */
async function generate() {
  const q = (text, values) => handle.pool.query(text, values);
  const roles = await ensureBuiltInRoles(handle.db);
  await createUser(handle.db, {
    name: 'Bench',
    email: 'bench@atiende.test',
    password: 'Bench.2026!',
    roleIds: [roles.admin],
  });
  const agents = await handle.pool.query(
    `insert into users (name, username, email, password_hash)
     select 'Agente ' || g, 'agente' || g, 'agente' || g || '@bench.test', 'x' from generate_series(1, 50) g returning id`,
  );
  const agentIds = agents.rows.map((row) => Number(row.id));
  const documentType = (await cataloguesRepo.idsByCode(handle.db, 'tipo-documento')).get('CC');
  const started = Date.now();
  const campaignIds = [];
  for (const name of ['Servicio', 'Ventas', 'Cobranza', 'Soporte']) {
    const result = await q(
      `insert into campaigns (name, type, config) values ($1, 'inbound', '{"allowAllTickets": false}'::jsonb) returning id`,
      [name],
    );
    campaignIds.push(Number(result.rows[0].id));
  }
  const pick = (list, seed) =>
    `(${JSON.stringify(list).replace(/^\[/, 'array[').replace(/"/g, "'")})[1 + abs(hashint4((g + ${seed})::int)) % ${list.length}]`;
  const fold = (expression) => `lower(translate(${expression}, 'ÁÉÍÓÚÑÜáéíóúñü', 'AEIOUNUaeiounu'))`;
  await q(
    `insert into customers (identification_type_id, identification_number, first_name, last_name, search_text)
     select $1, (10000000 + g * 37)::text, ${pick(first, 1)}, ${pick(last, 2)} || ' ' || ${pick(last, 3)},
       ${fold(`${pick(first, 1)} || ' ' || ${pick(last, 2)} || ' ' || ${pick(last, 3)} || ' ' || (10000000 + g * 37)::text`)}
     from generate_series(1, $2) g`,
    [documentType, CUSTOMERS],
  );
  const channel = await q(
    `insert into channels (name, type, direction, business_hours) values ('Chat', 'webchat', 'inbound', '{}'::jsonb) returning id`,
  );
  const channelId = Number(channel.rows[0].id);
  const description = `${pick(words, 11)} || ' ' || ${pick(words, 12)} || ' ' || ${pick(words, 13)} || ' ' || ${pick(words, 14)}`;
  await q(
    `insert into tickets (campaign_id, customer_id, channel_id, priority, status, description, assigned_user_id,
       search_text, created_at, unread)
     select ($1::bigint[])[1 + g % 4], c.id, $5, g % 3, (g * 31) % 5, d.text,
       case when g % 5 = 0 then null else ($4::bigint[])[1 + g % array_length($4::bigint[], 1)] end,
       ${fold(`d.text || ' ' || c.first_name || ' ' || c.last_name`)}, now() - make_interval(mins => g), g % 7 = 0
     from generate_series(1, $2) g
     cross join lateral (select ${description} as text) d
     join customers c on c.id = (select min(id) from customers) + (g::bigint * 7919) % $3`,
    [campaignIds, TICKETS, CUSTOMERS, agentIds, channelId],
  );
  await q(
    `insert into interactions (ticket_id, channel_id, customer_id, contact_value, created_at, last_message_at)
     select id, channel_id, customer_id, 'visitante-' || customer_id, created_at, created_at from tickets`,
  );
  const message = `'Hola, ' || ${pick(words, 21)} || ' ' || ${pick(words, 22)} || ' del ' || ${pick(words, 23)} || ', ' || ${pick(words, 24)} || ' ' || ${pick(words, 25)} || ' por favor'`;
  await q(
    `insert into messages (interaction_id, ticket_id, channel_id, direction, body_html, body_text, created_at)
     select i.id, i.ticket_id, i.channel_id, 1, '', m.text, i.created_at
     from (select i.*, row_number() over () as g from interactions i) i
     cross join lateral (select ${message} as text) m`,
  );
  await q('analyze');
  process.stdout.write(
    `generated ${CUSTOMERS} customers and ${TICKETS} tickets in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );

  return { campaignIds, agentIds };
}

/** The campaigns and agents of data generated by an earlier run. */
async function existing() {
  const campaigns = await handle.pool.query('select id from campaigns order by id');
  const agents = await handle.pool.query(`select id from users where email like '%@bench.test' order by id`);
  return {
    campaignIds: campaigns.rows.map((row) => Number(row.id)),
    agentIds: agents.rows.map((row) => Number(row.id)),
  };
}
