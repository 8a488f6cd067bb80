import {
  BOT_ACTIONS,
  BOT_CATCH_OPERATORS,
  BOT_FLOW_PROBLEMS,
  BOT_NODE_TYPES,
  BOT_VALIDATORS,
} from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
// The contracts' source, to find every message key it names.
import source from '../../../../../packages/contracts/src/bots/flow.ts?raw';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('bot builder texts', () => {
  it('es and en have the same keys', () => {
    expect(Object.keys(es)).toEqual(['botBuilder', 'bots']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('translate every validation message of the contracts and every publishing problem', () => {
    const keys = [...source.matchAll(/'i18n:(bots\.[a-zA-Z.]+)'/g)].map((match) => match[1]);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    for (const language of ['es', 'en']) {
      const t = i18n.getFixedT(language);
      for (const key of keys) expect(t(key), `${language}: ${key}`).not.toBe(key);
      for (const code of BOT_FLOW_PROBLEMS) expect(t(`bots.problems.${code}`)).not.toContain('bots.');
    }
    expect(i18n.getFixedT('es')('bots.problems.unreachable')).toBe('Ningún camino llega a este nodo');
    expect(i18n.getFixedT('es')('bots.needsNode')).toBe('El bot necesita al menos un nodo');
  });

  it('name every node type, action, validator and operator, and keep the audit log field names', () => {
    for (const language of ['es', 'en']) {
      const t = i18n.getFixedT(language);
      for (const type of BOT_NODE_TYPES) expect(t(`botBuilder.types.${type}`)).not.toContain('botBuilder.');
      for (const action of BOT_ACTIONS) expect(t(`botBuilder.actions.${action}`)).not.toContain('botBuilder.');
      for (const kind of BOT_VALIDATORS) expect(t(`botBuilder.validators.${kind}`)).not.toContain('botBuilder.');
      for (const op of BOT_CATCH_OPERATORS) expect(t(`botBuilder.operators.${op}`)).not.toContain('botBuilder.');
      expect(t('bots.fields.version')).not.toContain('bots.');
    }
    expect(i18n.getFixedT('es')('botBuilder.types.catch')).toBe('Condición');
    expect(i18n.getFixedT('en')('botBuilder.types.fallback')).toBe('Fallback');
  });
});
