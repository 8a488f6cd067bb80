import { type FieldError, type Locale, messageKeyOf } from '@atiende/contracts';
import { z } from 'zod';
import { isMessageKey, translate } from './messages.js';

const localeErrorMaps = { es: z.locales.es().localeError, en: z.locales.en().localeError } as const;

type Issue = z.core.$ZodIssue;

/** Turns zod issues into translated field messages. An issue may name a message key as its message, 'i18n:<key>' (e.g. 'i18n:auth.passwordsDoNotMatch'). */
export function translateIssues(issues: readonly Issue[], locale: Locale): FieldError[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '_';
    const key = messageKeyOf(issue.message);
    if (key) return { field, message: translate(locale, isMessageKey(key) ? key : 'errors.validation') };
    const mapped = localeErrorMaps[locale](issue as unknown as Parameters<(typeof localeErrorMaps)['es']>[0]);
    const message = typeof mapped === 'string' ? mapped : (mapped?.message ?? issue.message);
    return { field, message };
  });
}
