import {
  SURVEY_CHOICE_TYPES,
  SURVEY_SCALE_TYPES,
  type Survey,
  type SurveyAnswerValue,
  type SurveyExpirationFrom,
  type SurveyInput,
  type SurveyOption,
  type SurveyQuestion,
  type SurveyQuestionType,
  type SurveyResponseType,
  type SurveyResultsQuery,
} from '@atiende/contracts';

/** The longest question key the contracts accept. */
export const KEY_MAX = 40;
/** Points of a CSAT or rating scale: 2..10, 5 by default. */
export const LEVELS_MIN = 2;
export const LEVELS_MAX = 10;
export const DEFAULT_LEVELS = 5;
export const DEFAULT_COLOR = '#1565c0';

/** The question types as the type chooser groups them. */
export const QUESTION_TYPE_GROUPS: readonly { group: string; types: readonly SurveyQuestionType[] }[] = [
  { group: 'scales', types: ['csat', 'nps', 'rating'] },
  { group: 'choices', types: ['radio', 'checkbox', 'list', 'multilevel'] },
  { group: 'text', types: ['text', 'textarea', 'email', 'phone', 'number'] },
  { group: 'dates', types: ['date', 'time', 'datetime'] },
];

export const isChoiceType = (type: SurveyQuestionType) => SURVEY_CHOICE_TYPES.includes(type);
export const isScaleType = (type: SurveyQuestionType) => SURVEY_SCALE_TYPES.includes(type);
/** Scales whose number of points can be chosen (NPS is always 0..10). */
export const hasLevels = (type: SurveyQuestionType) => type === 'csat' || type === 'rating';
/** Types answered with free text (the dashboard lists their latest answers). */
export const isTextType = (type: SurveyQuestionType) => !isChoiceType(type) && !isScaleType(type) && type !== 'number';

/** A question key from its label: lowercase ASCII letters, digits and `_`, starting with a letter, ≤ 40. */
export function keyFromLabel(label: string): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, KEY_MAX)
    .replace(/_+$/, '');
  return slug;
}

/** `base`, or `base_2`, `base_3`… so that it is none of `taken` (never longer than the limit). */
export function uniqueKey(base: string, taken: readonly string[]): string {
  const root = base || 'pregunta';
  if (!taken.includes(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${root.slice(0, KEY_MAX - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

let uidCounter = 0;
function newUid(): string {
  uidCounter += 1;
  return `q${uidCounter}`;
}

/** A question of the editor. */
export interface QuestionRow {
  uid: string;
  key: string;
  /** The key no longer follows the label: typed by hand, or the question was saved already (keys are stable). */
  keyEdited: boolean;
  /** The key it was saved with (null: a new question); a different key disconnects the earlier answers. */
  savedKey: string | null;
  label: string;
  description: string;
  type: SurveyQuestionType;
  required: boolean;
  defaultValue: string;
  options: SurveyOption[];
  levels: number;
}

export interface SurveyFormState {
  name: string;
  description: string;
  confirmationMessage: string;
  primaryColor: string;
  displayBusinessLogo: boolean;
  /** NaN while the field is empty. */
  businessLogoHeight: number;
  expirationDays: number;
  expirationFrom: SurveyExpirationFrom;
  responseType: SurveyResponseType;
  enabled: boolean;
  questions: QuestionRow[];
}

export function emptySurveyForm(): SurveyFormState {
  return {
    name: '',
    description: '',
    confirmationMessage: '',
    primaryColor: DEFAULT_COLOR,
    displayBusinessLogo: true,
    businessLogoHeight: 48,
    expirationDays: 0,
    expirationFrom: 'link',
    responseType: 'unique',
    enabled: true,
    questions: [],
  };
}

/** A new question of `type`, with a key none of the others has; choices start with two empty options. */
export function newQuestion(type: SurveyQuestionType, taken: readonly string[]): QuestionRow {
  return {
    uid: newUid(),
    key: uniqueKey('pregunta', taken),
    keyEdited: false,
    savedKey: null,
    label: '',
    description: '',
    type,
    required: false,
    defaultValue: '',
    options: isChoiceType(type) ? [{ label: '' }, { label: '' }] : [],
    levels: DEFAULT_LEVELS,
  };
}

function copyOptions(options: readonly { label: string; children?: unknown[] }[]): SurveyOption[] {
  return options.map((option) =>
    option.children && option.children.length > 0
      ? { label: option.label, children: copyOptions(option.children as SurveyOption[]) }
      : { label: option.label },
  );
}

export function questionToRow(question: SurveyQuestion): QuestionRow {
  return {
    uid: newUid(),
    key: question.key,
    keyEdited: true,
    savedKey: question.key,
    label: question.label,
    description: question.description,
    type: question.type,
    required: question.required,
    defaultValue: question.defaultValue ?? '',
    options: copyOptions(question.options),
    levels: question.levels ?? DEFAULT_LEVELS,
  };
}

export function surveyToForm(survey: Survey): SurveyFormState {
  return {
    name: survey.name,
    description: survey.description,
    confirmationMessage: survey.confirmationMessage,
    primaryColor: survey.primaryColor,
    displayBusinessLogo: survey.displayBusinessLogo,
    businessLogoHeight: survey.businessLogoHeight,
    expirationDays: survey.expirationDays,
    expirationFrom: survey.expirationFrom,
    responseType: survey.responseType,
    enabled: survey.enabled,
    questions: [...survey.questions].sort((a, b) => a.order - b.order).map(questionToRow),
  };
}

/** Options as sent: children only where the type has levels of options (multilevel). */
function optionsFor(type: SurveyQuestionType, options: readonly SurveyOption[]): SurveyOption[] {
  if (!isChoiceType(type)) return [];
  if (type === 'multilevel') return copyOptions(options);
  return options.map((option) => ({ label: option.label }));
}

/** The request body (`surveyBodySchema`'s input) of the form; the order is the questions' place. */
export function formToBody(state: SurveyFormState): SurveyInput {
  return {
    name: state.name.trim(),
    description: state.description,
    confirmationMessage: state.confirmationMessage,
    primaryColor: state.primaryColor.trim(),
    displayBusinessLogo: state.displayBusinessLogo,
    businessLogoHeight: state.businessLogoHeight,
    expirationDays: state.expirationDays,
    expirationFrom: state.expirationFrom,
    responseType: state.responseType,
    enabled: state.enabled,
    questions: state.questions.map((question, index) => ({
      key: question.key.trim(),
      label: question.label.trim(),
      description: question.description,
      type: question.type,
      order: index,
      required: question.required,
      defaultValue: question.defaultValue.trim() === '' ? null : question.defaultValue,
      options: optionsFor(question.type, question.options),
      levels: hasLevels(question.type) ? question.levels : null,
    })),
  };
}

/** A question's new label: its key follows the label (unique among the others) until it is edited or saved. */
export function relabelQuestion(questions: readonly QuestionRow[], index: number, label: string): QuestionRow[] {
  return questions.map((question, i) => {
    if (i !== index) return question;
    if (question.keyEdited) return { ...question, label };
    const taken = questions.filter((_, j) => j !== index).map((other) => other.key);
    return { ...question, label, key: uniqueKey(keyFromLabel(label), taken) };
  });
}

/** A question's new type: options appear for choices, levels keep their value. */
export function retypeQuestion(question: QuestionRow, type: SurveyQuestionType): QuestionRow {
  const options =
    isChoiceType(type) && question.options.length === 0
      ? [{ label: '' }, { label: '' }]
      : type === 'multilevel'
        ? question.options
        : question.options.map((option) => ({ label: option.label }));
  return { ...question, type, options };
}

/** Moves the item at `from` by `delta` places (unchanged at the ends). */
export function move<T>(items: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (to < 0 || to >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** A copy of the question at `index` right after it, with a new key (a copy is a new question). */
export function duplicateQuestion(questions: readonly QuestionRow[], index: number): QuestionRow[] {
  const source = questions[index];
  if (!source) return [...questions];
  const taken = questions.map((question) => question.key);
  const copy: QuestionRow = {
    ...source,
    uid: newUid(),
    key: uniqueKey(source.key, taken),
    keyEdited: true,
    savedKey: null,
    options: copyOptions(source.options),
  };
  return [...questions.slice(0, index + 1), copy, ...questions.slice(index + 1)];
}

/** Questions saved before whose key changed (their earlier answers stay under the old key). */
export function changedKeys(questions: readonly QuestionRow[]): { from: string; to: string }[] {
  return questions
    .filter((question) => question.savedKey !== null && question.savedKey !== question.key.trim())
    .map((question) => ({ from: question.savedKey as string, to: question.key.trim() }));
}

/** The points of a scale question: NPS 0..10, CSAT and rating 1..levels. */
export function scalePoints(type: SurveyQuestionType, levels: number | null | undefined): number[] {
  if (type === 'nps') return Array.from({ length: 11 }, (_, i) => i);
  const count = Math.min(LEVELS_MAX, Math.max(LEVELS_MIN, levels ?? DEFAULT_LEVELS));
  return Array.from({ length: count }, (_, i) => i + 1);
}

// --- results ---------------------------------------------------------------------------------------------------

export type ResultsSource = SurveyResultsQuery['source'];
export const RESULT_SOURCES: readonly ResultsSource[] = ['all', 'general', 'personal'];

/** The dashboard's filters, as kept in the page's query string. */
export interface ResultsFilters {
  from: string;
  to: string;
  source: ResultsSource;
  campaignId: number | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromSearch(search: URLSearchParams): ResultsFilters {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const source = search.get('source') as ResultsSource | null;
  const campaign = Number(search.get('campaignId'));
  return {
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    source: source && RESULT_SOURCES.includes(source) ? source : 'all',
    campaignId: Number.isInteger(campaign) && campaign > 0 ? campaign : null,
  };
}

export function filtersToSearch(filters: ResultsFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.source !== 'all') search.set('source', filters.source);
  if (filters.campaignId) search.set('campaignId', String(filters.campaignId));
  return search;
}

/** The API's query of the filters (empty ones left out). */
export function filtersToQuery(filters: ResultsFilters): Record<string, string | number | undefined> {
  return {
    from: filters.from || undefined,
    to: filters.to || undefined,
    source: filters.source,
    campaignId: filters.campaignId ?? undefined,
  };
}

/** Answered ÷ sent as a whole percentage; null when nothing was sent. */
export function answerRate(sent: number, answered: number): number | null {
  if (sent <= 0) return null;
  return Math.round((answered / sent) * 1000) / 10;
}

/** An answer as text: chosen options joined, numbers as they are, nothing as an em dash. */
export function answerText(value: SurveyAnswerValue | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '—';
  return String(value);
}

/** The report's file name when the server does not name it. */
export function reportFileName(name: string, today = new Date()): string {
  const slug = keyFromLabel(name).replace(/_/g, '-') || 'encuesta';
  return `${slug}-${today.toISOString().slice(0, 10)}.xlsx`;
}
