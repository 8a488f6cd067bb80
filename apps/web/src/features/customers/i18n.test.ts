import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';
import { withKeyOverrides } from './tableI18n';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('customers texts', () => {
  it('es and en have the same keys under customers', () => {
    expect(Object.keys(es)).toEqual(['customers']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('are merged into the app translation namespace when the module loads', () => {
    expect(i18n.getFixedT('en')('customers.list.empty')).toBe('No customers for the query');
    expect(i18n.getFixedT('es')('customers.list.empty')).toBe('No hay clientes para la consulta');
    expect(i18n.getFixedT('en')('customers.identificationFormat')).not.toBe('customers.identificationFormat');
  });

  it('the table wrapper answers overridden keys with the module text and passes the others through', () => {
    const wrapped = withKeyOverrides(i18n, { 'table.empty': 'customers.list.empty' });
    const t = wrapped.getFixedT('en');
    expect(t('table.empty')).toBe('No customers for the query');
    expect(t('table.rowsPerPage')).toBe(i18n.getFixedT('en')('table.rowsPerPage'));
    expect(wrapped.language).toBe(i18n.language);
  });
});
