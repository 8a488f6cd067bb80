import { useSyncExternalStore } from 'react';

/**
 * The new-ticket sound: two short tones made with the Web Audio API (no audio file). Every play is counted so the
 * page can expose it (`data-testid="pending-sound"`, `data-count`), which the browser tests read.
 */
let plays = 0;
let context: AudioContext | null = null;
const listeners = new Set<() => void>();

type AudioContextConstructor = new () => AudioContext;

function audioContext(): AudioContext | null {
  if (context) return context;
  const scope = window as unknown as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  const Constructor = scope.AudioContext ?? scope.webkitAudioContext;
  if (!Constructor) return null;
  context = new Constructor();
  return context;
}

function tone(audio: AudioContext, frequency: number, start: number, length: number): void {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.setValueAtTime(frequency, start);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain);
  gain.connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + length + 0.02);
}

export function playPendingSound(): void {
  plays += 1;
  for (const listener of listeners) listener();
  try {
    const audio = audioContext();
    if (!audio) return;
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const now = audio.currentTime;
    tone(audio, 880, now, 0.16);
    tone(audio, 1320, now + 0.18, 0.22);
  } catch {
    // No audio output (or blocked by the browser): the count still tells the page a sound was due.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const count = () => plays;

export function usePendingSoundCount(): number {
  return useSyncExternalStore(subscribe, count, count);
}
