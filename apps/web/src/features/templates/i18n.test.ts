import { TEMPLATE_VARIABLES } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from '../../core/i18n';
import en from './locales/en.json';
import es from './locales/es.json';
import { variableLabelKey } from './model';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('templates texts', () => {
  it('es and en have the same keys under templates', () => {
    expect(Object.keys(es)).toEqual(['templates']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('are merged into the app namespace, with a label for every variable', () => {
    expect(i18n.getFixedT('en')('templates.add')).toBe('Add template');
    expect(i18n.getFixedT('es')('templates.add')).toBe('Agregar plantilla');
    for (const name of TEMPLATE_VARIABLES) {
      for (const language of ['es', 'en']) {
        const label = i18n.getFixedT(language)(variableLabelKey(name));
        expect(label).not.toBe(variableLabelKey(name));
      }
    }
    // The shared schema's message keys have texts in the browser too.
    expect(i18n.getFixedT('en')('templates.unknownVariable')).toBe('The template uses a variable that does not exist');
    expect(i18n.getFixedT('es')('templates.campaignsRequired')).toContain('campaña');
  });
});
