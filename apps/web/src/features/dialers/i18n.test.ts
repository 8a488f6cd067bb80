import {
  DIALER_ACCOUNT_STATUSES,
  DIALER_ACTIONS,
  DIALER_OUTCOMES,
  DIALER_STATUSES,
  DIALER_TYPES,
} from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
// The contracts' source, to find every message key it names.
import source from '../../../../../packages/contracts/src/dialers/dialers.ts?raw';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

/** The `i18n:dialers.*` message keys the contracts' dialer schemas use (the server sends them translated too). */
function contractKeys(): string[] {
  const direct = [...source.matchAll(/\$\{M\}([a-zA-Z]+)/g)].map((match) => `dialers.${match[1]}`);
  // count('channels') → `${M}${field}Range`.
  const ranges = [...source.matchAll(/count\('([a-z]+)'\)/g)].map((match) => `dialers.${match[1]}Range`);
  return [...new Set([...direct.filter((key) => !key.endsWith('.')), ...ranges])];
}

describe('dialers texts', () => {
  it('es and en have the same keys under dialers', () => {
    expect(Object.keys(es)).toEqual(['dialers']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('translate every validation message of the contracts in both languages', () => {
    const keys = contractKeys();
    expect(keys).toEqual(
      expect.arrayContaining(['dialers.channelsRange', 'dialers.ringsRange', 'dialers.labelRequired']),
    );
    for (const language of ['es', 'en']) {
      const t = i18n.getFixedT(language);
      for (const key of keys) expect(t(key), `${language}: ${key}`).not.toBe(key);
    }
  });

  it('name every status, account status, outcome, type and action, and carry the spec’s help texts', () => {
    for (const language of ['es', 'en']) {
      const t = i18n.getFixedT(language);
      for (const status of DIALER_STATUSES) expect(t(`dialers.statuses.${status}`)).not.toContain('dialers.');
      for (const status of DIALER_ACCOUNT_STATUSES)
        expect(t(`dialers.accountStatuses.${status}`)).not.toContain('dialers.');
      for (const outcome of DIALER_OUTCOMES) expect(t(`dialers.outcomes.${outcome}`)).not.toContain('dialers.');
      for (const type of DIALER_TYPES) {
        expect(t(`dialers.types.${type}`)).not.toContain('dialers.');
        expect(t(`dialers.typeHelp.${type}`)).not.toContain('dialers.');
      }
      for (const action of DIALER_ACTIONS) {
        expect(t(`dialers.actions.${action}`)).not.toContain('dialers.');
        expect(t(`dialers.actions.done.${action}`)).not.toContain('dialers.');
        expect(t(`dialers.actions.confirm.${action}`, { label: 'X' })).toContain('X');
      }
    }
    const en = i18n.getFixedT('en');
    expect(en('dialers.help.channels')).toMatch(/maximum telephone channels/);
    expect(en('dialers.help.parallels')).toBe('Parallel calls per agent');
    expect(en('dialers.help.tries')).toBe('Attempts per customer');
    expect(en('dialers.help.rings')).toMatch(/rings per call to count it as abandonment/);
    expect(i18n.getFixedT('es')('dialers.view.telephonyOff.title')).toBe('La telefonía no está configurada');
  });
});
