import { describe, expect, it } from 'vitest';
import i18n from '../../core/i18n';
import { roleLabel } from './roleLabel';

describe('roleLabel', () => {
  it('names a built-in role in the UI language while it keeps its default label, else shows the label written', () => {
    const en = i18n.getFixedT('en');
    const es = i18n.getFixedT('es');
    expect(roleLabel({ name: 'admin', label: 'Administrador' }, en)).toBe('Administrator');
    expect(roleLabel({ name: 'agent', label: 'Agente' }, en)).toBe('Agent');
    expect(roleLabel({ name: 'agent', label: 'Agente' }, es)).toBe('Agente');
    expect(roleLabel({ name: 'super', label: 'Coordinación' }, en)).toBe('Coordinación');
    expect(roleLabel({ name: 'calidad', label: 'Calidad' }, en)).toBe('Calidad');
  });
});
