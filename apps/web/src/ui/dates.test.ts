import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { displayWireDate, wireDateToDate } from './dates';
import { formatWireDate, parseWireDate } from './pickerValues';

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

describe('wire values read without dayjs', () => {
  it('give the same moment the pickers read', () => {
    for (const [kind, value] of [
      ['date', '2026-03-05'],
      ['date', '2026-12-31'],
      ['time', '08:30'],
      ['time', '23:59'],
      ['datetime', '2026-03-05T17:45'],
      ['datetime', '2026-03-05T17:45:30'],
      ['datetime', '2026-03-05T17:45:30.250'],
      ['datetime', '2026-03-05T17:45:00Z'],
      ['datetime', '2026-03-05T17:45:00.000+02:00'],
    ] as const) {
      expect(wireDateToDate(kind, value)?.getTime(), value).toBe(parseWireDate(kind, value)?.valueOf());
    }
  });

  it('read empty, unparseable and impossible values as none', () => {
    for (const value of [
      '',
      'not a date',
      '2026-13-05',
      '2026-02-31',
      '2026-03-05T25:00',
      '05/03/2026',
      '2026-03-05x',
    ]) {
      expect(wireDateToDate('date', value), value).toBeNull();
    }
    expect(wireDateToDate('time', '24:10')).toBeNull();
    expect(wireDateToDate('time', 'xx')).toBeNull();
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
