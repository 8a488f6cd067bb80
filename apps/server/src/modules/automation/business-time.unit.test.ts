import type { BusinessHours } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { addBusinessMinutes } from './business-time.js';

// Office hours Monday to Friday, 08:00-12:00 and 14:00-18:00, in Bogotá (UTC-5, no DST) and in Madrid (DST).
const weekdays = (timezone: string): BusinessHours => ({
  enabled: true,
  timezone,
  days: [1, 2, 3, 4, 5].flatMap((day) => [
    { day, from: '08:00', to: '12:00' },
    { day, from: '14:00', to: '18:00' },
  ]),
});

describe('business time', () => {
  it('counts calendar minutes without business hours', () => {
    const start = new Date('2026-11-27T22:00:00Z');
    expect(addBusinessMinutes(start, 90, null).toISOString()).toBe('2026-11-27T23:30:00.000Z');
    expect(addBusinessMinutes(start, 90, { enabled: false, timezone: 'UTC', days: [] }).toISOString()).toBe(
      '2026-11-27T23:30:00.000Z',
    );
  });

  it('skips the night, lunch and the weekend, on the channel’s clock', () => {
    const bogota = weekdays('America/Bogota');
    // Friday 17:00 in Bogotá (22:00 UTC): one hour on Friday, three on Monday morning.
    const friday = new Date('2026-11-27T22:00:00Z');
    expect(addBusinessMinutes(friday, 4 * 60, bogota).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    // Eight hours: Friday's last hour, Monday's morning and three hours after lunch.
    expect(addBusinessMinutes(friday, 8 * 60, bogota).toISOString()).toBe('2026-11-30T22:00:00.000Z');
    // Saturday at noon: the clock starts on Monday at 08:00.
    expect(addBusinessMinutes(new Date('2026-11-28T17:00:00Z'), 30, bogota).toISOString()).toBe(
      '2026-11-30T13:30:00.000Z',
    );
    // During lunch: from 14:00.
    expect(addBusinessMinutes(new Date('2026-11-30T17:30:00Z'), 60, bogota).toISOString()).toBe(
      '2026-11-30T20:00:00.000Z',
    );
  });

  it('keeps the wall clock across a DST change', () => {
    const madrid = weekdays('Europe/Madrid');
    // Friday 27 March 2026, 17:00 in Madrid (CET, 16:00 UTC); DST starts on Sunday 29: Monday 08:00 is 06:00 UTC.
    expect(addBusinessMinutes(new Date('2026-03-27T16:00:00Z'), 2 * 60, madrid).toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
  });

  it('counts a target from its start whatever the priority: a new target moves the deadline', () => {
    const bogota = weekdays('America/Bogota');
    const created = new Date('2026-11-27T22:00:00Z');
    const high = addBusinessMinutes(created, 4 * 60, bogota);
    const low = addBusinessMinutes(created, 8 * 60, bogota);
    expect(low.getTime() - high.getTime()).toBe(6 * 3_600_000);
  });
});
