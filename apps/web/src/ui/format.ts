/** Date and time in the browser's local time zone, in the UI language; '' for a missing or invalid value. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A date and time for narrow columns: without the year when it is this year ("26 nov, 14:40"), with it otherwise.
 * The full `formatDateTime` belongs in the element's title.
 */
export function formatCompactDateTime(value: string | null | undefined, locale: string, now = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (date.getFullYear() !== now.getFullYear()) return formatDateTime(value, locale);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(
    date,
  );
}

export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** Seconds as hh:mm:ss (hours keep growing past 24); invalid or negative values read 00:00:00. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}

/**
 * Seconds in words of units for figures and chart axes: "1 h 05 min", "4 min 10 s", "35 s" (the same units in
 * Spanish and English); invalid or negative values read "0 s".
 */
export function formatDurationUnits(seconds: number | null | undefined): string {
  const total = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return rest > 0 ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${minutes} min`;
  return `${rest} s`;
}

/** A file size as people read it (bytes, KB or MB) with the language's decimal separator. */
export function formatFileSize(bytes: number, locale: string): string {
  const number = new Intl.NumberFormat(locale, {
    maximumFractionDigits: 1,
    minimumFractionDigits: bytes < 1024 ? 0 : 1,
  });
  if (bytes < 1024) return `${number.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} KB`;
  return `${number.format(bytes / 1024 / 1024)} MB`;
}
