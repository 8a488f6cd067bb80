import { describe, expect, it } from 'vitest';
import { highlight, snippet } from './kb.highlight.js';

describe('knowledge-base highlighting', () => {
  it('marks the words whose folded form starts with a stem, whatever their accents and case', () => {
    expect(highlight('Atención al cliente: atenciones', ['atencion'])).toEqual([
      { text: 'Atención', match: true },
      { text: ' al cliente: ', match: false },
      { text: 'atenciones', match: true },
    ]);
  });

  it('marks one-letter stems only as whole words, and leaves text without matches whole', () => {
    expect(highlight('a casa', ['a'])).toEqual([
      { text: 'a', match: true },
      { text: ' casa', match: false },
    ]);
    expect(highlight('nada aquí', ['factur'])).toEqual([{ text: 'nada aquí', match: false }]);
  });

  it('cuts a snippet around the first match, at spaces, with ellipses', () => {
    const text = `${'palabra '.repeat(60)}la facturación electrónica ${'otra '.repeat(80)}`;
    const parts = snippet(text, ['factur'], 100);
    const joined = parts.map((part) => part.text).join('');
    expect(joined.startsWith('…')).toBe(true);
    expect(joined.endsWith('…')).toBe(true);
    expect(joined.length).toBeLessThanOrEqual(102);
    expect(parts.find((part) => part.match)?.text).toBe('facturación');
  });

  it('starts at the beginning when nothing matches', () => {
    expect(snippet('Corto y claro', ['zz'])).toEqual([{ text: 'Corto y claro', match: false }]);
  });
});
