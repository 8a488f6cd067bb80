import { kbPublicConfigBodySchema, kbSectionBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { issuesToErrors } from '../../ui/validation';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('knowledge base texts', () => {
  it('es and en have the same keys under knowledgeBase, and no empty text', () => {
    expect(Object.keys(es)).toEqual(['knowledgeBase']);
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
    expect(tEs('knowledgeBase.category.add')).toBe('Nueva categoría');
    expect(tEn('knowledgeBase.category.add')).toBe('New category');
    expect(tEs('knowledgeBase.counts.sections', { count: 1 })).toBe('1 sección');
    expect(tEs('knowledgeBase.counts.articles', { count: 12 })).toBe('12 artículos');
    expect(tEn('knowledgeBase.counts.articles', { count: 1 })).toBe('1 article');
  });

  it('translates the shared schemas’ own messages in both languages', () => {
    const section = kbSectionBodySchema.safeParse({ name: 'Pagos', categoryId: 1, visibleFor: [] });
    const config = kbPublicConfigBodySchema.safeParse({ primaryColor: 'azul' });
    expect(section.success || config.success).toBe(false);
    const issues = [...(section.error?.issues ?? []), ...(config.error?.issues ?? [])];
    expect(issuesToErrors(issues, i18n.getFixedT('es'))).toEqual({
      visibleFor: 'Elija al menos a quién se muestra',
      primaryColor: 'Color en formato #RRGGBB',
    });
    expect(issuesToErrors(issues, i18n.getFixedT('en'))).toEqual({
      visibleFor: 'Choose at least one audience',
      primaryColor: 'Colour as #RRGGBB',
    });
  });
});
