import {
  AGENT_STATUS_CODES,
  type AgentStatusCode,
  type CampaignPerformance,
  DATE_PRESETS,
  type DatePreset,
  TICKET_STATUS,
  type UserDashboard,
} from '@atiende/contracts';

/** What a dashboard is asked, as kept in the page's query string (a reload keeps it). */
export interface DashboardFilters {
  preset: DatePreset;
  /** The custom range's days (YYYY-MM-DD), '' when not chosen. */
  from: string;
  to: string;
  campaigns: number[];
  /** Whose user dashboard (null: the caller's own). */
  user: number | null;
}

export const DEFAULT_FILTERS: DashboardFilters = { preset: 'today', from: '', to: '', campaigns: [], user: null };

const isPreset = (value: string | null): value is DatePreset =>
  value !== null && (DATE_PRESETS as readonly string[]).includes(value);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const positiveIds = (value: string | null): number[] =>
  [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((item) => Number(item))
        .filter((id) => Number.isInteger(id) && id > 0),
    ),
  ].sort((a, b) => a - b);

/** The filters of a query string; anything missing or malformed reads as the default. */
export function filtersFromSearch(search: URLSearchParams): DashboardFilters {
  const preset = search.get('preset');
  const user = Number(search.get('user'));
  const day = (key: string) => {
    const value = search.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    preset: isPreset(preset) ? preset : DEFAULT_FILTERS.preset,
    from: day('from'),
    to: day('to'),
    campaigns: positiveIds(search.get('campaigns')),
    user: Number.isInteger(user) && user > 0 ? user : null,
  };
}

/** The query string of some filters: only what differs from the default (the range's days only for `custom`). */
export function filtersToSearch(filters: DashboardFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.preset !== DEFAULT_FILTERS.preset) search.set('preset', filters.preset);
  if (filters.preset === 'custom') {
    if (filters.from) search.set('from', filters.from);
    if (filters.to) search.set('to', filters.to);
  }
  if (filters.campaigns.length > 0) search.set('campaigns', filters.campaigns.join(','));
  if (filters.user !== null) search.set('user', String(filters.user));
  return search;
}

/** The API query of some filters (`campaigns` comma-separated, `user` only on the user dashboard). */
export function dashboardQuery(filters: DashboardFilters, withUser: boolean): Record<string, string | undefined> {
  return {
    preset: filters.preset,
    from: filters.preset === 'custom' ? filters.from || undefined : undefined,
    to: filters.preset === 'custom' ? filters.to || undefined : undefined,
    campaigns: filters.campaigns.length > 0 ? filters.campaigns.join(',') : undefined,
    user: withUser && filters.user !== null ? String(filters.user) : undefined,
  };
}

/** The translation key of a preset's name. */
export const presetKey = (preset: DatePreset) => `analytics.presets.${preset}`;

/** The 24 local hours of a day, each with its figure (hours the answer leaves out count 0). */
export function fillHours<T extends { hour: number }>(rows: readonly T[], empty: (hour: number) => T): T[] {
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  return Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? empty(hour));
}

/** An hour of the day as the axis names it ("00" to "23"). */
export const hourLabel = (hour: number) => String(hour).padStart(2, '0');

export type TicketStatusKey = keyof typeof TICKET_STATUS;
const STATUS_KEYS = Object.keys(TICKET_STATUS) as TicketStatusKey[];

/** Every ticket status in the spec's order with its count (statuses without tickets count 0). */
export function ticketStatusRows(rows: UserDashboard['ticketsByStatus']): { key: TicketStatusKey; count: number }[] {
  const counts = new Map(rows.map((row) => [row.status, row.count]));
  return STATUS_KEYS.map((key) => ({ key, count: counts.get(TICKET_STATUS[key]) ?? 0 }));
}

/** True when no row has a figure above zero (the widget shows its empty state). */
export const allZero = (values: readonly number[]) => values.every((value) => !(value > 0));

const isStatusCode = (value: string): value is AgentStatusCode =>
  (AGENT_STATUS_CODES as readonly string[]).includes(value);

/**
 * A status of the time-in-status figures: D, A, E, G or P, or a pause reason's name (the time paused for that
 * reason). Statuses come first in the spec's order, then the pauses by time, longest first.
 */
export interface StatusTimeRow {
  status: string;
  code: AgentStatusCode;
  pause: string | null;
  seconds: number;
}

export function statusTimeRows(rows: UserDashboard['statusTime']): StatusTimeRow[] {
  const order = (row: StatusTimeRow) => (row.pause === null ? AGENT_STATUS_CODES.indexOf(row.code) : 100);
  return rows
    .filter((row) => row.seconds > 0)
    .map((row) =>
      isStatusCode(row.status)
        ? { status: row.status, code: row.status, pause: null, seconds: row.seconds }
        : { status: row.status, code: 'P' as const, pause: row.status, seconds: row.seconds },
    )
    .sort((a, b) => order(a) - order(b) || b.seconds - a.seconds || a.status.localeCompare(b.status));
}

/** Agents by status now, every status listed (statuses nobody is in count 0). */
export function agentStatusRows(rows: readonly { status: string; count: number }[]) {
  const counts = new Map(rows.map((row) => [row.status, row.count]));
  return AGENT_STATUS_CODES.map((code) => ({ code, count: counts.get(code) ?? 0 }));
}

export type TargetState = 'met' | 'below' | 'none';

/** A service level against its target %: met at or above it, none without tickets. */
export function serviceLevelState(percent: number | null, target: number | null): TargetState {
  if (percent === null || target === null) return 'none';
  return percent >= target ? 'met' : 'below';
}

/** An average handling time against its target: met at or under it, none without handled tickets or target. */
export function handlingState(seconds: number | null, target: number | null): TargetState {
  if (seconds === null || target === null || !(target > 0)) return 'none';
  return seconds <= target ? 'met' : 'below';
}

/** The campaigns with figures first, busiest first, then by name. */
export function sortCampaigns(rows: readonly CampaignPerformance[]): CampaignPerformance[] {
  return [...rows].sort(
    (a, b) =>
      b.tickets + b.handled - (a.tickets + a.handled) || a.name.localeCompare(b.name) || a.campaignId - b.campaignId,
  );
}

/** Named counts (tasks by type, tickets by user...) sorted by count, largest first; the unnamed row last. */
export function namedRows<T extends { name: string | null; count: number }>(rows: readonly T[]): T[] {
  return rows
    .filter((row) => row.count > 0)
    .sort((a, b) => (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0) || b.count - a.count);
}

/** A number in the UI language (thousands separator, at most one decimal). */
export function numberFormatter(locale: string): (value: number | null | undefined) => string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (value) => (typeof value === 'number' && Number.isFinite(value) ? format.format(value) : '—');
}

/** A percentage in the UI language ("87,5 %" in Spanish, "87.5%" in English). */
export function percentFormatter(locale: string): (value: number | null | undefined) => string {
  const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return (value) => (typeof value === 'number' && Number.isFinite(value) ? format.format(value / 100) : '—');
}

/** The height a horizontal bar chart needs for `count` categories (readable bars, never a tiny chart). */
export const barsHeight = (count: number, perBar = 32) => Math.max(180, Math.min(640, count * perBar + 60));

/**
 * A duration axis's tick: seconds, minutes or hours with at most one decimal in the UI language ("45 s",
 * "8,3 min", "1.5 h").
 */
export function durationTick(locale: string): (seconds: number) => string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (seconds) => {
    const value = Math.max(0, seconds);
    if (value < 60) return `${format.format(value)} s`;
    if (value < 3600) return `${format.format(value / 60)} min`;
    return `${format.format(value / 3600)} h`;
  };
}

const DURATION_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/**
 * The ticks of a duration axis up to `max` seconds: at most 6, on whole seconds, minutes or hours (5 min, 10 min...
 * rather than d3's 500 s steps that read "8.3 min").
 */
export function durationTicks(max: number): number[] {
  const top = Math.max(1, max);
  const step = DURATION_STEPS.find((candidate) => top / candidate <= 5) ?? Math.ceil(top / 5 / 86400) * 86400;
  const count = Math.ceil(top / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}
