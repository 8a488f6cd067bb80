import { z } from 'zod';
import { instantSchema } from '../admin/common.js';
import { named } from '../registry.js';

/** Spec section 4: the softphone's registration states. */
export const SOFTPHONE_REGISTRATION_STATES = ['UNREGISTERED', 'REGISTERING', 'REGISTERED'] as const;
export type SoftphoneRegistrationState = (typeof SOFTPHONE_REGISTRATION_STATES)[number];

/** Spec section 4: what the softphone reports of a call (the panel's and the desk's vocabulary). */
export const SOFTPHONE_CALL_EVENTS = ['incoming_call', 'call_connected', 'call_ended', 'call_rejected'] as const;
export type SoftphoneCallEvent = (typeof SOFTPHONE_CALL_EVENTS)[number];

/** Spec section 9: timings and ports of the softphone. */
export const SOFTPHONE = {
  /** SIP registration expiry (seconds); the user agent refreshes it before it lapses. */
  registerExpiresSeconds: 30,
  /** Digits typed on the dialpad during a call are sent together once none was typed for this long. */
  dtmfBatchMs: 1000,
  /** The panel closes this long after a call ends or is rejected. */
  closeDelayMs: 2000,
  /** Secure WebSocket port and path of the SIP registrar (spec section 7). */
  websocketPort: 8089,
  websocketPath: '/ws',
  /** TURN (coturn) port. */
  turnPort: 3478,
  /** What a desk phone dials to register (spec section 9: 2600 and the code shown). */
  deskPhoneCode: '2600',
} as const;

/** Characters the dialpad sends (DTMF) and accepts in a number. */
export const DIALPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

/** A number or extension to call: digits, optionally a leading +, at most 32. */
export const dialTargetSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9*#]{1,32}$/, 'i18n:voice.invalidNumber');

/**
 * The current user's softphone credentials (POST /api/v2/voice/credentials). The password is a time-limited
 * HMAC of the authorization user (`<expiry in unix seconds>:<extension>`) under the installation's voice secret,
 * which the registrar checks without a database: nothing reusable is stored or logged.
 */
export const softphoneCredentialsSchema = named(
  'SoftphoneCredentials',
  z.object({
    extension: z.string(),
    displayName: z.string(),
    /** The SIP URI's domain. */
    domain: z.string(),
    /** wss://<host>:8089/ws */
    websocketUrl: z.string(),
    /** Digest user: `<expiry unix seconds>:<extension>`. */
    authorizationUser: z.string(),
    password: z.string(),
    realm: z.string(),
    expiresAt: instantSchema,
    /** TURN servers with their own time-limited credentials (coturn's REST API scheme). */
    iceServers: z.array(z.object({ urls: z.string(), username: z.string(), credential: z.string() })),
  }),
);
export type SoftphoneCredentials = z.infer<typeof softphoneCredentialsSchema>;

/** Where the telephony stands: off, not installed on this machine, starting, running or failed. */
export const VOICE_STATES = ['disabled', 'not_installed', 'starting', 'running', 'failed'] as const;
export type VoiceState = (typeof VOICE_STATES)[number];

export const voiceStatusSchema = named(
  'VoiceStatus',
  z.object({
    /** Calls can be made: the business has webrtc_enabled and the telephony daemons run. */
    configured: z.boolean(),
    webrtcEnabled: z.boolean(),
    state: z.enum(VOICE_STATES),
  }),
);
export type VoiceStatus = z.infer<typeof voiceStatusSchema>;
