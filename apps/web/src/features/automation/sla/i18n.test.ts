import { SLA_METRICS, SLA_PRIORITIES } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from '../../../core/i18n';
import appEn from '../../../locales/en.json';
import appEs from '../../../locales/es.json';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

/** The contracts' SLA schemas, read as text: the `i18n:automation.sla.*` messages they give. */
const contractSource = import.meta.glob('../../../../../../packages/contracts/src/automation/sla.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function contractMessageKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(contractSource)) {
    const prefix = /const M = 'i18n:(automation\.[a-z]+\.)'/.exec(source)?.[1];
    if (prefix) for (const match of source.matchAll(/\$\{M\}(\w+)/g)) keys.add(`${prefix}${match[1]}`);
    for (const match of source.matchAll(/'i18n:(automation\.sla\.[\w.]*\w)'/g)) keys.add(match[1]);
  }
  return [...keys];
}

function expectTranslated(keys: readonly string[]) {
  for (const language of ['es', 'en']) {
    const t = i18n.getFixedT(language);
    for (const key of keys) expect(t(key), `${language}: ${key}`).not.toBe(key);
  }
}

describe('SLA texts', () => {
  it('live under automation.sla, with the same keys in es and en, none empty', () => {
    expect(Object.keys(es)).toEqual(['automation']);
    expect(Object.keys(es.automation)).toEqual(['sla']);
    expect(Object.keys(en.automation)).toEqual(['sla']);
    const keys = flatKeys(es);
    expect(keys.sort()).toEqual(flatKeys(en).sort());
    expectTranslated(keys);
    for (const language of ['es', 'en']) {
      const t = i18n.getFixedT(language);
      for (const key of keys) expect(t(key).trim(), `${language}: ${key}`).not.toBe('');
    }
  });

  it('carry every SLA message of the contracts, with the server’s words', () => {
    const found = contractMessageKeys();
    expect(found).toEqual(expect.arrayContaining(['automation.sla.targetRequired', 'automation.sla.targetInvalid']));
    expectTranslated(found);
    const tEs = i18n.getFixedT('es');
    const tEn = i18n.getFixedT('en');
    expect(tEs('automation.sla.targetRequired')).toBe('Indique al menos un objetivo');
    expect(tEn('automation.sla.targetRequired')).toBe('Set at least one target');
    expect(tEs('automation.sla.targetInvalid')).toBe('Indique horas y minutos (al menos un minuto)');
    expect(tEn('automation.sla.targetInvalid')).toBe('Enter hours and minutes (at least one minute)');
    expect(tEs('automation.sla.saved')).toBe('Regla SLA guardada');
    expect(tEn('automation.sla.saved')).toBe('SLA rule saved');
    expect(tEs('automation.sla.deleted')).toBe('Regla SLA eliminada');
    expect(tEn('automation.sla.deleted')).toBe('SLA rule deleted');
  });

  it('name every metric, and the app names every priority and the menu item', () => {
    expectTranslated(SLA_METRICS.map((metric) => `automation.sla.metrics.${metric}`));
    for (const app of [appEs, appEn]) {
      for (const priority of SLA_PRIORITIES) expect(app.tickets.priority[priority]).toBeTruthy();
      expect(app.menu.items.slaRules).toBeTruthy();
    }
  });

  it('speak to the user as “usted” in Spanish', () => {
    const texts = flatKeys(es).map((key) => i18n.getFixedT('es')(key));
    // Imperatives and pronouns of "tú" that the forms would use.
    const tu = /\b(escribe|elige|indica|deja|puedes|tienes|tu|tus|ti)\b/i;
    for (const text of texts) expect(text, text).not.toMatch(tu);
  });

  it('say the countdowns in both languages', () => {
    expect(i18n.getFixedT('es')('automation.sla.ticket.overdue', { time: '05:12' })).toBe('Vencido hace 05:12');
    expect(i18n.getFixedT('en')('automation.sla.ticket.overdue', { time: '05:12' })).toBe('Overdue by 05:12');
    expect(i18n.getFixedT('es')('automation.sla.ticket.remaining', { time: '14:59' })).toBe('Quedan 14:59');
    expect(i18n.getFixedT('en')('automation.sla.ticket.remaining', { time: '14:59' })).toBe('14:59 left');
  });
});
