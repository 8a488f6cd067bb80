import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { ProcessRecords } from './voice.leftovers.js';
import { type CallEvent, type CallWorker, startCallWorker, withoutColours } from './voice.worker.js';

/**
 * One call pair: a baresip process with two user agents whose audio is crossed by aubridge. The customer side is
 * registered (the registrar sends a channel's call to it when the call router names it); the agent side dials the
 * agent's extension. What the customer says is played into the agent's call and the other way round; until an agent
 * answers, rtpengine plays the waiting audio into the customer's leg (voice.media.ts).
 */
export interface Bridge {
  readonly index: number;
  /** The registrar's user of the customer side (what the call router answers Kamailio with). */
  readonly customerUser: string;
  readonly agentUser: string;
  /** Runs baresip commands one after another on the chosen side (its user agent selected first). */
  on(side: 'customer' | 'agent', command: string, params?: string): Promise<string>;
  /** How many calls the process has (0 when both legs are down). */
  activeCalls(): Promise<number>;
  readonly worker: CallWorker;
}

export interface BridgePoolOptions {
  dir: string;
  /** The registrar's loopback UDP port. */
  proxyPort: number;
  /** SIP and control ports of the bridges: four per bridge (baresip also binds SIP + 1 for TLS). */
  ports: { min: number; max: number };
  /** The file the process plays when nothing is bridged (never heard: both sides have their own source). */
  idleSource: string;
  /** Idle bridges kept ready, so a call never waits for a process to start. */
  idle: number;
  /** Every call event of every bridge. */
  onEvent(bridge: Bridge, event: CallEvent): void;
  /** A bridge's process ended without being stopped (its calls are gone). */
  onLost(bridge: Bridge): void;
  /** Where the bridges' processes are recorded while they run (voice.leftovers.ts). */
  records?: ProcessRecords;
  logger: Logger;
}

/** Bridges on the ports given: claimed by a call, released when both its legs are down, replaced when they die. */
export function createBridgePool(options: BridgePoolOptions) {
  const capacity = Math.floor((options.ports.max - options.ports.min + 1) / 4);
  const idle: Bridge[] = [];
  const busy = new Set<Bridge>();
  const starting = new Map<number, Promise<Bridge | null>>();
  const freeIndexes = new Set(Array.from({ length: capacity }, (_, index) => index));
  let stopped = false;

  const aor = (user: string) => `sip:${user}@127.0.0.1:${options.proxyPort}`;

  async function start(index: number): Promise<Bridge | null> {
    const customerUser = `atiende-bridge-${index}`;
    const agentUser = `atiende-bridge-${index}-agent`;
    const toAgent = `b${index}-to-agent`;
    const toCustomer = `b${index}-to-customer`;
    const dir = path.join(options.dir, String(index));
    fs.rmSync(dir, { recursive: true, force: true });
    let bridge: Bridge | null = null;
    try {
      const sipPort = options.ports.min + index * 4;
      const worker = await startCallWorker({
        name: customerUser,
        dir,
        sipPort,
        controlPort: sipPort + 2,
        proxyPort: options.proxyPort,
        user: customerUser,
        register: true,
        source: options.idleSource,
        extraModules: ['aubridge.so'],
        keepEvents: false,
        jitterBuffer: false,
        records: options.records,
        accounts: [
          `<${aor(customerUser)}>;regint=30;answermode=manual;audio_source=aubridge,${toCustomer};audio_player=aubridge,${toAgent}`,
          `<${aor(agentUser)}>;regint=0;answermode=manual;audio_source=aubridge,${toAgent};audio_player=aubridge,${toCustomer}`,
          '',
        ].join('\n'),
        onEvent: (event) => {
          if (bridge) options.onEvent(bridge, event);
        },
        logger: options.logger,
      });
      let queue: Promise<unknown> = Promise.resolve();
      const created: Bridge = {
        index,
        customerUser,
        agentUser,
        worker,
        on(side, command, params = '') {
          const run = queue.then(async () => {
            await worker.command('uafind', aor(side === 'customer' ? customerUser : agentUser));
            return worker.command(command, params);
          });
          queue = run.catch(() => undefined);
          return run;
        },
        async activeCalls() {
          const listed = withoutColours(await worker.command('listcalls'));
          return Number(/Active calls \((\d+)\)/.exec(listed)?.[1] ?? 0);
        },
      };
      bridge = created;
      void worker.exited.then(() => {
        if (stopped) return;
        const index = idle.indexOf(created);
        if (index >= 0) idle.splice(index, 1);
        const wasBusy = busy.delete(created);
        freeIndexes.add(created.index);
        options.logger.warn({ bridge: customerUser }, 'a call bridge stopped; another takes its place');
        if (wasBusy) options.onLost(created);
        topUp();
      });
      return created;
    } catch (error) {
      options.logger.error({ err: error, bridge: customerUser }, 'a call bridge could not start');
      freeIndexes.add(index);
      return null;
    }
  }

  /** Starts bridges until `idle` are ready (or starting), within the pool's capacity. */
  function topUp() {
    if (stopped) return;
    while (idle.length + starting.size < options.idle && freeIndexes.size > 0) {
      const index = freeIndexes.values().next().value as number;
      freeIndexes.delete(index);
      const pending = start(index).then((bridge) => {
        starting.delete(index);
        if (bridge && !stopped) idle.push(bridge);
        else if (bridge) void bridge.worker.stop();
        return bridge;
      });
      starting.set(index, pending);
    }
  }

  return {
    capacity,
    /** Starts the idle bridges and waits for them. */
    async start(): Promise<void> {
      topUp();
      await Promise.all(starting.values());
    },
    /** A bridge for a new call, or null when every one is taking a call. */
    async claim(): Promise<Bridge | null> {
      if (stopped) return null;
      if (idle.length === 0) {
        topUp();
        // The first bridge to be ready (one was starting, or one was just started for this call).
        await Promise.race(starting.values()).catch(() => undefined);
      }
      const bridge = idle.shift() ?? null;
      if (bridge) busy.add(bridge);
      topUp();
      return bridge;
    },
    /** The call is over: the bridge takes calls again, or is replaced when a leg would not go down. */
    async release(bridge: Bridge): Promise<void> {
      if (!busy.has(bridge)) return;
      let calls = await bridge.activeCalls().catch(() => -1);
      for (let attempt = 0; calls > 0 && attempt < 3; attempt += 1) {
        await bridge.on('customer', 'hangup').catch(() => undefined);
        await bridge.on('agent', 'hangup').catch(() => undefined);
        calls = await bridge.activeCalls().catch(() => -1);
      }
      busy.delete(bridge);
      if (calls === 0 && !stopped) {
        idle.push(bridge);
        return;
      }
      // Stopping it frees its ports; the pool starts another in its place.
      await bridge.worker.stop();
      freeIndexes.add(bridge.index);
      topUp();
    },
    counts: () => ({ idle: idle.length, busy: busy.size, starting: starting.size }),
    async stop(): Promise<void> {
      stopped = true;
      const all = [...idle, ...busy, ...(await Promise.all(starting.values()))].filter(
        (bridge): bridge is Bridge => bridge !== null,
      );
      idle.length = 0;
      busy.clear();
      await Promise.all(all.map((bridge) => bridge.worker.stop()));
    },
  };
}

export type BridgePool = ReturnType<typeof createBridgePool>;
