import { describe, expect, it } from 'vitest';
import i18n from '../../core/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('desk texts', () => {
  it('es and en have the same keys, all under desk', () => {
    expect(Object.keys(es)).toEqual(['desk']);
    expect(Object.keys(en)).toEqual(['desk']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('are merged into the app translation namespace when the module loads', () => {
    expect(i18n.getFixedT('es')('desk.pending.filters.mine')).toBe('Mis casos');
    expect(i18n.getFixedT('en')('desk.pending.filters.mine')).toBe('My tickets');
    expect(i18n.getFixedT('en')('desk.conversation.messages', { count: 2 })).toBe('2 messages');
  });

  it('name every pause reason of the state list', () => {
    for (const reason of [
      'BANO',
      'DESCANSO',
      'ALMUERZO',
      'REUNION',
      'CAPACITACION',
      'RETROALIMENTACION',
      'PROBLEMAS_MEDICOS',
      'AUSENTE',
      'BACKOFFICE',
    ]) {
      expect(i18n.getFixedT('en')(`desk.status.pauseReasons.${reason}`)).not.toContain('desk.');
    }
  });

  it('say what every agent status means for receiving work, in both languages', () => {
    for (const code of ['D', 'A', 'E', 'G', 'P']) {
      for (const language of ['es', 'en']) {
        expect(i18n.getFixedT(language)(`desk.status.meaning.${code}`)).not.toContain('desk.');
      }
    }
    expect(i18n.getFixedT('es')('desk.status.meaning.A')).toContain('recibe casos nuevos');
    expect(i18n.getFixedT('en')('desk.status.meaning.P')).toContain('no new tickets');
    expect(i18n.getFixedT('en')('desk.status.meaning.D')).toContain('open tickets stay assigned');
  });
});
