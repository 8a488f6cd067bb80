import type { OmniWidget, WIDGET_ICON_TYPES, WIDGET_POSITIONS, WIDGET_STYLES, WidgetBody } from '@atiende/contracts';

export type WidgetStyle = (typeof WIDGET_STYLES)[number];
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];
export type WidgetIconType = (typeof WIDGET_ICON_TYPES)[number];

/** The form's state: every field of widgetBodySchema as the inputs hold it. */
export interface WidgetFormState {
  name: string;
  enabled: boolean;
  /** The allowed sites as typed: one per line. */
  allowedOrigins: string;
  channelIds: number[];
  style: WidgetStyle;
  title: string;
  subtitle: string;
  position: WidgetPosition;
  primaryColor: string;
  iconType: WidgetIconType;
  /** A button to the public knowledge base. */
  helpCenter: boolean;
}

export const DEFAULT_COLOR = '#d32f2f';

/** A new widget: floating at the bottom right, allowed on the site the admin is on until they change it. */
export function emptyWidgetForm(origin = ''): WidgetFormState {
  return {
    name: '',
    enabled: true,
    allowedOrigins: origin,
    channelIds: [],
    style: 'floating',
    title: '',
    subtitle: '',
    position: 'bottom-right',
    primaryColor: DEFAULT_COLOR,
    iconType: 'default',
    helpCenter: false,
  };
}

export function widgetToForm(widget: OmniWidget): WidgetFormState {
  return {
    name: widget.name,
    enabled: widget.enabled,
    allowedOrigins: widget.allowedOrigins.join('\n'),
    channelIds: widget.channels.map((channel) => channel.id),
    style: widget.style,
    title: widget.title ?? '',
    subtitle: widget.subtitle ?? '',
    position: widget.position,
    primaryColor: widget.primaryColor,
    iconType: widget.iconType,
    helpCenter: widget.helpCenter,
  };
}

/** The request body (validated by the same widgetBodySchema the server uses). */
export function widgetFormToBody(state: WidgetFormState): WidgetBody {
  return {
    name: state.name.trim(),
    enabled: state.enabled,
    allowedOrigins: originLines(state.allowedOrigins),
    channelIds: state.channelIds,
    style: state.style,
    title: state.title.trim() || null,
    subtitle: state.subtitle.trim() || null,
    position: state.position,
    primaryColor: state.primaryColor,
    iconType: state.iconType,
    helpCenter: state.helpCenter,
  };
}

/** The typed sites, one per line (commas and spaces also separate them); blank lines are ignored. */
export function originLines(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The message of the sites field: about the list, or about the first site that is wrong. */
export function originsError(errors: Record<string, string>): string | undefined {
  if (errors.allowedOrigins) return errors.allowedOrigins;
  const first = Object.keys(errors).find((field) => field.startsWith('allowedOrigins.'));
  return first ? errors[first] : undefined;
}

/** Adds or removes a channel; an added channel goes last (the widget shows its buttons in this order). */
export function toggleChannel(ids: readonly number[], id: number, on: boolean): number[] {
  if (on) return ids.includes(id) ? [...ids] : [...ids, id];
  return ids.filter((item) => item !== id);
}

/** Moves a chosen channel one place up (-1) or down (+1). */
export function moveChannel(ids: readonly number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** The chosen channels in widget order, as the preview draws them (unknown ids are skipped). */
export function previewChannels<C extends { id: number; name: string; type: string }>(
  ids: readonly number[],
  channels: readonly C[],
): C[] {
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  return ids.flatMap((id) => {
    const channel = byId.get(id);
    return channel ? [channel] : [];
  });
}

/** Black or white text on the colour (same rule as the embed script). */
export function textOn(color: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return '#ffffff';
  const channel = (offset: number) => {
    const value = Number.parseInt(color.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.45 ? '#1b1b1b' : '#ffffff';
}

/** Where the preview places the buttons: physical corners (the widget sits in a screen corner whatever the page direction). */
export function cornerOf(position: WidgetPosition) {
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  return { vertical, horizontal };
}
