import {
  type ConditionGroup,
  EMPTY_CONDITION_GROUP,
  FORM_FIELD_PREFIX,
  type Segmentation,
  type SegmentationDashboard,
  type SegmentationInput,
  type SegmentationTrigger,
  STATIC_CONDITION_FIELDS,
  type StaticConditionField,
} from '@atiende/contracts';
import type { TFunction } from 'i18next';
import { entityLabelKey, fieldEntity, fieldLabelKey } from '../conditions/labels';
import { type ConditionFormField, formFieldName, isFormField } from '../conditions/model';
import { instantToLocalInput, localInputToInstant } from '../conditions/values';

/**
 * The segmentation form's state and the body it sends. Inputs keep what the user typed (numbers as text, the start
 * as the date-time field's local `YYYY-MM-DDTHH:mm`, a campaign not chosen yet as ''); `segmentationFormToBody`
 * turns that into the API's body, which the contracts' schema checks before it is sent.
 */

type Id = number | '';
export type SegmentationKind = Segmentation['kind'];

/** One segment as the form edits it, with a key that follows it when the list is reordered. */
export interface SegmentDraft {
  key: string;
  name: string;
  destinationCampaignId: Id;
  conditions: ConditionGroup;
}

export interface SegmentationFormState {
  name: string;
  description: string;
  baseCampaignId: Id;
  enabled: boolean;
  kind: SegmentationKind;
  triggerWhen: SegmentationTrigger | '';
  /** The first run in the browser's local time (`YYYY-MM-DDTHH:mm`), '' when not set. */
  startTime: string;
  frequencyHours: string;
  segments: SegmentDraft[];
}

export const DEFAULT_FREQUENCY_HOURS = 24;
export const DEFAULT_TRIGGER: SegmentationTrigger = 'ticketUpdated';

let lastKey = 0;
function segmentKey(): string {
  lastKey += 1;
  return `segment-${lastKey}`;
}

export function newSegment(patch: Partial<Omit<SegmentDraft, 'key'>> = {}): SegmentDraft {
  return { key: segmentKey(), name: '', destinationCampaignId: '', conditions: EMPTY_CONDITION_GROUP, ...patch };
}

/** The next whole hour after `now`, as the start field shows it (a new automation's first run). */
export function defaultStartTime(now = new Date()): string {
  const next = new Date(now);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return instantToLocalInput(next.toISOString());
}

/** A new segmentation: sorted when a ticket is updated, with one segment to fill in. */
export function emptySegmentationForm(baseCampaignId: Id = '', now = new Date()): SegmentationFormState {
  return {
    name: '',
    description: '',
    baseCampaignId,
    enabled: true,
    kind: 'trigger',
    triggerWhen: DEFAULT_TRIGGER,
    startTime: defaultStartTime(now),
    frequencyHours: String(DEFAULT_FREQUENCY_HOURS),
    segments: [newSegment()],
  };
}

export function segmentationToForm(segmentation: Segmentation, now = new Date()): SegmentationFormState {
  const automation = segmentation.kind === 'automation';
  return {
    name: segmentation.name,
    description: segmentation.description ?? '',
    baseCampaignId: segmentation.baseCampaign.id,
    enabled: segmentation.enabled,
    kind: segmentation.kind,
    triggerWhen: segmentation.triggerWhen ?? (automation ? '' : DEFAULT_TRIGGER),
    // A trigger segmentation switched to a schedule starts from the defaults; a saved schedule keeps its values.
    startTime: automation ? instantToLocalInput(segmentation.startTime) : defaultStartTime(now),
    frequencyHours: automation
      ? text(segmentation.frequencyHours)
      : text(segmentation.frequencyHours ?? DEFAULT_FREQUENCY_HOURS),
    segments: segmentation.segments.map((segment) =>
      newSegment({
        name: segment.name,
        destinationCampaignId: segment.destinationCampaign.id,
        conditions: segment.conditions,
      }),
    ),
  };
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * A campaign not chosen yet. It goes into the body as null, which the schema refuses with its "choose one"
 * message; the form never sends a body the schema refused.
 */
function reference(id: Id): number {
  return id === '' ? (null as unknown as number) : id;
}

/** A typed number, or null when the field is empty. */
function numberOrNull(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

/** The body of the form: each kind sends its own settings only (the other's are null). */
export function segmentationFormToBody(state: SegmentationFormState): SegmentationInput {
  const trigger = state.kind === 'trigger';
  return {
    name: state.name,
    description: state.description,
    baseCampaignId: reference(state.baseCampaignId),
    kind: state.kind,
    triggerWhen: trigger ? state.triggerWhen || null : null,
    startTime: trigger ? null : localInputToInstant(state.startTime) || null,
    frequencyHours: trigger ? null : numberOrNull(state.frequencyHours),
    enabled: state.enabled,
    segments: state.segments.map((segment) => ({
      name: segment.name,
      destinationCampaignId: reference(segment.destinationCampaignId),
      conditions: segment.conditions,
    })),
  };
}

// --- The dashboard -----------------------------------------------------------------------------------------------

export interface SegmentFigure {
  segmentId: number;
  name: string;
  destination: { id: number; name: string };
  /** Open tickets of the base campaign this segment would take now (its earlier segments took theirs first). */
  count: number;
}

export interface DashboardFigures {
  /** The base campaign's open tickets now. */
  initial: number;
  segments: SegmentFigure[];
  /** What would stay in the base campaign after a run now. */
  final: number;
  moved: number;
}

/** The dashboard's cards: the open tickets now, what each segment would take (in the segments' order), what stays. */
export function dashboardFigures(dashboard: SegmentationDashboard): DashboardFigures {
  const counts = new Map(dashboard.matchingNow.map((item) => [item.segmentId, item.count]));
  const segments = dashboard.segmentation.segments.map((segment) => ({
    segmentId: segment.id,
    name: segment.name,
    destination: segment.destinationCampaign,
    count: counts.get(segment.id) ?? 0,
  }));
  const moved = segments.reduce((total, segment) => total + segment.count, 0);
  return { initial: dashboard.openCases, segments, final: Math.max(0, dashboard.openCases - moved), moved };
}

/** How many tickets a run moved in all. */
export function movedCount(run: { moved: readonly { count: number }[] }): number {
  return run.moved.reduce((total, item) => total + item.count, 0);
}

/**
 * A condition field's name as the builder's picker shows it ("Caso · Prioridad"): a form field by its label in the
 * base campaign's form, else by its key; a field the app does not know by its key.
 */
export function conditionFieldLabel(field: string, formFields: readonly ConditionFormField[], t: TFunction): string {
  const entity = fieldEntity(field);
  if (isFormField(field)) {
    const formField = formFields.find((item) => formFieldName(item.key) === field);
    return `${t(entityLabelKey(entity))} · ${formField?.label || field.slice(FORM_FIELD_PREFIX.length)}`;
  }
  if (!(STATIC_CONDITION_FIELDS as readonly string[]).includes(field)) return field;
  return `${t(entityLabelKey(entity))} · ${t(fieldLabelKey(field as StaticConditionField))}`;
}
