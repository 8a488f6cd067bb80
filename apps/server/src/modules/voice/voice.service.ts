import path from 'node:path';
import { SOFTPHONE, type SoftphoneCredentials, type VoiceState, type VoiceStatus } from '@atiende/contracts';
import type { Actor } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { businessRepo } from '../business/business.repo.js';
import { type CallCenter, type CallCenterDeps, createCallCenter } from './voice.calls.js';
import { credentialUser, newVoiceSecret, SIP_REALM, sipPassword, turnServers } from './voice.credentials.js';
import { createVoiceDaemons, type VoiceDaemons } from './voice.daemons.js';
import { createDeskPhones, startRegistrationLine } from './voice.deskphones.js';
import { processRecords } from './voice.leftovers.js';
import { createCallMonitor } from './voice.monitor.js';
import { voiceRepo } from './voice.repo.js';
import type { CallWorker } from './voice.worker.js';

/** Softphone credentials last this long; the browser asks for new ones before they lapse. */
export const CREDENTIALS_TTL_MS = 12 * 60 * 60 * 1000;
const HEARTBEAT_MS = 10_000;

export const voiceErrors = {
  notConfigured: () => new AppError(409, 'VOICE.NOT_CONFIGURED', 'voice.notConfigured'),
  noExtension: () => new AppError(409, 'VOICE.NO_EXTENSION', 'voice.noExtension'),
  extensionShared: () => new AppError(409, 'VOICE.EXTENSION_SHARED', 'voice.extensionShared'),
};

/** The host part of a Host header (no port, no brackets), or null when it is not a plain host name or address. */
export function hostOf(header: string | undefined): string | null {
  if (!header) return null;
  const host = header.startsWith('[') ? header.slice(1, header.indexOf(']')) : header.replace(/:\d+$/, '');
  return /^[A-Za-z0-9.:-]{1,253}$/.test(host) ? host : null;
}

/** Whether calls can be made on this installation: the business has WebRTC on and a node's daemons answer. */
export async function telephonyReady(db: Executor): Promise<boolean> {
  const [business, alive] = await Promise.all([businessRepo.get(db), voiceRepo.running(db)]);
  return business?.webrtcEnabled === true && alive;
}

/**
 * The telephony layer (docs/voice.md): the node with VOICE_ENABLED runs the daemons and keeps a heartbeat in the
 * database; every node issues softphone credentials while that heartbeat is fresh and the business has WebRTC on.
 */
export function createVoiceService(ctx: AppContext, deps: CallCenterDeps) {
  const settings = ctx.config.voice;
  let daemons: VoiceDaemons | null = null;
  let calls: CallCenter | null = null;
  let registrationLine: CallWorker | null = null;
  let heartbeat: NodeJS.Timeout | undefined;

  const beat = () =>
    voiceRepo
      .beat(ctx.db, daemons?.state() === 'running')
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'voice heartbeat failed'));

  async function running(): Promise<boolean> {
    if (daemons) return daemons.state() === 'running';
    return voiceRepo.running(ctx.db);
  }

  async function status(): Promise<VoiceStatus> {
    const [business, alive] = await Promise.all([businessRepo.get(ctx.db), running()]);
    const webrtcEnabled = business?.webrtcEnabled === true;
    const state: VoiceState = daemons ? daemons.state() : alive ? 'running' : 'disabled';
    return { configured: webrtcEnabled && alive, webrtcEnabled, state };
  }

  const monitor = createCallMonitor(ctx, { agents: deps.agents, configured: async () => (await status()).configured });
  const deskPhones = createDeskPhones(ctx, { running, notConfigured: voiceErrors.notConfigured });

  return {
    status,

    /** Listen, whisper and barge: a supervisor's part in an agent's live call (voice.monitor.ts). */
    monitor,

    /** Desk phones' credentials, agents' extension codes and the 2600 line's registrations (voice.deskphones.ts). */
    deskPhones,

    /** The signed-in user's softphone credentials, for the host the browser reached (`requestHost`). */
    async credentials(actor: Actor, requestHost: string | null): Promise<SoftphoneCredentials> {
      const current = await status();
      if (!current.configured) throw voiceErrors.notConfigured();
      const caller = await voiceRepo.caller(ctx.db, actor.userId);
      const extension = caller?.extension?.trim();
      if (!caller || !extension) throw voiceErrors.noExtension();
      if (await voiceRepo.extensionShared(ctx.db, actor.userId, extension)) throw voiceErrors.extensionShared();
      const secret = await voiceRepo.secretIfAny(ctx.db);
      if (!secret) throw voiceErrors.notConfigured();
      const host = settings.publicHost ?? requestHost ?? settings.listenIp;
      const expiresAt = new Date(Date.now() + CREDENTIALS_TTL_MS);
      const user = credentialUser(extension, expiresAt);
      const wsHost = host.includes(':') ? `[${host}]` : host;
      return {
        extension,
        displayName: caller.name,
        domain: host,
        websocketUrl: `wss://${wsHost}:${settings.websocketPort}${SOFTPHONE.websocketPath}`,
        authorizationUser: user,
        password: sipPassword(secret, user),
        realm: SIP_REALM,
        expiresAt: expiresAt.toISOString(),
        iceServers: turnServers({ secret, host, port: settings.turnPort, user }),
      };
    },

    /** Starts the daemons when this node runs them (VOICE_ENABLED); never throws. */
    async start(): Promise<void> {
      if (!ctx.config.voiceEnabled) return;
      const runDir = path.join(ctx.config.dataDir, 'voice');
      const records = processRecords(runDir, ctx.logger.child({ module: 'voice' }));
      daemons = createVoiceDaemons({
        network: {
          listenIp: settings.listenIp,
          advertiseIp: settings.advertiseIp,
          websocketPort: settings.websocketPort,
          sipPort: settings.sipPort,
          deskPhonePort: settings.deskPhonePort,
          turnPort: settings.turnPort,
          controlPort: settings.controlPort,
          routerPort: settings.controlPort + 2,
          rtpPorts: settings.rtpPorts,
          relayPorts: settings.relayPorts,
        },
        runDir,
        records,
        certificate: settings.certificate,
        privateKey: settings.privateKey,
        host: settings.publicHost ?? 'localhost',
        logger: ctx.logger.child({ module: 'voice' }),
      });
      try {
        const secret = await voiceRepo.secret(ctx.db, newVoiceSecret());
        if ((await daemons.start(secret)) === 'running') {
          // Calls can be made from now on (softphones); the channel's bridges start next.
          await beat();
          // The telephony channel: calls to the channels' numbers, through bridges on this node.
          calls = createCallCenter(ctx, deps, {
            runDir,
            records,
            secret,
            proxyPort: settings.sipPort,
            routerPort: settings.controlPort + 2,
            mediaPort: settings.controlPort,
            // The last four worker ports are the registration line's.
            workerPorts: { min: settings.workerPorts.min, max: settings.workerPorts.max - 4 },
          });
          await calls.start();
          // 2600: where desk phones register their extension to an agent.
          registrationLine = await startRegistrationLine(ctx, {
            runDir,
            records,
            proxyPort: settings.sipPort,
            sipPort: settings.workerPorts.max - 3,
            controlPort: settings.workerPorts.max - 1,
            register: deskPhones.register,
          }).catch((error: unknown) => {
            ctx.logger.error({ err: error }, 'the desk phones’ registration line (2600) could not start');
            return null;
          });
        }
      } catch (error) {
        ctx.logger.error({ err: error }, 'telephony could not start');
      }
      await beat();
      heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
      heartbeat.unref();
    },

    async stop(): Promise<void> {
      clearInterval(heartbeat);
      await registrationLine?.stop();
      registrationLine = null;
      await calls?.stop();
      calls = null;
      if (!daemons) return;
      await daemons.stop();
      await beat();
    },

    /** This node's call center, while its telephony runs (the dialing engine places calls through it). */
    callCenter: () => calls,

    /** The telephony channel's live calls and bridges on this node (tests, supervision). */
    calls: () => calls?.snapshot() ?? null,

    /** Whether the desk phones' registration line (2600) answers on this node (tests). */
    registrationLineRunning: () => registrationLine !== null,

    /** The daemons' process ids on this node (tests). */
    pids: () => daemons?.pids() ?? {},
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
