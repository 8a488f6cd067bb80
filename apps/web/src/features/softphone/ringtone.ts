import type { SoftphoneSettings } from './settings';
import type { Ringtone } from './types';

type SinkContext = AudioContext & { setSinkId?: (id: string) => Promise<void> };

/** Ring cadence: two 0.4 s bursts 0.2 s apart of two mixed tones (400 + 450 Hz), every 3 s. */
const TONES = [400, 450];
const BURSTS = [0, 0.6];
const BURST_S = 0.4;
const PERIOD_MS = 3000;
/** Loudness at speaker volume 100 (the tones add up). */
const LEVEL = 0.15;

/** The incoming call's ringtone, made with WebAudio oscillators (no sound file to download). */
export function createRingtone(settings: () => SoftphoneSettings): Ringtone {
  let context: SinkContext | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let playing: OscillatorNode[] = [];

  function ring(): void {
    const ctx = context;
    if (!ctx) return;
    const level = (LEVEL * settings().speakerVolume) / 100;
    if (level <= 0) return;
    const gain = ctx.createGain();
    const t0 = ctx.currentTime + 0.02;
    gain.gain.setValueAtTime(0, t0);
    for (const offset of BURSTS) {
      gain.gain.setTargetAtTime(level, t0 + offset, 0.01);
      gain.gain.setTargetAtTime(0, t0 + offset + BURST_S, 0.01);
    }
    gain.connect(ctx.destination);
    for (const frequency of TONES) {
      const oscillator = ctx.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(t0);
      oscillator.stop(t0 + BURSTS[BURSTS.length - 1] + BURST_S + 0.1);
      oscillator.onended = () => {
        oscillator.disconnect();
        playing = playing.filter((node) => node !== oscillator);
        if (playing.length === 0) gain.disconnect();
      };
      playing.push(oscillator);
    }
  }

  return {
    start() {
      if (timer !== null || typeof AudioContext === 'undefined') return;
      try {
        context ??= new AudioContext();
      } catch {
        return;
      }
      const speaker = settings().speakerId;
      if (speaker && context.setSinkId) void context.setSinkId(speaker).catch(() => undefined);
      void context.resume().catch(() => undefined);
      ring();
      timer = setInterval(ring, PERIOD_MS);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      for (const oscillator of playing) {
        try {
          oscillator.stop();
        } catch {
          // Not started or already stopped.
        }
      }
      playing = [];
    },
  };
}
