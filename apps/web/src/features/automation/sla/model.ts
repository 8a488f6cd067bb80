import {
  type ConditionGroup,
  EMPTY_CONDITION_GROUP,
  SLA_MAX_MINUTES,
  SLA_METRICS,
  SLA_PRIORITIES,
  type SlaMetric,
  type SlaPriority,
  type SlaRule,
  type SlaRuleInput,
  type SlaTargets,
} from '@atiende/contracts';

/**
 * The SLA rule form's state and the body it sends. Each target is edited as hours and minutes (what the user typed,
 * as text); `slaFormToBody` turns them into the API's minutes, which the contracts' schema checks before sending.
 */

type Id = number | '';

/** One target as typed: both empty means "not measured". */
export interface TargetDraft {
  hours: string;
  minutes: string;
}

export type TargetsDraft = Record<SlaPriority, Record<SlaMetric, TargetDraft>>;

export interface SlaFormState {
  name: string;
  description: string;
  campaignId: Id;
  enabled: boolean;
  businessHours: boolean;
  conditions: ConditionGroup;
  targets: TargetsDraft;
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;
/** The longest target in whole hours (the form's message when a target is longer). */
export const SLA_MAX_HOURS = SLA_MAX_MINUTES / MINUTES_PER_HOUR;

export const EMPTY_TARGET: TargetDraft = { hours: '', minutes: '' };

/** Minutes (or null: not measured) as the two inputs show them: 90 → 1 h 30 min, 45 → 0 h 45 min, 120 → 2 h 0 min. */
export function minutesToDraft(minutes: number | null | undefined): TargetDraft {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return EMPTY_TARGET;
  const whole = Math.floor(minutes);
  return { hours: String(Math.floor(whole / MINUTES_PER_HOUR)), minutes: String(whole % MINUTES_PER_HOUR) };
}

const WHOLE = /^\d+$/;

/**
 * The two inputs as minutes: null when both are empty (not measured); an empty part counts as 0; minutes past 59
 * are taken as they are (90 min = 1 h 30 min). Anything that is not a whole number gives NaN, and 0 h 0 min gives
 * 0: the schema refuses both with "Indique horas y minutos (al menos un minuto)".
 */
export function draftToMinutes(draft: TargetDraft): number | null {
  const hours = draft.hours.trim();
  const minutes = draft.minutes.trim();
  if (hours === '' && minutes === '') return null;
  if ((hours !== '' && !WHOLE.test(hours)) || (minutes !== '' && !WHOLE.test(minutes))) return Number.NaN;
  return Number(hours || 0) * MINUTES_PER_HOUR + Number(minutes || 0);
}

function mapTargets<From, To>(
  source: Record<SlaPriority, Record<SlaMetric, From>>,
  convert: (value: From) => To,
): Record<SlaPriority, Record<SlaMetric, To>> {
  return Object.fromEntries(
    SLA_PRIORITIES.map((priority) => [
      priority,
      Object.fromEntries(SLA_METRICS.map((metric) => [metric, convert(source[priority][metric])])),
    ]),
  ) as Record<SlaPriority, Record<SlaMetric, To>>;
}

export function emptyTargets(): TargetsDraft {
  const none: Record<SlaPriority, Record<SlaMetric, null>> = {
    low: { firstResponse: null, nextResponse: null, resolution: null },
    medium: { firstResponse: null, nextResponse: null, resolution: null },
    high: { firstResponse: null, nextResponse: null, resolution: null },
  };
  return mapTargets(none, minutesToDraft);
}

export function targetsToDraft(targets: SlaRule['targets']): TargetsDraft {
  return mapTargets(targets, minutesToDraft);
}

export function draftToTargets(draft: TargetsDraft): Record<SlaPriority, SlaTargets> {
  return mapTargets(draft, draftToMinutes);
}

export function emptySlaForm(campaignId: Id = ''): SlaFormState {
  return {
    name: '',
    description: '',
    campaignId,
    enabled: true,
    businessHours: false,
    conditions: EMPTY_CONDITION_GROUP,
    targets: emptyTargets(),
  };
}

export function slaRuleToForm(rule: SlaRule): SlaFormState {
  return {
    name: rule.name,
    description: rule.description ?? '',
    campaignId: rule.campaign.id,
    enabled: rule.enabled,
    businessHours: rule.businessHours,
    conditions: rule.conditions,
    targets: targetsToDraft(rule.targets),
  };
}

/**
 * The API's body. A campaign not chosen yet goes as null, which the schema refuses with its "choose one" message;
 * the form never sends a body the schema refused.
 */
export function slaFormToBody(state: SlaFormState): SlaRuleInput {
  return {
    name: state.name,
    description: state.description,
    campaignId: state.campaignId === '' ? (null as unknown as number) : state.campaignId,
    enabled: state.enabled,
    businessHours: state.businessHours,
    conditions: state.conditions,
    targets: draftToTargets(state.targets),
  };
}

/** The error field of one target (the server's 422 path too): `targets.high.resolution`. */
export const targetField = (priority: SlaPriority, metric: SlaMetric) => `targets.${priority}.${metric}`;

/** Minutes in words of units: "45 min", "4 h", "1 h 30 min", "1 d", "2 d 3 h" (the same units in es and en). */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const days = Math.floor(whole / MINUTES_PER_DAY);
  const hours = Math.floor((whole % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const rest = whole % MINUTES_PER_HOUR;
  const parts = [days ? `${days} d` : '', hours ? `${hours} h` : '', rest ? `${rest} min` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : '0 min';
}

/**
 * A span of seconds as people read it: "35 s" under a minute, then days, hours and minutes ("1 h 2 min",
 * "2 d 3 h"); '' for a missing value.
 */
export function formatSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  return formatMinutes(Math.floor(whole / 60));
}

/** One priority's targets for the list ("1 h · 4 h · 1 d", "—" where not measured); null when none is measured. */
export function targetsLine(targets: SlaTargets): string | null {
  if (SLA_METRICS.every((metric) => targets[metric] === null)) return null;
  return SLA_METRICS.map((metric) => {
    const value = targets[metric];
    return value === null ? '—' : formatMinutes(value);
  }).join(' · ');
}
