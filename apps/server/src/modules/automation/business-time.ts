import type { BusinessHours } from '@atiende/contracts';
import { localDay, zonedInstant } from '../reports/reports.schedule.js';

const DAY_MS = 86_400_000;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether the hours count at all: enabled with at least one slot (otherwise every minute counts). */
export function countsBusinessHours(hours: BusinessHours | null | undefined): hours is BusinessHours {
  return !!hours?.enabled && hours.days.length > 0;
}

/**
 * The instant `minutes` of working time after `start`: calendar time without business hours; with them, only the
 * minutes inside the channel's slots on its clock count (a weekend, a night, a DST change are skipped or taken as
 * the wall clock says). Slots are looked for up to 400 days ahead; none at all means calendar time.
 */
export function addBusinessMinutes(start: Date, minutes: number, hours: BusinessHours | null | undefined): Date {
  let remaining = minutes * 60_000;
  if (!countsBusinessHours(hours)) return new Date(start.getTime() + remaining);
  const zone = hours.timezone;
  const first = localDay(start, zone);
  // The day before too: a slot of yesterday's weekday may still be open (a zone far behind UTC).
  for (let offset = -1; offset <= 400; offset += 1) {
    const day = addDays(first, offset);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const slots = hours.days
      .filter((slot) => slot.day === weekday)
      .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    for (const slot of slots) {
      const opens = zonedInstant(day, slot.from, zone).getTime();
      const closes = zonedInstant(day, slot.to, zone).getTime();
      const from = Math.max(opens, start.getTime());
      if (from >= closes) continue;
      const available = closes - from;
      if (remaining <= available) return new Date(from + remaining);
      remaining -= available;
    }
  }
  return new Date(start.getTime() + minutes * 60_000);
}
