import {
  type Condition,
  type ConditionGroup,
  conditionFieldDescriptor,
  conditionGroupSchema,
  MAX_CONDITIONS,
  MAX_GROUP_DEPTH,
  OPERATORS_BY_TYPE,
} from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  addCondition,
  addGroup,
  type ConditionFormField,
  type ConditionMember,
  canAddCondition,
  canAddSubgroup,
  changeField,
  changeOperator,
  conditionErrorsAt,
  conditionsWithPaths,
  convertValue,
  countConditions,
  defaultCondition,
  describeField,
  errorsOfMember,
  memberAt,
  operatorsFor,
  removeAt,
  setMatch,
  updateAt,
  validateConditions,
} from './model';
import { instantToLocalInput, localInputToInstant, parseNumberList, withMissingIds } from './values';

const descriptor = (field: string) => conditionFieldDescriptor(field)!;

/** `field` changed to `next`, as the builder does it. */
function pick(condition: Condition, next: string, formFields: ConditionFormField[] = [], forSchedule = false) {
  const before = describeField(condition.field, formFields, condition.type);
  return changeField(condition, next, describeField(next, formFields)!, before, forSchedule);
}

const status: Condition = { field: 'ticket.status', operator: 'equals', type: 'enum', value: 1 };

describe('operators', () => {
  it('are the type’s own, without changedTo for rules on a schedule', () => {
    for (const [type, operators] of Object.entries(OPERATORS_BY_TYPE)) {
      expect(operatorsFor(type as keyof typeof OPERATORS_BY_TYPE)).toEqual(operators);
      const scheduled = operatorsFor(type as keyof typeof OPERATORS_BY_TYPE, true);
      expect(scheduled).not.toContain('changedTo');
      expect(scheduled).toEqual(operators.filter((operator) => operator !== 'changedTo'));
    }
    expect(operatorsFor('datetime')).toContain('olderThan');
    expect(operatorsFor('labels')).not.toContain('equals');
  });
});

describe('changing the field', () => {
  it('keeps operator and value for a field of the same kind (both users)', () => {
    const assigned: Condition = { field: 'ticket.assignedUserId', operator: 'in', type: 'reference', value: [4, 9] };
    expect(pick(assigned, 'customer.ownerUserId')).toEqual({ ...assigned, field: 'customer.ownerUserId' });
  });

  it('resets the value when the records or options differ, keeping an operator the new type allows', () => {
    expect(pick(status, 'ticket.priority')).toEqual({
      field: 'ticket.priority',
      operator: 'equals',
      type: 'enum',
      value: '',
    });
    // Statuses and agents are both "equals" fields, but a status is no user id.
    expect(pick(status, 'ticket.assignedUserId')).toEqual({
      field: 'ticket.assignedUserId',
      operator: 'equals',
      type: 'reference',
      value: '',
    });
  });

  it('falls back to the type’s first operator and its empty value', () => {
    const text: Condition = { field: 'message.text', operator: 'contains', type: 'text', value: 'factura' };
    expect(pick(text, 'task.count')).toEqual({ field: 'task.count', operator: 'equals', type: 'number', value: '' });
    const labels = pick(text, 'customer.labels');
    expect(labels).toEqual({ field: 'customer.labels', operator: 'contains', type: 'labels', value: '' });
    const empty: Condition = { field: 'message.text', operator: 'isEmpty', type: 'text' };
    // An operator without a value keeps having none.
    expect(pick(empty, 'ticket.createdAt')).toEqual({
      field: 'ticket.createdAt',
      operator: 'isEmpty',
      type: 'datetime',
    });
    const older: Condition = {
      field: 'ticket.createdAt',
      operator: 'olderThan',
      type: 'datetime',
      value: { amount: 2, unit: 'hours' },
    };
    expect(pick(older, 'task.lastAt')).toEqual({ ...older, field: 'task.lastAt' });
    expect(pick(older, 'customer.firstName')).toEqual({
      field: 'customer.firstName',
      operator: 'equals',
      type: 'text',
      value: '',
    });
  });

  it('does not keep changedTo in a rule on a schedule', () => {
    const changed: Condition = { field: 'ticket.status', operator: 'changedTo', type: 'enum', value: 4 };
    expect(pick(changed, 'ticket.priority', [], true).operator).toBe('equals');
    expect(pick(changed, 'ticket.priority', [], false).operator).toBe('changedTo');
  });

  it('types a form field by its form field type (booleans start as yes)', () => {
    const formFields: ConditionFormField[] = [
      { key: 'amount', label: 'Monto', type: 'number', options: [] },
      { key: 'vip', label: 'VIP', type: 'checkbox', options: [] },
      { key: 'reason', label: 'Motivo', type: 'list', options: ['Queja', 'Consulta'] },
      { key: 'visit', label: 'Visita', type: 'date', options: [] },
    ];
    expect(pick(status, 'form.amount', formFields)).toMatchObject({ type: 'number', operator: 'equals', value: '' });
    expect(pick(status, 'form.vip', formFields)).toMatchObject({ type: 'boolean', operator: 'equals', value: true });
    expect(describeField('form.reason', formFields)).toEqual({ type: 'text', options: ['Queja', 'Consulta'] });
    expect(pick(status, 'form.visit', formFields)).toMatchObject({ type: 'date', operator: 'equals' });
    // A field the form no longer has keeps the type it was saved with.
    expect(describeField('form.gone', formFields, 'number')).toEqual({ type: 'number' });
    expect(describeField('form.gone', formFields)).toBeNull();
    expect(describeField('nothing.here', formFields)).toBeNull();
  });

  it('leaves the condition alone when the same field is picked again', () => {
    expect(pick(status, 'ticket.status')).toBe(status);
  });
});

describe('changing the operator', () => {
  it('carries the value over between shapes', () => {
    const text: Condition = { field: 'message.text', operator: 'equals', type: 'text', value: 'hola' };
    const list = changeOperator(text, 'in');
    expect(list.value).toEqual(['hola']);
    expect(changeOperator(list, 'differs').value).toBe('hola');
    const number: Condition = { field: 'task.count', operator: 'greater', type: 'number', value: 3 };
    expect(changeOperator(number, 'between').value).toEqual([3, '']);
    expect(changeOperator({ ...number, operator: 'between', value: [2, 8] }, 'less').value).toBe(2);
  });

  it('drops the value for isEmpty and starts afresh from it', () => {
    const empty = changeOperator(status, 'isEmpty');
    expect(empty).toEqual({ field: 'ticket.status', operator: 'isEmpty', type: 'enum' });
    expect('value' in empty).toBe(false);
    expect(changeOperator(empty, 'in').value).toEqual([]);
    const date: Condition = { field: 'ticket.createdAt', operator: 'isEmpty', type: 'datetime' };
    expect(changeOperator(date, 'newerThan').value).toEqual({ amount: 1, unit: 'days' });
    expect(changeOperator(date, 'greater').value).toBe('');
  });

  it('does not carry an empty value into a list', () => {
    expect(convertValue('text', 'equals', 'in', '')).toEqual([]);
    expect(convertValue('boolean', 'equals', 'isEmpty', true)).toBeUndefined();
  });
});

const tree = (): ConditionGroup => ({
  match: 'all',
  conditions: [
    { ...status },
    {
      match: 'any',
      conditions: [
        { field: 'message.text', operator: 'contains', type: 'text', value: 'urgente' },
        { field: 'ticket.priority', operator: 'equals', type: 'enum', value: 2 },
      ],
    },
  ],
});

describe('tree edits', () => {
  it('adds conditions and groups where asked, leaving the rest untouched', () => {
    const root = tree();
    const added = addCondition(root, [1], defaultCondition());
    expect(memberAt(added, [1, 2])).toEqual({ field: 'ticket.status', operator: 'equals', type: 'enum', value: '' });
    expect(added.conditions[0]).toBe(root.conditions[0]);
    expect(root.conditions[1]).toEqual(tree().conditions[1]);

    const grouped = addGroup(root, [], defaultCondition());
    expect(grouped.conditions).toHaveLength(3);
    expect(grouped.conditions[2]).toEqual({ match: 'any', conditions: [defaultCondition()] });
  });

  it('nests groups up to the depth limit and no further', () => {
    expect(MAX_GROUP_DEPTH).toBe(3);
    expect(canAddSubgroup([])).toBe(true);
    expect(canAddSubgroup([1])).toBe(true);
    expect(canAddSubgroup([1, 2])).toBe(false);
    const second = addGroup(tree(), [1], defaultCondition());
    expect(memberAt(second, [1, 2])).toMatchObject({ match: 'any' });
    const third = addGroup(second, [1, 2], defaultCondition());
    expect(third).toBe(second);
    expect(conditionGroupSchema().safeParse(second).success).toBe(false); // values still to fill
    const deep = { match: 'all', conditions: [{ match: 'all', conditions: [{ match: 'all', conditions: [] }] }] };
    expect(conditionGroupSchema().safeParse(deep).success).toBe(true);
    const tooDeep = { match: 'all', conditions: [deep] };
    expect(conditionGroupSchema().safeParse(tooDeep).error?.issues[0].message).toBe(
      'i18n:automation.conditions.tooDeep',
    );
  });

  it('removes a condition or a whole group, and switches all / any', () => {
    const root = tree();
    expect(removeAt(root, [1, 0]).conditions[1]).toEqual({ match: 'any', conditions: [memberAt(root, [1, 1])] });
    expect(removeAt(root, [1]).conditions).toEqual([status]);
    expect(removeAt(root, [])).toBe(root);
    expect(setMatch(root, [1], 'all').conditions[1]).toMatchObject({ match: 'all' });
    expect(setMatch(root, [], 'all')).toBe(root);
  });

  it('reports each member a change replaced (the builder keeps their React keys)', () => {
    const root = tree();
    const replaced: [ConditionMember, ConditionMember][] = [];
    const next = updateAt(
      root,
      [1, 1],
      (member) => changeOperator(member as Condition, 'differs'),
      (before, after) => replaced.push([before, after]),
    );
    expect(replaced.map(([before]) => before)).toEqual([memberAt(root, [1, 1]), root.conditions[1], root]);
    expect(replaced.map(([, after]) => after)).toEqual([memberAt(next, [1, 1]), next.conditions[1], next]);
    expect(next.conditions[0]).toBe(root.conditions[0]);
  });

  it('counts conditions in every group and stops adding at the limit', () => {
    expect(countConditions(tree())).toBe(3);
    const full: ConditionGroup = {
      match: 'all',
      conditions: Array.from({ length: MAX_CONDITIONS }, () => ({ ...status })),
    };
    expect(canAddCondition(full)).toBe(false);
    expect(addCondition(full, [], defaultCondition())).toBe(full);
    expect(addGroup(full, [], defaultCondition())).toBe(full);
  });

  it('numbers conditions in reading order', () => {
    expect(conditionsWithPaths(tree()).map(([, path]) => path)).toEqual([[0], [1, 0], [1, 1]]);
  });
});

describe('errors', () => {
  it('finds client messages at the condition they concern', () => {
    const root = addCondition(tree(), [1], defaultCondition());
    const issues = validateConditions(root);
    expect(issues).toEqual([
      expect.objectContaining({
        path: ['conditions', 1, 'conditions', 2, 'value'],
        message: 'i18n:automation.conditions.valueOption',
      }),
    ]);
    const changed = updateAt(tree(), [0], () => ({ ...status, operator: 'changedTo' }));
    expect(validateConditions(changed, true)).toEqual([
      expect.objectContaining({ path: [], message: 'i18n:automation.conditions.changedToNeedsEvent' }),
    ]);
    expect(validateConditions(changed, false)).toEqual([]);
  });

  it('reads a form’s (or the server’s) paths relative to the group and to each condition', () => {
    const formErrors = {
      name: 'Escriba el nombre de la regla',
      conditions: 'Los grupos se anidan hasta 3 niveles',
      'conditions.conditions.0.value': 'Elige una de las opciones',
      'conditions.conditions.1.conditions.1.value.1': 'Ingresa un número',
      'conditions.conditions.1.conditions.0.operator': 'Elige un operador',
    };
    const errors = conditionErrorsAt(formErrors, 'conditions');
    expect(errors).toEqual({
      _: 'Los grupos se anidan hasta 3 niveles',
      'conditions.0.value': 'Elige una de las opciones',
      'conditions.1.conditions.1.value.1': 'Ingresa un número',
      'conditions.1.conditions.0.operator': 'Elige un operador',
    });
    expect(errorsOfMember(errors, [0])).toEqual({ value: 'Elige una de las opciones' });
    expect(errorsOfMember(errors, [1, 1])).toEqual({ 'value.1': 'Ingresa un número' });
    // A group's own errors do not include its members'.
    expect(errorsOfMember(errors, [1])).toEqual({});
  });
});

describe('values', () => {
  it('turns the local date-time field into an instant with its offset and back', () => {
    const instant = localInputToInstant('2026-11-26T14:30');
    expect(instant).toMatch(/^2026-11-26T14:30:00[+-]\d{2}:\d{2}$/);
    expect(instantToLocalInput(instant)).toBe('2026-11-26T14:30');
    const valid = validateConditions({
      match: 'all',
      conditions: [{ field: 'ticket.createdAt', operator: 'greater', type: 'datetime', value: instant }],
    });
    expect(valid).toEqual([]);
    expect(localInputToInstant('')).toBe('');
    expect(instantToLocalInput(null)).toBe('');
  });

  it('keeps numbers of a typed list and names ids the options lack', () => {
    expect(parseNumberList(['3', ' 4.5 ', 'x', 7])).toEqual([3, 4.5, 7]);
    expect(withMissingIds([{ id: 1, name: 'Ana' }], [1, 9])).toEqual([
      { id: 1, name: 'Ana' },
      { id: 9, name: '' },
    ]);
  });
});

describe('descriptors', () => {
  it('come from the contracts for static fields', () => {
    expect(describeField('ticket.status', [])).toBe(descriptor('ticket.status'));
  });
});
