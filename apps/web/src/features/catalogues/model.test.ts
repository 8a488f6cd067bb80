import { catalogueEntryBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { asCatalogueModel, EMPTY_CATALOGUE_FORM, formToCatalogueBody } from './model';

describe('catalogue form', () => {
  it('accepts only the nine models', () => {
    expect(asCatalogueModel('ciudad')).toBe('ciudad');
    expect(asCatalogueModel('nope')).toBeNull();
    expect(asCatalogueModel(undefined)).toBeNull();
  });

  it('sends the parent only for cities and label traits only for customer labels', () => {
    const state = { ...EMPTY_CATALOGUE_FORM, name: 'Bogotá', parentId: 4 as const, sortOrder: '3' };
    expect(formToCatalogueBody('ciudad', state)).toMatchObject({ name: 'Bogotá', parentId: 4 });
    expect(formToCatalogueBody('ciudad', state)).not.toHaveProperty('color');
    const label = formToCatalogueBody('customer-label', { ...state, name: 'VIP' });
    expect(label).toMatchObject({ color: '#1976d2', kanban: false, sortOrder: 3 });
    expect(label).not.toHaveProperty('parentId');
    expect(catalogueEntryBodySchema.safeParse(label).success).toBe(true);
  });
});
