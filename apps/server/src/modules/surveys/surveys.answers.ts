import {
  isValidText,
  SURVEY_LIMITS,
  type SurveyAnswerValue,
  type SurveyOption,
  type SurveyQuestion,
} from '@atiende/contracts';
import { z } from 'zod';
import type { MessageKey } from '../../platform/i18n/messages.js';

/** One normalised answer as `survey_answers` keeps it. */
export interface AnswerRow {
  questionKey: string;
  numberValue: number | null;
  textValue: string | null;
  options: string[] | null;
}

export interface CheckedAnswers {
  /** The kept answers by key (known questions only, empty ones left out). */
  answers: Record<string, SurveyAnswerValue>;
  rows: AnswerRow[];
  /** Field errors (`answers.<key>`) with message keys; empty when the submission is accepted. */
  errors: { field: string; message: MessageKey }[];
}

const TEXT_MAX = 500;
const isoDate = z.iso.date();
const isoDatetime = z.iso.datetime({ local: true, offset: true });
const email = z.email().max(254);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const PHONE = /^\+?[0-9 ()-]{5,25}$/;

/** The points of a scale question: NPS 0..10, CSAT and rating 1..levels (5 unless set). */
export function scaleOf(question: Pick<SurveyQuestion, 'type' | 'levels'>): { min: number; max: number } | null {
  if (question.type === 'nps') return { min: 0, max: 10 };
  if (question.type === 'csat' || question.type === 'rating') return { min: 1, max: question.levels ?? 5 };
  return null;
}

function pathExists(options: readonly SurveyOption[], path: readonly string[]): boolean {
  let level: readonly SurveyOption[] = options;
  for (const label of path) {
    const found = level.find((option) => option.label === label);
    if (!found) return false;
    level = found.children ?? [];
  }
  return path.length > 0;
}

const isEmpty = (value: SurveyAnswerValue | undefined) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.every((item) => item.trim() === ''));

function asNumber(value: SurveyAnswerValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

const asList = (value: SurveyAnswerValue): string[] =>
  (Array.isArray(value) ? value : [String(value)]).map((item) => item.trim()).filter(Boolean);

/**
 * Checks a submission against the survey's questions (the rules the public page shows): required questions, each
 * type's shape (numbers, dates, times, e-mail, phone, choices among the options, scales within their points), text
 * hygiene (no control characters anywhere). Unknown keys are ignored.
 */
export function checkAnswers(
  questions: readonly SurveyQuestion[],
  submitted: Record<string, SurveyAnswerValue>,
): CheckedAnswers {
  const answers: Record<string, SurveyAnswerValue> = {};
  const rows: AnswerRow[] = [];
  const errors: CheckedAnswers['errors'] = [];
  for (const question of questions) {
    const field = `answers.${question.key}`;
    const value = Object.hasOwn(submitted, question.key) ? submitted[question.key] : undefined;
    const fail = (message: MessageKey) => errors.push({ field, message });
    if (isEmpty(value)) {
      if (question.required) fail('forms.valueRequired');
      continue;
    }
    const answer = value as SurveyAnswerValue & {};
    const texts = Array.isArray(answer) ? answer : typeof answer === 'string' ? [answer] : [];
    if (!texts.every((text) => isValidText(text, { multiLine: question.type === 'textarea' }))) {
      fail('validation.invalidCharacters');
      continue;
    }
    const row: AnswerRow = { questionKey: question.key, numberValue: null, textValue: null, options: null };
    switch (question.type) {
      case 'csat':
      case 'nps':
      case 'rating': {
        const scale = scaleOf(question) as { min: number; max: number };
        const number = asNumber(answer);
        if (number === null || !Number.isInteger(number) || number < scale.min || number > scale.max) {
          fail('surveys.valueScale');
          continue;
        }
        answers[question.key] = number;
        row.numberValue = number;
        break;
      }
      case 'number': {
        const number = asNumber(answer);
        if (number === null || Math.abs(number) > 1e15) {
          fail('forms.valueNumber');
          continue;
        }
        answers[question.key] = number;
        row.numberValue = number;
        break;
      }
      case 'list':
      case 'radio':
      case 'checkbox':
      case 'multilevel': {
        const chosen = asList(answer);
        const valid =
          question.type === 'multilevel'
            ? pathExists(question.options as SurveyOption[], chosen)
            : chosen.length > 0 &&
              (question.type === 'checkbox' || chosen.length === 1) &&
              chosen.every((label) => question.options.some((option) => option.label === label));
        if (!valid) {
          fail(question.type === 'checkbox' ? 'surveys.valueOptions' : 'forms.valueOption');
          continue;
        }
        const options = question.type === 'checkbox' ? [...new Set(chosen)] : chosen;
        answers[question.key] = question.type === 'list' || question.type === 'radio' ? options[0] : options;
        row.options = options;
        row.textValue = options.join(' › ');
        break;
      }
      default: {
        if (typeof answer !== 'string' && typeof answer !== 'number') {
          fail('errors.validation');
          continue;
        }
        const raw = String(answer).trim();
        const text = question.type === 'textarea' ? raw : raw.replace(/\s+/g, ' ');
        const max = question.type === 'textarea' ? SURVEY_LIMITS.textAnswer : TEXT_MAX;
        if (text.length > max) {
          fail('surveys.valueTooLong');
          continue;
        }
        const wrong: Partial<Record<string, MessageKey | null>> = {
          date: isoDate.safeParse(text).success ? null : 'forms.valueDate',
          time: TIME.test(text) ? null : 'forms.valueTime',
          datetime: isoDatetime.safeParse(text).success ? null : 'forms.valueDatetime',
          email: email.safeParse(text).success ? null : 'forms.valueEmail',
          phone: PHONE.test(text) ? null : 'forms.valuePhone',
        };
        const message = wrong[question.type];
        if (message) {
          fail(message);
          continue;
        }
        answers[question.key] = text;
        row.textValue = text;
      }
    }
    rows.push(row);
  }
  return { answers, rows, errors };
}
