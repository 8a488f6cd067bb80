import type { Campaign, SoftphoneCredentials, VoiceStatus } from '@atiende/contracts';
import { useSyncExternalStore } from 'react';
import { api, isOk } from '../../api/client';
import { getSelectedCampaign } from '../../app/campaign';
import { getSession, subscribeSession } from '../../core/session';
import { createSoftphoneEngine, type SoftphoneState } from './engine';
import { createBrowserMedia } from './media';
import { createRingtone } from './ringtone';
import { getSoftphoneSettings, subscribeSoftphoneSettings } from './settings';

/**
 * The selected campaign's auto-answer (spec: softphone_auto_answer, softphone_auto_answer_time in ms), read when a
 * call rings so a change a supervisor just saved applies: null when the campaign does not answer by itself.
 */
async function autoAnswerDelayMs(): Promise<number | null> {
  const selected = getSelectedCampaign();
  if (!selected) return null;
  const answer = await api.get<Campaign>(`campaigns/${selected.id}`);
  if (!isOk(answer) || !answer.result.config.softphoneAutoAnswer) return null;
  return Math.max(0, answer.result.config.softphoneAutoAnswerTimeMs);
}

const media = createBrowserMedia();
subscribeSoftphoneSettings(() => media.applySettings());

/** This tab's softphone: one user agent, started by the header (SoftphoneLauncher) for users with an extension. */
export const softphone = createSoftphoneEngine({
  getStatus: () => api.get<VoiceStatus>('voice/status'),
  // The password stays in this module's memory: never stored, never logged.
  getCredentials: () => api.post<SoftphoneCredentials>('voice/credentials'),
  createUA: async (credentials) => (await import('./jssipAgent')).createJssipAgent(credentials),
  autoAnswerDelayMs,
  ringtone: createRingtone(getSoftphoneSettings),
  media,
  now: () => Date.now(),
});

// Logout (or a revoked session) stops the user agent, which unregisters.
subscribeSession(() => {
  if (!getSession().token) softphone.stop();
});

if (typeof window !== 'undefined') {
  // Leaving the page for good unregisters at once rather than letting the registration lapse.
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) softphone.stop();
  });
}

export function useSoftphone(): SoftphoneState {
  return useSyncExternalStore(softphone.subscribe, softphone.getState, softphone.getState);
}
