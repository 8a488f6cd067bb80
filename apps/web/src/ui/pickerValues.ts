import dayjs, { type Dayjs } from 'dayjs';
import type { DateKind } from './dates';

/** The picker values (dayjs) of the wire strings; loaded with the pickers (ui/datePickers.tsx). */
const WIRE_FORMATS: Record<DateKind, string> = { date: 'YYYY-MM-DD', time: 'HH:mm', datetime: 'YYYY-MM-DDTHH:mm' };

/** '' or an unparseable string is no date; a time is read on a fixed day (only its hour and minute matter). */
export function parseWireDate(kind: DateKind, value: string): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(kind === 'time' ? `2000-01-01T${value}` : value);
  return parsed.isValid() ? parsed : null;
}

/** A complete date becomes its wire string; a cleared or half-typed one becomes '' (no value). */
export function formatWireDate(kind: DateKind, value: Dayjs | null): string {
  return value?.isValid() ? value.format(WIRE_FORMATS[kind]) : '';
}
