/** Stable machine codes carried in the response envelope's `code` field. */
export const CODES = {
  OK: 'OK',
  VERIFICATION_CODE_SENT: 'AUS007',
  VERIFICATION_CODE_INVALID: 'AUE014',
  INVALID_CREDENTIALS: 'AUE001',
  USER_DISABLED: 'AUE002',
  PASSWORD_RESET_SENT: 'LINK.PASSWORD_RESET.SENT',
  PASSWORD_RESET_DONE: 'PASSWORD.RESET.DONE',
  PASSWORD_RESET_INVALID: 'PASSWORD.RESET.INVALID',
  LOGGED_OUT: 'AUS002',
  LOGGED_IN: 'AUS001',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** 401 for a token whose session was ended by a newer login of the same user. */
  SESSION_REPLACED: 'SESSION_REPLACED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION: 'VALIDATION',
  BAD_REQUEST: 'BAD_REQUEST',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INTERNAL: 'INTERNAL',
  /** The database cannot be reached right now (restarting): try again shortly. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  MAINTENANCE: 'MAINTENANCE',
} as const;
export type Code = (typeof CODES)[keyof typeof CODES];

export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';
export const LOCALE_HEADER = 'X-Locale';

export function pickLocale(value: string | null | undefined): Locale {
  const short = (value ?? '').trim().slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(short) ? (short as Locale) : DEFAULT_LOCALE;
}

/** Validation messages that name a translation key instead of text: `i18n:<key>` (server and web translate them). */
export const I18N_MESSAGE_PREFIX = 'i18n:';
export function messageKeyOf(message: string | undefined): string | null {
  return message?.startsWith(I18N_MESSAGE_PREFIX) ? message.slice(I18N_MESSAGE_PREFIX.length) : null;
}
