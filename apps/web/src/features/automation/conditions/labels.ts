import {
  type ConditionOperator,
  type ConditionType,
  STATIC_CONDITION_FIELDS,
  type StaticConditionField,
  TICKET_PRIORITY,
  TICKET_STATUS,
} from '@atiende/contracts';
import { isFormField } from './model';

/** The entities fields are grouped by in the field picker, in the picker's order. */
export const FIELD_ENTITIES = ['ticket', 'message', 'customer', 'campaign', 'channel', 'task', 'form'] as const;
export type FieldEntity = (typeof FIELD_ENTITIES)[number];

export function fieldEntity(field: string): FieldEntity {
  if (isFormField(field)) return 'form';
  const entity = field.slice(0, field.indexOf('.'));
  return (FIELD_ENTITIES as readonly string[]).includes(entity) ? (entity as FieldEntity) : 'ticket';
}

export const entityLabelKey = (entity: FieldEntity) => `automation.entities.${entity}`;

/** A static field's label key (`automation.fields.ticket.status`); form fields are named by their form. */
export const fieldLabelKey = (field: StaticConditionField) => `automation.fields.${field}`;

/** The static fields of each entity, in the contracts' order. */
export function staticFieldsOf(entity: FieldEntity): StaticConditionField[] {
  return STATIC_CONDITION_FIELDS.filter((field) => fieldEntity(field) === entity);
}

/**
 * An operator's label key. Times read "after / before", labels "includes": where the general wording would read
 * oddly, a type has its own (`automation.operatorsFor.<type>.<operator>`).
 */
const TYPE_WORDING: Partial<Record<ConditionType, readonly ConditionOperator[]>> = {
  datetime: ['greater', 'less'],
  date: ['equals', 'differs', 'greater', 'less'],
  labels: ['contains', 'notContains', 'in'],
};

export function operatorLabelKey(type: ConditionType, operator: ConditionOperator): string {
  return TYPE_WORDING[type]?.includes(operator)
    ? `automation.operatorsFor.${type}.${operator}`
    : `automation.operators.${operator}`;
}

/** Every operator label key the builder can show (the texts test checks each). */
export function allOperatorLabelKeys(): string[] {
  const keys = new Set<string>();
  for (const [type, operators] of Object.entries(TYPE_WORDING)) {
    for (const operator of operators) keys.add(`automation.operatorsFor.${type}.${operator}`);
  }
  return [...keys];
}

const STATUS_NAMES = Object.fromEntries(Object.entries(TICKET_STATUS).map(([name, value]) => [value, name]));
const PRIORITY_NAMES = Object.fromEntries(Object.entries(TICKET_PRIORITY).map(([name, value]) => [value, name]));

/**
 * An enumeration value's label key. The app already names ticket statuses and priorities, channel types and
 * genders; the others are `automation.values.<field>.<value>`.
 */
export function enumLabelKey(field: string, value: string | number): string {
  switch (field) {
    case 'ticket.status':
      return `tickets.status.${STATUS_NAMES[value as number] ?? value}`;
    case 'ticket.priority':
      return `tickets.priority.${PRIORITY_NAMES[value as number] ?? value}`;
    case 'channel.type':
      return `channelTypes.${value}`;
    case 'customer.gender':
      return `customers.genders.${value}`;
    default:
      return `automation.values.${field}.${value}`;
  }
}
