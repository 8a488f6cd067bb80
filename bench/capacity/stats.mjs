// Shared by the capacity benchmark's processes: the clock, latency recording and summaries, the web app's
// throttle, and reading CPU and memory of other processes from /proc (Linux).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The realtime measures, as labelled in the records. */
export const REALTIME_CUSTOMER = 'customer → agent (NuevoRegistroCanalEvent)';
export const REALTIME_ASSIGNED = 'first message → agent told of assignment (includes queue wait)';
export const REALTIME_BARE = 'bare Socket.IO broadcast';

/** Milliseconds since the epoch with sub-millisecond precision, comparable between processes of one machine. */
export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A uniformly random value in [min, max). */
export const between = (min, max) => min + Math.random() * (max - min);
/** A number from the environment, or the default. */
export const envNumber = (name, fallback) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`${name} must be a number, not "${value}"`);
  return parsed;
};

/** The value at quantile `q` of an ascending array (nearest rank), NaN when empty. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
}

export function summarise(values) {
  const sorted = Float64Array.from(values).sort();
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    mean: sorted.length ? total / sorted.length : Number.NaN,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/**
 * Latencies and errors by label (an endpoint as "METHOD /route/:template", a realtime measure), kept only while
 * `recording` is on; errors by kind are counted in every phase, with the phase in the key.
 */
export class Recorder {
  constructor() {
    this.recording = false;
    this.phase = 'ramp';
    this.latencies = new Map();
    this.errors = new Map();
    this.counters = new Map();
  }

  /** Kept while measuring; during the ramp (sign-ins) under "ramp <label>", shown apart. */
  latency(label, ms) {
    if (!this.recording && this.phase !== 'ramp') return;
    const key = this.recording ? label : `ramp ${label}`;
    let list = this.latencies.get(key);
    if (!list) {
      list = [];
      this.latencies.set(key, list);
    }
    list.push(Math.round(ms * 100) / 100);
  }

  /** An error of `label` (an endpoint or a realtime measure) of one kind ("500 INTERNAL", "timeout", ...). */
  error(label, kind) {
    const key = `${this.phase}|${label}|${kind}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  count(name, by = 1) {
    if (!this.recording) return;
    this.counters.set(name, (this.counters.get(name) ?? 0) + by);
  }

  toJSON() {
    return {
      latencies: Object.fromEntries(this.latencies),
      errors: Object.fromEntries(this.errors),
      counters: Object.fromEntries(this.counters),
    };
  }
}

/** Merges the `toJSON()` of several recorders. */
export function mergeRecords(records) {
  const merged = { latencies: {}, errors: {}, counters: {} };
  for (const record of records) {
    for (const [label, values] of Object.entries(record.latencies)) {
      const list = merged.latencies[label] ?? [];
      for (const value of values) list.push(value);
      merged.latencies[label] = list;
    }
    for (const [key, count] of Object.entries(record.errors)) merged.errors[key] = (merged.errors[key] ?? 0) + count;
    for (const [key, count] of Object.entries(record.counters))
      merged.counters[key] = (merged.counters[key] ?? 0) + count;
  }
  return merged;
}

/**
 * The web app's throttle (apps/web/src/core/throttle.ts): the first call runs at once, calls inside the window
 * collapse into one run at its end, so the last change is never lost.
 */
export function throttle(fn, waitMs) {
  let last = Number.NEGATIVE_INFINITY;
  let timer = null;
  const run = () => {
    timer = null;
    last = Date.now();
    fn();
  };
  const throttled = () => {
    if (timer !== null) return;
    const wait = last + waitMs - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}

// ---------------------------------------------------------------------------------------------------------------
// /proc

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
} catch {
  // getconf missing: Linux's usual USER_HZ.
}

function readStat(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      utime: Number(fields[11]),
      stime: Number(fields[12]),
      cutime: Number(fields[13]),
      cstime: Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/** CPU seconds a process used (user + system), with its reaped children's when `withChildren`. */
export function cpuSeconds(pid, withChildren = false) {
  const stat = readStat(pid);
  if (!stat) return 0;
  const ticks = stat.utime + stat.stime + (withChildren ? stat.cutime + stat.cstime : 0);
  return ticks / ticksPerSecond;
}

function statusField(pid, field) {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory in MiB (VmRSS). */
export const rssMb = (pid) => statusField(pid, 'VmRSS') / 1024;

/** Proportional memory in MiB (PSS: shared pages divided among the processes sharing them). */
export function pssMb(pid) {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('Pss:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : rssMb(pid);
  } catch {
    return rssMb(pid);
  }
}

function allPids() {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** The postmaster listening on `port` (its command line names the port), or null. */
export function findPostmaster(port) {
  for (const pid of allPids()) {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const portAt = args.indexOf('-p');
      if (args[0].endsWith('/postgres') && portAt >= 0 && args[portAt + 1] === String(port) && args.includes('-D')) {
        return pid;
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return null;
}

/** A PostgreSQL cluster's CPU (postmaster, live backends, and backends that ended) and memory (sum of PSS). */
export function postgresUsage(postmaster) {
  const children = allPids().filter((pid) => readStat(pid)?.ppid === postmaster);
  let cpu = cpuSeconds(postmaster, true);
  let memory = pssMb(postmaster);
  for (const pid of children) {
    cpu += cpuSeconds(pid);
    memory += pssMb(pid);
  }
  return { cpu, memoryMb: memory, processes: children.length + 1 };
}

/** The machine's CPU time so far (seconds, all cores): busy and total. */
export function machineCpu() {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait are not busy.
  const busy = total - fields[3] - (fields[4] ?? 0);
  return { busy: busy / ticksPerSecond, total: total / ticksPerSecond };
}
