import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { ProcessRecords } from './voice.leftovers.js';

/** Debian's baresip (npm run voice:setup) and its modules. */
export const BARESIP = { binary: '/usr/bin/baresip', modules: '/usr/lib/baresip/modules' } as const;

/** What baresip reports of its calls (ctrl_tcp events): CALL_INCOMING, CALL_RINGING, CALL_ESTABLISHED, CALL_CLOSED… */
export interface CallEvent {
  type: string;
  /** The call's id within the worker. */
  id?: string;
  direction?: 'incoming' | 'outgoing';
  accountaor?: string;
  peeruri?: string;
  /** For CALL_CLOSED the reason ("Connection reset by user", "480 Temporarily Unavailable"…); for DTMF the key. */
  param?: string;
}

export interface CallWorkerOptions {
  /** Names the worker in the logs. */
  name: string;
  /** Its own folder: configuration, and the recordings of what it heard (sndfile's dump-…-dec.wav). */
  dir: string;
  /** Its SIP port on loopback (baresip also binds the next one, for TLS: keep workers two ports apart). */
  sipPort: number;
  /** Its control port on loopback (ctrl_tcp: netstring-framed JSON). */
  controlPort: number;
  /** The registrar's loopback UDP port (Kamailio trusts loopback UDP from the workers). */
  proxyPort: number;
  /** The user it is known by at the registrar; registered when `register` (a simulated phone, an IVR). */
  user: string;
  register?: boolean;
  /** Answers calls by itself. */
  autoAnswer?: boolean;
  /** What it plays into every call: a WAV file, 8 kHz mono 16-bit (sox converts anything to it). */
  source: string;
  /** Keeps what it hears in `dir` (dump-…-dec.wav per call). */
  record?: boolean;
  /**
   * Where its media ports are taken from (default WORKER_RTP_PORTS): apart from the SIP and control ports of every
   * worker and from rtpengine's, so a worker's RTP socket never takes a port another worker is about to bind.
   */
  rtpPorts?: { min: number; max: number };
  /** Its accounts file instead of the single `user` account (a bridge worker's customer and agent sides). */
  accounts?: string;
  /** false: no jitter buffer (bridges); baresip's default otherwise. */
  jitterBuffer?: boolean;
  /** Modules loaded besides the usual ones (aubridge for a bridge worker). */
  extraModules?: readonly string[];
  /** Called with every event as it comes (a long-lived worker sets `keepEvents: false` and listens here). */
  onEvent?: (event: CallEvent) => void;
  /** Keeps every event in `events` for `next()` (default); off for long-lived workers, which would grow forever. */
  keepEvents?: boolean;
  /** Records the process while it runs, in its own process group, so that a node killed without stopping it stops it at its next start. */
  records?: ProcessRecords;
  logger: Logger;
}

export interface CallWorker {
  readonly options: CallWorkerOptions;
  /** The baresip process (benchmarks read its CPU time). */
  readonly pid: number | undefined;
  /** Every event so far, oldest first. */
  readonly events: readonly CallEvent[];
  /** Runs a baresip command (the long names of its menu: dial, accept, hangup, reginfo…) and returns its text. */
  command(command: string, params?: string): Promise<string>;
  /** Calls a user of the registrar (an extension, a number) through it. */
  dial(user: string): Promise<void>;
  /** The next event of one of these types after `since` events (default: any not yet seen by this wait). */
  next(types: string | readonly string[], options?: { timeoutMs?: number; since?: number }): Promise<CallEvent>;
  /** The newest recording of what the worker heard, if any. */
  lastRecording(): string | null;
  /** Settles when the process ends, however it ends. */
  readonly exited: Promise<void>;
  stop(): Promise<void>;
}

const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** baresip's answers are meant for a terminal: without their colour codes. */
export function withoutColours(text: string): string {
  return text.replace(COLOURS, '');
}

/** Encodes one ctrl_tcp frame (a netstring). */
export function netstring(payload: string): string {
  return `${Buffer.byteLength(payload)}:${payload},`;
}

/** Splits complete netstrings off the front of `buffer`; returns them and what is left. */
export function readNetstrings(buffer: Buffer): { frames: string[]; rest: Buffer } {
  const frames: string[] = [];
  let offset = 0;
  for (;;) {
    const colon = buffer.indexOf(0x3a, offset);
    if (colon === -1) break;
    const length = Number(buffer.subarray(offset, colon).toString());
    if (!Number.isInteger(length) || length < 0) throw new Error('ctrl_tcp: a frame without a length');
    const end = colon + 1 + length;
    if (buffer.length < end + 1) break;
    if (buffer[end] !== 0x2c) throw new Error('ctrl_tcp: a frame without its comma');
    frames.push(buffer.subarray(colon + 1, end).toString());
    offset = end + 1;
  }
  return { frames, rest: buffer.subarray(offset) };
}

/** A command baresip has not answered within this long failed (the process hangs or died). */
const COMMAND_TIMEOUT_MS = 5000;

/** The workers' media ports by default (rtpengine's are VOICE_RTP_PORTS, 30000-30999). */
export const WORKER_RTP_PORTS = { min: 36000, max: 39999 } as const;

/** baresip's configuration for one worker: loopback only, G.711, a file as microphone, no terminal. */
export function baresipConfig(options: CallWorkerOptions): { config: string; accounts: string } {
  const config = [
    'poll_method epoll',
    // A bridge passes audio on as it comes (the agent's browser has its own jitter buffer); baresip 1.0's buffer
    // also drops a stream whose SSRC changed soon after the call began (the waiting audio's end).
    ...(options.jitterBuffer === false ? ['jitter_buffer_delay 0-0'] : []),
    `sip_listen 127.0.0.1:${options.sipPort}`,
    'net_interface 127.0.0.1',
    `ctrl_tcp_listen 127.0.0.1:${options.controlPort}`,
    `rtp_ports ${(options.rtpPorts ?? WORKER_RTP_PORTS).min}-${(options.rtpPorts ?? WORKER_RTP_PORTS).max}`,
    `audio_source aufile,${options.source}`,
    `audio_player aufile,${path.join(options.dir, 'played.wav')}`,
    'audio_alert aufile,/dev/null',
    `module_path ${BARESIP.modules}`,
    'module g711.so',
    'module aufile.so',
    ...(options.record ? ['module sndfile.so'] : []),
    ...(options.extraModules ?? []).map((module) => `module ${module}`),
    'module_app account.so',
    'module_app ctrl_tcp.so',
    'module_app menu.so',
    '',
  ].join('\n');
  const accounts =
    options.accounts ??
    `<sip:${options.user}@127.0.0.1:${options.proxyPort}>;regint=${options.register ? 60 : 0};answermode=${options.autoAnswer ? 'auto' : 'manual'}\n`;
  return { config, accounts };
}

/**
 * One baresip process driven over its control port: a call worker (dialer calls, audio playing, IVR) or, in tests,
 * a customer's phone. It talks plain SIP and RTP on loopback with the registrar and rtpengine.
 */
export async function startCallWorker(options: CallWorkerOptions): Promise<CallWorker> {
  fs.mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  const { config, accounts } = baresipConfig(options);
  fs.writeFileSync(path.join(options.dir, 'config'), config);
  fs.writeFileSync(path.join(options.dir, 'accounts'), accounts);
  const log = options.logger.child({ worker: options.name });
  const child: ChildProcess = spawn(BARESIP.binary, ['-f', options.dir], {
    cwd: options.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.records !== undefined,
  });
  options.records?.record(options.name, child.pid);
  child.stdout?.on('data', (data: Buffer) => log.debug(data.toString().trim()));
  child.stderr?.on('data', (data: Buffer) => log.debug(data.toString().trim()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      options.records?.forget(options.name, child.pid);
      resolve();
    }),
  );

  /** Ends the process (SIGTERM, SIGKILL after 2 s) and waits for it to be gone. */
  const end = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(killer);
    }
  };

  // A worker that fails to start is ended here: its caller has no handle to stop it, and a detached baresip left
  // running would hold its ports (and its registration) after the node that started it is gone.
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const deadline = Date.now() + 10_000;
    const attempt = () => {
      const connection = net.connect({ host: '127.0.0.1', port: options.controlPort });
      connection.once('connect', () => resolve(connection));
      connection.once('error', () => {
        connection.destroy();
        if (child.exitCode !== null || Date.now() > deadline)
          reject(new Error(`call worker ${options.name} did not start`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  }).catch(async (error: unknown) => {
    await end();
    throw error;
  });

  const events: CallEvent[] = [];
  const waiting = new Set<() => void>();
  const pending = new Map<string, { resolve(data: string): void; reject(error: Error): void }>();
  let buffer: Buffer = Buffer.alloc(0);
  let token = 0;
  socket.on('data', (data: Buffer) => {
    const { frames, rest } = readNetstrings(Buffer.concat([buffer, data]));
    buffer = rest;
    for (const frame of frames) {
      const message = JSON.parse(frame) as CallEvent & {
        event?: boolean;
        response?: boolean;
        ok?: boolean;
        data?: string;
        token?: string;
      };
      if (message.response && message.token) {
        const request = pending.get(message.token);
        pending.delete(message.token);
        if (message.ok) request?.resolve(message.data ?? '');
        else request?.reject(new Error(`baresip refused: ${message.data ?? ''}`));
      } else if (message.event) {
        const { event: _event, ...callEvent } = message;
        if (options.keepEvents !== false) events.push(callEvent);
        log.debug({ event: callEvent }, 'call event');
        for (const wake of [...waiting]) wake();
        try {
          options.onEvent?.(callEvent);
        } catch (error) {
          log.error({ err: error }, 'a call event listener failed');
        }
      }
    }
  });

  // A worker that dies takes its control connection with it: its pending commands fail instead of hanging.
  socket.on('error', (error) => log.debug({ err: error }, 'call worker control connection failed'));
  socket.on('close', () => {
    for (const request of pending.values()) request.reject(new Error(`call worker ${options.name} stopped`));
    pending.clear();
  });

  const worker: CallWorker = {
    options,
    pid: child.pid,
    events,
    exited,
    command(command, params = '') {
      token += 1;
      const id = String(token);
      return new Promise<string>((resolve, reject) => {
        if (socket.destroyed) {
          reject(new Error(`call worker ${options.name} stopped`));
          return;
        }
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`call worker ${options.name} did not answer ${command}`));
        }, COMMAND_TIMEOUT_MS);
        pending.set(id, {
          resolve: (data) => {
            clearTimeout(timer);
            resolve(data);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        socket.write(netstring(JSON.stringify({ command, params, token: id })));
      });
    },
    async dial(user) {
      await worker.command('dial', `sip:${user}@127.0.0.1:${options.proxyPort}`);
    },
    next(types, { timeoutMs = 10_000, since } = {}) {
      const wanted = typeof types === 'string' ? [types] : types;
      const from = since ?? events.length;
      return new Promise<CallEvent>((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find((event) => wanted.includes(event.type));
          if (!found) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`${options.name}: no ${wanted.join('/')} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    lastRecording() {
      const dumps = fs
        .readdirSync(options.dir)
        .filter((file) => file.startsWith('dump-') && file.endsWith('-dec.wav'))
        .sort();
      return dumps.length > 0 ? path.join(options.dir, dumps[dumps.length - 1]) : null;
    },
    async stop() {
      socket.destroy();
      await end();
    },
  };
  if (options.register) {
    // Registered (its AOR known to the registrar) before anyone calls it.
    const deadline = Date.now() + 10_000;
    try {
      for (;;) {
        // A command that times out (a loaded machine) or a process that died throws here, as a refusal does below.
        const info = withoutColours(await worker.command('reginfo'));
        if (/\bOK\b/.test(info)) break;
        if (Date.now() > deadline) throw new Error(`call worker ${options.name} did not register: ${info}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } catch (error) {
      await worker.stop();
      throw error;
    }
  }
  return worker;
}
