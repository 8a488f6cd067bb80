import {
  type BusinessHours,
  CHANNEL_CONFIG_FIELDS,
  type Channel,
  type ChannelBody,
  type ChannelDirection,
  type ChannelTypeKey,
} from '@atiende/contracts';

export const DEFAULT_TIMEZONE = 'America/Bogota';
export const DEFAULT_FROM = '08:00';
export const DEFAULT_TO = '17:00';
/** Weekdays in display order (Monday first; the API numbers Sunday 0). */
export const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** One row of the business-hours editor: a weekday, whether it is open, and its opening hours. */
export interface HoursRow {
  day: number;
  enabled: boolean;
  from: string;
  to: string;
  /** Further slots of the same day (the API allows several); kept as they are while the day stays open. */
  extra?: { from: string; to: string }[];
}

/** The editor's seven rows (display order) from the API's slots; the first slot of a day is the one edited. */
export function hoursToRows(days: BusinessHours['days'] | undefined): HoursRow[] {
  return WEEKDAY_ORDER.map((day) => {
    const [slot, ...rest] = days?.filter((item) => item.day === day) ?? [];
    if (!slot) return { day, enabled: false, from: DEFAULT_FROM, to: DEFAULT_TO };
    const row: HoursRow = { day, enabled: true, from: slot.from, to: slot.to };
    if (rest.length > 0) row.extra = rest.map((item) => ({ from: item.from, to: item.to }));
    return row;
  });
}

/** The API's slots from the editor's rows: open days only, sorted Sunday first. */
export function rowsToDays(rows: readonly HoursRow[]): BusinessHours['days'] {
  return rows
    .filter((row) => row.enabled)
    .flatMap((row) => [
      { day: row.day, from: row.from, to: row.to },
      ...(row.extra ?? []).map((slot) => ({ day: row.day, ...slot })),
    ])
    .sort((a, b) => a.day - b.day);
}

/** Index (in rows) of the first open day whose hours are not in order, or -1. */
export function firstBadRow(rows: readonly HoursRow[]): number {
  return rows.findIndex((row) => row.enabled && row.from >= row.to);
}

export type ConfigValue = string | boolean;

export interface ChannelFormState {
  name: string;
  type: ChannelTypeKey;
  direction: ChannelDirection;
  enabled: boolean;
  config: Record<string, ConfigValue>;
  hoursEnabled: boolean;
  timezone: string;
  hours: HoursRow[];
  unavailableMessage: string;
}

function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

export function emptyChannelForm(type: ChannelTypeKey): ChannelFormState {
  const config: Record<string, ConfigValue> = {};
  for (const field of CHANNEL_CONFIG_FIELDS[type]) config[field.key] = field.kind === 'boolean' ? false : '';
  return {
    name: '',
    type,
    direction: 'inbound',
    enabled: true,
    config,
    hoursEnabled: false,
    timezone: browserTimezone(),
    hours: hoursToRows([]),
    unavailableMessage: '',
  };
}

export function channelToForm(channel: Channel): ChannelFormState {
  const config: Record<string, ConfigValue> = {};
  for (const field of CHANNEL_CONFIG_FIELDS[channel.type]) {
    const value = channel.config[field.key];
    if (field.kind === 'boolean') config[field.key] = value === true;
    else if (field.kind === 'secret') config[field.key] = '';
    else config[field.key] = value === null || value === undefined ? '' : String(value);
  }
  return {
    name: channel.name,
    type: channel.type,
    direction: channel.direction,
    enabled: channel.enabled,
    config,
    hoursEnabled: channel.businessHours.enabled,
    timezone: channel.businessHours.timezone || DEFAULT_TIMEZONE,
    hours: hoursToRows(channel.businessHours.days),
    unavailableMessage: channel.unavailableMessage ?? '',
  };
}

/**
 * The request body. Numbers are sent as numbers (a non-numeric text is sent as typed, for the server to refuse),
 * empty texts as null, and secrets as typed: an empty secret keeps the stored one.
 */
export function channelFormToBody(state: ChannelFormState): ChannelBody {
  const config: ChannelBody['config'] = {};
  for (const field of CHANNEL_CONFIG_FIELDS[state.type]) {
    const value = state.config[field.key];
    if (field.kind === 'boolean') config[field.key] = value === true;
    else if (field.kind === 'secret') config[field.key] = typeof value === 'string' ? value : '';
    else {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) config[field.key] = null;
      else if (field.kind === 'number' && Number.isFinite(Number(text))) config[field.key] = Number(text);
      else config[field.key] = text;
    }
  }
  return {
    name: state.name,
    type: state.type,
    direction: state.direction,
    enabled: state.enabled,
    config,
    businessHours: { enabled: state.hoursEnabled, timezone: state.timezone, days: rowsToDays(state.hours) },
    unavailableMessage: state.unavailableMessage,
  };
}

/**
 * Required configuration values left empty, as `config.<key>` field names. A secret already stored
 * (`secretsSet`) may stay empty.
 */
export function missingConfig(state: ChannelFormState, secretsSet: readonly string[] = []): string[] {
  return CHANNEL_CONFIG_FIELDS[state.type]
    .filter((field) => field.required && field.kind !== 'boolean')
    .filter((field) => {
      const value = state.config[field.key];
      const empty = typeof value !== 'string' || value.trim() === '';
      return empty && !(field.kind === 'secret' && secretsSet.includes(field.key));
    })
    .map((field) => `config.${field.key}`);
}

/** Every IANA time zone the browser knows (with the current one kept when missing). */
export function timezones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones =
      (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  if (zones.length === 0) zones = [DEFAULT_TIMEZONE, 'UTC'];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** Localised weekday name for the API's day number (Sunday 0). */
export function weekdayName(day: number, locale: string): string {
  // 2024-01-07 was a Sunday.
  const date = new Date(Date.UTC(2024, 0, 7 + day, 12));
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
}
