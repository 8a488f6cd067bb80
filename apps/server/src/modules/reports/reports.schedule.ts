import { type DatePreset, presetRange, type ReportPeriodicity } from '@atiende/contracts';
import { wallClock } from '../tickets/tickets.export.js';

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The date (YYYY-MM-DD) an instant falls on where the business is. */
export function localDay(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).toISOString().slice(0, 10);
}

/**
 * The instant a wall-clock time (`day`, `time` HH:MM) is in the zone. A time skipped by a DST change is read with
 * the offset before the change (02:30 on a spring-forward night is 03:30); a repeated one is its first occurrence.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  const offsetAt = (instant: number) => wallClock(new Date(instant), timeZone).getTime() - instant;
  const first = wall - offsetAt(wall);
  const second = wall - offsetAt(first);
  return new Date(Math.min(first, second));
}

export interface Schedule {
  periodicity: ReportPeriodicity;
  /** 0 Sunday … 6 Saturday (weekly). */
  weekday: number | null;
  /** 1-31 (monthly); a shorter month runs on its last day. */
  monthDay: number | null;
  hour: number;
}

function matches(schedule: Schedule, day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  if (schedule.periodicity === 'daily') return true;
  if (schedule.periodicity === 'weekly') return date.getUTCDay() === schedule.weekday;
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  return date.getUTCDate() === Math.min(schedule.monthDay ?? 1, lastDay);
}

/** The first time after `after` the schedule fires: its hour on the business's clock on a matching day. */
export function nextRunAt(schedule: Schedule, after: Date, timeZone: string): Date {
  const today = localDay(after, timeZone);
  for (let offset = 0; offset <= 400; offset += 1) {
    const day = addDays(today, offset);
    if (!matches(schedule, day)) continue;
    const instant = zonedInstant(day, `${pad(schedule.hour)}:00`, timeZone);
    if (instant.getTime() > after.getTime()) return instant;
  }
  throw new Error('no run within 400 days');
}

/** A preset period as instants, relative to `now` where the business is: [since, until). */
export function presetPeriod(
  preset: Exclude<DatePreset, 'custom'>,
  now: Date,
  timeZone: string,
): { since: Date; until: Date } {
  const { from, to } = presetRange(preset, localDay(now, timeZone));
  return { since: zonedInstant(from, '00:00', timeZone), until: zonedInstant(addDays(to, 1), '00:00', timeZone) };
}
