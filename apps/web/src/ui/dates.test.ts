import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { displayWireDate, formatWireDate, parseWireDate } from './dates';

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

describe('the date field before the pickers load', () => {
  it('shows the value as the picker does in each language', () => {
    expect(displayWireDate('date', '2026-03-05', 'es')).toBe('05/03/2026');
    expect(displayWireDate('date', '2026-03-05', 'en')).toBe('03/05/2026');
    expect(displayWireDate('time', '14:30', 'es')).toBe('14:30');
    expect(displayWireDate('time', '14:30', 'en')).toBe('02:30 PM');
    expect(displayWireDate('datetime', '2026-03-05T17:45', 'es')).toBe('05/03/2026 17:45');
    expect(displayWireDate('date', '', 'es')).toBe('');
    expect(displayWireDate('date', 'not a date', 'en')).toBe('');
  });
});
