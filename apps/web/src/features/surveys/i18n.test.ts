import { surveyBodySchema, surveyLinkBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { issuesToErrors } from '../../ui/validation';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('survey texts', () => {
  it('es and en have the same keys under surveys, and no empty text', () => {
    expect(Object.keys(es)).toEqual(['surveys']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
    for (const texts of [es, en]) {
      for (const key of flatKeys(texts)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('are merged into the app namespace, with counts in singular and plural', () => {
    const tEs = i18n.getFixedT('es');
    const tEn = i18n.getFixedT('en');
    expect(tEs('surveys.add')).toBe('Nueva encuesta');
    expect(tEn('surveys.add')).toBe('New survey');
    expect(tEs('surveys.editor.levelsValue', { count: 1 })).toBe('1 punto');
    expect(tEs('surveys.editor.levelsValue', { count: 5 })).toBe('5 puntos');
    expect(tEn('surveys.dashboard.answered', { count: 1, skipped: 2 })).toBe('1 answer, 2 skipped');
  });

  it('translates the shared schemas’ own messages in both languages', () => {
    const survey = surveyBodySchema.safeParse({
      name: 'NPS',
      primaryColor: 'azul',
      questions: [
        { key: '1x', label: '', type: 'radio', options: [{ label: '' }] },
        { key: 'ok', label: 'Bien', type: 'list', options: [] },
      ],
    });
    const empty = surveyBodySchema.safeParse({ name: 'NPS', questions: [] });
    const twins = surveyBodySchema.safeParse({
      name: 'NPS',
      questions: [
        { key: 'a', label: 'A', type: 'text' },
        { key: 'a', label: 'B', type: 'text' },
      ],
    });
    const link = surveyLinkBodySchema.safeParse({});
    const issues = [survey, empty, twins, link].flatMap((parsed) => parsed.error?.issues ?? []);
    expect(issuesToErrors(issues, i18n.getFixedT('es'))).toEqual({
      primaryColor: 'Color en formato #RRGGBB',
      'questions.0.key': 'Use letras minúsculas, números y _, empezando por una letra (hasta 40)',
      'questions.0.label': 'Escriba la pregunta',
      'questions.0.options.0.label': 'Escriba el texto de la opción',
      'questions.1.options': 'Agregue al menos una opción',
      questions: 'Agregue al menos una pregunta',
      customerId: 'Elija un cliente o un caso',
    });
    expect(issuesToErrors(twins.error?.issues ?? [], i18n.getFixedT('en'))).toEqual({
      questions: 'Two questions share the same key',
    });
    expect(issuesToErrors(issues, i18n.getFixedT('en')).primaryColor).toBe('Colour as #RRGGBB');
  });
});
