import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatWireDate, parseWireDate } from './dates';

describe('picker values on the wire', () => {
  it('reads the strings the native inputs used and writes them back unchanged', () => {
    for (const [kind, value] of [
      ['date', '2026-03-05'],
      ['time', '08:30'],
      ['datetime', '2026-03-05T17:45'],
    ] as const) {
      expect(formatWireDate(kind, parseWireDate(kind, value))).toBe(value);
    }
  });

  it('treats empty, unparseable and half-typed values as no value', () => {
    expect(parseWireDate('date', '')).toBeNull();
    expect(parseWireDate('date', 'not a date')).toBeNull();
    expect(formatWireDate('date', null)).toBe('');
    expect(formatWireDate('date', dayjs('2026-13-45x'))).toBe('');
  });
});
