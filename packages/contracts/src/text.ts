import { z } from 'zod';
import { INVALID_TEXT_MESSAGE, isValidText, stripInvalidText } from './text.constants.js';

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
