import { REALTIME_EVENTS } from '@atiende/contracts';
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../test/dom';

/** The socket useRealtime opens, standing in for socket.io-client's: it records what is sent and lets tests fire events. */
const fake = vi.hoisted(() => {
  class FakeSocket {
    active = true;
    sent: [string, unknown][] = [];
    handlers = new Map<string, ((payload?: unknown) => void)[]>();
    anyHandlers: ((event: string, payload: unknown) => void)[] = [];
    on(event: string, handler: (payload?: unknown) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    onAny(handler: (event: string, payload: unknown) => void) {
      this.anyHandlers.push(handler);
      return this;
    }
    emit(event: string, payload: unknown) {
      this.sent.push([event, payload]);
      return this;
    }
    /** What the server sends: the socket's own listeners, then every onAny one. */
    receive(event: string, payload?: unknown) {
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
      if (event !== 'connect') for (const handler of this.anyHandlers) handler(event, payload);
    }
    removeAllListeners() {
      this.handlers.clear();
      this.anyHandlers = [];
    }
    connect() {}
    disconnect() {}
  }
  return { FakeSocket, sockets: [] as InstanceType<typeof FakeSocket>[] };
});

vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new fake.FakeSocket();
    fake.sockets.push(socket);
    return socket;
  },
}));

vi.mock('../core/session', () => {
  const session = { token: 'token', sessionId: 'session', user: null, paused: false };
  return { useSession: () => session, getSession: () => session, clearSession: vi.fn() };
});

/** The module afresh: its bookkeeping of sequences is per page load. */
const load = async () => {
  vi.resetModules();
  return import('./realtime');
};

/** A component that opens the socket with the given (freshly loaded) hook, as the app's layout does. */
function Live({ connect }: { connect: () => void }) {
  connect();
  return null;
}

const ticketExit = (seq: number, at?: number) => ({ casoId: seq, seq, ...(at === undefined ? {} : { at }) });

beforeEach(() => {
  fake.sockets.length = 0;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('sequenced realtime events in the browser', () => {
  it('delivers each sequence once and counts nothing before the first', async () => {
    const { acceptSequenced, resumePoint } = await load();
    expect(resumePoint()).toBeNull();
    expect(acceptSequenced({ casoId: 1 })).toBe(true);
    expect(acceptSequenced(ticketExit(7, 1000))).toBe(true);
    expect(acceptSequenced(ticketExit(7, 1000))).toBe(false);
    expect(resumePoint()).toEqual({ lastSeq: 7, lastAt: 1000 });
  });

  it('anchors on the newest event by time, not on the highest sequence (nodes number from blocks of their own)', async () => {
    const { acceptSequenced, resumePoint } = await load();
    // A node whose block is high, then a later event from a node whose block is low.
    acceptSequenced(ticketExit(5001, 1000));
    acceptSequenced(ticketExit(12, 1500));
    expect(resumePoint()).toEqual({ lastSeq: 12, lastAt: 1500 });
    // A replay resends a little of the past: new to this client, but it does not move the anchor back.
    expect(acceptSequenced(ticketExit(4000, 1200))).toBe(true);
    expect(resumePoint()).toEqual({ lastSeq: 12, lastAt: 1500 });
    // Two events stamped in the same millisecond: the one numbered later.
    acceptSequenced(ticketExit(13, 1500));
    expect(resumePoint()).toEqual({ lastSeq: 13, lastAt: 1500 });
  });

  it('falls back to the highest sequence with a server that sends no time', async () => {
    const { acceptSequenced, resumePoint } = await load();
    acceptSequenced(ticketExit(40));
    acceptSequenced(ticketExit(39));
    expect(resumePoint()).toEqual({ lastSeq: 40 });
  });

  it('sends resume with the newest sequence and time on a reconnect, and hands new events to subscribers once', async () => {
    const { onRealtimeEvent, useRealtime } = await load();
    const heard: unknown[] = [];
    const off = onRealtimeEvent(REALTIME_EVENTS.ticketExit, (payload) => heard.push(payload));
    const { root } = mount(createElement(Live, { connect: useRealtime }));
    const [socket] = fake.sockets;
    // The first connection has seen nothing: nothing to resume.
    act(() => socket.receive('connect'));
    expect(socket.sent).toEqual([]);
    act(() => {
      socket.receive(REALTIME_EVENTS.ticketExit, ticketExit(3001, 2000));
      socket.receive(REALTIME_EVENTS.ticketExit, ticketExit(20, 2600));
      socket.receive(REALTIME_EVENTS.ticketExit, ticketExit(20, 2600));
    });
    expect(heard).toEqual([ticketExit(3001, 2000), ticketExit(20, 2600)]);
    act(() => socket.receive('connect'));
    expect(socket.sent).toEqual([['resume', { lastSeq: 20, lastAt: 2600 }]]);
    // The replay: what was already seen is dropped, the missed event is delivered.
    act(() => {
      socket.receive(REALTIME_EVENTS.ticketExit, ticketExit(20, 2600));
      socket.receive(REALTIME_EVENTS.ticketExit, ticketExit(3002, 2700));
    });
    expect(heard).toEqual([ticketExit(3001, 2000), ticketExit(20, 2600), ticketExit(3002, 2700)]);
    act(() => root.unmount());
    off();
  });
});
