import { messageKeyOf } from '@atiende/contracts';
import type { TFunction } from 'i18next';

/** The parts of a zod issue the forms use (zod 4 issue shape, kept loose so any schema's issues fit). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  input?: unknown;
}

/** i18next's t (or any function with the same shape in tests). */
type Translate = TFunction | ((key: string, options?: { count?: number }) => string);

/** The field a issue belongs to: its path joined with dots (`integraciones.0.ruta`). */
export function issueField(issue: IssueLike): string {
  return issue.path.map((part) => String(part)).join('.');
}

/**
 * A translated message for one issue. Messages of the form `i18n:<key>` name a translation key (contracts'
 * messageKeyOf); the other common issues map to the `validation.*` keys; zod's own English text is never shown.
 */
export function issueMessage(issue: IssueLike, t: Translate): string {
  const key = messageKeyOf(issue.message);
  if (key) return t(key);
  const min = Number(issue.minimum ?? 0);
  const max = Number(issue.maximum ?? 0);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.minItems', { count: min });
      if (issue.origin === 'number' || issue.origin === 'int') return t('validation.minValue', { count: min });
      return min <= 1 ? t('validation.required') : t('validation.minLength', { count: min });
    case 'too_big':
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.maxItems', { count: max });
      if (issue.origin === 'number' || issue.origin === 'int') return t('validation.maxValue', { count: max });
      return t('validation.maxLength', { count: max });
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.email');
      if (issue.format === 'url') return t('validation.url');
      if (issue.format === 'date') return t('validation.date');
      return t('validation.format');
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? t('validation.required')
        : t('validation.invalid');
    default:
      return t('validation.invalid');
  }
}

/** Field → first translated message, from a failed safeParse. */
export function issuesToErrors(issues: readonly IssueLike[], t: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issueField(issue) || '_';
    if (!(field in errors)) errors[field] = issueMessage(issue, t);
  }
  return errors;
}
