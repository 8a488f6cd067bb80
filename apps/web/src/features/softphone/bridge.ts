import type { SoftphoneCallEvent } from '@atiende/contracts';

/**
 * What other features may reach without loading the softphone (index.ts): whether it runs in this tab and the call
 * events it reports. The engine writes here; the engine, the panel, JsSIP and the texts load on their own (dynamic
 * import) only for users of a business with WebRTC and an extension.
 */

let available = false;
const availabilityListeners = new Set<() => void>();

/** The engine says whether the softphone can place calls in this tab (started, telephony configured). */
export function setSoftphoneAvailable(value: boolean): void {
  if (available === value) return;
  available = value;
  for (const listener of availabilityListeners) listener();
}

export function isSoftphoneAvailable(): boolean {
  return available;
}

export function subscribeSoftphoneAvailable(listener: () => void): () => void {
  availabilityListeners.add(listener);
  return () => availabilityListeners.delete(listener);
}

/** What the features' call buttons dial: the number without spaces, dots, dashes or parentheses. */
export function normalizeDialNumber(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

export interface SoftphoneCallNotice {
  event: SoftphoneCallEvent;
  direction: 'incoming' | 'outgoing';
  /** The remote party's number (SIP user part) and display name. */
  number: string;
  displayName: string;
}

const callListeners = new Set<(notice: SoftphoneCallNotice) => void>();

/** Hears the softphone's call events (spec section 4): incoming_call, call_connected, call_ended, call_rejected. */
export function onSoftphoneCallEvent(listener: (notice: SoftphoneCallNotice) => void): () => void {
  callListeners.add(listener);
  return () => callListeners.delete(listener);
}

export function emitSoftphoneCallEvent(notice: SoftphoneCallNotice): void {
  for (const listener of callListeners) {
    try {
      listener(notice);
    } catch {
      // A listener's failure is its own: the call goes on.
    }
  }
}
