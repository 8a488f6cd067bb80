import { describe, expect, it } from 'vitest';
import { splitByMonths } from './analytics.repo.js';

describe('a period split into whole months and days', () => {
  it('reads whole calendar months from the monthly figures and the rest day by day', () => {
    expect(splitByMonths('2026-01-01', '2026-12-31')).toEqual({
      months: [
        '2026-01-01',
        '2026-02-01',
        '2026-03-01',
        '2026-04-01',
        '2026-05-01',
        '2026-06-01',
        '2026-07-01',
        '2026-08-01',
        '2026-09-01',
        '2026-10-01',
        '2026-11-01',
        '2026-12-01',
      ],
      days: [],
    });
    expect(splitByMonths('2026-01-15', '2026-03-10')).toEqual({
      months: ['2026-02-01'],
      days: [
        ['2026-01-15', '2026-01-31'],
        ['2026-03-01', '2026-03-10'],
      ],
    });
    // February of a leap year ends on the 29th.
    expect(splitByMonths('2028-02-01', '2028-02-29')).toEqual({ months: ['2028-02-01'], days: [] });
    expect(splitByMonths('2028-02-01', '2028-02-28')).toEqual({ months: [], days: [['2028-02-01', '2028-02-28']] });
    expect(splitByMonths('2026-11-26', '2026-11-26')).toEqual({ months: [], days: [['2026-11-26', '2026-11-26']] });
    expect(splitByMonths('2025-12-31', '2026-02-01')).toEqual({
      months: ['2026-01-01'],
      days: [
        ['2025-12-31', '2025-12-31'],
        ['2026-02-01', '2026-02-01'],
      ],
    });
  });
});
