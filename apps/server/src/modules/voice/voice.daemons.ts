import { type ChildProcess, execFile, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import type { VoiceState } from '@atiende/contracts';
import type { Logger } from 'pino';
import {
  kamailioConfig,
  kamailioTlsConfig,
  rtpengineArguments,
  turnConfig,
  type VoiceFiles,
  type VoiceNetwork,
} from './voice.files.js';
import { type ProcessRecords, processRecords } from './voice.leftovers.js';

/** Where Debian's packages (npm run voice:setup) put the daemons and Kamailio's modules. */
export const VOICE_BINARIES = {
  kamailio: ['/usr/sbin/kamailio'],
  rtpengine: ['/usr/bin/rtpengine'],
  turnserver: ['/usr/bin/turnserver'],
  openssl: ['/usr/bin/openssl'],
} as const;
const KAMAILIO_MODULES = ['/usr/lib/x86_64-linux-gnu/kamailio/modules', '/usr/lib/aarch64-linux-gnu/kamailio/modules'];

const exec = promisify(execFile);

function firstExisting(candidates: readonly string[]): string | null {
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Next.
    }
  }
  return null;
}

export interface VoiceDaemonOptions {
  network: VoiceNetwork;
  /** Holds the generated configuration (mode 0700: it contains the secret). */
  runDir: string;
  /** PEM files for the secure WebSocket; a self-signed pair is made in runDir when absent. */
  certificate?: string;
  privateKey?: string;
  /** Host name the self-signed certificate is made for. */
  host: string;
  logger: Logger;
  /** Where the processes are recorded (default: in runDir); the call bridges record theirs in the same. */
  records?: ProcessRecords;
}

export interface VoiceDaemons {
  state(): VoiceState;
  /** Writes the configuration, starts rtpengine, Kamailio and coturn, and waits until they answer. */
  start(secret: string): Promise<VoiceState>;
  stop(): Promise<void>;
  /** The daemons' process ids (tests stop them by pid). */
  pids(): Record<string, number | undefined>;
}

interface Daemon {
  name: string;
  binary: string;
  args: string[];
  child?: ChildProcess;
  restarts: number;
  restartTimer?: NodeJS.Timeout;
}

/** Each line a daemon writes goes to the log (at debug, notices and errors at info/warn), tagged with its name. */
function pipeLines(stream: NodeJS.ReadableStream | null, log: (line: string) => void) {
  if (!stream) return;
  readline.createInterface({ input: stream }).on('line', (line) => {
    if (line.trim()) log(line);
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

export function tcpAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** rtpengine's ng protocol: `<cookie> d7:command4:pinge` answers `<cookie> d6:result4:ponge`. */
export function rtpengineAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const cookie = `ping${process.pid}${Date.now()}`;
    const timer = setTimeout(() => {
      socket.close();
      resolve(false);
    }, 500);
    socket.once('message', (message) => {
      clearTimeout(timer);
      socket.close();
      resolve(message.toString().startsWith(`${cookie} `) && message.toString().includes('pong'));
    });
    socket.once('error', () => {
      clearTimeout(timer);
      socket.close();
      resolve(false);
    });
    socket.send(`${cookie} d7:command4:pinge`, port, '127.0.0.1');
  });
}

/**
 * Runs the telephony daemons as children of this process: they start with Atiende and stop with it, and one that
 * dies is started again (with a growing delay). Nothing here needs root.
 */
export function createVoiceDaemons(options: VoiceDaemonOptions): VoiceDaemons {
  const { network, runDir, logger } = options;
  let state: VoiceState = 'disabled';
  let stopping = false;
  const daemons: Daemon[] = [];
  const records = options.records ?? processRecords(runDir, logger);

  const launch = (daemon: Daemon) => {
    // Its own process group: a node that did not stop it stops the whole group at its next start (voice.leftovers.ts).
    const child = spawn(daemon.binary, daemon.args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    daemon.child = child;
    records.record(daemon.name, child.pid);
    const log = logger.child({ daemon: daemon.name });
    pipeLines(child.stdout, (line) => log.debug(line));
    pipeLines(child.stderr, (line) =>
      /ERROR|CRITICAL|ALERT/i.test(line)
        ? log.warn(line)
        : /NOTICE|WARN/i.test(line)
          ? log.info(line)
          : log.debug(line),
    );
    child.once('error', (error) => log.error({ err: error }, 'telephony daemon could not start'));
    child.once('exit', (code, signal) => {
      records.forget(daemon.name, child.pid);
      if (daemon.child === child) daemon.child = undefined;
      if (stopping) return;
      state = 'failed';
      daemon.restarts += 1;
      const delay = Math.min(30_000, 1000 * 2 ** Math.min(daemon.restarts - 1, 5));
      log.error({ code, signal, restartInMs: delay }, 'telephony daemon stopped; starting it again');
      daemon.restartTimer = setTimeout(() => {
        launch(daemon);
        void ready().then((ok) => {
          if (ok && !stopping) {
            state = 'running';
            daemon.restarts = 0;
          }
        });
      }, delay);
      daemon.restartTimer.unref();
    });
  };

  const ready = async () =>
    (await waitFor(() => rtpengineAnswers(network.controlPort), 10_000)) &&
    (await waitFor(() => tcpAnswers(network.listenIp, network.websocketPort), 10_000)) &&
    (await waitFor(() => tcpAnswers(network.listenIp, network.turnPort), 10_000));

  return {
    state: () => state,
    pids: () => Object.fromEntries(daemons.map((daemon) => [daemon.name, daemon.child?.pid])),
    async start(secret) {
      const kamailio = firstExisting(VOICE_BINARIES.kamailio);
      const rtpengine = firstExisting(VOICE_BINARIES.rtpengine);
      const turnserver = firstExisting(VOICE_BINARIES.turnserver);
      const modules = KAMAILIO_MODULES.find(
        (dir) => fs.existsSync(path.join(dir, 'websocket.so')) && fs.existsSync(path.join(dir, 'http_client.so')),
      );
      if (!kamailio || !rtpengine || !turnserver || !modules) {
        state = 'not_installed';
        logger.warn(
          { kamailio, rtpengine, turnserver, kamailioModules: modules },
          'telephony is not installed on this machine (npm run voice:setup installs it): voice stays off',
        );
        return state;
      }
      state = 'starting';
      stopping = false;
      fs.mkdirSync(runDir, { recursive: true, mode: 0o700 });
      fs.chmodSync(runDir, 0o700);
      await records.stopLeftovers();
      let certificate = options.certificate;
      let privateKey = options.privateKey;
      if (!certificate || !privateKey) {
        certificate = path.join(runDir, 'certificate.pem');
        privateKey = path.join(runDir, 'private-key.pem');
        if (!fs.existsSync(certificate) || !fs.existsSync(privateKey)) {
          const openssl = firstExisting(VOICE_BINARIES.openssl) ?? 'openssl';
          // A self-signed pair for the secure WebSocket until VOICE_TLS_CERT/VOICE_TLS_KEY name real ones.
          await exec(openssl, [
            'req',
            '-x509',
            '-newkey',
            'rsa:2048',
            '-nodes',
            '-keyout',
            privateKey,
            '-out',
            certificate,
            '-days',
            '825',
            '-subj',
            `/CN=${options.host.replace(/[^A-Za-z0-9.-]/g, '')}`,
          ]);
          fs.chmodSync(privateKey, 0o600);
        }
      }
      const files: VoiceFiles = { runDir, certificate, privateKey, kamailioModules: modules };
      const write = (name: string, content: string) => {
        const file = path.join(runDir, name);
        fs.writeFileSync(file, content, { mode: 0o600 });
        fs.chmodSync(file, 0o600);
        return file;
      };
      write('tls.cfg', kamailioTlsConfig(files));
      const kamailioFile = write('kamailio.cfg', kamailioConfig(network, files, secret));
      const turnFile = write('turnserver.conf', turnConfig(network, files, secret));
      daemons.length = 0;
      daemons.push(
        { name: 'rtpengine', binary: rtpengine, args: rtpengineArguments(network), restarts: 0 },
        { name: 'kamailio', binary: kamailio, args: ['-DD', '-E', '-f', kamailioFile, '-Y', runDir], restarts: 0 },
        { name: 'turnserver', binary: turnserver, args: ['-c', turnFile], restarts: 0 },
      );
      for (const daemon of daemons) launch(daemon);
      if (await ready()) {
        if (state === 'starting') state = 'running';
        logger.info(
          { websocket: `${network.listenIp}:${network.websocketPort}`, turn: network.turnPort },
          'telephony started',
        );
      } else {
        state = 'failed';
        logger.error('telephony did not start: see the daemons’ lines above');
      }
      return state;
    },
    async stop() {
      stopping = true;
      const running = daemons.filter((daemon) => {
        clearTimeout(daemon.restartTimer);
        return daemon.child && daemon.child.exitCode === null;
      });
      await Promise.all(
        running.map(
          (daemon) =>
            new Promise<void>((resolve) => {
              const child = daemon.child as ChildProcess;
              const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
              child.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
      if (state !== 'not_installed') state = 'disabled';
    },
  };
}
