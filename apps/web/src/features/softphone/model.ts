import type { SoftphoneCall, SoftphoneState } from './engine';

/** The header dot: in a call (red), registered (green), registering (amber) or unregistered (grey). */
export type SoftphoneDot = 'incall' | 'registered' | 'registering' | 'unregistered';

export function dotOf(state: Pick<SoftphoneState, 'call' | 'registration' | 'availability'>): SoftphoneDot {
  if (state.call && state.call.state !== 'ended') return 'incall';
  if (state.registration === 'REGISTERED') return 'registered';
  if (state.registration === 'REGISTERING' || state.availability === 'checking') return 'registering';
  return 'unregistered';
}

/** Theme colours of the dot (palette tokens: they follow light and dark). */
export const DOT_COLORS: Record<SoftphoneDot, string> = {
  incall: 'error.main',
  registered: 'success.main',
  registering: 'warning.main',
  unregistered: 'grey.500',
};

/** mm:ss (minutes go past 59 on long calls). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** How long the call has lasted at `now` (frozen once it ended); null before it was confirmed. */
export function callDuration(call: SoftphoneCall, now: number): number | null {
  if (call.confirmedAt === null) return null;
  return (call.endedAt ?? now) - call.confirmedAt;
}

/** Whole seconds left before the auto-answer (rounded up), or null. */
export function secondsLeft(at: number | null, now: number): number | null {
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
