import { PAUSE_REASONS, pauseLabel } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('supervision texts', () => {
  it('es and en have the same keys under supervision', () => {
    expect(Object.keys(es)).toEqual(['supervision']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('every pause reason of the spec has a label in both languages', () => {
    for (const reason of PAUSE_REASONS) {
      expect(es.supervision.pauses).toHaveProperty(pauseLabel(reason));
      expect(en.supervision.pauses).toHaveProperty(pauseLabel(reason));
    }
  });

  it('are merged into the app translation namespace when the module loads', () => {
    expect(i18n.getFixedT('en')('supervision.users.empty')).toBe('No agents in your campaigns');
    expect(i18n.getFixedT('es')('supervision.queues.waiting')).toBe('En espera');
    expect(i18n.getFixedT('en')('agentStatus.P')).toBe('Paused');
  });
});
