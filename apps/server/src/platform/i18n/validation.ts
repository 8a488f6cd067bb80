import { type FieldError, INVALID_TEXT_MESSAGE, type Locale, messageKeyOf } from '@atiende/contracts';
import { z } from 'zod';
import { isMessageKey, translate } from './messages.js';

const localeErrorMaps = { es: z.locales.es().localeError, en: z.locales.en().localeError } as const;

type Issue = z.core.$ZodIssue;

/** An issue's own message, or for a refused record key the message of the key's rule (e.g. its characters). */
function messageOf(issue: Issue): string {
  return issue.code === 'invalid_key' && issue.issues[0] ? issue.issues[0].message : issue.message;
}

/** Whether an issue refuses characters that are not text (contracts' text rule): 422 in any part of a request. */
export function isInvalidTextIssue(issue: Issue): boolean {
  return messageOf(issue) === INVALID_TEXT_MESSAGE;
}

/** Turns zod issues into translated field messages. An issue may name a message key as its message, 'i18n:<key>' (e.g. 'i18n:auth.passwordsDoNotMatch'). */
export function translateIssues(issues: readonly Issue[], locale: Locale): FieldError[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '_';
    const key = messageKeyOf(messageOf(issue));
    if (key) return { field, message: translate(locale, isMessageKey(key) ? key : 'errors.validation') };
    const mapped = localeErrorMaps[locale](issue as unknown as Parameters<(typeof localeErrorMaps)['es']>[0]);
    const message = typeof mapped === 'string' ? mapped : (mapped?.message ?? issue.message);
    return { field, message };
  });
}
