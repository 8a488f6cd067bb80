import { REPORT_TYPES } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('reports texts', () => {
  it('es and en have the same keys under reports', () => {
    expect(Object.keys(es)).toEqual(['reports']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('name and describe every report type in both languages', () => {
    for (const language of ['es', 'en']) {
      const t = i18n.getFixedT(language);
      for (const type of REPORT_TYPES) {
        expect(t(`reports.types.${type}`)).not.toBe(`reports.types.${type}`);
        expect(t(`reports.typeDescriptions.${type}`)).not.toBe(`reports.typeDescriptions.${type}`);
      }
    }
  });

  it('carry the spec’s three outcome messages and the dashboards’ preset names', () => {
    const t = i18n.getFixedT('es');
    expect(t('reports.auto.success')).toMatch(/generó y se descargó automáticamente/);
    expect(t('reports.auto.warning')).toMatch(/bloqueador de ventanas emergentes/);
    expect(t('reports.auto.error')).toMatch(/soporte técnico/);
    expect(t('analytics.presets.lastWeek')).toBe('La semana pasada');
    expect(i18n.getFixedT('en')('reports.auto.warning')).toMatch(/pop-up blocker/);
  });
});
