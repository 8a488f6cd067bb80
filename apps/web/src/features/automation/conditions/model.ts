import {
  type Condition,
  type ConditionFieldDescriptor,
  type ConditionGroup,
  type ConditionOperator,
  type ConditionScalar,
  type ConditionType,
  type ConditionValue,
  conditionFieldDescriptor,
  conditionGroupSchema,
  type FieldType,
  FORM_FIELD_CONDITION_TYPE,
  FORM_FIELD_PREFIX,
  isConditionGroup,
  MAX_CONDITIONS,
  MAX_GROUP_DEPTH,
  OPERATORS_BY_TYPE,
  type ReferenceKind,
} from '@atiende/contracts';

/**
 * The condition builder's model: pure functions over the contracts' `ConditionGroup` (the tree the API takes), so
 * the builder's components only render and call these. A member of the tree is addressed by its path of indices
 * from the root group (`[]` is the root, `[2, 0]` the first member of the root's third member).
 */

export type ConditionMember = Condition | ConditionGroup;
export type MemberPath = readonly number[];

/** A campaign's dynamic-form field as the automation options list it. */
export interface ConditionFormField {
  key: string;
  label: string;
  type: FieldType;
  options: string[];
}

export interface NamedOption {
  id: number;
  name: string;
}

/** What the builder offers by name: the records reference fields point to, and the campaign's form fields. */
export interface ConditionOptions {
  users: NamedOption[];
  ticketTypes: NamedOption[];
  campaigns: NamedOption[];
  channels: NamedOption[];
  labels: NamedOption[];
  formFields: ConditionFormField[];
}

export const EMPTY_CONDITION_OPTIONS: ConditionOptions = {
  users: [],
  ticketTypes: [],
  campaigns: [],
  channels: [],
  labels: [],
  formFields: [],
};

/** The options a reference field offers. */
export function referenceOptions(options: ConditionOptions, kind: ReferenceKind | undefined): NamedOption[] {
  switch (kind) {
    case 'user':
      return options.users;
    case 'ticketType':
      return options.ticketTypes;
    case 'campaign':
      return options.campaigns;
    case 'channel':
      return options.channels;
    case 'customerLabel':
      return options.labels;
    default:
      return [];
  }
}

export function formFieldName(key: string): string {
  return `${FORM_FIELD_PREFIX}${key}`;
}

export function isFormField(field: string): boolean {
  return field.startsWith(FORM_FIELD_PREFIX);
}

/**
 * What a field holds: a static field's descriptor, a form field's type (its options as suggestions), or — for a
 * form field the campaign's form no longer has — the type the condition was saved with.
 */
export function describeField(
  field: string,
  formFields: readonly ConditionFormField[],
  savedType?: ConditionType,
): ConditionFieldDescriptor | null {
  const fixed = conditionFieldDescriptor(field);
  if (fixed) return fixed;
  if (!isFormField(field)) return null;
  const formField = formFields.find((item) => formFieldName(item.key) === field);
  if (formField) {
    const type = FORM_FIELD_CONDITION_TYPE[formField.type as keyof typeof FORM_FIELD_CONDITION_TYPE];
    if (!type) return null;
    return formField.options.length > 0 ? { type, options: formField.options } : { type };
  }
  return savedType ? { type: savedType } : null;
}

/** The operators a field's type allows (`changedTo` only for rules that run on an event). */
export function operatorsFor(type: ConditionType, forSchedule = false): ConditionOperator[] {
  return OPERATORS_BY_TYPE[type].filter((operator) => !(forSchedule && operator === 'changedTo'));
}

/** How the value of an operator is edited. */
export type ValueShape = 'none' | 'scalar' | 'list' | 'range' | 'duration';

export function valueShape(operator: ConditionOperator): ValueShape {
  switch (operator) {
    case 'isEmpty':
    case 'isNotEmpty':
      return 'none';
    case 'in':
    case 'notIn':
      return 'list';
    case 'between':
      return 'range';
    case 'olderThan':
    case 'newerThan':
      return 'duration';
    default:
      return 'scalar';
  }
}

/**
 * A scalar not entered yet. The builder keeps it as '' (the contracts refuse it with their own message, e.g.
 * "enter a number"), except booleans, which start as "yes".
 */
export function emptyScalar(type: ConditionType): ConditionScalar {
  return type === 'boolean' ? true : '';
}

/** The value a new condition starts with for this type and operator (none for isEmpty / isNotEmpty). */
export function defaultValue(type: ConditionType, operator: ConditionOperator): ConditionValue | undefined {
  switch (valueShape(operator)) {
    case 'none':
      return undefined;
    case 'list':
      return [];
    case 'range':
      return [emptyScalar(type), emptyScalar(type)];
    case 'duration':
      return { amount: 1, unit: 'days' };
    default:
      return emptyScalar(type);
  }
}

function isBlank(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/**
 * The value kept across an operator change of the same field: a scalar stays a scalar, becomes the first of a list
 * or the start of a range; a list or a range gives its first entry to a scalar; anything else starts afresh.
 */
export function convertValue(
  type: ConditionType,
  from: ConditionOperator,
  to: ConditionOperator,
  value: ConditionValue | undefined,
): ConditionValue | undefined {
  const before = valueShape(from);
  const after = valueShape(to);
  if (after === 'none') return undefined;
  if (before === after) return value ?? defaultValue(type, to);
  const first: ConditionScalar | undefined =
    before === 'scalar'
      ? (value as ConditionScalar | undefined)
      : before === 'list' || before === 'range'
        ? (value as ConditionScalar[] | undefined)?.[0]
        : undefined;
  if (first === undefined || isBlank(first)) return defaultValue(type, to);
  if (after === 'scalar') return first;
  if (after === 'list') return [first];
  if (after === 'range') return [first, emptyScalar(type)];
  return defaultValue(type, to);
}

/** Whether two descriptors take the same values (same type, same records, same choices). */
function sameDomain(a: ConditionFieldDescriptor | null, b: ConditionFieldDescriptor | null): boolean {
  if (!a || !b) return false;
  return a.type === b.type && a.reference === b.reference && sameOptions(a.options, b.options);
}

function sameOptions(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (!a || !b) return a === b;
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** A new condition on `field`: its type's first operator and that operator's empty value. */
export function newCondition(field: string, descriptor: ConditionFieldDescriptor, forSchedule = false): Condition {
  const operator = operatorsFor(descriptor.type, forSchedule)[0];
  return withValue({ field, operator, type: descriptor.type }, defaultValue(descriptor.type, operator));
}

/** The condition a builder adds by default: the ticket's status equals (a value to choose). */
export function defaultCondition(forSchedule = false): Condition {
  return newCondition('ticket.status', conditionFieldDescriptor('ticket.status')!, forSchedule);
}

function withValue(condition: Condition, value: ConditionValue | undefined): Condition {
  const { value: _dropped, ...rest } = condition;
  return value === undefined ? rest : { ...rest, value };
}

/**
 * Another field for a condition. A field of the same kind (same type, records and choices) keeps the operator and
 * the value; otherwise the operator stays when the new type allows it (else the type's first), and the value goes
 * back to that operator's empty value.
 */
export function changeField(
  condition: Condition,
  field: string,
  descriptor: ConditionFieldDescriptor,
  before: ConditionFieldDescriptor | null,
  forSchedule = false,
): Condition {
  if (field === condition.field) return condition;
  const allowed = operatorsFor(descriptor.type, forSchedule);
  if (sameDomain(before, descriptor) && allowed.includes(condition.operator)) {
    return { ...condition, field, type: descriptor.type };
  }
  const operator = allowed.includes(condition.operator) ? condition.operator : allowed[0];
  return withValue({ field, operator, type: descriptor.type }, defaultValue(descriptor.type, operator));
}

/** Another operator: the value follows (`convertValue`). */
export function changeOperator(condition: Condition, operator: ConditionOperator): Condition {
  if (operator === condition.operator) return condition;
  return withValue(
    { ...condition, operator },
    convertValue(condition.type, condition.operator, operator, condition.value),
  );
}

export function changeValue(condition: Condition, value: ConditionValue | undefined): Condition {
  return withValue(condition, value);
}

// --- The tree ---------------------------------------------------------------------------------------------------

/** Called for each member a change replaced with a new object (the builder carries its React key over). */
export type OnReplace = (before: ConditionMember, after: ConditionMember) => void;

export function memberAt(group: ConditionGroup, path: MemberPath): ConditionMember | undefined {
  let current: ConditionMember = group;
  for (const index of path) {
    if (!isConditionGroup(current)) return undefined;
    const next: ConditionMember | undefined = current.conditions[index];
    if (!next) return undefined;
    current = next;
  }
  return current;
}

/** The tree with the member at `path` replaced by what `update` returns (the groups on the way rebuilt). */
export function updateAt(
  group: ConditionGroup,
  path: MemberPath,
  update: (member: ConditionMember) => ConditionMember,
  onReplace?: OnReplace,
): ConditionGroup {
  const rebuild = (member: ConditionMember, rest: MemberPath): ConditionMember => {
    if (rest.length === 0) {
      const next = update(member);
      if (next !== member) onReplace?.(member, next);
      return next;
    }
    if (!isConditionGroup(member)) return member;
    const [index, ...deeper] = rest;
    const child = member.conditions[index];
    if (!child) return member;
    const nextChild = rebuild(child, deeper);
    if (nextChild === child) return member;
    const next: ConditionGroup = {
      ...member,
      conditions: member.conditions.map((item, position) => (position === index ? nextChild : item)),
    };
    onReplace?.(member, next);
    return next;
  };
  return rebuild(group, path) as ConditionGroup;
}

function updateGroupAt(
  group: ConditionGroup,
  path: MemberPath,
  update: (target: ConditionGroup) => ConditionGroup,
  onReplace?: OnReplace,
): ConditionGroup {
  return updateAt(group, path, (member) => (isConditionGroup(member) ? update(member) : member), onReplace);
}

/** How many groups deep a group at `groupPath` is (the root is 1). */
export function groupDepth(groupPath: MemberPath): number {
  return groupPath.length + 1;
}

/** Whether the group at `groupPath` may hold another group (MAX_GROUP_DEPTH levels in all). */
export function canAddSubgroup(groupPath: MemberPath): boolean {
  return groupDepth(groupPath) + 1 <= MAX_GROUP_DEPTH;
}

export function countConditions(group: ConditionGroup): number {
  return group.conditions.reduce(
    (total, member) => total + (isConditionGroup(member) ? countConditions(member) : 1),
    0,
  );
}

export function canAddCondition(root: ConditionGroup): boolean {
  return countConditions(root) < MAX_CONDITIONS;
}

export function addCondition(
  root: ConditionGroup,
  groupPath: MemberPath,
  condition: Condition,
  onReplace?: OnReplace,
): ConditionGroup {
  if (!canAddCondition(root)) return root;
  return updateGroupAt(
    root,
    groupPath,
    (group) => ({ ...group, conditions: [...group.conditions, condition] }),
    onReplace,
  );
}

/** Adds a sub-group holding one condition (an empty group would match everything); refused at the depth limit. */
export function addGroup(
  root: ConditionGroup,
  groupPath: MemberPath,
  condition: Condition,
  onReplace?: OnReplace,
): ConditionGroup {
  if (!canAddSubgroup(groupPath) || !canAddCondition(root)) return root;
  const inner: ConditionGroup = { match: 'any', conditions: [condition] };
  return updateGroupAt(root, groupPath, (group) => ({ ...group, conditions: [...group.conditions, inner] }), onReplace);
}

export function removeAt(root: ConditionGroup, path: MemberPath, onReplace?: OnReplace): ConditionGroup {
  if (path.length === 0) return root;
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return updateGroupAt(
    root,
    parent,
    (group) => ({ ...group, conditions: group.conditions.filter((_, position) => position !== index) }),
    onReplace,
  );
}

export function setMatch(
  root: ConditionGroup,
  groupPath: MemberPath,
  match: ConditionGroup['match'],
  onReplace?: OnReplace,
): ConditionGroup {
  return updateGroupAt(root, groupPath, (group) => (group.match === match ? group : { ...group, match }), onReplace);
}

/** Every condition of the tree with its path, in reading order. */
export function conditionsWithPaths(group: ConditionGroup, path: MemberPath = []): [Condition, MemberPath][] {
  return group.conditions.flatMap((member, index): [Condition, MemberPath][] =>
    isConditionGroup(member) ? conditionsWithPaths(member, [...path, index]) : [[member, [...path, index]]],
  );
}

// --- Errors -----------------------------------------------------------------------------------------------------

/** The error key of a member: `conditions.0.conditions.2` (relative to the root group; '' is the root). */
export function memberErrorKey(path: MemberPath): string {
  return path.map((index) => `conditions.${index}`).join('.');
}

/** The key of the root group's own error (too deep, too many...) in the builder's error map. */
export const ROOT_ERROR_KEY = '_';

/**
 * A form's errors for the group it keeps at `prefix` (`conditions` in a business rule's body), as the builder reads
 * them: the group's own message under ROOT_ERROR_KEY, the rest relative to the group. Client (zod) and server (422)
 * paths are the same.
 */
export function conditionErrorsAt(errors: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field === prefix) out[ROOT_ERROR_KEY] = message;
    else if (field.startsWith(`${prefix}.`)) out[field.slice(prefix.length + 1)] = message;
  }
  return out;
}

/** The messages of one condition: `field`, `operator`, `value` (and `value.0`, `value.amount`, ...). */
export function errorsOfMember(errors: Record<string, string>, path: MemberPath): Record<string, string> {
  const key = memberErrorKey(path);
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field === key) out[''] = message;
    else if (field.startsWith(`${key}.`)) {
      const rest = field.slice(key.length + 1);
      // A group's own members are reported at their own rows.
      if (!rest.startsWith('conditions.')) out[rest] = message;
    }
  }
  return out;
}

/** The first message under `prefix` (`value` finds `value`, `value.1`, `value.amount`...). */
export function firstErrorUnder(errors: Record<string, string>, prefix: string): string | undefined {
  if (errors[prefix]) return errors[prefix];
  const key = Object.keys(errors).find((field) => field.startsWith(`${prefix}.`));
  return key ? errors[key] : undefined;
}

/** The tree's validation issues for the builder used on its own (a form validates its whole body instead). */
export function validateConditions(group: ConditionGroup, forSchedule = false) {
  const parsed = conditionGroupSchema({ forSchedule }).safeParse(group);
  return parsed.success ? [] : parsed.error.issues;
}
