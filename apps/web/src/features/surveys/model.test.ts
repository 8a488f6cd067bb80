import { type Survey, surveyBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  answerRate,
  answerText,
  changedKeys,
  duplicateQuestion,
  emptySurveyForm,
  filtersFromSearch,
  filtersToQuery,
  filtersToSearch,
  formToBody,
  keyFromLabel,
  move,
  newQuestion,
  relabelQuestion,
  reportFileName,
  retypeQuestion,
  scalePoints,
  surveyToForm,
  uniqueKey,
} from './model';

const survey: Survey = {
  id: 7,
  name: 'Satisfacción',
  description: 'Breve',
  confirmationMessage: 'Gracias',
  primaryColor: '#00897b',
  displayBusinessLogo: false,
  businessLogoHeight: 60,
  expirationDays: 15,
  expirationFrom: 'survey',
  responseType: 'multipleReplaceLast',
  enabled: true,
  questions: [
    {
      key: 'zona',
      label: 'Zona',
      description: '',
      type: 'multilevel',
      order: 1,
      required: false,
      defaultValue: null,
      options: [{ label: 'Norte', children: [{ label: 'Bogotá' }] }, { label: 'Sur' }],
      levels: null,
    },
    {
      key: 'csat',
      label: '¿Qué tan satisfecho quedó?',
      description: 'Elija',
      type: 'csat',
      order: 0,
      required: true,
      defaultValue: null,
      options: [],
      levels: 5,
    },
  ],
  publicUrl: 'https://example.test/s/abc',
  campaigns: [],
  responses: 3,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('question keys', () => {
  it('come from the label: lowercase ASCII, digits and _, starting with a letter, at most 40', () => {
    expect(keyFromLabel('¿Qué tan satisfecho quedó?')).toBe('que_tan_satisfecho_quedo');
    expect(keyFromLabel('1. Atención del agente')).toBe('atencion_del_agente');
    expect(keyFromLabel('¿¿??')).toBe('');
    expect(keyFromLabel('a'.repeat(60))).toHaveLength(40);
    expect(keyFromLabel(`${'b'.repeat(39)} c`)).toBe('b'.repeat(39));
  });

  it('are unique among the survey’s questions', () => {
    expect(uniqueKey('nps', [])).toBe('nps');
    expect(uniqueKey('nps', ['nps', 'nps_2'])).toBe('nps_3');
    expect(uniqueKey('', [])).toBe('pregunta');
    expect(uniqueKey('x'.repeat(40), ['x'.repeat(40)])).toBe(`${'x'.repeat(38)}_2`);
  });

  it('follow the label of a new question until typed by hand; saved questions keep theirs', () => {
    let questions = [newQuestion('text', []), newQuestion('nps', ['pregunta'])];
    expect(questions.map((question) => question.key)).toEqual(['pregunta', 'pregunta_2']);
    questions = relabelQuestion(questions, 0, 'Comentario');
    questions = relabelQuestion(questions, 1, 'Comentario');
    expect(questions.map((question) => question.key)).toEqual(['comentario', 'comentario_2']);
    questions = [{ ...questions[0]!, keyEdited: true, key: 'mio' }, questions[1]!];
    expect(relabelQuestion(questions, 0, 'Otra cosa')[0]?.key).toBe('mio');

    const saved = surveyToForm(survey).questions;
    expect(relabelQuestion(saved, 0, 'Nueva etiqueta')[0]?.key).toBe('csat');
    expect(changedKeys(saved)).toEqual([]);
    expect(changedKeys([{ ...saved[0]!, key: 'satisfaccion' }, saved[1]!])).toEqual([
      { from: 'csat', to: 'satisfaccion' },
    ]);
  });
});

describe('form ↔ body', () => {
  it('reads a survey in order and sends it back as it was', () => {
    const form = surveyToForm(survey);
    expect(form.questions.map((question) => question.key)).toEqual(['csat', 'zona']);
    const body = formToBody(form);
    expect(body).toEqual({
      name: 'Satisfacción',
      description: 'Breve',
      confirmationMessage: 'Gracias',
      primaryColor: '#00897b',
      displayBusinessLogo: false,
      businessLogoHeight: 60,
      expirationDays: 15,
      expirationFrom: 'survey',
      responseType: 'multipleReplaceLast',
      enabled: true,
      questions: [
        {
          key: 'csat',
          label: '¿Qué tan satisfecho quedó?',
          description: 'Elija',
          type: 'csat',
          order: 0,
          required: true,
          defaultValue: null,
          options: [],
          levels: 5,
        },
        {
          key: 'zona',
          label: 'Zona',
          description: '',
          type: 'multilevel',
          order: 1,
          required: false,
          defaultValue: null,
          options: [{ label: 'Norte', children: [{ label: 'Bogotá' }] }, { label: 'Sur' }],
          levels: null,
        },
      ],
    });
    expect(surveyBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends options only for choices, children only for multilevel, levels only for CSAT and rating', () => {
    const form = surveyToForm(survey);
    const questions = [retypeQuestion(form.questions[1]!, 'radio'), retypeQuestion(form.questions[0]!, 'nps')];
    const body = formToBody({ ...form, questions });
    expect(body.questions[0]?.options).toEqual([{ label: 'Norte' }, { label: 'Sur' }]);
    expect(body.questions[1]).toMatchObject({ type: 'nps', levels: null, options: [] });
    const text = retypeQuestion(form.questions[1]!, 'text');
    expect(formToBody({ ...form, questions: [text] }).questions[0]?.options).toEqual([]);
    expect(retypeQuestion(newQuestion('text', []), 'checkbox').options).toEqual([{ label: '' }, { label: '' }]);
  });

  it('an empty form has the schema’s defaults and is refused for want of questions', () => {
    const body = formToBody({ ...emptySurveyForm(), name: 'Nueva' });
    const parsed = surveyBodySchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['i18n:surveys.questionsRequired']);
    expect(body).toMatchObject({ primaryColor: '#1565c0', expirationDays: 0, responseType: 'unique', enabled: true });
  });
});

describe('editing the list of questions', () => {
  it('moves, duplicates with a new key, and keeps the ends', () => {
    const questions = surveyToForm(survey).questions;
    expect(move(questions, 0, 1).map((question) => question.key)).toEqual(['zona', 'csat']);
    expect(move(questions, 0, -1).map((question) => question.key)).toEqual(['csat', 'zona']);
    const copied = duplicateQuestion(questions, 0);
    expect(copied.map((question) => question.key)).toEqual(['csat', 'csat_2', 'zona']);
    expect(copied[1]).toMatchObject({ savedKey: null, label: questions[0]?.label });
    expect(changedKeys(copied)).toEqual([]);
  });

  it('scale points: NPS 0..10, CSAT and rating 1..levels', () => {
    expect(scalePoints('nps', null)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(scalePoints('csat', null)).toEqual([1, 2, 3, 4, 5]);
    expect(scalePoints('rating', 3)).toEqual([1, 2, 3]);
  });
});

describe('results helpers', () => {
  it('keep the filters in the query string, leaving defaults and bad values out', () => {
    const filters = { from: '2026-03-01', to: '2026-03-31', source: 'personal' as const, campaignId: 4 };
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe('from=2026-03-01&to=2026-03-31&source=personal&campaignId=4');
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(filtersFromSearch(new URLSearchParams('from=ayer&source=nope&campaignId=-1'))).toEqual({
      from: '',
      to: '',
      source: 'all',
      campaignId: null,
    });
    expect(filtersToQuery({ from: '', to: '', source: 'all', campaignId: null })).toEqual({
      from: undefined,
      to: undefined,
      source: 'all',
      campaignId: undefined,
    });
  });

  it('answer rate, answers as text and the report’s name', () => {
    expect(answerRate(0, 0)).toBeNull();
    expect(answerRate(8, 3)).toBe(37.5);
    expect(answerText(null)).toBe('—');
    expect(answerText(['Rojo', 'Azul'])).toBe('Rojo, Azul');
    expect(answerText(9)).toBe('9');
    expect(reportFileName('Satisfacción 2026', new Date('2026-04-02T10:00:00Z'))).toBe(
      'satisfaccion-2026-2026-04-02.xlsx',
    );
  });
});
