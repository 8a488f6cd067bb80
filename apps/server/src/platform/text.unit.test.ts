import { describe, expect, it } from 'vitest';
import { stripControlCharacters } from './text.js';

describe('stripControlCharacters', () => {
  it('removes NUL, control characters, lone surrogates and non-characters; keeps tabs, line breaks and emoji', () => {
    expect(stripControlCharacters('a\u0000b\u0001c\u001Fd\u007Fe\u0085f\uFFFEg\uFFFFh')).toBe('abcdefgh');
    expect(stripControlCharacters('uno\tdos\r\ntres\n')).toBe('uno\tdos\r\ntres\n');
    expect(stripControlCharacters('roto \uD83D y \uDE00 fin')).toBe('roto  y  fin');
    expect(stripControlCharacters('bien 😀 ñ € \uFFFD')).toBe('bien 😀 ñ € \uFFFD');
  });
});
