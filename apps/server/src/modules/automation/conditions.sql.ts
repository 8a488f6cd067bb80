import {
  CONDITION_FIELDS,
  type Condition,
  type ConditionDuration,
  type ConditionGroup,
  type ConditionRecord,
  type ConditionScalar,
  type ConditionType,
  conditionFieldDescriptor,
  durationMillis,
  FORM_FIELD_PREFIX,
  foldText,
  instantMillis,
  isConditionGroup,
  MULTILEVEL_SEPARATOR,
  NEGATIVE_CONDITION_OPERATORS,
  STATIC_CONDITION_FIELDS,
  type StaticConditionField,
  TEXT_FOLD_FROM,
  TEXT_FOLD_TO,
} from '@atiende/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';

/**
 * The condition language in SQL (the in-memory side is `evaluateConditions` in contracts). Every field is one SQL
 * expression over `CONDITION_FROM`'s aliases, and the record a ticket's events are evaluated against is read with
 * those same expressions, so the two sides can only differ in the operators — which the property-based test
 * (`conditions.api.test.ts`) compares on random data and random conditions.
 *
 * Datetimes: the record holds whole epoch milliseconds (the column floored), and each bound is written so that the
 * raw column compared with it gives the floored column's answer (`col >= v + 1 ms` is `floor(col) > v`): the
 * columns' indexes stay usable.
 */

/** The tables a condition reads: the ticket `t`, its customer, campaign, channel and latest task. */
export const CONDITION_FROM = sql`tickets t
  join customers cu on cu.id = t.customer_id
  join campaigns cp on cp.id = t.campaign_id
  left join channels ch on ch.id = t.channel_id
  left join lateral (
    select tt.values, tt.created_at from ticket_tasks tt where tt.ticket_id = t.id
    order by tt.created_at desc, tt.id desc limit 1
  ) lt on true`;

const STATIC_SQL: Record<StaticConditionField, SQL> = {
  'ticket.number': sql`t.number`,
  'ticket.description': sql`t.description`,
  'ticket.status': sql`t.status`,
  'ticket.priority': sql`t.priority`,
  'ticket.typeId': sql`t.type_id`,
  'ticket.campaignId': sql`t.campaign_id`,
  'ticket.channelId': sql`t.channel_id`,
  'ticket.assignedUserId': sql`t.assigned_user_id`,
  'ticket.unread': sql`t.unread`,
  'ticket.createdAt': sql`t.created_at`,
  'ticket.updatedAt': sql`t.updated_at`,
  'ticket.firstResponseAt': sql`t.first_response_at`,
  'ticket.nextTaskAt': sql`t.next_task_at`,
  'message.text': sql`t.last_message_preview`,
  'message.direction': sql`t.last_message_direction`,
  'message.at': sql`t.last_message_at`,
  'customer.firstName': sql`cu.first_name`,
  'customer.lastName': sql`cu.last_name`,
  'customer.identificationNumber': sql`cu.identification_number`,
  'customer.gender': sql`cu.gender`,
  'customer.ownerUserId': sql`cu.owner_user_id`,
  // Labels are matched with their own subqueries (labelsCondition); the record reads them as a sorted id list.
  'customer.labels': sql`coalesce((select array_agg(l.label_id::int order by l.label_id)
    from customer_labels l where l.customer_id = t.customer_id), '{}'::int[])`,
  'customer.createdAt': sql`cu.created_at`,
  'campaign.name': sql`cp.name`,
  'channel.type': sql`ch.type`,
  'channel.name': sql`ch.name`,
  'task.count': sql`(select count(*) from ticket_tasks tc where tc.ticket_id = t.id)`,
  'task.lastAt': sql`lt.created_at`,
};

function formKey(field: string): string {
  return field.slice(FORM_FIELD_PREFIX.length);
}

/** A form field's value in the latest task, as its condition type reads it (anything else is null). */
function formFieldSql(field: string, type: ConditionType): SQL {
  const json = sql`lt.values -> ${formKey(field)}`;
  switch (type) {
    case 'number':
      return sql`(case when jsonb_typeof(${json}) = 'number' then (${json})::text::numeric end)`;
    case 'boolean':
      return sql`(case when jsonb_typeof(${json}) = 'boolean' then (${json})::text::boolean end)`;
    case 'date':
      return sql`(case when jsonb_typeof(${json}) = 'string' then (${json}) #>> '{}' end)`;
    default:
      // Text; a multi-level list's path (an array of strings) as its labels joined.
      return sql`(case when jsonb_typeof(${json}) = 'string' then (${json}) #>> '{}'
        when jsonb_typeof(${json}) = 'array' and not exists (
          select 1 from jsonb_array_elements(${json}) e where jsonb_typeof(e) <> 'string')
        then (select coalesce(string_agg(x.e, ${MULTILEVEL_SEPARATOR} order by x.o), '')
          from jsonb_array_elements_text(${json}) with ordinality x(e, o)) end)`;
  }
}

function fieldSql(field: string, type: ConditionType): SQL {
  if (field.startsWith(FORM_FIELD_PREFIX)) return formFieldSql(field, type);
  const expression = STATIC_SQL[field as StaticConditionField];
  if (!expression) throw new Error(`unknown condition field ${field}`);
  return expression;
}

const fold = (expression: SQL) => sql`translate(${expression}, ${TEXT_FOLD_FROM}, ${TEXT_FOLD_TO})`;
const instant = (millis: number) => sql`${new Date(millis).toISOString()}::timestamptz`;

/** A scalar value as a parameter of its type (text folded, instants whole milliseconds). */
function param(type: ConditionType, value: ConditionScalar): SQL {
  switch (type) {
    case 'text':
      return sql`${foldText(String(value))}::text`;
    case 'number':
      return sql`${String(value)}::numeric`;
    case 'date':
      return sql`${String(value)}::text collate "C"`;
    case 'boolean':
      return sql`${value === true}::boolean`;
    case 'enum':
      return typeof value === 'number' ? sql`${String(value)}::numeric` : sql`${String(value)}::text`;
    default:
      return sql`${Number(value)}::bigint`;
  }
}

/** The field as compared: text folded, dates in byte order, numbers as numeric. */
function compared(field: string, type: ConditionType, sample?: ConditionScalar): SQL {
  const expression = fieldSql(field, type);
  if (type === 'text') return fold(expression);
  if (type === 'date') return sql`(${expression}) collate "C"`;
  if (type === 'number' || (type === 'enum' && typeof sample === 'number')) return sql`(${expression})::numeric`;
  return expression;
}

function labelsCondition(condition: Condition, operator: Condition['operator']): SQL {
  const base = sql`select 1 from customer_labels l where l.customer_id = t.customer_id`;
  switch (operator) {
    case 'isEmpty':
      return sql`not exists (${base})`;
    case 'contains':
      return sql`exists (${base} and l.label_id = ${Number(condition.value)}::bigint)`;
    case 'in': {
      const ids = (condition.value as number[]).map((id) => sql`${Number(id)}::bigint`);
      return sql`exists (${base} and l.label_id in (${sql.join(ids, sql`, `)}))`;
    }
    default:
      throw new Error(`operator ${operator} does not apply to labels`);
  }
}

/** The positive operators as SQL that is never null (a missing value makes them false). */
function positiveCondition(condition: Condition, now: number): SQL {
  const { field, type, operator } = condition;
  if (type === 'labels') return labelsCondition(condition, operator);
  const value = condition.value;
  const raw = fieldSql(field, type);
  switch (operator) {
    case 'isEmpty':
      return type === 'text' ? sql`coalesce(${raw}, '') = ''` : sql`(${raw}) is null`;
    case 'equals':
      return sql`coalesce(${compared(field, type, value as ConditionScalar)} = ${param(type, value as ConditionScalar)}, false)`;
    case 'in': {
      const options = (value as ConditionScalar[]).map((option) => param(type, option));
      return sql`coalesce(${compared(field, type, (value as ConditionScalar[])[0])} in (${sql.join(options, sql`, `)}), false)`;
    }
    case 'contains':
      return sql`coalesce(strpos(${fold(raw)}, ${param(type, value as ConditionScalar)}) > 0, false)`;
    case 'startsWith':
      return sql`coalesce(starts_with(${fold(raw)}, ${param(type, value as ConditionScalar)}), false)`;
    case 'greater':
    case 'less':
    case 'between': {
      const [low, high] =
        operator === 'between'
          ? (value as [ConditionScalar, ConditionScalar])
          : operator === 'greater'
            ? [value as ConditionScalar, null]
            : [null, value as ConditionScalar];
      const parts: SQL[] = [];
      if (type === 'datetime') {
        // floor(col) > v  ⇔  col >= v + 1 ms;  floor(col) >= v ⇔ col >= v;  floor(col) <= v ⇔ col < v + 1 ms.
        if (low !== null) parts.push(sql`${raw} >= ${instant(instantMillis(String(low)) + (high === null ? 1 : 0))}`);
        if (high !== null) parts.push(sql`${raw} < ${instant(instantMillis(String(high)) + (low === null ? 0 : 1))}`);
      } else {
        const column = compared(field, type);
        if (low !== null) parts.push(sql`${column} ${sql.raw(high === null ? '>' : '>=')} ${param(type, low)}`);
        if (high !== null) parts.push(sql`${column} ${sql.raw(low === null ? '<' : '<=')} ${param(type, high)}`);
      }
      return sql`coalesce(${sql.join(parts, sql` and `)}, false)`;
    }
    case 'olderThan':
      return sql`coalesce(${raw} < ${instant(now - durationMillis(value as ConditionDuration))}, false)`;
    case 'newerThan':
      return sql`coalesce(${raw} >= ${instant(now - durationMillis(value as ConditionDuration) + 1)}, false)`;
    case 'changedTo':
      throw new Error('changedTo needs an event: a selection cannot tell it');
    default:
      throw new Error(`operator ${operator} has no SQL`);
  }
}

function conditionSql(condition: Condition, now: number): SQL {
  const positive = NEGATIVE_CONDITION_OPERATORS[condition.operator];
  if (positive) return sql`not (${positiveCondition({ ...condition, operator: positive }, now)})`;
  return positiveCondition(condition, now);
}

/**
 * The group as a WHERE clause over CONDITION_FROM, evaluated as of `now` (epoch milliseconds). An empty group is
 * `true`; `changedTo` throws (schedules refuse it: `conditionGroupSchema({ forSchedule: true })`).
 */
export function compileConditions(group: ConditionGroup, now: number): SQL {
  if (group.conditions.length === 0) return sql`true`;
  const parts = group.conditions.map((member) =>
    isConditionGroup(member) ? compileConditions(member, now) : conditionSql(member, now),
  );
  return sql`(${sql.join(parts, group.match === 'all' ? sql` and ` : sql` or `)})`;
}

/** A field's value as the record holds it: datetimes as whole epoch milliseconds, numbers as numbers. */
function recordExpression(field: string, type: ConditionType): SQL {
  const expression = fieldSql(field, type);
  if (type === 'datetime') {
    return sql`floor(extract(epoch from ${expression}) * 1000)::float8`;
  }
  // bigint and numeric arrive as text from the driver; the record holds numbers.
  if (type === 'number' || type === 'reference') return sql`(${expression})::float8`;
  if (type === 'enum' && typeof conditionFieldDescriptor(field)?.options?.[0] === 'number') {
    return sql`(${expression})::int`;
  }
  return expression;
}

/** The fields a record must hold: every static field, and the form fields the conditions name with their type. */
export interface RecordShape {
  formFields: ReadonlyMap<string, ConditionType>;
}

/** Reads the records of tickets for in-memory evaluation, keyed by ticket id (missing ids are absent). */
export async function loadConditionRecords(
  db: Executor,
  ticketIds: readonly number[],
  shape: RecordShape = { formFields: new Map() },
): Promise<Map<number, ConditionRecord>> {
  const records = new Map<number, ConditionRecord>();
  if (ticketIds.length === 0) return records;
  const columns: { field: string; type: ConditionType }[] = [
    ...STATIC_CONDITION_FIELDS.map((field) => ({ field, type: staticType(field) })),
    ...[...shape.formFields].map(([field, type]) => ({ field, type })),
  ];
  const selected = columns.map(
    (column, index) => sql`${recordExpression(column.field, column.type)} as ${sql.raw(`f${index}`)}`,
  );
  const result = await db.execute<Record<string, unknown>>(sql`
    select t.id::float8 as ticket_id, ${sql.join(selected, sql`, `)}
    from ${CONDITION_FROM}
    where t.id in (${sql.join(
      ticketIds.map((id) => sql`${id}::bigint`),
      sql`, `,
    )})`);
  for (const row of result.rows) {
    const record: ConditionRecord = {};
    columns.forEach((column, index) => {
      record[column.field] = (row[`f${index}`] ?? null) as ConditionRecord[string];
    });
    records.set(Number(row.ticket_id), record);
  }
  return records;
}

function staticType(field: StaticConditionField): ConditionType {
  return CONDITION_FIELDS[field].type;
}
