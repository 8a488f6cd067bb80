import { describe, expect, it } from 'vitest';
import { searchable, snippetAround } from './text.js';

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
