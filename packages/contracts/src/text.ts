import { z } from 'zod';

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

/** zod checks of the rule, for schemas the builders below do not make (URLs, passwords, form values). */
export const singleLineRule = z.refine<string>((value) => isValidText(value), { message: INVALID_TEXT_MESSAGE });
export const multiLineRule = z.refine<string>((value) => isValidText(value, { multiLine: true }), {
  message: INVALID_TEXT_MESSAGE,
});

/** Typed single-line text (names, codes, e-mails, searches): trimmed, then refused if it holds a control character. */
export const singleLine = () => z.string().trim().check(singleLineRule);

/** Typed text of several lines (messages, descriptions, notes): tab and line breaks allowed, no other control. */
export const multiLine = () => z.string().check(multiLineRule);

/** Text from outside that must be kept (channel messages, provider reports): cleaned, never refused for it. */
export const strippedText = (options: { singleLine?: boolean } = {}) =>
  z.string().overwrite((value) => stripInvalidText(value, options));

const MAX_JSON_DEPTH = 32;

/**
 * A free JSON value stored as jsonb (filled form values): every string in it, object keys included, follows the
 * multi-line rule; each offending string is reported at its own path.
 */
export const jsonValue = () =>
  z.unknown().check(
    z.superRefine<unknown>((root, context) => {
      const visit = (value: unknown, path: PropertyKey[]) => {
        if (typeof value === 'string') {
          if (!isValidText(value, { multiLine: true }))
            context.addIssue({ code: 'custom', path, message: INVALID_TEXT_MESSAGE });
          return;
        }
        if (value === null || typeof value !== 'object') return;
        if (path.length >= MAX_JSON_DEPTH) {
          context.addIssue({ code: 'custom', path, input: value });
          return;
        }
        for (const [key, item] of Object.entries(value)) {
          if (!Array.isArray(value) && !isValidText(key)) {
            context.addIssue({ code: 'custom', path: [...path, key], message: INVALID_TEXT_MESSAGE });
          } else visit(item, [...path, Array.isArray(value) ? Number(key) : key]);
        }
      };
      visit(root, []);
    }),
  );
