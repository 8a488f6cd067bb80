import { buildFormValuesSchema, type FormField } from '@atiende/contracts';
import type { TFunction } from 'i18next';
import { issuesToErrors } from '../../ui/validation';
import type { FormValues, ListOptions } from './model';

/**
 * Validates filled values with contracts' buildFormValuesSchema: field key → translated message. It brings zod, so
 * pages of the agent's workspace reach it through useFormValuesValidator (loaded when the form shows).
 */
export function validateFormValues(
  fields: readonly FormField[],
  lists: ListOptions,
  values: FormValues,
  t: TFunction | ((key: string, options?: { count?: number }) => string),
): Record<string, string> {
  const parsed = buildFormValuesSchema(fields, lists).safeParse(values);
  return parsed.success ? {} : issuesToErrors(parsed.error.issues, t);
}

export type FormValuesValidator = typeof validateFormValues;
