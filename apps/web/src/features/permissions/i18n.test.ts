import { ALL_PERMISSIONS } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

type Labels = Record<string, { name?: string; description?: string }>;
const locales: Record<'es' | 'en', Labels> = { es: es.permissions.labels, en: en.permissions.labels };

describe('permission texts', () => {
  it('es and en have the same keys, all under permissions', () => {
    expect(Object.keys(es)).toEqual(['permissions']);
    expect(Object.keys(en)).toEqual(['permissions']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('name and describe every permission of the product, in both languages', () => {
    for (const [language, labels] of Object.entries(locales)) {
      expect(Object.keys(labels).sort(), language).toEqual([...ALL_PERMISSIONS].sort());
      for (const key of ALL_PERMISSIONS) {
        const label = labels[key];
        expect(label?.name?.trim(), `${language} ${key} name`).toBeTruthy();
        expect(label?.description?.trim(), `${language} ${key} description`).toBeTruthy();
        expect(label?.name?.split(' ').length, `${language} ${key} name is short`).toBeLessThanOrEqual(5);
        expect(label?.description?.length, `${language} ${key} description is one line`).toBeLessThan(120);
      }
    }
  });

  it('are merged into the app translation namespace when the module loads', () => {
    const es = i18n.getFixedT('es');
    const en = i18n.getFixedT('en');
    expect(es('permissions.labels.ver-caso.name')).toBe('Ver casos');
    expect(en('permissions.labels.ver-caso.name')).toBe('View tickets');
    expect(es('permissions.labels.busqueda-avanzada.description')).toContain('búsqueda');
    expect(en('permissions.labels.busqueda-avanzada.description')).toContain('search');
    expect(es('permissions.copy.label')).toBe('Copiar permisos de');
    expect(en('permissions.copy.label')).toBe('Copy permissions from');
  });

  it('keep the app’s own permission texts (the category names)', () => {
    expect(i18n.getFixedT('es')('permissions.categories.tickets')).toBe('Casos');
    expect(i18n.getFixedT('en')('permissions.categories.knowledgeBase')).toBe('Knowledge base');
  });
});
