import type { SoftphoneCredentials, VoiceStatus } from '@atiende/contracts';
import type { ApiResult } from '../../api/client';

/**
 * The parts of JsSIP the engine uses, so tests hand it a fake user agent (engine.test.ts) and the browser the real
 * one (jssipAgent.ts). Names and shapes are JsSIP 3.13's.
 */
export interface SessionIdentity {
  display_name?: string | null;
  uri?: { user?: string | null } | null;
}

export interface CallMediaOptions {
  mediaConstraints?: { audio: boolean | MediaTrackConstraints; video: false };
  mediaStream?: MediaStream;
  pcConfig: { iceServers: RTCIceServer[] };
}

export interface SessionLike {
  readonly direction: 'incoming' | 'outgoing';
  readonly remote_identity: SessionIdentity;
  readonly connection?: RTCPeerConnection | null;
  on(
    event: string,
    handler: (data: { originator?: string; cause?: string } & Record<string, unknown>) => void,
  ): unknown;
  answer(options: CallMediaOptions): void;
  terminate(options?: { status_code?: number; reason_phrase?: string }): void;
  hold(): boolean | undefined;
  unhold(): boolean | undefined;
  mute(options?: { audio?: boolean }): void;
  unmute(options?: { audio?: boolean }): void;
  sendDTMF(tones: string, options?: { transportType?: 'RFC2833' | 'INFO' }): void;
  isEnded(): boolean;
}

export interface NewSessionEvent {
  originator: 'local' | 'remote' | 'system';
  session: SessionLike;
}

export interface UaLike {
  on(event: 'newRTCSession', handler: (event: NewSessionEvent) => void): unknown;
  on(event: 'registrationFailed', handler: (event: { cause?: string }) => void): unknown;
  on(event: 'registered' | 'unregistered' | 'connected' | 'disconnected', handler: () => void): unknown;
  start(): void;
  stop(): void;
  register(): void;
  isConnected(): boolean;
  isRegistered(): boolean;
  set(parameter: 'authorization_user' | 'password' | 'realm' | 'display_name', value: string): boolean;
  call(target: string, options: CallMediaOptions): SessionLike;
}

/** Audio in and out of a call: the browser's (media.ts) or a test's stand-in. */
export interface SoftphoneMedia {
  /** answer()/call() options: the chosen microphone (through a gain when its volume is not 100) and ICE servers. */
  callOptions(credentials: SoftphoneCredentials): Promise<CallMediaOptions>;
  /** Plays the session's remote audio (its peer connection's tracks) in the chosen speaker. */
  attachRemote(session: SessionLike): void;
  /** The call ended: stops the local audio it opened and the remote audio. */
  release(): void;
}

export interface Ringtone {
  start(): void;
  stop(): void;
}

/** Everything the engine reaches outside itself (engine.test.ts injects fakes). */
export interface SoftphoneDeps {
  getStatus(): Promise<ApiResult<VoiceStatus>>;
  getCredentials(): Promise<ApiResult<SoftphoneCredentials>>;
  /** A user agent for these credentials (not started): JsSIP loads here, on first use. */
  createUA(credentials: SoftphoneCredentials): Promise<UaLike>;
  /** The selected campaign's auto-answer delay in ms, or null when it does not answer by itself. */
  autoAnswerDelayMs(): Promise<number | null>;
  ringtone: Ringtone;
  media: SoftphoneMedia;
  now(): number;
}
