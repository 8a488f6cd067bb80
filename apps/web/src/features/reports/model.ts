import {
  createReportBodySchema,
  DATE_PRESETS,
  type DatePreset,
  type GeneratedReport,
  type GeneratedReportStatus,
  type ProgrammedReport,
  type ProgrammedReportBody,
  programmedReportBodySchema,
  type ReportPeriodicity,
  type ReportProgressEvent,
  type ReportType,
} from '@atiende/contracts';
import type { TFunction } from 'i18next';
import type { FieldErrors } from '../../ui/useFormErrors';
import { issuesToErrors } from '../../ui/validation';

// ---------------------------------------------------------------------------------------------------------------
// The list page's tabs

export const REPORT_TABS = ['generated', 'programmed'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** The tab of `?tab=`; anything else reads as the generated list. */
export function tabFromSearch(search: URLSearchParams): ReportTab {
  const tab = search.get('tab');
  return tab === 'programmed' ? 'programmed' : 'generated';
}

// ---------------------------------------------------------------------------------------------------------------
// The wizard

export const WIZARD_STEPS = ['basics', 'scope', 'period', 'summary'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What the wizard holds while the user fills it in (both kinds of report: `programmed` tells which is sent). */
export interface WizardState {
  name: string;
  type: ReportType | '';
  campaigns: number[];
  agents: number[];
  includeCampaigns: boolean;
  includeAgents: boolean;
  preset: DatePreset;
  /** The custom period (date YYYY-MM-DD, time HH:MM, on the business's clock; `until` is excluded). */
  sinceDate: string;
  sinceTime: string;
  untilDate: string;
  untilTime: string;
  programmed: boolean;
  periodicity: ReportPeriodicity;
  /** 0 Sunday … 6 Saturday (weekly). */
  weekday: number;
  /** 1-31 (monthly; a shorter month uses its last day). */
  monthDay: number;
  hour: number;
  recipients: string[];
  enabled: boolean;
}

export const EMPTY_WIZARD: WizardState = {
  name: '',
  type: '',
  campaigns: [],
  agents: [],
  includeCampaigns: false,
  includeAgents: false,
  preset: 'yesterday',
  sinceDate: '',
  sinceTime: '00:00',
  untilDate: '',
  untilTime: '00:00',
  programmed: false,
  periodicity: 'daily',
  weekday: 1,
  monthDay: 1,
  hour: 6,
  recipients: [],
  enabled: true,
};

/** The presets a programmed report may cover (a programmed period moves with each run: no custom days). */
export const PROGRAMMED_PRESETS = DATE_PRESETS.filter((preset) => preset !== 'custom');

/** The period a programmed report covers by default for each periodicity (the last complete day, week, month). */
const DEFAULT_PRESET: Record<ReportPeriodicity, Exclude<DatePreset, 'custom'>> = {
  daily: 'yesterday',
  weekly: 'lastWeek',
  monthly: 'lastMonth',
};

/** Turns the programmed switch on or off: a programmed report cannot keep a custom period. */
export function setProgrammed(state: WizardState, programmed: boolean): WizardState {
  if (!programmed || state.preset !== 'custom') return { ...state, programmed };
  return { ...state, programmed, preset: DEFAULT_PRESET[state.periodicity] };
}

/** Changes the periodicity; the period follows it while it is still the previous periodicity's default. */
export function setPeriodicity(state: WizardState, periodicity: ReportPeriodicity): WizardState {
  const preset = state.preset === DEFAULT_PRESET[state.periodicity] ? DEFAULT_PRESET[periodicity] : state.preset;
  return { ...state, periodicity, preset };
}

const scope = (state: WizardState) => ({
  name: state.name.trim(),
  // '' is no type: the schema's 'i18n:reports.typeRequired'.
  type: state.type || undefined,
  campaigns: state.campaigns,
  agents: state.agents,
  includeCampaigns: state.includeCampaigns,
  includeAgents: state.includeAgents,
});

/** The body of `POST reports` (createReportBodySchema's input). */
export function createBody(state: WizardState) {
  const custom = state.preset === 'custom';
  return {
    ...scope(state),
    preset: state.preset,
    sinceDate: custom ? state.sinceDate || undefined : undefined,
    sinceTime: custom ? state.sinceTime || '00:00' : '00:00',
    untilDate: custom ? state.untilDate || undefined : undefined,
    untilTime: custom ? state.untilTime || '00:00' : '00:00',
  };
}

/** The body of `POST/PUT reports/programmed` (programmedReportBodySchema's input). */
export function programmedBody(state: WizardState) {
  return {
    ...scope(state),
    preset: state.preset,
    periodicity: state.periodicity,
    weekday: state.periodicity === 'weekly' ? state.weekday : null,
    monthDay: state.periodicity === 'monthly' ? state.monthDay : null,
    hour: state.hour,
    recipients: state.recipients,
    enabled: state.enabled,
  };
}

export type WizardBody = ReturnType<typeof createBody> | ReturnType<typeof programmedBody>;

export function wizardBody(state: WizardState): WizardBody {
  return state.programmed ? programmedBody(state) : createBody(state);
}

/** The contracts' schema of what the wizard sends (the server checks the same). */
export function wizardSchema(state: WizardState) {
  return state.programmed ? programmedReportBodySchema : createReportBodySchema;
}

const STEP_OF_FIELD: Record<string, WizardStep> = {
  name: 'basics',
  type: 'basics',
  campaigns: 'scope',
  agents: 'scope',
  includeCampaigns: 'scope',
  includeAgents: 'scope',
};

/** The step that shows a field (`recipients.2` → period; unknown fields go to the summary, the last step). */
export function stepOfField(field: string): WizardStep {
  const root = field.split('.')[0];
  if (root in STEP_OF_FIELD) return STEP_OF_FIELD[root];
  const period = [
    'preset',
    'sinceDate',
    'sinceTime',
    'untilDate',
    'untilTime',
    'periodicity',
    'weekday',
    'monthDay',
    'hour',
    'recipients',
    'enabled',
  ];
  return period.includes(root) ? 'period' : 'summary';
}

/** The errors shown on one step. */
export function errorsOfStep(errors: FieldErrors, step: WizardStep): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field) === step));
}

/** The first step (in the wizard's order) with an error, or null. */
export function firstStepWithErrors(errors: FieldErrors): WizardStep | null {
  const steps = new Set(Object.keys(errors).map(stepOfField));
  return WIZARD_STEPS.find((step) => steps.has(step)) ?? null;
}

/** Every translated error of the wizard's current values (the contracts' schema). */
export function validateWizard(state: WizardState, t: TFunction): FieldErrors {
  const parsed = wizardSchema(state).safeParse(wizardBody(state));
  return parsed.success ? {} : issuesToErrors(parsed.error.issues, t);
}

/** The errors that keep the user on `step` (its own fields only: later steps are not judged yet). */
export function validateStep(state: WizardState, step: WizardStep, t: TFunction): FieldErrors {
  return errorsOfStep(validateWizard(state, t), step);
}

/** A list field's message: its own, or the first of its items' (`recipients.1`). */
export function listError(errors: FieldErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const item = Object.keys(errors).find((key) => key.startsWith(`${field}.`));
  return item ? errors[item] : undefined;
}

/** The wizard prefilled with a programmed report (to edit it). */
export function stateFromProgrammed(report: ProgrammedReport): WizardState {
  return {
    ...EMPTY_WIZARD,
    name: report.name,
    type: report.type,
    campaigns: report.campaigns.map((campaign) => campaign.id),
    agents: report.agents.map((agent) => agent.id),
    includeCampaigns: report.includeCampaigns,
    includeAgents: report.includeAgents,
    preset: report.preset === 'custom' ? DEFAULT_PRESET[report.periodicity] : report.preset,
    programmed: true,
    periodicity: report.periodicity,
    weekday: report.weekday ?? EMPTY_WIZARD.weekday,
    monthDay: report.monthDay ?? EMPTY_WIZARD.monthDay,
    hour: report.hour,
    recipients: report.recipients,
    enabled: report.enabled,
  };
}

/** A programmed report as the body that saves it again (e.g. with `enabled` switched). */
export function bodyOfProgrammed(report: ProgrammedReport, patch: Partial<ProgrammedReportBody> = {}) {
  return { ...programmedBody(stateFromProgrammed(report)), ...patch };
}

// ---------------------------------------------------------------------------------------------------------------
// Words for periods and schedules

/** An hour of the day as a clock time ("08:00"). */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The weekday's name in the language (0 Sunday … 6 Saturday). */
export function weekdayName(day: number, locale: string): string {
  // 2024-01-07 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + day, 12)),
  );
}

/** The weekdays in the order of the week the language's people read (Monday first). */
export const WEEKDAYS_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

/** When a programmed report runs, in words: "Every Monday at 08:00", "Daily at 06:00", "Monthly on day 1 at 07:00". */
export function describeSchedule(
  schedule: { periodicity: ReportPeriodicity; weekday: number | null; monthDay: number | null; hour: number },
  t: TFunction,
  locale: string,
): string {
  const time = hourLabel(schedule.hour);
  switch (schedule.periodicity) {
    case 'weekly':
      return t('reports.schedule.weekly', { weekday: weekdayName(schedule.weekday ?? 1, locale), time });
    case 'monthly':
      return t('reports.schedule.monthly', { day: schedule.monthDay ?? 1, time });
    default:
      return t('reports.schedule.daily', { time });
  }
}

/** A date and time on a given time zone's clock, in the UI language. */
export function formatInZone(value: string | null | undefined, locale: string, timeZone: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

/** The hour and minute of an instant on a time zone's clock ("00:00"). */
function clockOf(date: Date, timeZone: string | undefined): string {
  const parts = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
    .formatToParts(date)
    .filter((part) => part.type === 'hour' || part.type === 'minute')
    .map((part) => part.value);
  return parts.join(':');
}

const DAY_MS = 86_400_000;

/**
 * A generated report's period on the business's clock, in the UI language. Whole days (both ends at midnight, the
 * end excluded) read as days, the last one included ("1 mar 2026 – 7 mar 2026", one day alone); other periods
 * with their times ("1 mar 2026, 8:00 – 1 mar 2026, 18:00").
 */
export function formatPeriod(config: { since: string; until: string; timeZone: string }, locale: string): string {
  const since = new Date(config.since);
  const until = new Date(config.until);
  if (Number.isNaN(since.getTime()) || Number.isNaN(until.getTime())) return '';
  let timeZone: string | undefined = config.timeZone;
  try {
    new Intl.DateTimeFormat(locale, { timeZone });
  } catch {
    timeZone = undefined;
  }
  if (clockOf(since, timeZone) === '00:00' && clockOf(until, timeZone) === '00:00' && until > since) {
    const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
    // Noon of the last day: clear of any daylight-saving hour around midnight.
    const last = new Date(until.getTime() - DAY_MS / 2);
    const first = days.format(since);
    const end = days.format(last);
    return first === end ? first : `${first} – ${end}`;
  }
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return `${format.format(since)} – ${format.format(until)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The generated list

/** How far a report's generation has gone: a row's state never goes back (a late poll after an event). */
const STATUS_RANK: Record<GeneratedReportStatus, number> = { created: 0, generating: 1, generated: 2, failed: 2 };

export const isActive = (status: GeneratedReportStatus) => status === 'created' || status === 'generating';
export const isFinished = (status: GeneratedReportStatus) => status === 'generated' || status === 'failed';

/** The row after news about it (an event or a fresh read): the furthest state wins, progress never shrinks. */
export function mergeReport(current: GeneratedReport, incoming: Partial<GeneratedReport>): GeneratedReport {
  const status = incoming.status ?? current.status;
  if (STATUS_RANK[status] < STATUS_RANK[current.status]) return current;
  if (status === current.status && isActive(status)) {
    return {
      ...current,
      ...incoming,
      progress: Math.max(current.progress, incoming.progress ?? 0),
      rows: Math.max(current.rows, incoming.rows ?? 0),
    };
  }
  return { ...current, ...incoming };
}

export interface GeneratedPages {
  pages: { data: GeneratedReport[]; hasMore: boolean }[];
  pageParams: unknown[];
}

/**
 * A refetched list merged into the one shown: a row the cache already knows in a later state (a progress event or a
 * row read again came first) keeps it — a list answered while the report was still generating must not take a
 * generated report back to generating. Rows are matched by id; the refetch decides which rows there are.
 */
export function mergeGeneratedPages(previous: GeneratedPages | undefined, next: GeneratedPages): GeneratedPages {
  if (!previous) return next;
  const known = new Map(previous.pages.flatMap((page) => page.data.map((row) => [row.id, row] as const)));
  return {
    ...next,
    pages: next.pages.map((page) => ({
      ...page,
      data: page.data.map((row) => {
        const current = known.get(row.id);
        return current ? mergeReport(current, row) : row;
      }),
    })),
  };
}

/** The list with one report changed (`found` false when it is not on a loaded page). */
export function patchPages(
  list: GeneratedPages,
  id: number,
  patch: (row: GeneratedReport) => GeneratedReport,
): { list: GeneratedPages; found: boolean } {
  let found = false;
  const pages = list.pages.map((page) => {
    if (!page.data.some((row) => row.id === id)) return page;
    found = true;
    return { ...page, data: page.data.map((row) => (row.id === id ? patch(row) : row)) };
  });
  return { list: found ? { ...list, pages } : list, found };
}

/** A realtime progress event applied to the list. */
export function applyProgress(list: GeneratedPages, event: ReportProgressEvent) {
  return patchPages(list, event.id, (row) =>
    mergeReport(row, { status: event.status, progress: event.progress, rows: event.rows }),
  );
}

/** The reports of the list still being generated. */
export function activeIds(list: GeneratedPages | undefined): number[] {
  return (list?.pages ?? []).flatMap((page) => page.data.filter((row) => isActive(row.status)).map((row) => row.id));
}

/** The file can be downloaded: generated, and not yet deleted (30 days). */
export const canDownload = (report: GeneratedReport) => report.status === 'generated' && report.deletedAt === null;

/** A progress figure between 0 and 100. */
export const clampProgress = (value: number) => Math.max(0, Math.min(100, Math.round(value)));
