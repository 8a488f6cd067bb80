import {
  DIALPAD_KEYS,
  dialTargetSchema,
  messageKeyOf,
  SOFTPHONE,
  type SoftphoneCallEvent,
  type SoftphoneCredentials,
  type SoftphoneRegistrationState,
} from '@atiende/contracts';
import { isOk } from '../../api/client';
import { emitSoftphoneCallEvent, setSoftphoneAvailable } from './bridge';
import type { CallMediaOptions, NewSessionEvent, SessionLike, SoftphoneDeps, UaLike } from './types';

/** The panel's call states (`data-state` of `softphone-call`; no call is `idle`). */
export type CallState = 'ringing' | 'calling' | 'connected' | 'ended';
/** How a call ended: hung up, rejected by the agent, given up by the caller before an answer, or failed. */
export type CallOutcome = 'ended' | 'rejected' | 'missed' | 'failed';

export interface SoftphoneCall {
  id: number;
  direction: 'incoming' | 'outgoing';
  state: CallState;
  remoteName: string;
  remoteNumber: string;
  /** When the call was confirmed (the timer's start), in ms since the epoch. */
  confirmedAt: number | null;
  endedAt: number | null;
  hold: boolean;
  muted: boolean;
  /** Dialpad digits sent during the call, and those waiting for the batch to be sent. */
  dtmfSent: string;
  dtmfPending: string;
  /** When the campaign's auto-answer answers this ringing call (ms since the epoch). */
  autoAnswerAt: number | null;
  /** The agent answered; the call connects. */
  answering: boolean;
  outcome: CallOutcome | null;
  /** JsSIP's end or failure cause ("Busy", "Rejected", ...). */
  cause: string | null;
}

/**
 * Whether the softphone works for this user: `off` (not started), `checking` (asking the server, or retrying),
 * `not_configured` (no telephony: nothing connects), `unavailable` (the server refuses credentials: no extension, a
 * shared one; `notice` says why) or `ready` (a user agent runs).
 */
export type Availability = 'off' | 'checking' | 'not_configured' | 'unavailable' | 'ready';

/** A message for the panel: a translation key or a text the server already translated. */
export type Notice = { key: string; text?: undefined } | { text: string; key?: undefined };

export interface SoftphoneState {
  availability: Availability;
  registration: SoftphoneRegistrationState;
  transport: 'connected' | 'disconnected';
  call: SoftphoneCall | null;
  panelOpen: boolean;
  /**
   * The panel closes 2 s after the current call ends (spec section 4): set by an incoming call, and by a call dialled
   * from another feature that opened the panel; an agent who closes and reopens the panel during the call keeps it.
   */
  closeAfterCall: boolean;
  /** The panel's number field and its error (a translation key). */
  number: string;
  numberError: string | null;
  notice: Notice | null;
}

export type DialOutcome = { ok: true } | { ok: false; error: string };

export interface SoftphoneEngine {
  getState(): SoftphoneState;
  subscribe(listener: () => void): () => void;
  /** Starts (or keeps) the user agent of this extension: status, credentials, registration. */
  start(extension: string): void;
  /** Stops the user agent (it unregisters), ends a call and forgets the credentials. */
  stop(): void;
  openPanel(): void;
  closePanel(): void;
  togglePanel(): void;
  setNumber(value: string): void;
  dial(number: string, options?: { openPanel?: boolean }): Promise<DialOutcome>;
  answer(): Promise<void>;
  reject(): void;
  hangup(): void;
  toggleHold(): void;
  toggleMute(): void;
  /** A dialpad key: DTMF during a connected call (sent in batches), else a digit of the number field. */
  pressKey(key: string): void;
  dismissNotice(): void;
  /** The connected call's peer connection (its microphone and the remote party's audio), for a supervisor's session. */
  connectedCall(): RTCPeerConnection | null;
}

/** Registration and connection retries wait 2 s, 4 s, 8 s, 16 s, then 30 s each. */
export const RETRY_MIN_MS = 2000;
export const RETRY_MAX_MS = 30_000;
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.max(0, attempt));
}

/** Credentials are renewed this long before they expire (or halfway through what is left, when less). */
export const RENEW_AHEAD_MS = 10 * 60_000;
/** The longest a browser timer waits (setTimeout's signed 32-bit limit). */
const MAX_TIMER_MS = 2 ** 31 - 1;
const AUTH_FAILURE = 'Authentication Error';

const BUSY = { status_code: 486, reason_phrase: 'Busy Here' } as const;

function initialState(): SoftphoneState {
  return {
    availability: 'off',
    registration: 'UNREGISTERED',
    transport: 'disconnected',
    call: null,
    panelOpen: false,
    closeAfterCall: false,
    number: '',
    numberError: null,
    notice: null,
  };
}

type TimerName = 'connect' | 'register' | 'renew' | 'autoAnswer' | 'dtmf' | 'close';

/**
 * The softphone's state machine, one per tab (softphone.ts builds it with the browser's parts): registration with
 * automatic retries, credentials renewed before they expire, calls in and out, auto-answer, DTMF batches and the
 * panel's opening and closing. Spec sections 4 and 9.
 */
export function createSoftphoneEngine(deps: SoftphoneDeps): SoftphoneEngine {
  let state = initialState();
  const listeners = new Set<() => void>();

  /** Bumped by every start and stop: work that awaited something checks it is still current. */
  let generation = 0;
  let extension: string | null = null;
  let ua: UaLike | null = null;
  let credentials: SoftphoneCredentials | null = null;
  let session: SessionLike | null = null;
  const seenSessions = new WeakSet<SessionLike>();
  let connectAttempts = 0;
  let registerAttempts = 0;
  let lastFailure: string | null = null;
  let localEnd: 'reject' | 'hangup' | null = null;
  let dialing = false;
  let callIds = 0;
  const timers: Record<TimerName, ReturnType<typeof setTimeout> | null> = {
    connect: null,
    register: null,
    renew: null,
    autoAnswer: null,
    dtmf: null,
    close: null,
  };

  function set(patch: Partial<SoftphoneState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function setCall(patch: Partial<SoftphoneCall>): void {
    if (state.call) set({ call: { ...state.call, ...patch } });
  }

  function clear(name: TimerName): void {
    const timer = timers[name];
    if (timer !== null) clearTimeout(timer);
    timers[name] = null;
  }

  function schedule(name: TimerName, ms: number, run: () => void): void {
    clear(name);
    timers[name] = setTimeout(
      () => {
        timers[name] = null;
        run();
      },
      Math.min(Math.max(0, ms), MAX_TIMER_MS),
    );
  }

  function callInProgress(): boolean {
    return state.call !== null && state.call.state !== 'ended';
  }

  function notify(event: SoftphoneCallEvent, call: SoftphoneCall): void {
    emitSoftphoneCallEvent({
      event,
      direction: call.direction,
      number: call.remoteNumber,
      displayName: call.remoteName,
    });
  }

  // ---- Registration -------------------------------------------------------------------------------------------

  async function connect(gen: number): Promise<void> {
    clear('connect');
    set({ availability: 'checking' });
    const status = await deps.getStatus();
    if (gen !== generation) return;
    if (!isOk(status)) {
      set({ notice: { text: status.message } });
      retryConnect(gen);
      return;
    }
    if (!status.result.configured) {
      set({ availability: 'not_configured', notice: null });
      return;
    }
    const answer = await deps.getCredentials();
    if (gen !== generation) return;
    if (!isOk(answer)) {
      if (refuseCredentials(answer)) return;
      set({ notice: { text: answer.message } });
      retryConnect(gen);
      return;
    }
    credentials = answer.result;
    let agent: UaLike;
    try {
      agent = await deps.createUA(credentials);
    } catch {
      if (gen !== generation) return;
      set({ notice: { key: 'softphone.errors.load' } });
      retryConnect(gen);
      return;
    }
    if (gen !== generation) return;
    ua = agent;
    connectAttempts = 0;
    wire(agent);
    set({ availability: 'ready', registration: 'REGISTERING', notice: null });
    setSoftphoneAvailable(true);
    scheduleRenewal(gen);
    try {
      agent.start();
    } catch {
      set({ registration: 'UNREGISTERED' });
      scheduleRegisterRetry();
    }
  }

  /** 409 answers are the server's final word for now (no telephony, no extension): no retry loop. */
  function refuseCredentials(answer: { code: string | null; message: string; httpStatus: number }): boolean {
    if (answer.code === 'VOICE.NOT_CONFIGURED') {
      set({ availability: 'not_configured', notice: null });
      return true;
    }
    if (answer.httpStatus === 409 || answer.httpStatus === 403) {
      set({ availability: 'unavailable', notice: { text: answer.message } });
      return true;
    }
    return false;
  }

  function retryConnect(gen: number): void {
    schedule('connect', retryDelay(connectAttempts++), () => {
      if (gen === generation) void connect(gen);
    });
  }

  function wire(agent: UaLike): void {
    const mine = () => ua === agent;
    agent.on('connected', () => {
      if (!mine()) return;
      // JsSIP registers by itself once its WebSocket is up.
      set({ transport: 'connected', registration: state.registration === 'REGISTERED' ? 'REGISTERED' : 'REGISTERING' });
    });
    agent.on('disconnected', () => {
      if (!mine()) return;
      set({ transport: 'disconnected', registration: 'UNREGISTERED' });
      scheduleRegisterRetry();
    });
    agent.on('registered', () => {
      if (!mine()) return;
      registerAttempts = 0;
      lastFailure = null;
      clear('register');
      set({ registration: 'REGISTERED', notice: null });
    });
    agent.on('unregistered', () => {
      if (!mine()) return;
      set({ registration: 'UNREGISTERED' });
      scheduleRegisterRetry();
    });
    agent.on('registrationFailed', (event) => {
      if (!mine()) return;
      lastFailure = event?.cause ?? null;
      set({ registration: 'UNREGISTERED' });
      scheduleRegisterRetry();
    });
    agent.on('newRTCSession', (event) => {
      if (mine()) onSession(event);
    });
  }

  /** Registers again after the backoff (one pending retry at a time), with new credentials when they lapsed. */
  function scheduleRegisterRetry(): void {
    if (timers.register !== null || !ua) return;
    const gen = generation;
    schedule('register', retryDelay(registerAttempts++), () => {
      if (gen === generation) void register(gen);
    });
  }

  async function register(gen: number): Promise<void> {
    const agent = ua;
    if (!agent || state.registration === 'REGISTERED') return;
    if (lastFailure === AUTH_FAILURE || credentialsLapsing()) {
      const renewed = await renew(gen);
      if (gen !== generation || ua !== agent) return;
      if (!renewed) {
        scheduleRegisterRetry();
        return;
      }
    }
    if (agent.isConnected()) {
      set({ registration: 'REGISTERING' });
      agent.register();
    } else {
      // JsSIP reconnects its WebSocket by itself (2 s to 30 s) and registers once connected; start() makes sure it
      // tries, and the next retry checks again.
      agent.start();
      scheduleRegisterRetry();
    }
  }

  function credentialsLapsing(): boolean {
    if (!credentials) return true;
    return Date.parse(credentials.expiresAt) - deps.now() < 60_000;
  }

  function scheduleRenewal(gen: number): void {
    if (!credentials) return;
    const left = Date.parse(credentials.expiresAt) - deps.now();
    // At least 30 s apart, should the browser's clock be hours off the server's.
    const wait = Math.max(30_000, left - Math.min(RENEW_AHEAD_MS, left / 2));
    schedule('renew', wait, () => {
      if (gen !== generation) return;
      void renew(gen, true).then((renewed) => {
        if (!renewed && gen === generation && ua) scheduleRenewal(gen);
      });
    });
  }

  /**
   * New credentials for the running user agent (false when they could not be had); `reRegister` sends a REGISTER
   * with them at once rather than at the next refresh.
   */
  async function renew(gen: number, reRegister = false): Promise<boolean> {
    const answer = await deps.getCredentials();
    if (gen !== generation) return false;
    if (!isOk(answer)) {
      if (refuseCredentials(answer)) {
        // Telephony or the extension went away: the user agent stops (it unregisters).
        dropAgent();
        setSoftphoneAvailable(false);
      }
      return false;
    }
    const next = answer.result;
    const previous = credentials;
    credentials = next;
    const agent = ua;
    if (!agent) return false;
    const moved =
      previous &&
      (previous.websocketUrl !== next.websocketUrl ||
        previous.domain !== next.domain ||
        previous.extension !== next.extension);
    if (moved && !callInProgress()) {
      // Another registrar or identity: a new user agent.
      dropAgent();
      void connect(gen);
      return true;
    }
    agent.set('authorization_user', next.authorizationUser);
    agent.set('password', next.password);
    agent.set('realm', next.realm);
    agent.set('display_name', next.displayName);
    if (reRegister && agent.isConnected()) agent.register();
    scheduleRenewal(gen);
    return true;
  }

  function dropAgent(): void {
    clear('register');
    clear('renew');
    const agent = ua;
    ua = null;
    if (agent) {
      try {
        agent.stop();
      } catch {
        // Already stopped.
      }
    }
    set({ registration: 'UNREGISTERED', transport: 'disconnected' });
  }

  // ---- Calls --------------------------------------------------------------------------------------------------

  function onSession({ originator, session: next }: NewSessionEvent): void {
    if (seenSessions.has(next)) return;
    seenSessions.add(next);
    if (originator === 'remote' && (callInProgress() || session !== null)) {
      // Spec section 4: a call arriving while one is active is terminated.
      try {
        next.terminate(BUSY);
      } catch {
        // It ended meanwhile.
      }
      return;
    }
    clear('close');
    const incoming = originator === 'remote';
    session = next;
    localEnd = null;
    const call: SoftphoneCall = {
      id: ++callIds,
      direction: incoming ? 'incoming' : 'outgoing',
      state: incoming ? 'ringing' : 'calling',
      remoteName: next.remote_identity?.display_name ?? '',
      remoteNumber: next.remote_identity?.uri?.user ?? '',
      confirmedAt: null,
      endedAt: null,
      hold: false,
      muted: false,
      dtmfSent: '',
      dtmfPending: '',
      autoAnswerAt: null,
      answering: false,
      outcome: null,
      cause: null,
    };
    // Spec section 4: an incoming call opens the softphone, and the panel closes 2 s after the call ends.
    set(incoming ? { call, notice: null, panelOpen: true, closeAfterCall: true } : { call, notice: null });
    wireSession(next, call.id);
    if (next.connection) deps.media.attachRemote(next);
    if (incoming) {
      deps.ringtone.start();
      notify('incoming_call', call);
      void armAutoAnswer(next, call.id);
    }
  }

  function wireSession(s: SessionLike, id: number): void {
    const current = () => session === s && state.call?.id === id;
    s.on('peerconnection', () => {
      if (current()) deps.media.attachRemote(s);
    });
    s.on('accepted', () => {
      if (!current()) return;
      deps.ringtone.stop();
      clear('autoAnswer');
      setCall({ state: 'connected', autoAnswerAt: null, answering: false });
    });
    s.on('confirmed', () => {
      if (!current() || !state.call) return;
      deps.ringtone.stop();
      const first = state.call.confirmedAt === null;
      setCall({ state: 'connected', confirmedAt: state.call.confirmedAt ?? deps.now(), answering: false });
      if (first && state.call) notify('call_connected', state.call);
    });
    s.on('hold', (event) => {
      if (current() && event?.originator !== 'remote') setCall({ hold: true });
    });
    s.on('unhold', (event) => {
      if (current() && event?.originator !== 'remote') setCall({ hold: false });
    });
    s.on('muted', () => {
      if (current()) setCall({ muted: true });
    });
    s.on('unmuted', () => {
      if (current()) setCall({ muted: false });
    });
    s.on('ended', (event) => {
      if (current()) finish(localEnd === 'reject' ? 'rejected' : 'ended', event?.cause ?? null);
    });
    s.on('failed', (event) => {
      if (!current() || !state.call) return;
      // An incoming call that ends unanswered, other than by the agent (the caller gave up, no answer in time),
      // was missed.
      const unanswered = state.call.direction === 'incoming' && !state.call.answering;
      const outcome: CallOutcome =
        localEnd === 'reject' ? 'rejected' : localEnd === 'hangup' ? 'ended' : unanswered ? 'missed' : 'failed';
      finish(outcome, event?.cause ?? null);
    });
  }

  async function armAutoAnswer(s: SessionLike, id: number): Promise<void> {
    let delay: number | null = null;
    try {
      delay = await deps.autoAnswerDelayMs();
    } catch {
      delay = null;
    }
    const call = state.call;
    if (delay === null || session !== s || call?.id !== id || call.state !== 'ringing' || call.answering) return;
    setCall({ autoAnswerAt: deps.now() + delay });
    schedule('autoAnswer', delay, () => {
      if (session === s && state.call?.id === id && state.call.state === 'ringing') void answer();
    });
  }

  /** Ends the call's side effects, shows it ended, and 2 s later clears it (closing the panel when closeAfterCall). */
  function finish(outcome: CallOutcome, cause: string | null): void {
    const call = state.call;
    if (!call || call.state === 'ended') return;
    clear('autoAnswer');
    clear('dtmf');
    deps.ringtone.stop();
    deps.media.release();
    session = null;
    localEnd = null;
    const ended: SoftphoneCall = {
      ...call,
      state: 'ended',
      outcome,
      cause,
      endedAt: deps.now(),
      autoAnswerAt: null,
      answering: false,
      dtmfPending: '',
    };
    set({ call: ended });
    notify(outcome === 'rejected' ? 'call_rejected' : 'call_ended', ended);
    schedule('close', SOFTPHONE.closeDelayMs, () => {
      if (state.call?.id !== ended.id) return;
      set(state.closeAfterCall ? { call: null, panelOpen: false, closeAfterCall: false } : { call: null });
    });
  }

  async function answer(): Promise<void> {
    const s = session;
    const call = state.call;
    const creds = credentials;
    if (!s || !call || !creds || call.direction !== 'incoming' || call.state !== 'ringing' || call.answering) return;
    clear('autoAnswer');
    deps.ringtone.stop();
    setCall({ answering: true, autoAnswerAt: null });
    let options: CallMediaOptions;
    try {
      options = await deps.media.callOptions(creds);
    } catch {
      options = { mediaConstraints: { audio: true, video: false }, pcConfig: { iceServers: creds.iceServers } };
    }
    if (session !== s || s.isEnded()) {
      if (session === null) deps.media.release();
      return;
    }
    try {
      s.answer(options);
    } catch {
      setCall({ answering: false });
      set({ notice: { key: 'softphone.errors.answer' } });
    }
  }

  function reject(): void {
    const s = session;
    if (!s || state.call?.direction !== 'incoming' || state.call.state !== 'ringing') return;
    localEnd = 'reject';
    try {
      s.terminate(BUSY);
    } catch {
      // Already over.
    }
    finish('rejected', null);
  }

  function hangup(): void {
    const s = session;
    if (!s || !callInProgress()) return;
    localEnd = 'hangup';
    try {
      s.terminate();
    } catch {
      // Already over.
    }
    finish('ended', null);
  }

  function toggleHold(): void {
    const s = session;
    if (!s || state.call?.state !== 'connected') return;
    try {
      if (state.call.hold) s.unhold();
      else s.hold();
    } catch {
      set({ notice: { key: 'softphone.errors.hold' } });
    }
  }

  function toggleMute(): void {
    const s = session;
    if (!s || state.call?.state !== 'connected') return;
    if (state.call.muted) s.unmute({ audio: true });
    else s.mute({ audio: true });
  }

  function flushDtmf(): void {
    const s = session;
    const call = state.call;
    if (!s || !call?.dtmfPending) return;
    const tones = call.dtmfPending;
    try {
      s.sendDTMF(tones, { transportType: 'RFC2833' });
      setCall({ dtmfSent: call.dtmfSent + tones, dtmfPending: '' });
    } catch {
      setCall({ dtmfPending: '' });
      set({ notice: { key: 'softphone.errors.dtmf' } });
    }
  }

  function pressKey(key: string): void {
    if (!(DIALPAD_KEYS as readonly string[]).includes(key)) return;
    const call = state.call;
    if (call?.state === 'connected' && session) {
      setCall({ dtmfPending: call.dtmfPending + key });
      schedule('dtmf', SOFTPHONE.dtmfBatchMs, flushDtmf);
      return;
    }
    if (!callInProgress()) set({ number: state.number + key, numberError: null });
  }

  async function dial(number: string, options: { openPanel?: boolean } = {}): Promise<DialOutcome> {
    const openedNow = Boolean(options.openPanel) && !state.panelOpen;
    const fail = (error: string, field = false): DialOutcome => {
      set({
        ...(field ? { numberError: error } : { notice: { key: error } }),
        ...(openedNow ? { closeAfterCall: false } : {}),
      });
      return { ok: false, error };
    };
    if (options.openPanel) set({ panelOpen: true, closeAfterCall: openedNow || state.closeAfterCall, number });
    const parsed = dialTargetSchema.safeParse(number);
    if (!parsed.success) {
      return fail(messageKeyOf(parsed.error.issues[0]?.message ?? '') ?? 'voice.invalidNumber', true);
    }
    const agent = ua;
    const creds = credentials;
    if (state.availability === 'not_configured') return { ok: false, error: 'softphone.notConfigured' };
    if (state.availability !== 'ready' || !agent || !creds) return fail('softphone.errors.notReady');
    if (callInProgress() || session !== null || dialing) return fail('softphone.errors.busy');
    if (state.registration !== 'REGISTERED') return fail('softphone.errors.notRegistered');
    dialing = true;
    try {
      set({ numberError: null, notice: null });
      let media: CallMediaOptions;
      try {
        media = await deps.media.callOptions(creds);
      } catch {
        media = { mediaConstraints: { audio: true, video: false }, pcConfig: { iceServers: creds.iceServers } };
      }
      if (ua !== agent) return fail('softphone.errors.notReady');
      const started = agent.call(`sip:${parsed.data}@${creds.domain}`, media);
      // JsSIP announces the session (newRTCSession) during call(); a user agent that did not is caught up here.
      if (started && !seenSessions.has(started)) onSession({ originator: 'local', session: started });
      return { ok: true };
    } catch {
      deps.media.release();
      return fail('softphone.errors.callFailed');
    } finally {
      dialing = false;
    }
  }

  // ---- Lifecycle and panel ------------------------------------------------------------------------------------

  function start(next: string): void {
    if (extension === next && state.availability !== 'off') return;
    if (extension !== null) stop();
    extension = next;
    connectAttempts = 0;
    registerAttempts = 0;
    generation += 1;
    void connect(generation);
  }

  function stop(): void {
    generation += 1;
    extension = null;
    for (const name of Object.keys(timers) as TimerName[]) clear(name);
    deps.ringtone.stop();
    const s = session;
    session = null;
    if (s && !s.isEnded()) {
      try {
        s.terminate();
      } catch {
        // Already over.
      }
    }
    deps.media.release();
    const agent = ua;
    ua = null;
    credentials = null;
    if (agent) {
      try {
        // Unregisters, ends sessions, closes the WebSocket.
        agent.stop();
      } catch {
        // Already stopped.
      }
    }
    connectAttempts = 0;
    registerAttempts = 0;
    lastFailure = null;
    localEnd = null;
    dialing = false;
    setSoftphoneAvailable(false);
    set(initialState());
  }

  function openPanel(): void {
    set({ panelOpen: true });
    // Telephony may have been set up (or an extension given) since the last check.
    const recheck = state.availability === 'not_configured' || state.availability === 'unavailable';
    if (recheck && extension !== null && !ua) {
      generation += 1;
      connectAttempts = 0;
      void connect(generation);
    }
  }

  function closePanel(): void {
    set({ panelOpen: false, closeAfterCall: false });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    stop,
    openPanel,
    closePanel,
    togglePanel: () => (state.panelOpen ? closePanel() : openPanel()),
    setNumber: (value) => set({ number: value, numberError: null }),
    dial,
    answer,
    reject,
    hangup,
    toggleHold,
    toggleMute,
    pressKey,
    dismissNotice: () => set({ notice: null }),
    connectedCall: () => (state.call?.state === 'connected' ? (session?.connection ?? null) : null),
  };
}
