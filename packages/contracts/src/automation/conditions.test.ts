import { describe, expect, it } from 'vitest';
import { businessRuleBodySchema } from './business-rules.js';
import {
  type ConditionGroup,
  conditionGroupSchema,
  evaluateConditions,
  foldText,
  MAX_CONDITIONS,
  TEXT_FOLD_FROM,
  TEXT_FOLD_TO,
} from './conditions.js';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const group = (conditions: unknown[], match: 'all' | 'any' = 'all') =>
  conditionGroupSchema().parse({ match, conditions }) as ConditionGroup;

describe('the condition language', () => {
  it('folds case and Latin accents with one table both sides share', () => {
    expect([...TEXT_FOLD_FROM].length).toBe([...TEXT_FOLD_TO].length);
    expect(foldText('CRÉDITO Ñandú Ação Šťastný')).toBe('credito nandu acao stastny');
    // Characters outside the table stay as they are (the SQL side's translate() leaves them too).
    expect(foldText('straße İ 日本')).toBe('straße İ 日本');
  });

  it('validates each condition against its field: type, operator and value', () => {
    const issues = conditionGroupSchema().safeParse({
      match: 'all',
      conditions: [
        { field: 'ticket.nope', type: 'text', operator: 'equals', value: 'x' },
        { field: 'ticket.status', type: 'text', operator: 'equals', value: 'x' },
        { field: 'ticket.createdAt', type: 'datetime', operator: 'contains', value: 'x' },
        { field: 'ticket.priority', type: 'enum', operator: 'equals', value: 9 },
        { field: 'ticket.number', type: 'number', operator: 'between', value: [5, 1] },
        { field: 'message.at', type: 'datetime', operator: 'olderThan', value: { amount: 0, unit: 'hours' } },
        { field: 'form.monto', type: 'labels', operator: 'contains', value: 1 },
      ],
    });
    expect(issues.success).toBe(false);
    const byPath = Object.fromEntries(
      (issues.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byPath).toMatchObject({
      'conditions.0.field': 'i18n:automation.conditions.field',
      'conditions.1.type': 'i18n:automation.conditions.type',
      'conditions.2.operator': 'i18n:automation.conditions.operator',
      'conditions.3.value': 'i18n:automation.conditions.valueOption',
      'conditions.4.value': 'i18n:automation.conditions.betweenOrder',
      'conditions.6.type': 'i18n:automation.conditions.type',
    });
    expect(Object.keys(byPath).some((path) => path.startsWith('conditions.5.value'))).toBe(true);
  });

  it('limits depth and size, and keeps "changed to" for events', () => {
    const deep = {
      match: 'all',
      conditions: [{ match: 'all', conditions: [{ match: 'all', conditions: [{ match: 'any', conditions: [] }] }] }],
    };
    expect(conditionGroupSchema().safeParse(deep).error?.issues[0].message).toBe('i18n:automation.conditions.tooDeep');
    const many = {
      match: 'any',
      conditions: Array.from({ length: MAX_CONDITIONS + 1 }, () => ({
        field: 'ticket.unread',
        type: 'boolean',
        operator: 'equals',
        value: true,
      })),
    };
    expect(conditionGroupSchema().safeParse(many).success).toBe(false);
    const changed = {
      match: 'all',
      conditions: [{ field: 'ticket.status', type: 'enum', operator: 'changedTo', value: 4 }],
    };
    expect(conditionGroupSchema().safeParse(changed).success).toBe(true);
    expect(conditionGroupSchema({ forSchedule: true }).safeParse(changed).error?.issues[0].message).toBe(
      'i18n:automation.conditions.changedToNeedsEvent',
    );
    const rule = businessRuleBodySchema.safeParse({
      name: 'R',
      campaignId: 1,
      kind: 'automation',
      everyMinutes: 5,
      conditions: changed,
      actions: [{ type: 'close' }],
    });
    expect(rule.error?.issues.map((issue) => issue.message)).toEqual([
      'i18n:automation.conditions.changedToNeedsEvent',
    ]);
  });

  it('evaluates what a field lacks: positive operators false, their negations true', () => {
    const record = { 'ticket.channelId': null, 'ticket.description': '', 'customer.labels': [] };
    const holds = (conditions: unknown[]) => evaluateConditions(group(conditions), record, { now: NOW });
    expect(holds([{ field: 'ticket.channelId', type: 'reference', operator: 'equals', value: 3 }])).toBe(false);
    expect(holds([{ field: 'ticket.channelId', type: 'reference', operator: 'differs', value: 3 }])).toBe(true);
    expect(holds([{ field: 'ticket.channelId', type: 'reference', operator: 'notIn', value: [3] }])).toBe(true);
    expect(holds([{ field: 'ticket.description', type: 'text', operator: 'isEmpty' }])).toBe(true);
    expect(holds([{ field: 'customer.labels', type: 'labels', operator: 'notContains', value: 2 }])).toBe(true);
    expect(
      holds([
        { field: 'ticket.createdAt', type: 'datetime', operator: 'olderThan', value: { amount: 1, unit: 'days' } },
      ]),
    ).toBe(false);
  });

  it('matches text without case or accents, between both ends, times relative to now', () => {
    const record = {
      'ticket.description': 'Consulta sobre CRÉDITO hipotecario',
      'ticket.number': 10,
      'message.at': NOW - 3 * 3_600_000,
    };
    const holds = (conditions: unknown[], match: 'all' | 'any' = 'all') =>
      evaluateConditions(group(conditions, match), record, { now: NOW });
    expect(holds([{ field: 'ticket.description', type: 'text', operator: 'contains', value: 'credito' }])).toBe(true);
    expect(holds([{ field: 'ticket.description', type: 'text', operator: 'startsWith', value: 'CONSULTA' }])).toBe(
      true,
    );
    expect(holds([{ field: 'ticket.number', type: 'number', operator: 'between', value: [10, 10] }])).toBe(true);
    expect(
      holds([{ field: 'message.at', type: 'datetime', operator: 'olderThan', value: { amount: 2, unit: 'hours' } }]),
    ).toBe(true);
    expect(
      holds([{ field: 'message.at', type: 'datetime', operator: 'newerThan', value: { amount: 2, unit: 'hours' } }]),
    ).toBe(false);
    expect(
      holds(
        [
          { field: 'ticket.number', type: 'number', operator: 'greater', value: 100 },
          { field: 'ticket.description', type: 'text', operator: 'contains', value: 'hipotecario' },
        ],
        'any',
      ),
    ).toBe(true);
    expect(evaluateConditions({ match: 'any', conditions: [] }, record, { now: NOW })).toBe(true);
  });
});
