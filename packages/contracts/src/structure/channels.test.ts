import { describe, expect, it } from 'vitest';
import { isWithinBusinessHours } from './channels.js';

describe('business hours', () => {
  const hours = { enabled: true, timezone: 'America/Bogota', days: [{ day: 1, from: '08:00', to: '17:00' }] };

  it('is open inside a slot of the channel time zone and closed outside', () => {
    // Monday 2026-11-23 13:00 UTC = 08:00 in Bogotá (UTC-5).
    expect(isWithinBusinessHours(hours, new Date('2026-11-23T13:00:00Z'))).toBe(true);
    expect(isWithinBusinessHours(hours, new Date('2026-11-23T12:59:00Z'))).toBe(false);
    expect(isWithinBusinessHours(hours, new Date('2026-11-23T22:00:00Z'))).toBe(false);
    // Tuesday has no slot.
    expect(isWithinBusinessHours(hours, new Date('2026-11-24T15:00:00Z'))).toBe(false);
  });

  it('is always open when the schedule is off', () => {
    expect(isWithinBusinessHours({ ...hours, enabled: false }, new Date('2026-11-24T03:00:00Z'))).toBe(true);
  });
});
