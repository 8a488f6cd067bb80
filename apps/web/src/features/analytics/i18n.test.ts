import { DATE_PRESETS } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';
import { presetKey } from './model';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('analytics texts', () => {
  it('es and en have the same keys under analytics', () => {
    expect(Object.keys(es)).toEqual(['analytics']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('name every preset in both languages', () => {
    const names = (language: string) => DATE_PRESETS.map((preset) => i18n.getFixedT(language)(presetKey(preset)));
    expect(names('es')).toEqual([
      'Hoy',
      'Ayer',
      'Esta semana',
      'La semana pasada',
      'Últimos 7 días',
      'Este mes',
      'El mes pasado',
      'Últimos 30 días',
      'Últimos 3 meses',
      'Últimos 90 días',
      'Últimos 6 meses',
      'Este año',
      'Personalizado',
    ]);
    expect(new Set(names('en')).size).toBe(DATE_PRESETS.length);
    expect(names('en')[0]).toBe('Today');
    expect(names('en')).not.toContain(undefined);
  });

  it('bring the pause reasons of supervision along', () => {
    expect(i18n.getFixedT('en')('supervision.pauses.ALMUERZO')).toBe('Lunch');
    expect(i18n.getFixedT('es')('analytics.download')).toBe('Descargar datos');
    expect(i18n.getFixedT('en')('analytics.download')).toBe('Download data');
  });
});
