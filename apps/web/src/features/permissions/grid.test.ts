import { describe, expect, it } from 'vitest';
import { categoryState, toggleCategory } from './grid';

describe('permission grid helpers', () => {
  const keys = ['a', 'b', 'c'];
  it('reports all, some or none', () => {
    expect(categoryState(keys, new Set())).toBe('none');
    expect(categoryState(keys, new Set(['a', 'x']))).toBe('some');
    expect(categoryState(keys, new Set(keys))).toBe('all');
  });
  it('select all keeps other categories', () => {
    expect([...toggleCategory(keys, new Set(['x']), true)].sort()).toEqual(['a', 'b', 'c', 'x']);
    expect([...toggleCategory(keys, new Set(['a', 'x']), false)]).toEqual(['x']);
  });
});
