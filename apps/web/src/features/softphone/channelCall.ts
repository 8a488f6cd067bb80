import { CALL_EVENTS, type CallEvent } from '@atiende/contracts';
import { useSyncExternalStore } from 'react';
import { onRealtimeEvent } from '../../app/realtime';

/**
 * The telephony channel's call this agent is ringing for or talking in, as the server tells it (incoming_call,
 * call_connected, call_ended, call_rejected): who calls and the ticket it was recorded in. The SIP call itself only
 * knows the bridge that carries it.
 */
export interface ChannelCallNotice extends CallEvent {
  event: (typeof CALL_EVENTS)[keyof typeof CALL_EVENTS];
}

let current: ChannelCallNotice | null = null;
const listeners = new Set<() => void>();
let clearTimer: ReturnType<typeof setTimeout> | undefined;

function set(next: ChannelCallNotice | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** How long an ended or rejected call's details stay (the panel closes 2 s after a call ends). */
const KEEP_ENDED_MS = 3000;

/**
 * Listens to the server's call events until the returned function is called; `onConnected` runs when the agent's
 * answer connected them (the desk opens the call's ticket), `onEnded` when the call is over.
 */
export function followChannelCalls(handlers: {
  onConnected(notice: ChannelCallNotice): void;
  onEnded(notice: ChannelCallNotice): void;
}): () => void {
  const receive = (event: ChannelCallNotice['event']) => (payload: CallEvent) => {
    const notice: ChannelCallNotice = { ...payload, event };
    clearTimeout(clearTimer);
    set(notice);
    if (event === CALL_EVENTS.connected) handlers.onConnected(notice);
    if (event === CALL_EVENTS.ended || event === CALL_EVENTS.rejected) {
      if (event === CALL_EVENTS.ended) handlers.onEnded(notice);
      clearTimer = setTimeout(() => set(null), KEEP_ENDED_MS);
    }
  };
  const unsubscribe = [
    onRealtimeEvent(CALL_EVENTS.incoming, receive(CALL_EVENTS.incoming)),
    onRealtimeEvent(CALL_EVENTS.connected, receive(CALL_EVENTS.connected)),
    onRealtimeEvent(CALL_EVENTS.ended, receive(CALL_EVENTS.ended)),
    onRealtimeEvent(CALL_EVENTS.rejected, receive(CALL_EVENTS.rejected)),
  ];
  return () => {
    for (const stop of unsubscribe) stop();
    clearTimeout(clearTimer);
    set(null);
  };
}

/** Whether a SIP call's remote party is one of Atiende's call bridges (a customer's call through a channel). */
export function isBridgeCall(remoteNumber: string): boolean {
  return /^atiende-bridge-\d+-agent$/.test(remoteNumber);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useChannelCall(): ChannelCallNotice | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
