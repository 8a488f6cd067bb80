// Concurrent calls on this machine through Atiende's telephony (Kamailio + rtpengine, run by the voice module)
// against bare calls between the same call workers (baresip to baresip, no proxy, no media relay), in one run:
// call setup time p50/p99 and CPU per call of rtpengine, Kamailio and the workers. `npm run bench:voice`
// (after `npm run voice:setup`). BENCH_CALLS="10,25,50" sets the rounds, BENCH_HOLD_MS how long calls stay up.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newVoiceSecret } from '../apps/server/dist/modules/voice/voice.credentials.js';
import { createVoiceDaemons } from '../apps/server/dist/modules/voice/voice.daemons.js';
import { startCallWorker } from '../apps/server/dist/modules/voice/voice.worker.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';

// At most 100 calls a round: the workers' ports are laid out for that many.
const ROUNDS = (process.env.BENCH_CALLS ?? '10,25,50').split(',').map((calls) => Math.min(100, Number(calls)));
const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? 10_000);
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
const network = {
  listenIp: '127.0.0.1',
  websocketPort: 18389,
  sipPort: 15370,
  turnPort: 13778,
  controlPort: 22532,
  routerPort: 22534,
  rtpPorts: { min: 34000, max: 34999 },
  relayPorts: { min: 35000, max: 35999 },
};
const logger = createLogger('silent');
/** Every worker started, so a failed round still stops them all. */
const started = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-bench-voice-'));

function tone(hertz) {
  const file = path.join(dir, `tone-${hertz}.wav`);
  if (!fs.existsSync(file)) {
    execFileSync('sox', ['-n', '-r', '8000', '-c', '1', '-b', '16', file, 'synth', '120', 'sine', String(hertz)]);
  }
  return file;
}

/** CPU seconds (user + system) a process and its children (threads included) used so far. */
function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return ticks / CLOCK_TICKS;
}

function childrenOf(pid) {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)])
      .toString()
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
};

/**
 * `calls` pairs of workers: each callee registered (through Atiende) or listening (bare) with a 880 Hz tone, each
 * caller playing 440 Hz. All calls are placed at once, held for HOLD_MS, and hung up.
 */
async function round(calls, mode, proxyPids) {
  // Below the ephemeral range (32768 and up), where sockets the workers open for themselves could take them.
  const base = mode === 'atiende' ? 16800 : 16000;
  const pairs = [];
  for (let index = 0; index < calls; index += 1) {
    const number = `+5760100${String(index).padStart(4, '0')}`;
    const callee = await startCallWorker({
      name: `${mode}-callee-${index}`,
      dir: path.join(dir, mode, `callee-${index}`),
      sipPort: base + index * 4,
      controlPort: base + index * 4 + 2,
      proxyPort: network.sipPort,
      user: number,
      register: mode === 'atiende',
      autoAnswer: true,
      source: tone(880),
      logger,
    });
    started.push(callee);
    const caller = await startCallWorker({
      name: `${mode}-caller-${index}`,
      dir: path.join(dir, mode, `caller-${index}`),
      sipPort: base + 400 + index * 4,
      controlPort: base + 400 + index * 4 + 2,
      proxyPort: network.sipPort,
      user: `bench-${index}`,
      source: tone(440),
      record: index === 0,
      logger,
    });
    started.push(caller);
    pairs.push({ callee, caller, number });
  }
  const workerPids = pairs.flatMap(({ callee, caller }) => [callee.pid, caller.pid]);
  const setups = [];
  let failed = 0;
  await Promise.all(
    pairs.map(async ({ caller, callee, number }) => {
      const mark = caller.events.length;
      const started = performance.now();
      const target =
        mode === 'atiende'
          ? `sip:${number}@127.0.0.1:${network.sipPort}`
          : `sip:${number}@127.0.0.1:${callee.options.sipPort}`;
      await caller.command('dial', target);
      const answer = await caller.next(['CALL_ESTABLISHED', 'CALL_CLOSED'], { since: mark, timeoutMs: 30_000 });
      if (answer.type === 'CALL_ESTABLISHED') setups.push(performance.now() - started);
      else failed += 1;
    }),
  );
  // Steady state: every call up; CPU measured over the hold.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const proxies = proxyPids();
  const before = { proxies: proxies.map((pids) => cpuSeconds(pids)), workers: cpuSeconds(workerPids) };
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = {
    proxies: proxies.map((pids, index) => (cpuSeconds(pids) - before.proxies[index]) / seconds),
    workers: (cpuSeconds(workerPids) - before.workers) / seconds,
  };
  await Promise.all(pairs.map(({ caller }) => caller.command('hangup').catch(() => undefined)));
  await new Promise((resolve) => setTimeout(resolve, 500));
  // The first caller's recording: it must have heard its callee's tone.
  const recording = pairs[0].caller.lastRecording();
  // sox writes its statistics on standard error.
  const stat = recording ? spawnSync('sox', [recording, '-n', 'stat'], { encoding: 'utf8' }).stderr : '';
  const heard = Number(/Rough\s+frequency:\s+(\d+)/.exec(stat)?.[1] ?? Number.NaN);
  await Promise.all(pairs.flatMap(({ callee, caller }) => [callee.stop(), caller.stop()]));
  return { calls, mode, setups, failed, cpu, heard };
}

const daemons = createVoiceDaemons({ network, runDir: path.join(dir, 'voice'), host: 'localhost', logger });
try {
  if ((await daemons.start(newVoiceSecret())) !== 'running') throw new Error('telephony did not start');
  const proxyPids = () => {
    const pids = daemons.pids();
    return [[pids.rtpengine], [pids.kamailio, ...childrenOf(pids.kamailio)]];
  };
  const cores = os.cpus().length;
  console.log(
    `Calls held ${HOLD_MS / 1000} s, G.711 both ways; ${cores} cores (${os.cpus()[0].model}); ${new Date().toISOString()}`,
  );
  console.log(
    '| calls | path | setup p50 ms | setup p99 ms | rtpengine CPU per call | Kamailio CPU per call | workers CPU per call | failed | heard |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const calls of ROUNDS) {
    for (const mode of ['bare', 'atiende']) {
      const result = await round(calls, mode, mode === 'atiende' ? proxyPids : () => [[], []]);
      const percent = (value) => `${((value / calls) * 100).toFixed(2)} %`;
      console.log(
        `| ${calls} | ${mode === 'bare' ? 'bare (worker to worker)' : 'Atiende (Kamailio + rtpengine)'} | ` +
          `${quantile(result.setups, 0.5)?.toFixed(1)} | ${quantile(result.setups, 0.99)?.toFixed(1)} | ` +
          `${mode === 'bare' ? '—' : percent(result.cpu.proxies[0])} | ${mode === 'bare' ? '—' : percent(result.cpu.proxies[1])} | ` +
          `${percent(result.cpu.workers)} | ${result.failed} | ${result.heard} Hz |`,
      );
    }
  }
} finally {
  await Promise.all(started.map((worker) => worker.stop()));
  await daemons.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
