import { describe, expect, it } from 'vitest';
import { wallClock } from './tickets.export.js';

describe('spreadsheet dates', () => {
  it('hold the wall-clock time of the business time zone, daylight saving included', () => {
    const instant = new Date('2026-11-24T17:30:45Z');
    expect(wallClock(instant, 'America/Bogota').toISOString()).toBe('2026-11-24T12:30:45.000Z');
    expect(wallClock(instant, 'Europe/Madrid').toISOString()).toBe('2026-11-24T18:30:45.000Z');
    expect(wallClock(new Date('2026-07-01T12:00:00Z'), 'Europe/Madrid').toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(wallClock(instant, 'UTC').toISOString()).toBe(instant.toISOString());
  });
});
