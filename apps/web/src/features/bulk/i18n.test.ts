import { BULK_ACTIONS, BULK_RECIPIENT_STATUSES, BULK_STATUSES } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
// The contracts' source, to find every message key it names.
import source from '../../../../../packages/contracts/src/messaging/bulk.ts?raw';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

/** The `i18n:bulk.*` message keys the contracts' bulk schemas use (the server sends them translated too). */
function contractKeys(): string[] {
  return [...source.matchAll(/\$\{M\}([a-zA-Z]+)/g)].map((match) => `bulk.${match[1]}`);
}

describe('bulk messaging texts', () => {
  it('es and en have the same keys under bulk', () => {
    expect(Object.keys(es)).toEqual(['bulk']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('translate every validation message of the contracts in both languages', () => {
    const keys = contractKeys();
    expect(keys.length).toBeGreaterThan(10);
    for (const language of ['es', 'en']) {
      const t = i18n.getFixedT(language);
      for (const key of keys) expect(t(key), `${language}: ${key}`).not.toBe(key);
    }
  });

  it('name every status, recipient status and action', () => {
    for (const language of ['es', 'en']) {
      const t = i18n.getFixedT(language);
      for (const status of BULK_STATUSES) expect(t(`bulk.statuses.${status}`)).not.toContain('bulk.');
      for (const status of BULK_RECIPIENT_STATUSES)
        expect(t(`bulk.recipientStatuses.${status}`)).not.toContain('bulk.');
      for (const action of BULK_ACTIONS) {
        expect(t(`bulk.actions.${action}`)).not.toContain('bulk.');
        expect(t(`bulk.actions.done.${action}`)).not.toContain('bulk.');
      }
    }
  });

  it('carry the spec’s warning before saving', () => {
    expect(i18n.getFixedT('es')('bulk.wizard.warning.text')).toMatch(/no se puede modificar después de guardarlo/);
    expect(i18n.getFixedT('en')('bulk.wizard.warning.text')).toMatch(/cannot be changed after it is saved/);
  });
});
