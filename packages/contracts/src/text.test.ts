import { describe, expect, it } from 'vitest';
import { INVALID_TEXT_MESSAGE, isValidText, stripInvalidText } from './text.constants.js';
import { jsonValue, multiLine, singleLine, strippedText } from './text.js';

/** Characters that are never text, one of each kind the rule names. */
const NOT_TEXT = {
  nul: '\u0000',
  bell: '\u0007',
  escape: '\u001b',
  delete: '\u007f',
  c1Control: '\u0085',
  loneHighSurrogate: '\ud800',
  loneLowSurrogate: '\udc00',
  nonCharacterFdd0: '\ufdd0',
  nonCharacterFffe: '\ufffe',
  nonCharacterFfff: '\uffff',
  astralNonCharacter: '\u{1fffe}',
};

describe('the text rule', () => {
  it.each(Object.entries(NOT_TEXT))('refuses %s in one line and in several lines', (_name, character) => {
    expect(isValidText(`abc${character}def`)).toBe(false);
    expect(isValidText(`abc${character}def`, { multiLine: true })).toBe(false);
  });

  it('keeps every real character: accents, RTL scripts, emoji (surrogate pairs), ideographs, bidi marks', () => {
    const text = 'Muñoz ÅØ — مرحبا שלום 😀 👩🏽‍💻 漢字 \u200f\u202b x \u00a0y';
    expect(isValidText(text)).toBe(true);
    expect(isValidText(text, { multiLine: true })).toBe(true);
  });

  it('allows tab and line breaks only in several lines', () => {
    for (const whitespace of ['\t', '\n', '\r\n']) {
      expect(isValidText(`a${whitespace}b`)).toBe(false);
      expect(isValidText(`a${whitespace}b`, { multiLine: true })).toBe(true);
    }
  });

  it('strips what is not text and keeps the rest, in one line turning line breaks into one space', () => {
    expect(stripInvalidText('Hola\u0000 mundo\ud800\u0007 😀\r\nadiós\ufffe')).toBe('Hola mundo 😀\r\nadiós');
    expect(stripInvalidText('Re:\r\n\tasunto\u0000', { singleLine: true })).toBe('Re: asunto');
    expect(stripInvalidText('Factura\r\n vencida\tya', { singleLine: true })).toBe('Factura vencida ya');
    expect(stripInvalidText('sin cambios')).toBe('sin cambios');
  });

  // A pattern that backtracks over the spaces around a break would never finish here (provider input is cleaned
  // before any length limit).
  it('cleans a megabyte of spaces around a line break', () => {
    const spaces = ' '.repeat(1_000_000);
    expect(stripInvalidText(`a${spaces}\n${spaces}b\u0000`, { singleLine: true })).toBe('a b');
    expect(stripInvalidText(`${spaces}x`, { singleLine: true })).toBe('x');
  });
});

describe('the zod builders', () => {
  it('single line: trims, then refuses control characters with the translated message key', () => {
    expect(singleLine().parse('  Ana\u00a0Pérez \n')).toBe('Ana\u00a0Pérez');
    const refused = singleLine().max(10).safeParse('Ana\u0000');
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([INVALID_TEXT_MESSAGE]);
    expect(singleLine().safeParse('Ana\nPérez').success).toBe(false);
  });

  it('multi line: keeps line breaks and tabs, refuses NUL and lone surrogates', () => {
    expect(multiLine().parse('uno\n\tdos\r\n')).toBe('uno\n\tdos\r\n');
    expect(multiLine().safeParse('uno\u0000').error?.issues[0].message).toBe(INVALID_TEXT_MESSAGE);
    expect(multiLine().safeParse('uno\udfff').error?.issues[0].message).toBe(INVALID_TEXT_MESSAGE);
  });

  it('stripped text: never refused for its characters, limits apply to the cleaned text', () => {
    expect(strippedText().max(3).parse('a\u0000b\u0000c')).toBe('abc');
    expect(strippedText({ singleLine: true }).trim().parse(' Ana\r\nPérez\u0000 ')).toBe('Ana Pérez');
  });

  it('JSON values: every string and object key at any depth, each reported at its own path', () => {
    const schema = jsonValue();
    expect(schema.safeParse({ notes: ['ok', 'línea\nnueva'], n: 1, b: true, nothing: null }).success).toBe(true);
    const refused = schema.safeParse({ list: ['ok', 'bad\u0000'], nested: { 'key\u0000': 'value', fine: '\ud800' } });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['list.1', INVALID_TEXT_MESSAGE],
      ['nested.key\u0000', INVALID_TEXT_MESSAGE],
      ['nested.fine', INVALID_TEXT_MESSAGE],
    ]);
  });

  it('JSON values nested deeper than any form holds are refused instead of walked without end', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 100; level += 1) deep = [deep];
    expect(jsonValue().safeParse(deep).success).toBe(false);
  });
});
