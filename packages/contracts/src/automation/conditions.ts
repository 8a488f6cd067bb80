import { z } from 'zod';
import { CHANNEL_TYPE_KEYS } from '../structure/channels.constants.js';
import { GENDERS } from '../structure/customers.constants.js';
import { singleLine } from '../text.js';
import { TICKET_PRIORITY, TICKET_STATUS } from '../tickets/tickets.constants.js';

/**
 * The condition language: one way to say which tickets something applies to, shared by business rules, SLA rules
 * and segmentation (and later bulk-messaging filters and bot conditions). A condition names a field, an operator
 * and a typed value; groups match all or any of their members. The same condition is evaluated in memory against a
 * ticket's record (events: `evaluateConditions`) and compiled to SQL (time-based selection, previews: the server's
 * `automation/conditions.sql.ts`), with the same result both ways — a property-based test checks it.
 */

/** What a field holds, which decides its operators and its value. */
export const CONDITION_TYPES = [
  'text',
  'number',
  'datetime',
  'date',
  'boolean',
  'enum',
  'reference',
  'labels',
] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const CONDITION_OPERATORS = [
  'equals',
  'differs',
  'contains',
  'notContains',
  'startsWith',
  'greater',
  'less',
  'between',
  'in',
  'notIn',
  'isEmpty',
  'isNotEmpty',
  'changedTo',
  'olderThan',
  'newerThan',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const OPERATORS_BY_TYPE: Record<ConditionType, readonly ConditionOperator[]> = {
  text: [
    'equals',
    'differs',
    'contains',
    'notContains',
    'startsWith',
    'in',
    'notIn',
    'isEmpty',
    'isNotEmpty',
    'changedTo',
  ],
  number: ['equals', 'differs', 'greater', 'less', 'between', 'in', 'notIn', 'isEmpty', 'isNotEmpty', 'changedTo'],
  datetime: ['greater', 'less', 'between', 'olderThan', 'newerThan', 'isEmpty', 'isNotEmpty'],
  date: ['equals', 'differs', 'greater', 'less', 'between', 'isEmpty', 'isNotEmpty'],
  boolean: ['equals', 'isEmpty', 'isNotEmpty', 'changedTo'],
  enum: ['equals', 'differs', 'in', 'notIn', 'isEmpty', 'isNotEmpty', 'changedTo'],
  reference: ['equals', 'differs', 'in', 'notIn', 'isEmpty', 'isNotEmpty', 'changedTo'],
  labels: ['contains', 'notContains', 'in', 'isEmpty', 'isNotEmpty'],
};

/** Operators that hold for what a field lacks: the negation of their positive counterpart. */
const NEGATIVE: Partial<Record<ConditionOperator, ConditionOperator>> = {
  differs: 'equals',
  notContains: 'contains',
  notIn: 'in',
  isNotEmpty: 'isEmpty',
};

/** The records a field of a reference type points to: the builder offers them by name. */
export const REFERENCE_KINDS = ['campaign', 'channel', 'user', 'ticketType', 'customerLabel'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export interface ConditionFieldDescriptor {
  type: ConditionType;
  /** Enumerations: the values it takes (the builder shows each as `automation.values.<field>.<value>`). */
  options?: readonly (string | number)[];
  reference?: ReferenceKind;
}

/**
 * The fields every ticket has. `message.*` is the ticket's latest message, `task.*` its tasks, `customer.*` its
 * customer, `campaign.*` and `channel.*` where it is. A campaign's dynamic-form fields are `form.<key>`: the value in
 * the ticket's latest task.
 */
export const CONDITION_FIELDS = {
  'ticket.number': { type: 'number' },
  'ticket.description': { type: 'text' },
  'ticket.status': { type: 'enum', options: Object.values(TICKET_STATUS) },
  'ticket.priority': { type: 'enum', options: Object.values(TICKET_PRIORITY) },
  'ticket.typeId': { type: 'reference', reference: 'ticketType' },
  'ticket.campaignId': { type: 'reference', reference: 'campaign' },
  'ticket.channelId': { type: 'reference', reference: 'channel' },
  'ticket.assignedUserId': { type: 'reference', reference: 'user' },
  'ticket.unread': { type: 'boolean' },
  'ticket.createdAt': { type: 'datetime' },
  'ticket.updatedAt': { type: 'datetime' },
  'ticket.firstResponseAt': { type: 'datetime' },
  'ticket.nextTaskAt': { type: 'datetime' },
  'message.text': { type: 'text' },
  'message.direction': { type: 'enum', options: [0, 1] },
  'message.at': { type: 'datetime' },
  'customer.firstName': { type: 'text' },
  'customer.lastName': { type: 'text' },
  'customer.identificationNumber': { type: 'text' },
  'customer.gender': { type: 'enum', options: GENDERS },
  'customer.ownerUserId': { type: 'reference', reference: 'user' },
  'customer.labels': { type: 'labels', reference: 'customerLabel' },
  'customer.createdAt': { type: 'datetime' },
  'campaign.name': { type: 'text' },
  'channel.type': { type: 'enum', options: CHANNEL_TYPE_KEYS },
  'channel.name': { type: 'text' },
  'task.count': { type: 'number' },
  'task.lastAt': { type: 'datetime' },
} as const satisfies Record<string, ConditionFieldDescriptor>;
export type StaticConditionField = keyof typeof CONDITION_FIELDS;
export const STATIC_CONDITION_FIELDS = Object.keys(CONDITION_FIELDS) as StaticConditionField[];

/** A dynamic-form field: `form.<key>`, the key as forms allow it. */
export const FORM_FIELD_PREFIX = 'form.';
const FORM_FIELD_PATTERN = /^form\.[a-z][a-z0-9_]{0,59}$/;
/** What a form field's type becomes in conditions (the value its tasks store; a multi-level path as `a / b`). */
export const FORM_FIELD_CONDITION_TYPE = {
  text: 'text',
  textarea: 'text',
  email: 'text',
  phone: 'text',
  list: 'text',
  radio: 'text',
  multilevel: 'text',
  time: 'text',
  datetime: 'text',
  number: 'number',
  date: 'date',
  checkbox: 'boolean',
} as const satisfies Record<string, ConditionType>;
/** The separator of a multi-level list's path when it is compared as text. */
export const MULTILEVEL_SEPARATOR = ' / ';

export function isFormConditionField(field: string): boolean {
  return FORM_FIELD_PATTERN.test(field);
}

export function conditionFieldDescriptor(field: string): ConditionFieldDescriptor | null {
  return Object.hasOwn(CONDITION_FIELDS, field) ? CONDITION_FIELDS[field as StaticConditionField] : null;
}

/** `olderThan` / `newerThan`: a span before the moment of evaluation (a day is 24 hours). */
export const DURATION_UNITS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;
export const durationSchema = z.object({
  amount: z.number().int().min(1).max(100_000),
  unit: z.enum(Object.keys(DURATION_UNITS) as [DurationUnit, ...DurationUnit[]]),
});
export type ConditionDuration = z.infer<typeof durationSchema>;

export type ConditionScalar = string | number | boolean;
export type ConditionValue = ConditionScalar | ConditionScalar[] | ConditionDuration | null;

export interface Condition {
  field: string;
  operator: ConditionOperator;
  type: ConditionType;
  value?: ConditionValue;
}
export interface ConditionGroup {
  match: 'all' | 'any';
  conditions: (Condition | ConditionGroup)[];
}

export const MAX_CONDITIONS = 50;
export const MAX_GROUP_DEPTH = 3;
export const MAX_LIST_VALUES = 100;

const M = 'i18n:automation.conditions.';
const instantValue = z.iso.datetime({ offset: true, message: `${M}valueDatetime` });
const dateValue = z.iso.date({ message: `${M}valueDate` });

/** One value of a field's type (`for` the operator: `contains` and `startsWith` need some text). */
function scalarSchema(type: ConditionType, descriptor: ConditionFieldDescriptor | null, operator: ConditionOperator) {
  switch (type) {
    case 'text':
      return singleLine()
        .min(operator === 'contains' || operator === 'notContains' || operator === 'startsWith' ? 1 : 0, {
          message: `${M}valueRequired`,
        })
        .max(500);
    case 'number':
      return z.number({ message: `${M}valueNumber` }).finite();
    case 'datetime':
      return instantValue;
    case 'date':
      return dateValue;
    case 'boolean':
      return z.boolean({ message: `${M}valueBoolean` });
    case 'enum': {
      const options = descriptor?.options ?? [];
      return z.union([z.string(), z.number()]).refine((value) => options.includes(value), {
        message: `${M}valueOption`,
      });
    }
    case 'reference':
    case 'labels':
      return z
        .number({ message: `${M}valueReference` })
        .int()
        .positive();
  }
}

/** The value an operator takes for a field of `type`, or null when it takes none. */
export function conditionValueSchema(
  type: ConditionType,
  operator: ConditionOperator,
  descriptor: ConditionFieldDescriptor | null,
): z.ZodType | null {
  if (operator === 'isEmpty' || operator === 'isNotEmpty') return null;
  if (operator === 'olderThan' || operator === 'newerThan') return durationSchema;
  const scalar = scalarSchema(type, descriptor, operator);
  if (operator === 'between') {
    // An array of two rather than a tuple: the same check without zod's tuple code in the web's shared chunk.
    return z
      .array(scalar)
      .length(2, { message: `${M}valueRequired` })
      .refine(([from, to]) => compareOrdered(type, from as ConditionScalar, to as ConditionScalar) <= 0, {
        message: `${M}betweenOrder`,
      });
  }
  if (operator === 'in' || operator === 'notIn') {
    return z
      .array(scalar)
      .min(1, { message: `${M}valueRequired` })
      .max(MAX_LIST_VALUES);
  }
  return scalar;
}

function compareOrdered(type: ConditionType, a: ConditionScalar, b: ConditionScalar): number {
  if (type === 'datetime') return Date.parse(String(a)) - Date.parse(String(b));
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export const conditionSchema: z.ZodType<Condition> = z
  .object({
    field: singleLine().max(80),
    operator: z.enum(CONDITION_OPERATORS, { message: `${M}operator` }),
    type: z.enum(CONDITION_TYPES),
    value: z.unknown().optional(),
  })
  .superRefine((condition, context) => {
    const descriptor = conditionFieldDescriptor(condition.field);
    if (!descriptor && !isFormConditionField(condition.field)) {
      context.addIssue({ code: 'custom', path: ['field'], message: `${M}field` });
      return;
    }
    const formTypes: readonly ConditionType[] = Object.values(FORM_FIELD_CONDITION_TYPE);
    if (descriptor ? descriptor.type !== condition.type : !formTypes.includes(condition.type)) {
      context.addIssue({ code: 'custom', path: ['type'], message: `${M}type` });
      return;
    }
    if (!OPERATORS_BY_TYPE[condition.type].includes(condition.operator)) {
      context.addIssue({ code: 'custom', path: ['operator'], message: `${M}operator` });
      return;
    }
    const valueSchema = conditionValueSchema(condition.type, condition.operator, descriptor);
    if (!valueSchema) return;
    const parsed = valueSchema.safeParse(condition.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({ code: 'custom', path: ['value', ...issue.path], message: issue.message });
      }
    }
  })
  .transform((condition) => {
    const descriptor = conditionFieldDescriptor(condition.field);
    const valueSchema = conditionValueSchema(condition.type, condition.operator, descriptor);
    // The value as its schema parsed it (text trimmed); none when the operator takes none.
    const value = valueSchema ? (valueSchema.parse(condition.value) as ConditionValue) : undefined;
    return { field: condition.field, operator: condition.operator, type: condition.type, value } as Condition;
  });

function isGroup(member: Condition | ConditionGroup): member is ConditionGroup {
  return 'conditions' in member;
}

function measure(group: ConditionGroup, depth = 1): { depth: number; conditions: number } {
  let deepest = depth;
  let conditions = 0;
  for (const member of group.conditions) {
    if (isGroup(member)) {
      const inner = measure(member, depth + 1);
      deepest = Math.max(deepest, inner.depth);
      conditions += inner.conditions;
    } else conditions += 1;
  }
  return { depth: deepest, conditions };
}

/**
 * A group's member: a group when it has `conditions`, else a condition — chosen by shape, not tried as a union, so
 * an invalid condition's errors point at its own fields (`conditions.1.value`) instead of "invalid input".
 */
const memberSchema: z.ZodType<Condition | ConditionGroup> = z.lazy(() =>
  z.unknown().transform((value, context) => {
    const groupLike = typeof value === 'object' && value !== null && 'conditions' in value;
    const result = (groupLike ? groupShape : conditionSchema).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  }),
);

const groupShape: z.ZodType<ConditionGroup> = z.lazy(() =>
  z.object({
    match: z.enum(['all', 'any']),
    conditions: z.array(memberSchema).max(MAX_CONDITIONS),
  }),
);

/**
 * A tree of conditions: at most MAX_GROUP_DEPTH groups deep and MAX_CONDITIONS conditions in all. An empty group
 * matches every ticket. `forSchedule` refuses `changedTo`, which only an event can tell (a selection has no before).
 */
export function conditionGroupSchema(options: { forSchedule?: boolean } = {}) {
  return groupShape.superRefine((group, context) => {
    const size = measure(group);
    if (size.depth > MAX_GROUP_DEPTH) context.addIssue({ code: 'custom', message: `${M}tooDeep` });
    if (size.conditions > MAX_CONDITIONS) context.addIssue({ code: 'custom', message: `${M}tooMany` });
    if (options.forSchedule && conditionFields(group, (condition) => condition.operator === 'changedTo').length) {
      context.addIssue({ code: 'custom', message: `${M}changedToNeedsEvent` });
    }
  });
}

/** The fields of the conditions that satisfy `where` (every condition when omitted), each once. */
export function conditionFields(
  group: ConditionGroup,
  where: (condition: Condition) => boolean = () => true,
): string[] {
  const fields = new Set<string>();
  const visit = (member: Condition | ConditionGroup) => {
    if (isGroup(member)) member.conditions.forEach(visit);
    else if (where(member)) fields.add(member.field);
  };
  visit(group);
  return [...fields];
}

export const EMPTY_CONDITION_GROUP: ConditionGroup = { match: 'all', conditions: [] };

// --- Evaluation in memory ---------------------------------------------------------------------------------------

/**
 * A ticket as conditions read it: each field's value (datetimes as epoch milliseconds, labels as ids, form fields
 * under `form.<key>` as their tasks store them), null when it has none.
 */
export type ConditionRecord = Record<string, string | number | boolean | readonly number[] | null | undefined>;

/**
 * Text compares without case or accents: both sides pass through this one table of Latin letters, which the SQL
 * side applies with `translate()` — so the database's locale (C for the embedded one) never changes a result.
 */
const FOLD_GROUPS: Record<string, string> = {
  a: 'ÀÁÂÃÄÅàáâãäå',
  c: 'ÇçĆćČč',
  d: 'Ďď',
  e: 'ÈÉÊËèéêëĚě',
  i: 'ÌÍÎÏìíîï',
  n: 'ÑñŃńŇň',
  o: 'ÒÓÔÕÖØòóôõöø',
  r: 'Řř',
  s: 'Šš',
  t: 'Ťť',
  u: 'ÙÚÛÜùúûüŮů',
  y: 'ÝýÿŸ',
  z: 'Žž',
};
const FOLD = new Map<string, string>();
for (let code = 65; code <= 90; code++) FOLD.set(String.fromCharCode(code), String.fromCharCode(code + 32));
for (const [to, from] of Object.entries(FOLD_GROUPS)) for (const char of from) FOLD.set(char, to);
/** The table as `translate(text, TEXT_FOLD_FROM, TEXT_FOLD_TO)` takes it (one character of each per letter). */
export const TEXT_FOLD_FROM = [...FOLD.keys()].join('');
export const TEXT_FOLD_TO = [...FOLD.values()].join('');

export function foldText(value: string): string {
  let folded = '';
  for (const char of value) folded += FOLD.get(char) ?? char;
  return folded;
}

export interface EvaluationContext {
  /** The moment `olderThan` and `newerThan` count from (epoch milliseconds). */
  now: number;
  /** The fields the event changed, for `changedTo`; without them (a selection) `changedTo` never holds. */
  changedFields?: ReadonlySet<string>;
}

/** Epoch milliseconds of an instant value, as the SQL side is given it. */
export function instantMillis(value: string): number {
  return Date.parse(value);
}

export function durationMillis(duration: ConditionDuration): number {
  return duration.amount * DURATION_UNITS[duration.unit];
}

function isEmptyValue(type: ConditionType, value: ConditionRecord[string]): boolean {
  if (value === null || value === undefined) return true;
  if (type === 'text') return value === '';
  if (type === 'labels') return (value as readonly number[]).length === 0;
  return false;
}

/** Equality of two values of one field's type (text folded). */
function same(type: ConditionType, actual: ConditionRecord[string], expected: ConditionScalar): boolean {
  if (actual === null || actual === undefined) return false;
  if (type === 'text') return typeof actual === 'string' && foldText(actual) === foldText(String(expected));
  if (type === 'datetime') return actual === instantMillis(String(expected));
  return actual === expected;
}

function order(type: ConditionType, actual: ConditionRecord[string], bound: ConditionScalar): number | null {
  if (actual === null || actual === undefined) return null;
  if (type === 'datetime') return (actual as number) - instantMillis(String(bound));
  if (type === 'date') {
    if (typeof actual !== 'string') return null;
    return actual < String(bound) ? -1 : actual > String(bound) ? 1 : 0;
  }
  return (actual as number) - (bound as number);
}

/** Operators that hold positively (the negative ones are their negation). */
function holds(condition: Condition, record: ConditionRecord, context: EvaluationContext): boolean {
  const { type, operator } = condition;
  const value = condition.value;
  const actual = record[condition.field];
  switch (operator) {
    case 'isEmpty':
      return isEmptyValue(type, actual);
    case 'equals':
      return same(type, actual, value as ConditionScalar);
    case 'in':
      if (type === 'labels') {
        const labels = (actual ?? []) as readonly number[];
        return (value as number[]).some((label) => labels.includes(label));
      }
      return (value as ConditionScalar[]).some((option) => same(type, actual, option));
    case 'contains':
      if (type === 'labels') return ((actual ?? []) as readonly number[]).includes(value as number);
      return typeof actual === 'string' && foldText(actual).includes(foldText(String(value)));
    case 'startsWith':
      return typeof actual === 'string' && foldText(actual).startsWith(foldText(String(value)));
    case 'greater': {
      const compared = order(type, actual, value as ConditionScalar);
      return compared !== null && compared > 0;
    }
    case 'less': {
      const compared = order(type, actual, value as ConditionScalar);
      return compared !== null && compared < 0;
    }
    case 'between': {
      const [from, to] = value as [ConditionScalar, ConditionScalar];
      const low = order(type, actual, from);
      const high = order(type, actual, to);
      return low !== null && high !== null && low >= 0 && high <= 0;
    }
    case 'olderThan':
      return typeof actual === 'number' && actual < context.now - durationMillis(value as ConditionDuration);
    case 'newerThan':
      return typeof actual === 'number' && actual > context.now - durationMillis(value as ConditionDuration);
    case 'changedTo':
      return !!context.changedFields?.has(condition.field) && same(type, actual, value as ConditionScalar);
    default:
      return false;
  }
}

export function evaluateCondition(condition: Condition, record: ConditionRecord, context: EvaluationContext): boolean {
  const positive = NEGATIVE[condition.operator];
  if (positive) return !holds({ ...condition, operator: positive }, record, context);
  return holds(condition, record, context);
}

/** Whether a ticket's record matches the group (an empty group matches). */
export function evaluateConditions(
  group: ConditionGroup,
  record: ConditionRecord,
  context: EvaluationContext,
): boolean {
  if (group.conditions.length === 0) return true;
  const test = (member: Condition | ConditionGroup) =>
    isGroup(member) ? evaluateConditions(member, record, context) : evaluateCondition(member, record, context);
  return group.match === 'all' ? group.conditions.every(test) : group.conditions.some(test);
}

export { isGroup as isConditionGroup, NEGATIVE as NEGATIVE_CONDITION_OPERATORS };
