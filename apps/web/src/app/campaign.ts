import { STORAGE_KEYS, type UserCampaign } from '@atiende/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { api, unwrap } from '../api/client';
import { useSession } from '../core/session';
import { readJson, writeJson, writeString } from '../core/storage';

/**
 * The campaign the signed-in user works in (header switcher). Kept in localStorage under
 * STORAGE_KEYS.selectedCampaign as the UserCampaign object; other features read it with useSelectedCampaign().
 */
export const userCampaignKeys = {
  /** Under the campaigns feature's root key, so saving a campaign refreshes the switcher too. */
  mine: (token: string | null) => ['campaigns', 'mine', token] as const,
};

const listeners = new Set<() => void>();
let stored: UserCampaign | null = readStored();

function readStored(): UserCampaign | null {
  const value = readJson<UserCampaign>(STORAGE_KEYS.selectedCampaign);
  return value && typeof value === 'object' && typeof value.id === 'number' ? value : null;
}

function emit(): void {
  stored = readStored();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSelectedCampaign(): UserCampaign | null {
  return stored;
}

export function setSelectedCampaign(campaign: UserCampaign | null): void {
  if (campaign) writeJson(STORAGE_KEYS.selectedCampaign, campaign);
  else writeString(STORAGE_KEYS.selectedCampaign, null);
  emit();
}

if (typeof window !== 'undefined') {
  // Another tab switched campaign (or a new user cleared it at login).
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.selectedCampaign) emit();
  });
}

/** Campaigns whose name contains `text`, ignoring case and accents. */
export function filterCampaigns(campaigns: readonly UserCampaign[], text: string): UserCampaign[] {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const needle = fold(text.trim());
  if (!needle) return [...campaigns];
  return campaigns.filter((campaign) => fold(campaign.nombre).includes(needle));
}

/** The stored choice when it is still one of the user's campaigns (fresh name and role), else null. */
export function resolveSelected(
  campaigns: readonly UserCampaign[] | undefined,
  choice: UserCampaign | null,
): UserCampaign | null {
  if (!choice) return null;
  if (!campaigns) return choice;
  return campaigns.find((campaign) => campaign.id === choice.id) ?? null;
}

/** `GET supervision/obtenerCampanas`: the signed-in user's campaigns. */
export function useUserCampaigns() {
  const { token } = useSession();
  return useQuery({
    queryKey: userCampaignKeys.mine(token),
    queryFn: () => unwrap(api.get<UserCampaign[]>('supervision/obtenerCampanas')),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

/** The selected campaign (validated against the user's campaigns once they are loaded) and a setter. */
export function useSelectedCampaign() {
  const choice = useSyncExternalStore(subscribe, getSelectedCampaign, getSelectedCampaign);
  const campaigns = useUserCampaigns();
  const campaign = useMemo(() => resolveSelected(campaigns.data, choice), [campaigns.data, choice]);
  const select = useCallback((next: UserCampaign | null) => setSelectedCampaign(next), []);
  return { campaign, campaignId: campaign?.id ?? null, select, campaigns };
}
