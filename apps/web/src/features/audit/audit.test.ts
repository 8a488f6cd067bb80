import { describe, expect, it } from 'vitest';
import { describeChange } from './AuditHistory';

describe('audit history', () => {
  it('formats audit values and diffs', () => {
    expect(describeChange({ from: 'a', to: null })).toBe('a → —');
    expect(describeChange(['x'])).toBe('["x"]');
  });
});
