import { describe, expect, it } from 'vitest';
import { searchable, snippetAround, wordPrefixQuery } from './text.js';

describe('snippetAround', () => {
  it('shows the original words around a match found without case, accents or repeated spaces', () => {
    const text = `${'Buenas tardes. '.repeat(8)}¿Tienen la CAFETERA   Moka Exprés en rojo? ${'Gracias. '.repeat(10)}`;
    const snippet = snippetAround(text, searchable('cafetera moka expres'), 20);
    expect(snippet).toMatch(/^….*CAFETERA Moka Exprés en rojo\? .*…$/);
    expect(snippet.length).toBeLessThan(80);
  });

  it('keeps characters outside the Basic Multilingual Plane whole, and starts at the beginning when nothing matches', () => {
    expect(snippetAround('😀😀 café con leche 😀', searchable('CAFE'), 3)).toBe('😀😀 café co…');
    expect(snippetAround('sin coincidencias aquí', 'nada', 5)).toBe('sin coinci…');
  });
});

describe('wordPrefixQuery', () => {
  it('asks for every word as a prefix, accents and case folded, keeping addresses whole', () => {
    expect(wordPrefixQuery('María  GARCÍA')).toBe('maria:* & garcia:*');
    expect(wordPrefixQuery('ana.ruiz@correo.test')).toBe('ana.ruiz@correo.test:*');
    expect(wordPrefixQuery('a 3100')).toBe('a & 3100:*');
  });

  it('drops what the tsquery syntax reserves, and gives nothing for a search with no word left', () => {
    expect(wordPrefixQuery("o'brien & (x) | !y <-> z:*")).toBe('o & brien:* & x & y & z');
    expect(wordPrefixQuery(' & | ! ')).toBeNull();
  });
});
