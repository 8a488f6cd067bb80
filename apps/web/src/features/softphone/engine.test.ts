import { SOFTPHONE, type SoftphoneCredentials, type VoiceStatus } from '@atiende/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../api/client';
import { isSoftphoneAvailable, onSoftphoneCallEvent, type SoftphoneCallNotice } from './bridge';
import { createSoftphoneEngine, RETRY_MAX_MS, retryDelay, type SoftphoneEngine } from './engine';
import type { CallMediaOptions, NewSessionEvent, SessionLike, SoftphoneDeps, UaLike } from './types';

type Listener = (data: never) => void;

class Emitter {
  private readonly handlers = new Map<string, Set<Listener>>();
  on(event: string, handler: Listener): void {
    const set = this.handlers.get(event) ?? new Set<Listener>();
    set.add(handler);
    this.handlers.set(event, set);
  }
  emit(event: string, data?: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) (handler as (data: unknown) => void)(data);
  }
}

/** A JsSIP RTCSession stand-in: terminate() fails or ends the call at once, as JsSIP does. */
class FakeSession extends Emitter implements SessionLike {
  readonly connection = null;
  readonly remote_identity: SessionLike['remote_identity'];
  ended = false;
  established = false;
  constructor(
    readonly direction: 'incoming' | 'outgoing',
    user: string,
    displayName = '',
  ) {
    super();
    this.remote_identity = { display_name: displayName, uri: { user } };
  }
  answer = vi.fn((_options: CallMediaOptions) => undefined);
  terminate = vi.fn((_options?: { status_code?: number; reason_phrase?: string }) => {
    if (this.ended) return;
    this.ended = true;
    if (this.established) this.emit('ended', { originator: 'local', cause: 'Terminated' });
    else this.emit('failed', { originator: 'local', cause: 'Rejected' });
  });
  hold = vi.fn(() => {
    this.emit('hold', { originator: 'local' });
    return true;
  });
  unhold = vi.fn(() => {
    this.emit('unhold', { originator: 'local' });
    return true;
  });
  mute = vi.fn(() => this.emit('muted', { audio: true }));
  unmute = vi.fn(() => this.emit('unmuted', { audio: true }));
  sendDTMF = vi.fn((_tones: string, _options?: { transportType?: string }) => undefined);
  isEnded = () => this.ended;
  /** The far end answered (outgoing) or the answer went through (incoming). */
  connect(): void {
    this.established = true;
    this.emit('accepted', { originator: 'remote' });
    this.emit('confirmed', { originator: 'local' });
  }
}

/** A JsSIP UA stand-in. */
class FakeUA extends Emitter {
  connected = false;
  registered = false;
  start = vi.fn();
  stop = vi.fn();
  register = vi.fn();
  set = vi.fn((_parameter: string, _value: string) => true);
  isConnected = () => this.connected;
  isRegistered = () => this.registered;
  call = vi.fn((target: string, _options: CallMediaOptions) => {
    const session = new FakeSession('outgoing', target.replace(/^sip:/, '').split('@')[0]);
    this.emit('newRTCSession', { originator: 'local', session } satisfies NewSessionEvent);
    return session;
  });
  /** WebSocket up and REGISTER answered 200. */
  up(): void {
    this.connected = true;
    this.emit('connected');
    this.registered = true;
    this.emit('registered');
  }
  ring(user = '300', displayName = 'Ana Pérez'): FakeSession {
    const session = new FakeSession('incoming', user, displayName);
    this.emit('newRTCSession', { originator: 'remote', session } satisfies NewSessionEvent);
    return session;
  }
}

const ok = <T>(result: T): ApiResult<T> => ({
  statusResult: true,
  status: 'OK',
  code: 'OK',
  message: 'OK',
  result,
  httpStatus: 200,
});
const refused = <T>(httpStatus: number, code: string, message: string): ApiResult<T> => ({
  statusResult: false,
  status: 'ERROR',
  code,
  message,
  result: undefined,
  httpStatus,
});

const HOUR = 60 * 60_000;
let issued = 0;
function credentials(): SoftphoneCredentials {
  issued += 1;
  return {
    extension: '101',
    displayName: 'Agente Uno',
    domain: 'pbx.example.test',
    websocketUrl: 'wss://pbx.example.test:8089/ws',
    authorizationUser: `${Math.floor(Date.now() / 1000) + 4 * 3600}:101`,
    password: `secret-${issued}`,
    realm: 'pbx.example.test',
    expiresAt: new Date(Date.now() + 4 * HOUR).toISOString(),
    iceServers: [{ urls: 'turn:pbx.example.test:3478', username: 'u', credential: 'c' }],
  };
}

interface Harness {
  engine: SoftphoneEngine;
  ua: FakeUA;
  deps: SoftphoneDeps & {
    getStatus: ReturnType<typeof vi.fn>;
    getCredentials: ReturnType<typeof vi.fn>;
    createUA: ReturnType<typeof vi.fn>;
    autoAnswerDelayMs: ReturnType<typeof vi.fn>;
    ringtone: { start: ReturnType<typeof vi.fn>; stop: ReturnType<typeof vi.fn> };
    media: {
      callOptions: ReturnType<typeof vi.fn>;
      attachRemote: ReturnType<typeof vi.fn>;
      release: ReturnType<typeof vi.fn>;
    };
  };
}

function harness(status: Partial<VoiceStatus> = {}): Harness {
  const ua = new FakeUA();
  const deps = {
    getStatus: vi.fn(async () =>
      ok<VoiceStatus>({ configured: true, webrtcEnabled: true, state: 'running', ...status }),
    ),
    getCredentials: vi.fn(async () => ok(credentials())),
    createUA: vi.fn(async () => ua as unknown as UaLike),
    autoAnswerDelayMs: vi.fn(async (): Promise<number | null> => null),
    ringtone: { start: vi.fn(), stop: vi.fn() },
    media: {
      callOptions: vi.fn(
        async (c: SoftphoneCredentials): Promise<CallMediaOptions> => ({
          mediaConstraints: { audio: true, video: false },
          pcConfig: { iceServers: c.iceServers },
        }),
      ),
      attachRemote: vi.fn(),
      release: vi.fn(),
    },
    now: () => Date.now(),
  };
  return { engine: createSoftphoneEngine(deps), ua, deps };
}

/** Lets the engine's awaited calls finish (fake timers: only microtasks run). */
const flush = () => vi.advanceTimersByTimeAsync(0);

async function registered(h: Harness): Promise<void> {
  h.engine.start('101');
  await flush();
  h.ua.up();
}

async function connectedIncoming(h: Harness): Promise<FakeSession> {
  await registered(h);
  const session = h.ua.ring();
  await flush();
  await h.engine.answer();
  session.connect();
  return session;
}

let engines: SoftphoneEngine[] = [];
function track(h: Harness): Harness {
  engines.push(h.engine);
  return h;
}

beforeEach(() => {
  issued = 0;
  vi.useFakeTimers({ now: new Date('2026-12-07T10:00:00Z') });
});

afterEach(() => {
  for (const engine of engines) engine.stop();
  engines = [];
  vi.useRealTimers();
});

describe('softphone registration', () => {
  it('asks the status and the credentials, starts one user agent and follows its registration', async () => {
    const h = track(harness());
    h.engine.start('101');
    expect(h.engine.getState().availability).toBe('checking');
    await flush();
    expect(h.deps.getStatus).toHaveBeenCalledTimes(1);
    expect(h.deps.getCredentials).toHaveBeenCalledTimes(1);
    expect(h.deps.createUA).toHaveBeenCalledTimes(1);
    expect(h.ua.start).toHaveBeenCalledTimes(1);
    expect(h.engine.getState()).toMatchObject({ availability: 'ready', registration: 'REGISTERING' });
    expect(isSoftphoneAvailable()).toBe(true);
    h.ua.up();
    expect(h.engine.getState()).toMatchObject({ registration: 'REGISTERED', transport: 'connected' });
    // The same extension again keeps the running user agent.
    h.engine.start('101');
    await flush();
    expect(h.deps.createUA).toHaveBeenCalledTimes(1);
  });

  it('connects nothing when telephony is not configured', async () => {
    const h = track(harness({ configured: false, state: 'not_installed' }));
    h.engine.start('101');
    await flush();
    expect(h.engine.getState().availability).toBe('not_configured');
    expect(h.deps.getCredentials).not.toHaveBeenCalled();
    expect(h.deps.createUA).not.toHaveBeenCalled();
    expect(isSoftphoneAvailable()).toBe(false);
    // Nothing retries by itself; opening the panel checks again.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(h.deps.getStatus).toHaveBeenCalledTimes(1);
    h.engine.openPanel();
    await flush();
    expect(h.deps.getStatus).toHaveBeenCalledTimes(2);
  });

  it('takes the 409 answers as final: not configured, or unavailable with the server’s message', async () => {
    const h = track(harness());
    h.deps.getCredentials.mockResolvedValueOnce(
      refused(409, 'VOICE.NOT_CONFIGURED', 'La telefonía no está configurada'),
    );
    h.engine.start('101');
    await flush();
    expect(h.engine.getState().availability).toBe('not_configured');

    const other = track(harness());
    other.deps.getCredentials.mockResolvedValueOnce(
      refused(409, 'VOICE.NO_EXTENSION', 'No tiene una extensión asignada: pídala a su administrador'),
    );
    other.engine.start('101');
    await flush();
    expect(other.engine.getState()).toMatchObject({
      availability: 'unavailable',
      notice: { text: 'No tiene una extensión asignada: pídala a su administrador' },
    });
    expect(other.deps.createUA).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS * 2);
    expect(other.deps.getCredentials).toHaveBeenCalledTimes(1);
  });

  it('retries the start after a network failure with the same backoff', async () => {
    const h = track(harness());
    h.deps.getStatus.mockResolvedValueOnce(refused(0, '', 'Sin conexión'));
    h.engine.start('101');
    await flush();
    expect(h.engine.getState()).toMatchObject({ availability: 'checking', notice: { text: 'Sin conexión' } });
    await vi.advanceTimersByTimeAsync(1999);
    expect(h.deps.getStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.deps.getStatus).toHaveBeenCalledTimes(2);
    expect(h.engine.getState().availability).toBe('ready');
  });

  it('registers again after 2 s, 4 s, 8 s, 16 s, then every 30 s, and from 2 s again once registered', async () => {
    const h = track(harness());
    await registered(h);
    expect([0, 1, 2, 3, 4, 5].map(retryDelay)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000]);

    const waits: number[] = [];
    let last = Date.now();
    h.ua.register.mockImplementation(() => {
      waits.push(Date.now() - last);
      last = Date.now();
      h.ua.emit('registrationFailed', { cause: 'Request Timeout' });
    });
    last = Date.now();
    h.ua.emit('registrationFailed', { cause: 'Request Timeout' });
    expect(h.engine.getState().registration).toBe('UNREGISTERED');
    await vi.advanceTimersByTimeAsync(1999);
    expect(h.ua.register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 8000 + 16_000 + 30_000 + 30_000);
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000]);

    // Registered again: the next failure waits 2 s.
    h.ua.register.mockImplementation(() => h.ua.emit('registered'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(h.engine.getState().registration).toBe('REGISTERED');
    const calls = h.ua.register.mock.calls.length;
    h.ua.emit('unregistered');
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.ua.register).toHaveBeenCalledTimes(calls + 1);
    expect(h.engine.getState().registration).toBe('REGISTERED');
  });

  it('shows REGISTERING while a retry registers', async () => {
    const h = track(harness());
    await registered(h);
    h.ua.emit('registrationFailed', { cause: 'Request Timeout' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.ua.register).toHaveBeenCalledTimes(1);
    expect(h.engine.getState().registration).toBe('REGISTERING');
  });

  it('fetches new credentials after an authentication failure before registering again', async () => {
    const h = track(harness());
    await registered(h);
    h.ua.emit('registrationFailed', { cause: 'Authentication Error' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.deps.getCredentials).toHaveBeenCalledTimes(2);
    expect(h.ua.set).toHaveBeenCalledWith('password', 'secret-2');
    expect(h.ua.register).toHaveBeenCalledTimes(1);
  });

  it('renews the credentials before they expire, without a new user agent', async () => {
    const h = track(harness());
    await registered(h);
    await vi.advanceTimersByTimeAsync(4 * HOUR - 10 * 60_000 - 1000);
    expect(h.deps.getCredentials).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.deps.getCredentials).toHaveBeenCalledTimes(2);
    expect(h.ua.set).toHaveBeenCalledWith('password', 'secret-2');
    expect(h.ua.set).toHaveBeenCalledWith('authorization_user', expect.stringMatching(/:101$/));
    // Registered again with them at once.
    expect(h.ua.register).toHaveBeenCalledTimes(1);
    expect(h.deps.createUA).toHaveBeenCalledTimes(1);
    expect(h.ua.stop).not.toHaveBeenCalled();
  });

  it('stops the user agent (which unregisters) and forgets everything', async () => {
    const h = track(harness());
    await registered(h);
    h.engine.openPanel();
    h.engine.stop();
    expect(h.ua.stop).toHaveBeenCalledTimes(1);
    expect(h.engine.getState()).toMatchObject({
      availability: 'off',
      registration: 'UNREGISTERED',
      panelOpen: false,
      call: null,
    });
    expect(isSoftphoneAvailable()).toBe(false);
    // Late events of the stopped agent change nothing and schedule nothing.
    h.ua.emit('unregistered');
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    expect(h.ua.register).not.toHaveBeenCalled();
    expect(h.engine.getState().registration).toBe('UNREGISTERED');
  });
});

describe('softphone calls', () => {
  it('rings an incoming call: opens the panel, starts the ringtone, shows the caller; answering connects', async () => {
    const h = track(harness());
    const events: SoftphoneCallNotice[] = [];
    const stop = onSoftphoneCallEvent((notice) => events.push(notice));
    await registered(h);
    const session = h.ua.ring('300', 'Ana Pérez');
    expect(h.engine.getState()).toMatchObject({
      panelOpen: true,
      closeAfterCall: true,
      call: { state: 'ringing', direction: 'incoming', remoteName: 'Ana Pérez', remoteNumber: '300' },
    });
    expect(h.deps.ringtone.start).toHaveBeenCalledTimes(1);
    await h.engine.answer();
    expect(session.answer).toHaveBeenCalledWith({
      mediaConstraints: { audio: true, video: false },
      pcConfig: { iceServers: [{ urls: 'turn:pbx.example.test:3478', username: 'u', credential: 'c' }] },
    });
    expect(h.deps.ringtone.stop).toHaveBeenCalled();
    session.connect();
    expect(h.engine.getState().call).toMatchObject({ state: 'connected', confirmedAt: Date.now() });
    expect(events.map((event) => event.event)).toEqual(['incoming_call', 'call_connected']);
    stop();
  });

  it('answers a second incoming call during a call with 486 Busy Here and keeps the first', async () => {
    const h = track(harness());
    const first = await connectedIncoming(h);
    const second = h.ua.ring('400', 'Otro');
    expect(second.terminate).toHaveBeenCalledWith({ status_code: 486, reason_phrase: 'Busy Here' });
    expect(h.engine.getState().call).toMatchObject({ state: 'connected', remoteNumber: '300' });
    expect(first.terminate).not.toHaveBeenCalled();
    // Also while the first still rings.
    first.terminate();
    await vi.advanceTimersByTimeAsync(SOFTPHONE.closeDelayMs);
    const ringing = h.ua.ring('500');
    const third = h.ua.ring('600');
    expect(third.terminate).toHaveBeenCalledWith({ status_code: 486, reason_phrase: 'Busy Here' });
    expect(ringing.terminate).not.toHaveBeenCalled();
  });

  it('rejects with 486, stops the ringtone and closes the panel it opened 2 s later', async () => {
    const h = track(harness());
    const events: string[] = [];
    const stop = onSoftphoneCallEvent((notice) => events.push(notice.event));
    await registered(h);
    const session = h.ua.ring();
    h.engine.reject();
    expect(session.terminate).toHaveBeenCalledWith({ status_code: 486, reason_phrase: 'Busy Here' });
    expect(h.deps.ringtone.stop).toHaveBeenCalled();
    expect(h.engine.getState()).toMatchObject({ panelOpen: true, call: { state: 'ended', outcome: 'rejected' } });
    expect(events).toEqual(['incoming_call', 'call_rejected']);
    await vi.advanceTimersByTimeAsync(SOFTPHONE.closeDelayMs - 1);
    expect(h.engine.getState().panelOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.engine.getState()).toMatchObject({ panelOpen: false, closeAfterCall: false, call: null });
    stop();
  });

  it('closes the panel 2 s after an incoming call even when the agent had it open', async () => {
    const h = track(harness());
    await registered(h);
    h.engine.openPanel();
    const session = h.ua.ring();
    expect(h.engine.getState()).toMatchObject({ panelOpen: true, closeAfterCall: true });
    await h.engine.answer();
    session.connect();
    await vi.advanceTimersByTimeAsync(65_000);
    h.engine.hangup();
    expect(session.terminate).toHaveBeenCalledTimes(1);
    expect(h.engine.getState().call).toMatchObject({ state: 'ended', outcome: 'ended' });
    expect(h.engine.getState().call?.endedAt).toBe(Date.now());
    expect(h.deps.media.release).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SOFTPHONE.closeDelayMs);
    expect(h.engine.getState()).toMatchObject({ panelOpen: false, call: null });
  });

  it('leaves the panel open after a call dialled from it, or reopened by the agent during the call', async () => {
    const h = track(harness());
    await registered(h);
    h.engine.openPanel();
    await h.engine.dial('3001');
    (h.ua.call.mock.results[0].value as FakeSession).connect();
    h.engine.hangup();
    await vi.advanceTimersByTimeAsync(SOFTPHONE.closeDelayMs);
    expect(h.engine.getState()).toMatchObject({ panelOpen: true, call: null });

    h.engine.closePanel();
    const session = h.ua.ring();
    h.engine.closePanel();
    h.engine.openPanel();
    session.emit('failed', { originator: 'remote', cause: 'Canceled' });
    await vi.advanceTimersByTimeAsync(SOFTPHONE.closeDelayMs);
    expect(h.engine.getState()).toMatchObject({ panelOpen: true, call: null });
  });

  it('shows a call the caller gave up as missed, and the far end hanging up as ended', async () => {
    const h = track(harness());
    await registered(h);
    const missed = h.ua.ring();
    missed.emit('failed', { originator: 'remote', cause: 'Canceled' });
    expect(h.engine.getState().call).toMatchObject({ state: 'ended', outcome: 'missed', cause: 'Canceled' });
    await vi.advanceTimersByTimeAsync(SOFTPHONE.closeDelayMs);
    // JsSIP gives up by itself after its no-answer time (408): missed too.
    h.ua.ring().emit('failed', { originator: 'local', cause: 'No Answer' });
    expect(h.engine.getState().call).toMatchObject({ outcome: 'missed', cause: 'No Answer' });
    await vi.advanceTimersByTimeAsync(SOFTPHONE.closeDelayMs);
    const answered = h.ua.ring();
    await h.engine.answer();
    answered.connect();
    answered.emit('ended', { originator: 'remote', cause: 'Terminated' });
    expect(h.engine.getState().call).toMatchObject({ state: 'ended', outcome: 'ended' });
  });

  it('sends dialpad digits together once 1000 ms passed without a new one (RFC 2833)', async () => {
    const h = track(harness());
    const session = await connectedIncoming(h);
    h.engine.pressKey('1');
    await vi.advanceTimersByTimeAsync(600);
    h.engine.pressKey('2');
    await vi.advanceTimersByTimeAsync(999);
    h.engine.pressKey('#');
    expect(h.engine.getState().call?.dtmfPending).toBe('12#');
    await vi.advanceTimersByTimeAsync(SOFTPHONE.dtmfBatchMs - 1);
    expect(session.sendDTMF).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(session.sendDTMF).toHaveBeenCalledTimes(1);
    expect(session.sendDTMF).toHaveBeenCalledWith('12#', { transportType: 'RFC2833' });
    expect(h.engine.getState().call).toMatchObject({ dtmfSent: '12#', dtmfPending: '' });
    h.engine.pressKey('*');
    h.engine.pressKey('x');
    await vi.advanceTimersByTimeAsync(SOFTPHONE.dtmfBatchMs);
    expect(session.sendDTMF).toHaveBeenLastCalledWith('*', { transportType: 'RFC2833' });
    expect(h.engine.getState().call?.dtmfSent).toBe('12#*');
  });

  it('types dialpad digits into the number when there is no call', async () => {
    const h = track(harness());
    await registered(h);
    h.engine.setNumber('55');
    h.engine.pressKey('1');
    h.engine.pressKey('#');
    expect(h.engine.getState().number).toBe('551#');
  });

  it('answers by itself after the campaign’s delay and shows when', async () => {
    const h = track(harness());
    h.deps.autoAnswerDelayMs.mockResolvedValue(3000);
    await registered(h);
    const session = h.ua.ring();
    await flush();
    expect(h.engine.getState().call?.autoAnswerAt).toBe(Date.now() + 3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(session.answer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(session.answer).toHaveBeenCalledTimes(1);
    expect(h.engine.getState().call).toMatchObject({ answering: true, autoAnswerAt: null });
  });

  it('does not auto-answer a call rejected or answered before the delay', async () => {
    const h = track(harness());
    h.deps.autoAnswerDelayMs.mockResolvedValue(3000);
    await registered(h);
    const rejected = h.ua.ring();
    await flush();
    h.engine.reject();
    await vi.advanceTimersByTimeAsync(5000);
    expect(rejected.answer).not.toHaveBeenCalled();
    const answered = h.ua.ring();
    await flush();
    await h.engine.answer();
    await vi.advanceTimersByTimeAsync(5000);
    expect(answered.answer).toHaveBeenCalledTimes(1);
  });

  it('holds, resumes, mutes and unmutes', async () => {
    const h = track(harness());
    const session = await connectedIncoming(h);
    h.engine.toggleHold();
    expect(session.hold).toHaveBeenCalledTimes(1);
    expect(h.engine.getState().call?.hold).toBe(true);
    h.engine.toggleHold();
    expect(session.unhold).toHaveBeenCalledTimes(1);
    expect(h.engine.getState().call?.hold).toBe(false);
    h.engine.toggleMute();
    expect(session.mute).toHaveBeenCalledWith({ audio: true });
    expect(h.engine.getState().call?.muted).toBe(true);
    h.engine.toggleMute();
    expect(session.unmute).toHaveBeenCalledWith({ audio: true });
    expect(h.engine.getState().call?.muted).toBe(false);
  });

  it('dials a valid number at the credentials’ domain and refuses a wrong one', async () => {
    const h = track(harness());
    await registered(h);
    expect(await h.engine.dial('12a')).toEqual({ ok: false, error: 'voice.invalidNumber' });
    expect(h.engine.getState().numberError).toBe('voice.invalidNumber');
    expect(h.ua.call).not.toHaveBeenCalled();
    expect(await h.engine.dial(' 3001 ')).toEqual({ ok: true });
    expect(h.ua.call).toHaveBeenCalledWith(
      'sip:3001@pbx.example.test',
      expect.objectContaining({ pcConfig: expect.anything() }),
    );
    expect(h.engine.getState().call).toMatchObject({ state: 'calling', direction: 'outgoing', remoteNumber: '3001' });
    expect(h.deps.ringtone.start).not.toHaveBeenCalled();
    expect(await h.engine.dial('3002')).toEqual({ ok: false, error: 'softphone.errors.busy' });
    const session = h.ua.call.mock.results[0].value as FakeSession;
    session.connect();
    expect(h.engine.getState().call?.state).toBe('connected');
  });

  it('does not dial while unregistered', async () => {
    const h = track(harness());
    h.engine.start('101');
    await flush();
    expect(await h.engine.dial('3001')).toEqual({ ok: false, error: 'softphone.errors.notRegistered' });
    expect(h.engine.getState().notice).toEqual({ key: 'softphone.errors.notRegistered' });
  });

  it('opens the panel for a call dialled from another feature and closes it 2 s after the call', async () => {
    const h = track(harness());
    await registered(h);
    await h.engine.dial('3001', { openPanel: true });
    expect(h.engine.getState()).toMatchObject({ panelOpen: true, closeAfterCall: true, number: '3001' });
    h.engine.hangup();
    await vi.advanceTimersByTimeAsync(SOFTPHONE.closeDelayMs);
    expect(h.engine.getState()).toMatchObject({ panelOpen: false, call: null });
  });
});
