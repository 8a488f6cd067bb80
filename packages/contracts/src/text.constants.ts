/*
 * Which characters text may hold: constants and the pure functions over them, without zod. The schemas are in text.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
/**
 * Text hygiene: the one definition of which characters text may hold. PostgreSQL refuses U+0000 in text and jsonb,
 * a lone UTF-16 surrogate is not a character at all, and control characters or noncharacters typed nowhere on a
 * keyboard only ever arrive by accident or on purpose. Typed input is refused with INVALID_TEXT_MESSAGE (422,
 * translated); text from outside that must never be lost (channel messages) is cleaned with stripInvalidText.
 */
export const INVALID_TEXT_MESSAGE = 'i18n:validation.invalidCharacters';

/** Control characters (C0, DEL, C1), lone surrogates and noncharacters (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF). */
const NOT_TEXT = '\\p{Cc}\\p{Cs}\\p{Noncharacter_Code_Point}';
/** A single line: no control character at all (tab and line breaks included). */
const INVALID_IN_LINE = new RegExp(`[${NOT_TEXT}]`, 'u');
/** Several lines: tab, line feed and carriage return are text; every other control character is not. */
const INVALID_IN_LINES = new RegExp(`(?![\\t\\n\\r])[${NOT_TEXT}]`, 'u');
const INVALID_IN_LINES_ALL = new RegExp(INVALID_IN_LINES.source, 'gu');
const LINE_BREAK = /[\t\n\r]/;

/** Whether a text holds only characters it may: `multiLine` allows tab and line breaks. */
export function isValidText(value: string, options: { multiLine?: boolean } = {}): boolean {
  return !(options.multiLine ? INVALID_IN_LINES : INVALID_IN_LINE).test(value);
}

/**
 * The text without what is not text (for input that must be kept, not refused): control characters, lone
 * surrogates and noncharacters are removed; `singleLine` turns tabs and line breaks, with the spaces around
 * them, into one space.
 */
export function stripInvalidText(value: string, options: { singleLine?: boolean } = {}): string {
  const cleaned = value.replace(INVALID_IN_LINES_ALL, '');
  if (!options.singleLine) return cleaned;
  // Split, not one regex over the spaces around each break: linear on any input (a folded e-mail header, a list).
  return cleaned
    .split(LINE_BREAK)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}
