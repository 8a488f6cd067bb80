import { STORAGE_KEYS } from '@atiende/contracts';
import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../core/storage';

/**
 * The softphone's audio choices (spec: "Volume audio 100, mic 100; devices"), kept in localStorage under
 * STORAGE_KEYS.softphone next to what the login stored there (merged, never replaced). Only device ids and volumes:
 * credentials live in memory only.
 */
export interface SoftphoneSettings {
  /** `deviceId` of the chosen microphone; '' is the browser's default. */
  microphoneId: string;
  /** `deviceId` of the chosen speaker (HTMLMediaElement.setSinkId); '' is the default. */
  speakerId: string;
  /** 0-100. */
  speakerVolume: number;
  /** 0-100, applied through a WebAudio gain on the microphone. */
  microphoneVolume: number;
}

export const DEFAULT_SETTINGS: SoftphoneSettings = {
  microphoneId: '',
  speakerId: '',
  speakerVolume: 100,
  microphoneVolume: 100,
};

const volume = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : fallback;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function stored(): Record<string, unknown> {
  const value = readJson<unknown>(STORAGE_KEYS.softphone);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function read(): SoftphoneSettings {
  const value = stored();
  return {
    microphoneId: text(value.microphoneId),
    speakerId: text(value.speakerId),
    speakerVolume: volume(value.speakerVolume, DEFAULT_SETTINGS.speakerVolume),
    microphoneVolume: volume(value.microphoneVolume, DEFAULT_SETTINGS.microphoneVolume),
  };
}

let current: SoftphoneSettings = read();
const listeners = new Set<() => void>();

export function getSoftphoneSettings(): SoftphoneSettings {
  return current;
}

export function updateSoftphoneSettings(patch: Partial<SoftphoneSettings>): void {
  current = { ...current, ...patch };
  writeJson(STORAGE_KEYS.softphone, { ...stored(), ...current });
  for (const listener of listeners) listener();
}

export function subscribeSoftphoneSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSoftphoneSettings(): SoftphoneSettings {
  return useSyncExternalStore(subscribeSoftphoneSettings, getSoftphoneSettings, getSoftphoneSettings);
}

/** Reads the stored choices again (another tab, or a new login that rewrote the key). */
export function reloadSoftphoneSettings(): void {
  current = read();
  for (const listener of listeners) listener();
}
