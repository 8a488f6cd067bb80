import {
  CONDITION_FIELDS,
  type Condition,
  type ConditionGroup,
  type ConditionOperator,
  type ConditionRecord,
  type ConditionType,
  conditionFieldDescriptor,
  conditionGroupSchema,
  evaluateConditions,
  OPERATORS_BY_TYPE,
  STATIC_CONDITION_FIELDS,
} from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createSiblingDatabase, type TestDatabase } from '../../test/database.js';
import { CONDITION_FROM, compileConditions, loadConditionRecords } from './conditions.sql.js';

// The condition language's promise: a condition evaluated in memory against a ticket's record (events) and compiled
// to SQL (schedules, previews) selects the same tickets. Random tickets — text with case, accents, LIKE's wildcards
// and backslashes, microsecond timestamps, nulls, labels, tasks whose form values have the wrong JSON type — and
// random condition trees, compared on real PostgreSQL (the embedded one with the C locale, or CI's C.UTF-8 one).

let t: TestApp;
let database: TestDatabase;
const query = <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  t.ctx.db.$client.query<R>(text, values);

const WORDS = ['Crédito', 'credito', 'CRÉDITO', 'pago', 'Pago atrasado', '%', '_', 'a\\b', 'Ñandú', 'ñandu', 'José'];
const EXTRA_WORDS = ['jose', 'Ü', 'straße', 'İstanbul', 'ÅSA', 'čas', '', ' ', 'x%y', 'Ação'];
const FORM_FIELDS = new Map<string, ConditionType>([
  ['form.motivo', 'text'],
  ['form.monto', 'number'],
  ['form.fecha', 'date'],
  ['form.acepta', 'boolean'],
]);
/** `now` for olderThan/newerThan: inside the tickets' time range. */
const NOW = Date.parse('2026-05-01T12:00:00.000Z');

interface Pools {
  ticketIds: number[];
  users: number[];
  campaigns: number[];
  channels: number[];
  types: number[];
  labels: number[];
  instants: number[];
  numbers: number[];
  texts: string[];
}
let pools: Pools;
let records: Map<number, ConditionRecord>;

const pick = <T>(values: readonly T[], random: () => number): T => values[Math.floor(random() * values.length)] as T;

/** A seeded generator, so the data set is the same for every property run of this file. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function seed(): Promise<Pools> {
  const random = seededRandom(20261126);
  const stamp = `${Date.now()}`;
  const maybe = <T>(value: T, nullShare = 0.25): T | null => (random() < nullShare ? null : value);
  const phrase = () => {
    const count = Math.floor(random() * 3) + 1;
    return Array.from({ length: count }, () => pick(random() < 0.8 ? WORDS : EXTRA_WORDS, random)).join(' ');
  };
  const instant = () => {
    // Within ±60 days of NOW, with microseconds (what PostgreSQL keeps and JavaScript drops).
    const millis = NOW + Math.floor((random() - 0.5) * 120 * 86_400_000);
    return `${new Date(millis).toISOString().slice(0, 23)}${Math.floor(random() * 1000)
      .toString()
      .padStart(3, '0')}Z`;
  };

  const campaigns: number[] = [];
  for (const name of ['Condiciones A', 'Condiciones B']) {
    const row = await query<{ id: string }>(
      `insert into campaigns (name, type, config) values ($1, 'inbound', '{}'::jsonb) returning id`,
      [`${name} ${stamp}`],
    );
    campaigns.push(Number(row.rows[0].id));
  }
  const channels: number[] = [];
  for (const type of ['webchat', 'whatsapp']) {
    const row = await query<{ id: string }>(
      `insert into channels (name, type, direction, business_hours) values ($1, $2, 'inbound', '{}'::jsonb) returning id`,
      [`${pick(WORDS, random)} ${type} ${stamp}`, type],
    );
    channels.push(Number(row.rows[0].id));
  }
  const userRows = await query<{ id: string }>(
    `insert into users (name, username, email, password_hash)
     select 'Cond ' || g, 'cond' || g || '-' || $1, 'cond' || g || '-' || $1 || '@test.atiende', 'x'
     from generate_series(1, 3) g returning id`,
    [stamp],
  );
  const users = userRows.rows.map((row) => Number(row.id));
  const catalogue = async (model: string) =>
    (
      await query<{ id: string }>('select id from catalogue_entries where model = $1 order by id limit 4', [model])
    ).rows.map((row) => Number(row.id));
  const types = await catalogue('tipo-caso');
  const labels = await catalogue('customer-label');
  const documentType = (await catalogue('tipo-documento'))[0];

  const customers: number[] = [];
  for (let index = 0; index < 12; index++) {
    const row = await query<{ id: string }>(
      `insert into customers (identification_type_id, identification_number, first_name, last_name, gender,
         owner_user_id, created_at)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [
        documentType,
        `c${stamp.slice(-8)}${index}`,
        pick(WORDS, random),
        phrase(),
        pick(['female', 'male', 'not-applicable', 'no-info'], random),
        maybe(pick(users, random)),
        instant(),
      ],
    );
    const customerId = Number(row.rows[0].id);
    customers.push(customerId);
    for (const label of labels) {
      if (random() < 0.4)
        await query('insert into customer_labels (customer_id, label_id) values ($1, $2)', [customerId, label]);
    }
  }

  const ticketIds: number[] = [];
  const numbers = new Set<number>([0, 1, 2, 3]);
  const instants = new Set<number>([NOW]);
  for (let index = 0; index < 60; index++) {
    const createdAt = instant();
    const row = await query<{ id: string; number: string }>(
      `insert into tickets (description, campaign_id, channel_id, customer_id, priority, status, type_id,
         assigned_user_id, unread, created_at, updated_at, first_response_at, next_task_at, last_message_at,
         last_message_preview, last_message_direction)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id, number`,
      [
        random() < 0.1 ? '' : phrase(),
        pick(campaigns, random),
        maybe(pick(channels, random), 0.2),
        pick(customers, random),
        Math.floor(random() * 3),
        Math.floor(random() * 5),
        maybe(pick(types, random), 0.4),
        maybe(pick(users, random), 0.4),
        random() < 0.5,
        createdAt,
        instant(),
        maybe(instant(), 0.5),
        maybe(instant(), 0.6),
        maybe(instant(), 0.3),
        maybe(random() < 0.1 ? '' : phrase(), 0.3),
        maybe(Math.floor(random() * 2), 0.3),
      ],
    );
    const ticketId = Number(row.rows[0].id);
    ticketIds.push(ticketId);
    numbers.add(Number(row.rows[0].number));
    const tasks = Math.floor(random() * 4);
    for (let task = 0; task < tasks; task++) {
      const values: Record<string, unknown> = {};
      const shape = random();
      if (shape < 0.5) values.motivo = phrase();
      else if (shape < 0.7) values.motivo = [pick(WORDS, random), pick(WORDS, random)];
      else if (shape < 0.8) values.motivo = 42;
      const amount = random();
      if (amount < 0.6) values.monto = pick([0, 1.5, 100, -3, 0.1 + 0.2, 2500.75], random);
      else if (amount < 0.75) values.monto = '100';
      if (random() < 0.6) values.fecha = pick(['2024-01-01', '2024-06-15', '2025-12-31', '2026-04-30'], random);
      if (random() < 0.6) values.acepta = random() < 0.5;
      else if (random() < 0.2) values.acepta = 'true';
      await query(`insert into ticket_tasks (ticket_id, values, created_at) values ($1, $2::jsonb, $3)`, [
        ticketId,
        JSON.stringify(values),
        instant(),
      ]);
    }
  }
  records = await loadConditionRecords(t.ctx.db, ticketIds, { formFields: FORM_FIELDS });
  for (const record of records.values()) {
    for (const [field, value] of Object.entries(record)) {
      if (typeof value !== 'number') continue;
      const type = conditionFieldDescriptor(field)?.type ?? FORM_FIELDS.get(field);
      if (type === 'datetime') instants.add(value);
      else if (type === 'number') numbers.add(value);
    }
  }
  return {
    ticketIds,
    users,
    campaigns,
    channels,
    types,
    labels,
    instants: [...instants],
    numbers: [...numbers, 0.1 + 0.2, 0.3, 1e-7],
    texts: [...WORDS, ...EXTRA_WORDS, 'cred', 'CRED', 'ñan', 'pago atr', 'crédito pago', 'a\\', '%_'],
  };
}

beforeAll(async () => {
  // A database of its own: its channels, campaigns and customers are written in SQL with odd names and no
  // configuration, which other suites' lists of the shared database need not meet.
  database = await createSiblingDatabase(inject('databaseUrl'));
  t = await createTestApp({ databaseUrl: database.url });
  pools = await seed();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.drop();
});

const FIELDS: { field: string; type: ConditionType }[] = [
  ...STATIC_CONDITION_FIELDS.map((field) => ({ field, type: CONDITION_FIELDS[field].type as ConditionType })),
  ...[...FORM_FIELDS].map(([field, type]) => ({ field, type })),
];

/** A value of `type` drawn from what the data holds (so equality and bounds hit), or near it. */
function scalarArbitrary(field: string, type: ConditionType): fc.Arbitrary<string | number | boolean> {
  switch (type) {
    case 'text':
      return fc.constantFrom(...pools.texts.filter((text) => text.trim() === text));
    case 'number':
      return fc.constantFrom(...pools.numbers);
    case 'datetime':
      return fc
        .tuple(fc.constantFrom(...pools.instants), fc.constantFrom(0, 0, 1, -1, 999, 1000))
        .map(([millis, delta]) => new Date(millis + delta).toISOString());
    case 'date':
      return fc.constantFrom('2024-01-01', '2024-06-15', '2025-01-01', '2025-12-31', '2026-04-30', '2027-01-01');
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...((conditionFieldDescriptor(field)?.options ?? []) as (string | number)[]));
    case 'reference': {
      const reference = conditionFieldDescriptor(field)?.reference;
      const ids =
        reference === 'user'
          ? pools.users
          : reference === 'campaign'
            ? pools.campaigns
            : reference === 'channel'
              ? pools.channels
              : pools.types;
      return fc.constantFrom(...ids, 999_999_999);
    }
    case 'labels':
      return fc.constantFrom(...pools.labels);
  }
}

function ordered(type: ConditionType, a: string | number | boolean, b: string | number | boolean) {
  const key = (value: string | number | boolean) =>
    type === 'datetime' ? Date.parse(String(value)) : typeof value === 'number' ? value : String(value);
  return key(a) <= key(b) ? [a, b] : [b, a];
}

function conditionArbitrary(): fc.Arbitrary<Condition> {
  return fc.constantFrom(...FIELDS).chain(({ field, type }) =>
    fc
      .constantFrom(...OPERATORS_BY_TYPE[type].filter((operator) => operator !== 'changedTo'))
      .chain((operator: ConditionOperator): fc.Arbitrary<Condition> => {
        const scalar = scalarArbitrary(field, type);
        const base = { field, type, operator };
        switch (operator) {
          case 'isEmpty':
          case 'isNotEmpty':
            return fc.constant(base);
          case 'olderThan':
          case 'newerThan':
            return fc
              .record({ amount: fc.integer({ min: 1, max: 90 }), unit: fc.constantFrom('minutes', 'hours', 'days') })
              .map((value) => ({ ...base, value }));
          case 'between':
            return fc.tuple(scalar, scalar).map(([a, b]) => ({ ...base, value: ordered(type, a, b) }));
          case 'in':
          case 'notIn':
            return fc
              .uniqueArray(type === 'labels' ? fc.constantFrom(...pools.labels) : scalar, {
                minLength: 1,
                maxLength: 4,
              })
              .map((value) => ({ ...base, value: value as (string | number)[] }));
          case 'contains':
          case 'notContains':
          case 'startsWith':
            return (type === 'labels' ? scalar : scalar.filter((value) => value !== '')).map((value) => ({
              ...base,
              value,
            }));
          default:
            return scalar.map((value) => ({ ...base, value }));
        }
      }),
  );
}

const groupArbitrary: fc.Arbitrary<ConditionGroup> = fc.letrec<{ group: ConditionGroup }>((tie) => ({
  group: fc.record({
    match: fc.constantFrom('all' as const, 'any' as const),
    conditions: fc.array(
      fc.oneof({ weight: 4, arbitrary: conditionArbitrary() }, { weight: 1, arbitrary: tie('group') }),
      {
        maxLength: 4,
      },
    ),
  }),
})).group;

/** Keeps trees the schema accepts (depth and size limits). */
const validGroup = groupArbitrary.filter(
  (group) => conditionGroupSchema({ forSchedule: true }).safeParse(group).success,
);

async function selectedBySql(group: ConditionGroup): Promise<number[]> {
  const result = await t.ctx.db.execute<{ id: number }>(sql`
    select t.id::float8 as id from ${CONDITION_FROM}
    where t.id in (${sql.join(
      pools.ticketIds.map((id) => sql`${id}::bigint`),
      sql`, `,
    )}) and ${compileConditions(group, NOW)}
    order by t.id`);
  return result.rows.map((row) => Number(row.id));
}

function selectedInMemory(group: ConditionGroup): number[] {
  return pools.ticketIds.filter((id) => evaluateConditions(group, records.get(id) ?? {}, { now: NOW }));
}

describe('the condition language', () => {
  it('loads every ticket as a record of every field', () => {
    expect(records.size).toBe(pools.ticketIds.length);
    const record = records.get(pools.ticketIds[0]) ?? {};
    for (const { field } of FIELDS) expect(field in record).toBe(true);
  });

  it('selects the same tickets in SQL and in memory, for random conditions on random data', async () => {
    await fc.assert(
      fc.asyncProperty(validGroup, async (raw) => {
        const group = conditionGroupSchema({ forSchedule: true }).parse(raw);
        expect(await selectedBySql(group)).toEqual(selectedInMemory(group));
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('selects the same tickets with each single condition (every field and operator)', async () => {
    let checked = 0;
    let matchedSome = 0;
    await fc.assert(
      fc.asyncProperty(conditionArbitrary(), async (condition) => {
        const group = conditionGroupSchema({ forSchedule: true }).parse({ match: 'all', conditions: [condition] });
        const expected = selectedInMemory(group);
        expect(await selectedBySql(group)).toEqual(expected);
        checked += 1;
        if (expected.length > 0 && expected.length < pools.ticketIds.length) matchedSome += 1;
      }),
      { numRuns: 600 },
    );
    // The data and values are close enough for conditions to split the tickets, not only all or none.
    expect(matchedSome).toBeGreaterThan(checked / 4);
  }, 120_000);

  it('folds case and accents the same way on both sides', async () => {
    const group = conditionGroupSchema().parse({
      match: 'any',
      conditions: [{ field: 'ticket.description', type: 'text', operator: 'contains', value: 'CREDITO' }],
    });
    const ids = selectedInMemory(group);
    expect(ids.length).toBeGreaterThan(0);
    expect(await selectedBySql(group)).toEqual(ids);
  });

  it('evaluates changedTo only with the event’s changed fields, and refuses it in SQL', () => {
    const group = conditionGroupSchema().parse({
      match: 'all',
      conditions: [{ field: 'ticket.priority', type: 'enum', operator: 'changedTo', value: 2 }],
    });
    const record: ConditionRecord = { 'ticket.priority': 2 };
    expect(evaluateConditions(group, record, { now: NOW })).toBe(false);
    expect(evaluateConditions(group, record, { now: NOW, changedFields: new Set(['ticket.status']) })).toBe(false);
    expect(evaluateConditions(group, record, { now: NOW, changedFields: new Set(['ticket.priority']) })).toBe(true);
    expect(() => compileConditions(group, NOW)).toThrow(/changedTo/);
    expect(conditionGroupSchema({ forSchedule: true }).safeParse(group).success).toBe(false);
  });
});
