/*
 * Dynamic form field types and option lists: constants and the pure functions over them, without zod. The schemas are in forms.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
import type { FormField } from './forms.js';

/** Field types (catalogue `tipo-campo` codes). */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'date',
  'time',
  'datetime',
  'list',
  'multilevel',
  'checkbox',
  'radio',
  'email',
  'phone',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const OPTION_FIELD_TYPES: readonly FieldType[] = ['list', 'radio', 'multilevel'];

export interface OptionNode {
  label: string;
  children?: OptionNode[];
}
export type FormValue = string | number | boolean | string[] | null;

/** Options of a field with its reusable list resolved, sorted when the field asks for alphabetical order. */
export function resolveOptions(field: FormField, lists: ReadonlyMap<number, OptionNode[]>): OptionNode[] {
  const options = field.reusableListId ? (lists.get(field.reusableListId) ?? []) : field.options;
  return field.alphabeticalOrder ? [...options].sort((a, b) => a.label.localeCompare(b.label)) : options;
}
