import { describe, expect, it } from 'vitest';
import { buildFormValuesSchema, dynamicFormBodySchema, type FormField, formFieldSchema } from './forms.js';

const field = (overrides: Partial<FormField> & Pick<FormField, 'key' | 'type'>): FormField =>
  formFieldSchema.parse({ label: overrides.key, ...overrides });

describe('dynamic form definitions', () => {
  it('refuse empty fields and empty options with the spec’s message', () => {
    const empty = dynamicFormBodySchema.safeParse({
      name: 'Encuesta',
      fields: [{ key: 'motivo', label: 'Motivo', type: 'list', options: [{ label: '' }] }],
    });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => issue.message)).toContain('i18n:forms.emptyFieldsOrOptions');
    const noOptions = dynamicFormBodySchema.safeParse({ name: 'X', fields: [{ key: 'a', label: 'A', type: 'radio' }] });
    expect(noOptions.error?.issues[0].message).toBe('i18n:forms.emptyFieldsOrOptions');
    const noFields = dynamicFormBodySchema.safeParse({ name: 'X', fields: [] });
    expect(noFields.success).toBe(false);
  });
});

describe('filled forms', () => {
  const fields = [
    field({ key: 'motivo', type: 'list', required: true, options: [{ label: 'Compra' }, { label: 'Queja' }] }),
    field({ key: 'monto', type: 'number' }),
    field({ key: 'correo', type: 'email' }),
    field({ key: 'acepta', type: 'checkbox', required: true }),
    field({
      key: 'zona',
      type: 'multilevel',
      options: [{ label: 'Colombia', children: [{ label: 'Bogotá' }, { label: 'Cali' }] }],
    }),
  ];
  const schema = buildFormValuesSchema(fields);

  it('accepts valid values and coerces numbers', () => {
    const result = schema.safeParse({ motivo: 'Compra', monto: '12.5', acepta: true, zona: ['Colombia', 'Cali'] });
    expect(result.success).toBe(true);
    expect(result.data?.monto).toBe(12.5);
  });

  it('names what is wrong per field', () => {
    const result = schema.safeParse({ motivo: 'Otra', monto: 'abc', correo: 'x', acepta: false, zona: ['Perú'] });
    const byField = Object.fromEntries(result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(byField).toEqual({
      motivo: 'i18n:forms.valueOption',
      monto: 'i18n:forms.valueNumber',
      correo: 'i18n:forms.valueEmail',
      acepta: 'i18n:forms.valueRequired',
      zona: 'i18n:forms.valueOption',
    });
  });

  it('requires required fields and lets optional ones be blank', () => {
    const result = schema.safeParse({ motivo: '', monto: '', acepta: true });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['motivo', 'i18n:forms.valueRequired'],
    ]);
  });
});
