import crypto from 'node:crypto';
import path from 'node:path';
import {
  DESK_PHONE,
  type DeskPhoneCredentials,
  type ExtensionCode,
  REALTIME_EVENTS,
  SOFTPHONE,
} from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { diffForAudit } from '../../platform/audit/diff.js';
import type { Actor } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { translate } from '../../platform/i18n/messages.js';
import { credentialUser, SIP_REALM, sipPassword } from './voice.credentials.js';
import type { ProcessRecords } from './voice.leftovers.js';
import { announcementAudio } from './voice.media.js';
import { voiceRepo } from './voice.repo.js';
import { type CallEvent, type CallWorker, startCallWorker } from './voice.worker.js';

/** The code's HMAC under the installation's voice secret: what is stored and looked up. */
export function extensionCodeHash(secret: string, code: string): string {
  return crypto.createHmac('sha256', secret).update(`extension-code:${code}`).digest('hex');
}

/** A uniformly drawn code of DESK_PHONE.codeDigits digits. */
export function drawExtensionCode(): string {
  return String(crypto.randomInt(0, 10 ** DESK_PHONE.codeDigits)).padStart(DESK_PHONE.codeDigits, '0');
}

export interface DeskPhonesDeps {
  /** Whether a node's telephony daemons run (the heartbeat). */
  running: () => Promise<boolean>;
  notConfigured: () => Error;
  /** The host browsers reached, for the registrar's address when VOICE_PUBLIC_HOST is not set. */
  publicHost?: string;
}

/**
 * Desk phones (docs/voice.md): an administrator's credentials for a phone's extension, the agent's code, and what the
 * registration line does with the digits typed after dialling 2600.
 */
export function createDeskPhones(ctx: AppContext, deps: DeskPhonesDeps) {
  const settings = ctx.config.voice;

  async function secretOrRefuse(): Promise<string> {
    const secret = (await deps.running()) ? await voiceRepo.secretIfAny(ctx.db) : null;
    if (!secret) throw deps.notConfigured();
    return secret;
  }

  return {
    /**
     * Credentials for the phone that will hold `extension`, valid DESK_PHONE.credentialsDays. Nothing is stored: the
     * registrar recomputes the password; renewing is issuing new ones.
     */
    async credentials(extension: string, requestHost: string | null): Promise<DeskPhoneCredentials> {
      const secret = await secretOrRefuse();
      const expiresAt = new Date(Date.now() + DESK_PHONE.credentialsDays * 24 * 60 * 60 * 1000);
      const authorizationUser = credentialUser(extension, expiresAt);
      return {
        extension,
        registrar: settings.publicHost ?? requestHost ?? settings.listenIp,
        port: settings.deskPhonePort,
        user: extension,
        authorizationUser,
        password: sipPassword(secret, authorizationUser),
        realm: SIP_REALM,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** A new code for the signed-in user (replacing theirs), to type on a desk phone after dialling 2600. */
    async code(actor: Actor): Promise<ExtensionCode> {
      const secret = await secretOrRefuse();
      const expiresAt = new Date(Date.now() + DESK_PHONE.codeTtlSeconds * 1000);
      // Codes in force are distinct: a draw that matches another user's is drawn again.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const code = drawExtensionCode();
        if (await voiceRepo.saveExtensionCode(ctx.db, actor.userId, extensionCodeHash(secret, code), expiresAt)) {
          return { code, dial: SOFTPHONE.deskPhoneCode, expiresAt: expiresAt.toISOString() };
        }
      }
      throw new Error('no free extension code');
    },

    /**
     * The digits typed on the phone of `extension` after dialling 2600: a code in force makes the extension its
     * user's (taken from whoever held it), tells their browser (new-extension) and is used up. Null for a wrong code.
     */
    async register(extension: string, digits: string): Promise<number | null> {
      const secret = await voiceRepo.secretIfAny(ctx.db);
      if (!secret || !/^[0-9]+$/.test(digits)) return null;
      const bound = await ctx.db.transaction(async (tx) => {
        const userId = await voiceRepo.takeExtensionCode(tx, extensionCodeHash(secret, digits));
        if (userId === null) return null;
        const user = await voiceRepo.lockCaller(tx, userId);
        if (!user?.enabled) return null;
        const others = await voiceRepo.bindExtension(tx, userId, extension);
        for (const other of others) {
          await auditRepo.record(tx, {
            actorUserId: userId,
            entity: 'user',
            entityId: other,
            action: 'updated',
            changes: diffForAudit('user', { extension }, { extension: null }),
          });
        }
        if (user.extension !== extension) {
          await auditRepo.record(tx, {
            actorUserId: userId,
            entity: 'user',
            entityId: userId,
            action: 'updated',
            changes: diffForAudit('user', { extension: user.extension }, { extension }),
          });
        }
        return userId;
      });
      if (bound !== null) await ctx.realtime.toUser(bound, REALTIME_EVENTS.newExtension, { extension });
      return bound;
    },
  };
}

export type DeskPhones = ReturnType<typeof createDeskPhones>;

export interface RegistrationLineOptions {
  runDir: string;
  records: ProcessRecords;
  proxyPort: number;
  /** Its SIP port (and the next for TLS) and control port: four ports apart from every other worker's. */
  sipPort: number;
  controlPort: number;
  register: DeskPhones['register'];
}

/**
 * The silence after each of the line's announcements: the worker's call ends when the audio does, so a caller who
 * types nothing is let go after it.
 */
const LINE_SILENCE_SECONDS = 90;

/** About how long the line's short announcements last. */
const ANNOUNCEMENT_MS = 2500;

interface LineCall {
  extension: string;
  digits: string;
  tries: number;
  done: boolean;
}

/** The extension a call comes from: the user part of its peer's URI (the registrar checked it is the caller's). */
export function callerExtension(peerUri: string | undefined): string | null {
  const user = /^sips?:([^@;]+)@/.exec(peerUri ?? '')?.[1];
  return user && /^[0-9]{2,15}$/.test(user) ? user : null;
}

/**
 * The registration line, 2600: a call worker registered under that number answers, asks for the code and collects
 * the digits (RFC 2833 events) until `#` or DESK_PHONE.codeDigits of them. A right code binds the calling phone's
 * extension to the code's agent; DESK_PHONE.triesPerCall wrong ones end the call.
 */
export async function startRegistrationLine(ctx: AppContext, options: RegistrationLineOptions): Promise<CallWorker> {
  const log = ctx.logger.child({ module: 'voice-registration-line' });
  const language = ctx.config.voice.language;
  const dir = path.join(options.runDir, 'announcements');
  const [prompt, done, wrong] = await Promise.all(
    (['prompt', 'done', 'wrong'] as const).map((text) =>
      announcementAudio(dir, translate(language, `voice.registrationLine.${text}`), language, {
        silenceAfterSeconds: LINE_SILENCE_SECONDS,
      }),
    ),
  );
  const calls = new Map<string, LineCall>();
  let queue: Promise<unknown> = Promise.resolve();
  let worker: CallWorker | null = null;
  // One call's commands at a time: `callfind` selects the call the next command acts on.
  const onCall = (id: string, command: string, params = '') => {
    const run = queue.then(async () => {
      if (!worker) return;
      await worker.command('callfind', id);
      await worker.command(command, params);
    });
    queue = run.catch((error: unknown) => log.debug({ err: error, command }, 'registration line command failed'));
    return queue;
  };

  async function digitsTyped(id: string, call: LineCall) {
    const digits = call.digits;
    call.digits = '';
    const userId = await options.register(call.extension, digits).catch((error: unknown) => {
      log.error({ err: error }, 'an extension could not be registered');
      return null;
    });
    if (userId !== null) {
      call.done = true;
      log.info({ extension: call.extension, userId }, 'a desk phone registered its extension to an agent');
      await say(id, done);
      await onCall(id, 'hangup');
      return;
    }
    call.tries += 1;
    log.info({ extension: call.extension, tries: call.tries }, 'a wrong extension code');
    await say(id, wrong);
    if (call.tries >= DESK_PHONE.triesPerCall) {
      call.done = true;
      await onCall(id, 'hangup');
    } else await onCall(id, 'ausrc', `aufile,${prompt}`);
  }

  /** Plays an announcement into the call (it replaces the prompt) and waits about as long as it lasts. */
  async function say(id: string, file: string) {
    await onCall(id, 'ausrc', `aufile,${file}`);
    await new Promise((resolve) => setTimeout(resolve, ANNOUNCEMENT_MS));
  }

  /** The call's state, made at its first event (with auto-answer baresip reports no CALL_INCOMING). */
  function lineCall(id: string, event: CallEvent): LineCall | null {
    const known = calls.get(id);
    if (known) return known;
    const extension = callerExtension(event.peeruri);
    if (!extension) {
      void onCall(id, 'hangup');
      return null;
    }
    const created: LineCall = { extension, digits: '', tries: 0, done: false };
    calls.set(id, created);
    return created;
  }

  function onEvent(event: CallEvent) {
    const id = event.id;
    if (!id || event.direction !== 'incoming') return;
    if (event.type === 'CALL_CLOSED') {
      calls.delete(id);
      return;
    }
    const call = lineCall(id, event);
    if (!call || call.done || event.type !== 'CALL_DTMF_START') return;
    const key = event.param ?? '';
    if (key === '#') void digitsTyped(id, call);
    else if (/^[0-9]$/.test(key)) {
      call.digits = (call.digits + key).slice(-DESK_PHONE.codeDigits);
      if (call.digits.length === DESK_PHONE.codeDigits) void digitsTyped(id, call);
    } else call.digits = '';
  }

  worker = await startCallWorker({
    name: 'registration-line',
    dir: path.join(options.runDir, 'registration-line'),
    sipPort: options.sipPort,
    controlPort: options.controlPort,
    proxyPort: options.proxyPort,
    user: SOFTPHONE.deskPhoneCode,
    register: true,
    autoAnswer: true,
    source: prompt,
    keepEvents: false,
    onEvent,
    records: options.records,
    logger: log,
  });
  return worker;
}
