import {
  CONDITION_FIELDS,
  CONDITION_OPERATORS,
  DURATION_UNITS,
  RULE_ACTION_OUTCOMES,
  RULE_ACTION_TYPES,
  RULE_EXECUTION_STATUSES,
  RULE_KINDS,
  RULE_TRIGGER_EVENTS,
  SEGMENTATION_KINDS,
  SEGMENTATION_TRIGGERS,
  type SegmentationRun,
  STATIC_CONDITION_FIELDS,
} from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
// Gender names come from the customers module, which the condition builder loads.
import '../customers/i18n';
import { allOperatorLabelKeys, entityLabelKey, enumLabelKey, FIELD_ENTITIES, fieldLabelKey } from './conditions/labels';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

/** The validation messages the contracts' automation schemas give (`${M}key` with `M = 'i18n:automation.x.'`). */
const contractSources = import.meta.glob('../../../../../packages/contracts/src/automation/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function contractMessageKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(contractSources)) {
    const prefix = /const M = 'i18n:(automation\.[a-z]+\.)'/.exec(source)?.[1];
    if (prefix) for (const match of source.matchAll(/\$\{M\}(\w+)/g)) keys.add(`${prefix}${match[1]}`);
    for (const match of source.matchAll(/'i18n:(automation\.[\w.]*\w)'/g)) keys.add(match[1]);
  }
  return [...keys];
}

const BRIEF_KEYS = {
  conditions: [
    'valueDatetime',
    'valueDate',
    'valueRequired',
    'valueNumber',
    'valueBoolean',
    'valueOption',
    'valueReference',
    'betweenOrder',
    'operator',
    'field',
    'type',
    'tooDeep',
    'tooMany',
    'changedToNeedsEvent',
  ],
  rules: [
    'referenceRequired',
    'webhookUrl',
    'textRequired',
    'emailInvalid',
    'emailRequired',
    'secretLength',
    'nameRequired',
    'actionRequired',
    'triggerRequired',
    'everyRequired',
  ],
  segmentation: ['segmentNameRequired', 'segmentRequired', 'startRequired', 'frequencyRequired', 'sameCampaign'],
};

function expectTranslated(keys: readonly string[]) {
  for (const language of ['es', 'en']) {
    const t = i18n.getFixedT(language);
    for (const key of keys) expect(t(key), `${language}: ${key}`).not.toBe(key);
  }
}

describe('automation texts', () => {
  it('es and en have the same keys under automation', () => {
    expect(Object.keys(es)).toEqual(['automation']);
    expect(Object.keys(en)).toEqual(['automation']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('carry every validation message of the contracts', () => {
    const found = contractMessageKeys();
    // The scan sees the schemas (a sanity check that it reads them at all).
    expect(found).toContain('automation.conditions.valueOption');
    expect(found).toContain('automation.rules.secretLength');
    expect(found).toContain('automation.segmentation.sameCampaign');
    expectTranslated(found);
    expectTranslated([
      ...BRIEF_KEYS.conditions.map((key) => `automation.conditions.${key}`),
      ...BRIEF_KEYS.rules.map((key) => `automation.rules.${key}`),
      ...BRIEF_KEYS.segmentation.map((key) => `automation.segmentation.${key}`),
    ]);
  });

  it('name every field, entity, operator and enumeration value of the builder', () => {
    expectTranslated(STATIC_CONDITION_FIELDS.map(fieldLabelKey));
    expectTranslated(FIELD_ENTITIES.map(entityLabelKey));
    expectTranslated(CONDITION_OPERATORS.map((operator) => `automation.operators.${operator}`));
    expectTranslated(allOperatorLabelKeys());
    expectTranslated(Object.keys(DURATION_UNITS).map((unit) => `automation.units.${unit}`));
    const enumKeys = Object.entries(CONDITION_FIELDS).flatMap(([field, descriptor]) =>
      'options' in descriptor ? descriptor.options.map((option) => enumLabelKey(field, option)) : [],
    );
    expect(enumKeys).toContain('tickets.status.closed');
    expect(enumKeys).toContain('customers.genders.no-info');
    expect(enumKeys).toContain('automation.values.message.direction.0');
    expectTranslated(enumKeys);
  });

  it('name every kind, event, action, outcome and status of the rules', () => {
    expectTranslated(RULE_KINDS.map((kind) => `automation.kinds.${kind}`));
    expectTranslated([...RULE_TRIGGER_EVENTS, 'schedule'].map((event) => `automation.events.${event}`));
    expectTranslated(RULE_ACTION_TYPES.map((type) => `automation.actions.types.${type}`));
    expectTranslated(RULE_ACTION_OUTCOMES.map((outcome) => `automation.executions.outcomes.${outcome}`));
    expectTranslated(RULE_EXECUTION_STATUSES.map((status) => `automation.executions.statuses.${status}`));
  });

  it('name every kind, event and run trigger of the segmentations', () => {
    expectTranslated(SEGMENTATION_KINDS.map((kind) => `automation.segmentation.kinds.${kind}`));
    expectTranslated(SEGMENTATION_KINDS.map((kind) => `automation.segmentation.kinds.${kind}Help`));
    expectTranslated(SEGMENTATION_TRIGGERS.map((event) => `automation.segmentation.triggers.${event}`));
    const runTriggers: SegmentationRun['trigger'][] = ['schedule', 'manual', ...SEGMENTATION_TRIGGERS];
    expectTranslated(runTriggers.map((trigger) => `automation.segmentation.runTriggers.${trigger}`));
  });

  it('say the server’s segmentation texts, counting the tickets a run moved', () => {
    const es = i18n.getFixedT('es');
    const en = i18n.getFixedT('en');
    expect(es('automation.segmentation.saved')).toBe('Segmentación guardada');
    expect(en('automation.segmentation.deleted')).toBe('Segmentation deleted');
    expect(es('automation.segmentation.ran', { count: 12 })).toBe('Segmentación ejecutada: 12 casos movidos');
    expect(es('automation.segmentation.ran', { count: 1 })).toBe('Segmentación ejecutada: 1 caso movido');
    expect(en('automation.segmentation.ran', { count: 0 })).toBe('Segmentation run: 0 tickets moved');
    expect(en('automation.segmentation.segmentNameRequired')).toBe('Enter the segment’s name');
  });

  it('count the preview in the UI language', () => {
    expect(i18n.getFixedT('en')('automation.preview.result', { count: 1, shown: '1' })).toBe(
      '1 open ticket meets the conditions now',
    );
    expect(i18n.getFixedT('es')('automation.preview.result', { count: 1200, shown: '1200' })).toBe(
      '1200 casos abiertos cumplen ahora las condiciones',
    );
    expect(i18n.getFixedT('es')('automation.preview.capped', { count: 10_000, shown: '10.000' })).toBe(
      'Más de 10.000 casos abiertos cumplen ahora las condiciones',
    );
  });
});
