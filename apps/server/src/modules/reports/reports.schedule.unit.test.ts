import { describe, expect, it } from 'vitest';
import { localDay, nextRunAt, presetPeriod, zonedInstant } from './reports.schedule.js';

const at = (iso: string) => new Date(iso);

describe('report schedules', () => {
  it('read wall-clock times in the business’s zone, across DST changes', () => {
    expect(zonedInstant('2026-03-10', '00:00', 'America/Bogota').toISOString()).toBe('2026-03-10T05:00:00.000Z');
    expect(zonedInstant('2026-03-10', '07:30', 'Asia/Kolkata').toISOString()).toBe('2026-03-10T02:00:00.000Z');
    // New York: EST (UTC-5) until 2026-03-08 02:00, EDT (UTC-4) after.
    expect(zonedInstant('2026-03-07', '08:00', 'America/New_York').toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(zonedInstant('2026-03-09', '08:00', 'America/New_York').toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(localDay(at('2026-03-10T04:59:00Z'), 'America/Bogota')).toBe('2026-03-09');
  });

  it('fire daily, weekly on a weekday and monthly on a day (a short month: its last day)', () => {
    const daily = { periodicity: 'daily', weekday: null, monthDay: null, hour: 6 } as const;
    expect(nextRunAt(daily, at('2026-03-10T12:00:00Z'), 'America/Bogota').toISOString()).toBe(
      '2026-03-11T11:00:00.000Z',
    );
    expect(nextRunAt(daily, at('2026-03-10T10:59:59Z'), 'America/Bogota').toISOString()).toBe(
      '2026-03-10T11:00:00.000Z',
    );
    // Exactly at its time: the next one (a run at its hour has been taken).
    expect(nextRunAt(daily, at('2026-03-10T11:00:00Z'), 'America/Bogota').toISOString()).toBe(
      '2026-03-11T11:00:00.000Z',
    );

    // 2026-03-10 is a Tuesday; Monday (1) 07:00 in Bogota comes on the 16th.
    const weekly = { periodicity: 'weekly', weekday: 1, monthDay: null, hour: 7 } as const;
    expect(nextRunAt(weekly, at('2026-03-10T10:00:00Z'), 'America/Bogota').toISOString()).toBe(
      '2026-03-16T12:00:00.000Z',
    );

    const monthly = { periodicity: 'monthly', weekday: null, monthDay: 31, hour: 0 } as const;
    expect(nextRunAt(monthly, at('2026-02-01T10:00:00Z'), 'UTC').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(nextRunAt(monthly, at('2026-02-28T00:00:00Z'), 'UTC').toISOString()).toBe('2026-03-31T00:00:00.000Z');

    // Daily at 08:00 in New York keeps 08:00 on the clock when DST starts.
    const eight = { periodicity: 'daily', weekday: null, monthDay: null, hour: 8 } as const;
    expect(nextRunAt(eight, at('2026-03-07T13:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
  });

  it('resolve a preset period from the moment a programmed report runs', () => {
    // Monday 2026-03-16 07:00 in Bogota: last week is Monday 9 to Sunday 15, whole local days.
    const period = presetPeriod('lastWeek', at('2026-03-16T12:00:00Z'), 'America/Bogota');
    expect(period.since.toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(period.until.toISOString()).toBe('2026-03-16T05:00:00.000Z');
    const yesterday = presetPeriod('yesterday', at('2026-03-16T03:00:00Z'), 'America/Bogota');
    expect(yesterday.since.toISOString()).toBe('2026-03-14T05:00:00.000Z');
  });
});
