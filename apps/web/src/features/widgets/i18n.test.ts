import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('omni widget texts', () => {
  it('es and en have the same keys under widgets', () => {
    expect(Object.keys(es)).toEqual(['widgets']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('are merged into the app namespace, including the shared schema’s messages', () => {
    expect(i18n.getFixedT('es')('widgets.originInvalid')).toBe(
      'Escriba solo el origen del sitio: https://dominio[:puerto]',
    );
    expect(i18n.getFixedT('en')('widgets.positions.top-left')).toBe('Top left');
  });
});
