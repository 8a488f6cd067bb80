import { STORAGE_KEYS, type UserCampaign } from '@atiende/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { filterCampaigns, getSelectedCampaign, resolveSelected, setSelectedCampaign } from './campaign';

const campaigns: UserCampaign[] = [
  { id: 1, nombre: 'Ventas Bogotá', tipo: 'inbound', rol: 'agent' },
  { id: 2, nombre: 'COBRANZA', tipo: 'outbound', rol: 'supervisor' },
  { id: 3, nombre: 'Soporte', tipo: 'blended', rol: 'admin' },
];

afterEach(() => window.localStorage.clear());

describe('campaign switcher', () => {
  it('filters by name ignoring case and accents', () => {
    expect(filterCampaigns(campaigns, 'cobr').map((c) => c.id)).toEqual([2]);
    expect(filterCampaigns(campaigns, 'BOGOTA').map((c) => c.id)).toEqual([1]);
    expect(filterCampaigns(campaigns, '  ')).toHaveLength(3);
    expect(filterCampaigns(campaigns, 'zzz')).toEqual([]);
  });

  it('remembers the choice in localStorage', () => {
    setSelectedCampaign(campaigns[1] as UserCampaign);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.selectedCampaign) ?? 'null')).toMatchObject({ id: 2 });
    expect(getSelectedCampaign()?.id).toBe(2);
    setSelectedCampaign(null);
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedCampaign)).toBeNull();
    expect(getSelectedCampaign()).toBeNull();
  });

  it('keeps the stored choice only while it is one of the user campaigns', () => {
    const stored = { ...(campaigns[0] as UserCampaign), nombre: 'old name' };
    expect(resolveSelected(undefined, stored)).toBe(stored);
    expect(resolveSelected(campaigns, stored)?.nombre).toBe('Ventas Bogotá');
    expect(resolveSelected(campaigns, { ...stored, id: 99 })).toBeNull();
    expect(resolveSelected(campaigns, null)).toBeNull();
  });
});
