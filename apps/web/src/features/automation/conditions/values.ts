import type { ConditionScalar } from '@atiende/contracts';
import dayjs from 'dayjs';
import type { NamedOption } from './model';

/**
 * Value conversions between the builder's inputs and the condition language: datetimes are ISO instants with their
 * offset on the wire and `YYYY-MM-DDTHH:mm` in the browser's local time in the date-time field.
 */

/** An instant as the date-time field shows it (local time); '' when there is none or it does not parse. */
export function instantToLocalInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('YYYY-MM-DDTHH:mm') : '';
}

/** A local `YYYY-MM-DDTHH:mm` as an ISO instant with the browser's offset (`2026-11-26T14:30:00-05:00`). */
export function localInputToInstant(value: string): string {
  if (value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('YYYY-MM-DDTHH:mm:ssZ') : '';
}

/** A number field's text as the condition's value ('' while empty or not a number). */
export function parseNumberInput(raw: string): number | '' {
  if (raw.trim() === '') return '';
  const value = Number(raw);
  return Number.isFinite(value) ? value : '';
}

/** Typed list entries as a number list's values (what is not a number is left out). */
export function parseNumberList(entries: readonly (string | number)[]): number[] {
  return entries.map((entry) => (typeof entry === 'number' ? entry : parseNumberInput(entry))).filter(isNumber);
}

function isNumber(value: number | ''): value is number {
  return value !== '';
}

/** Text list entries trimmed, without empty ones and repeats. */
export function cleanTextList(entries: readonly (string | number)[]): string[] {
  return [...new Set(entries.map((entry) => String(entry).trim()).filter(Boolean))];
}

/** The options of a reference field, with the ids a condition holds that the list lacks (named by their id). */
export function withMissingIds(options: readonly NamedOption[], ids: readonly ConditionScalar[]): NamedOption[] {
  const known = new Set(options.map((option) => option.id));
  const missing = ids.filter((id): id is number => typeof id === 'number' && !known.has(id));
  return [...options, ...missing.map((id) => ({ id, name: '' }))];
}

/** The condition's value as a list (a list operator's value before it is one: empty). */
export function asList(value: unknown): ConditionScalar[] {
  return Array.isArray(value) ? (value as ConditionScalar[]) : [];
}

/** The two ends of a `between` value. */
export function asRange(value: unknown): [ConditionScalar, ConditionScalar] {
  const list = asList(value);
  return [list[0] ?? '', list[1] ?? ''];
}
