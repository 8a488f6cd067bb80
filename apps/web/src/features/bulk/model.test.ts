import { bulkMessageBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_WIZARD,
  errorsOfStep,
  fillSample,
  firstStepWithErrors,
  localToIso,
  setCampaign,
  setTemplate,
  stepOfField,
  toggleSelected,
  toggleShown,
  unknownBulkVariables,
  wizardBody,
} from './model';

const template = {
  id: 51,
  name: 'promo',
  language: 'es',
  headerText: null,
  body: 'Hola {{1}}, {{2}}',
  footer: null,
  variables: 2,
  headerType: 'none' as const,
  media: null,
  buttons: [],
};

describe('bulk wizard model', () => {
  it('sends only what the channel type uses', () => {
    const state = {
      ...EMPTY_WIZARD,
      name: 'Promo',
      campaignId: 3,
      channelId: 11,
      whatsappTemplateId: 51,
      templateValues: ['{{cliente.nombre}}', '10%'],
      subject: 'Asunto',
      message: 'Hola',
    };
    expect(wizardBody(state, 'whatsapp')).toMatchObject({
      whatsappTemplateId: 51,
      templateValues: ['{{cliente.nombre}}', '10%'],
      subject: null,
      message: null,
    });
    expect(wizardBody(state, 'sms')).toMatchObject({
      whatsappTemplateId: null,
      templateValues: [],
      subject: null,
      message: 'Hola',
    });
    expect(wizardBody(state, 'email')).toMatchObject({ subject: 'Asunto', message: 'Hola' });
    expect(bulkMessageBodySchema.safeParse(wizardBody(state, 'sms')).success).toBe(true);
  });

  it('sends the selected accounts only when it goes to them', () => {
    const accounts = { ...EMPTY_WIZARD.accounts, customerIds: [4, 5] };
    expect(wizardBody({ ...EMPTY_WIZARD, accounts }, 'sms').accounts?.customerIds).toEqual([]);
    expect(
      wizardBody({ ...EMPTY_WIZARD, accounts: { ...accounts, sendTo: 'selected' } }, 'sms').accounts?.customerIds,
    ).toEqual([4, 5]);
  });

  it('turns the frequency into the contract’s shape, the programmed time with its offset', () => {
    expect(wizardBody({ ...EMPTY_WIZARD, frequency: 'permanent', everyHours: '6' }, null).frequency).toEqual({
      kind: 'permanent',
      everyHours: 6,
    });
    const at = localToIso('2026-12-01T09:30');
    expect(at).toMatch(/^2026-12-01T09:30:00[+-]\d\d:\d\d$/);
    expect(new Date(at).getTime()).toBe(new Date(2026, 11, 1, 9, 30).getTime());
    expect(localToIso('')).toBe('');
    const parsed = bulkMessageBodySchema.shape.frequency.safeParse({ kind: 'programmed', at });
    expect(parsed.success).toBe(true);
  });

  it('keeps one value per template variable and starts over with another campaign', () => {
    const withValues = setTemplate({ ...EMPTY_WIZARD, templateValues: ['a'] }, template);
    expect(withValues.templateValues).toEqual(['a', '']);
    const moved = setCampaign({ ...withValues, campaignId: 3, channelId: 11 }, 4);
    expect(moved).toMatchObject({ campaignId: 4, channelId: null, whatsappTemplateId: null, templateValues: [] });
  });

  it('maps each field to the step that holds it', () => {
    expect(stepOfField('name')).toBe('basic');
    expect(stepOfField('frequency.everyHours')).toBe('basic');
    expect(stepOfField('templateValues.1')).toBe('message');
    expect(stepOfField('accounts.customerIds')).toBe('accounts');
    const errors = { 'templateValues.0': 'x', 'accounts.customerIds': 'y' };
    expect(firstStepWithErrors(errors)).toBe('message');
    expect(errorsOfStep(errors, 'accounts')).toEqual({ 'accounts.customerIds': 'y' });
  });

  it('fills the sample customer and names unknown variables', () => {
    expect(fillSample('Hola {{cliente.nombre}} de {{empresa.nombre}}', 'es')).toBe('Hola María de Atiende');
    expect(fillSample('Hi {{cliente.nombre}}', 'en')).toBe('Hi Mary');
    expect(unknownBulkVariables('{{agente.nombre}} {{cliente.nombre}} {{nada}}')).toEqual(['agente.nombre', 'nada']);
  });

  it('selects accounts up to the maximum', () => {
    expect(toggleSelected([1, 2], 3, true, 3)).toEqual([1, 2, 3]);
    expect(toggleSelected([1, 2, 3], 4, true, 3)).toEqual([1, 2, 3]);
    expect(toggleSelected([1, 2, 3], 2, false, 3)).toEqual([1, 3]);
    expect(toggleShown([1], [1, 2, 3, 4], true, 3)).toEqual([1, 2, 3]);
    expect(toggleShown([1, 2, 9], [1, 2, 3], false, 3)).toEqual([9]);
  });
});
