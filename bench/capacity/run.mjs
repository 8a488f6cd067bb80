#!/usr/bin/env node
// Capacity benchmark (issue #15): N simulated agents at a realistic pace against one Atiende server process on the
// embedded PostgreSQL, with inbound customer traffic in proportion and a supervisor per 20 agents. For each N it
// prints API p50/p95/p99 by endpoint, customer→agent realtime latency, the server's and PostgreSQL's CPU and
// memory, and errors, each next to a bare baseline measured in the same run (a bare Fastify route and a bare
// Socket.IO broadcast, served by a process of their own, driven by the same client processes), then the largest N
// that keeps API p95 and realtime p99 under 100 ms. README.md beside this file explains the model.
//
// Run: npm run bench:capacity            (BENCH_AGENTS="100,200,300" for a sweep; default 100)
// Processes: this orchestrator (seed, phases, sampling), the server (node apps/server/dist/main.js, which starts its
// embedded PostgreSQL as a single node does in production), the bare server (bare.mjs), BENCH_WORKERS client
// processes (agents.mjs) and one customer process (inbound.mjs).
//
// Environment (times in seconds unless noted):
//   BENCH_AGENTS=100               agent counts to run, comma separated, each on a fresh database and server
//   BENCH_SECONDS=180              measured time per N            BENCH_RAMP_SECONDS=30     sign-ins spread over
//   BENCH_WARMUP_SECONDS=60        traffic before measuring (conversations reach their steady number)
//   BENCH_WORKERS=auto             client processes (auto: one per 150 users, at least 2)
//   BENCH_CONVERSATION_EVERY=180   a new conversation per agent every … on average (Poisson arrivals)
//   BENCH_MESSAGES=4               customer messages per conversation   BENCH_MESSAGE_GAP=20   … apart (±25 %)
//   BENCH_REPLY_MIN=10 BENCH_REPLY_MAX=30   the agent answers each customer message after (reading and typing)
//   BENCH_REACT_MIN=2  BENCH_REACT_MAX=5    the agent opens an assigned conversation after
//   BENCH_TASK_MIN=5   BENCH_TASK_MAX=15    filling the form's task after the last answer (then closes 2-5 s later)
//   BENCH_CUSTOMER_SILENCE=120     a conversation whose customer stops writing is wrapped up after
//   BENCH_LIST_DWELL_MIN=15 BENCH_LIST_DWELL_MAX=45   between conversations: time on the tickets list, and
//   BENCH_VIEW_DWELL_MIN=10 BENCH_VIEW_DWELL_MAX=30   on one of the agent's tickets opened from it (half the time)
//   BENCH_PAUSE_EVERY=600 BENCH_PAUSE_LENGTH=60   each agent pauses (a reason of the menu); a run shorter than
//                                  warm-up + measure compresses both in proportion (same share of paused time)
//   BENCH_SUPERVISOR_DWELL_MIN=30 BENCH_SUPERVISOR_DWELL_MAX=60   a supervisor's time on a page before the next
//   BENCH_AGENTS_PER_CAMPAIGN=25 BENCH_AGENTS_PER_SUPERVISOR=20 BENCH_TASKS_PER_AGENT=5 (the campaign's limit)
//   BENCH_TICKETS=50000 BENCH_CUSTOMERS=20000 BENCH_HISTORY_MESSAGES=4   historical data of the seeded business
//   BENCH_BARE_HTTP_RATE=5         bare route requests per second per client process
//   BENCH_LOG_LEVEL=info           the server's LOG_LEVEL (production logs every request at info)
//   BENCH_PORT=3390 BENCH_PG_PORT=54390 BENCH_DATA_DIR=<tmp>/atiende-capacity   where the server and database run
//   BENCH_KEEP_DATA=1              keep each N's data folder (database cluster) instead of removing it
//   BENCH_API_P95_MS=100 BENCH_REALTIME_P99_MS=100 BENCH_MAX_ERROR_RATE=0.001   the verdict's limits
//   BENCH_TRACE=<user id>          print that user's requests and events (to check the model against the web app)
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedDatabase } from '../../apps/server/dist/platform/db/embedded.js';
import { createLogger } from '../../apps/server/dist/platform/logger.js';
import { prepareDatabase, seedBusiness, TASK_VALUES } from './seed.mjs';
import {
  cpuSeconds,
  envNumber,
  findPostmaster,
  machineCpu,
  mergeRecords,
  postgresUsage,
  REALTIME_ASSIGNED,
  REALTIME_BARE,
  REALTIME_CUSTOMER,
  rssMb,
  sleep,
  summarise,
} from './stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const seconds = (name, fallback) => envNumber(name, fallback) * 1000;

const AGENT_COUNTS = (process.env.BENCH_AGENTS ?? '100')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);
const MEASURE_MS = seconds('BENCH_SECONDS', 180);
const RAMP_MS = seconds('BENCH_RAMP_SECONDS', 30);
const WARMUP_MS = seconds('BENCH_WARMUP_SECONDS', 60);
const CONVERSATION_EVERY = envNumber('BENCH_CONVERSATION_EVERY', 180);
const PAUSE_EVERY_MS = seconds('BENCH_PAUSE_EVERY', 600);
const PAUSE_LENGTH_MS = seconds('BENCH_PAUSE_LENGTH', 60);
// A run shorter than the pause period: one pause per agent in it, as long as keeps the same share of paused time.
const RUN_MS = WARMUP_MS + MEASURE_MS;
const PAUSE_SCALE = Math.min(1, RUN_MS / PAUSE_EVERY_MS);
const PACES = {
  reactMinMs: seconds('BENCH_REACT_MIN', 2),
  reactMaxMs: seconds('BENCH_REACT_MAX', 5),
  replyMinMs: seconds('BENCH_REPLY_MIN', 10),
  replyMaxMs: seconds('BENCH_REPLY_MAX', 30),
  taskMinMs: seconds('BENCH_TASK_MIN', 5),
  taskMaxMs: seconds('BENCH_TASK_MAX', 15),
  customerSilenceMs: seconds('BENCH_CUSTOMER_SILENCE', 120),
  listDwellMinMs: seconds('BENCH_LIST_DWELL_MIN', 15),
  listDwellMaxMs: seconds('BENCH_LIST_DWELL_MAX', 45),
  viewDwellMinMs: seconds('BENCH_VIEW_DWELL_MIN', 10),
  viewDwellMaxMs: seconds('BENCH_VIEW_DWELL_MAX', 30),
  pauseEveryMs: PAUSE_EVERY_MS * PAUSE_SCALE,
  pauseLengthMs: PAUSE_LENGTH_MS * PAUSE_SCALE,
  supervisorDwellMinMs: seconds('BENCH_SUPERVISOR_DWELL_MIN', 30),
  supervisorDwellMaxMs: seconds('BENCH_SUPERVISOR_DWELL_MAX', 60),
  // The web app's constants: useTicketListLive's LIST_REFRESH_MS, supervision/api.ts's REFETCH_THROTTLE_MS and
  // QUEUES_REFRESH_MS.
  listRefreshMs: 2000,
  supervisionRefreshMs: 3000,
  queuesIntervalMs: 15_000,
};
const SEED = {
  agentsPerCampaign: envNumber('BENCH_AGENTS_PER_CAMPAIGN', 25),
  agentsPerSupervisor: envNumber('BENCH_AGENTS_PER_SUPERVISOR', 20),
  tasksPerAgent: envNumber('BENCH_TASKS_PER_AGENT', 5),
  tickets: envNumber('BENCH_TICKETS', 50_000),
  customers: envNumber('BENCH_CUSTOMERS', 20_000),
  historyMessages: envNumber('BENCH_HISTORY_MESSAGES', 4),
};
const MESSAGES = envNumber('BENCH_MESSAGES', 4);
const MESSAGE_GAP = envNumber('BENCH_MESSAGE_GAP', 20);
const BARE_HTTP_RATE = envNumber('BENCH_BARE_HTTP_RATE', 5);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'info';
const PORT = envNumber('BENCH_PORT', 3390);
const PG_PORT = envNumber('BENCH_PG_PORT', 54390);
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'atiende-capacity'));
const LIMITS = {
  apiP95Ms: envNumber('BENCH_API_P95_MS', 100),
  realtimeP99Ms: envNumber('BENCH_REALTIME_P99_MS', 100),
  maxErrorRate: envNumber('BENCH_MAX_ERROR_RATE', 0.001),
};
const write = (text = '') => process.stdout.write(`${text}\n`);
const children = new Set();

/** A forked child that answers messages by `type`. */
function child(file, args = []) {
  const process_ = fork(path.join(here, file), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(process_);
  process_.on('exit', () => children.delete(process_));
  const waiting = new Map();
  const early = new Map();
  process_.on('message', (message) => {
    const resolve = waiting.get(message.type);
    if (resolve) {
      waiting.delete(message.type);
      resolve(message);
    } else {
      early.set(message.type, message);
    }
  });
  return {
    pid: process_.pid,
    send: (message) => process_.send(message),
    next(type, timeoutMs = 120_000) {
      const got = early.get(type);
      if (got) {
        early.delete(type);
        return Promise.resolve(got);
      }
      return new Promise((resolve, reject) => {
        const exited = (code) => {
          clearTimeout(timer);
          waiting.delete(type);
          reject(new Error(`${file} exited (${code}) before "${type}"`));
        };
        const timer = setTimeout(() => {
          process_.off('exit', exited);
          waiting.delete(type);
          reject(new Error(`${file}: no "${type}" within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiting.set(type, (message) => {
          clearTimeout(timer);
          process_.off('exit', exited);
          resolve(message);
        });
        process_.once('exit', exited);
      });
    },
    kill: () => process_.kill('SIGKILL'),
  };
}

/**
 * The server as one node runs in production with the embedded PostgreSQL: no DATABASE_URL (nor REDIS_URL), so it
 * starts the cluster in its DATA_DIR itself and fans realtime events out locally.
 */
async function startServer(dataDir, label) {
  const logFile = path.join(DATA_DIR, `server-${label}.log`);
  const log = fs.openSync(logFile, 'w');
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...environment } = process.env;
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...environment,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(PG_PORT),
      LOG_LEVEL,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  children.add(server);
  server.on('exit', () => children.delete(server));
  const url = `http://127.0.0.1:${PORT}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/api/v2/health`);
      if (response.ok) return { server, url, logFile };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  server.kill('SIGKILL');
  const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
  throw new Error(`the server did not start (log ${logFile}):\n${tail}`);
}

async function stopServer(server) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 40_000);
  await exited;
  clearTimeout(timer);
}

/** CPU and memory of the processes that matter, sampled at the start and end of the measured window. */
function usageSampler(pids) {
  const cpuOf = () => ({
    server: cpuSeconds(pids.server),
    postgres: postgresUsage(pids.postgres).cpu,
    clients: pids.clients.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    bare: cpuSeconds(pids.bare),
    machine: machineCpu(),
    at: performance.now(),
  });
  const start = cpuOf();
  const memory = { serverPeak: 0, serverEnd: 0, postgresPeak: 0, postgresEnd: 0, postgresProcesses: 0 };
  const sample = () => {
    const server = rssMb(pids.server);
    const postgres = postgresUsage(pids.postgres);
    memory.serverPeak = Math.max(memory.serverPeak, server);
    memory.postgresPeak = Math.max(memory.postgresPeak, postgres.memoryMb);
    memory.serverEnd = server;
    memory.postgresEnd = postgres.memoryMb;
    memory.postgresProcesses = postgres.processes;
  };
  sample();
  const timer = setInterval(sample, 1000);
  return () => {
    clearInterval(timer);
    sample();
    const end = cpuOf();
    const wall = (end.at - start.at) / 1000;
    const cores = os.cpus().length;
    const share = (key) => {
      const used = end[key] - start[key];
      return { cpuSeconds: used, percentOfCore: (used / wall) * 100, percentOfMachine: (used / wall / cores) * 100 };
    };
    const machineBusy = end.machine.busy - start.machine.busy;
    const machineTotal = end.machine.total - start.machine.total;
    const ours = ['server', 'postgres', 'clients', 'bare'].reduce((sum, key) => sum + end[key] - start[key], 0);
    return {
      wallSeconds: wall,
      cores,
      server: share('server'),
      postgres: share('postgres'),
      clients: share('clients'),
      bare: share('bare'),
      machine: {
        busyPercent: (machineBusy / machineTotal) * 100,
        // Busy time no process of this benchmark accounts for: other work on the machine.
        otherPercent: (Math.max(0, machineBusy - ours) / machineTotal) * 100,
        loadAverage: os.loadavg(),
      },
      memory,
    };
  };
}

/** This process's soft limit of open files (children inherit it). */
function openFilesLimit() {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('Max open files'));
    return Number(line?.split(/\s+/)[3]) || Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** What the database says happened while traffic ran (tickets, messages, deliveries). */
async function databaseChecks(url, since) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (text) => (await client.query(text, [since])).rows;
    const tickets = await one(
      'select status, (assigned_user_id is null) as unassigned, count(*)::int as n from tickets where created_at >= $1 group by 1, 2 order by 1, 2',
    );
    const messages = await one(
      'select direction, delivery_status, count(*)::int as n from messages where created_at >= $1 group by 1, 2 order by 1, 2',
    );
    return {
      ticketsCreated: tickets.reduce((sum, row) => sum + row.n, 0),
      ticketsWaitingAtEnd: tickets.filter((row) => row.status === 0 && row.unassigned).reduce((s, r) => s + r.n, 0),
      ticketsClosed: tickets.filter((row) => row.status === 4).reduce((sum, row) => sum + row.n, 0),
      customerMessages: messages.filter((row) => row.direction === 0).reduce((sum, row) => sum + row.n, 0),
      agentMessagesByDelivery: Object.fromEntries(
        messages
          .filter((row) => row.direction === 1)
          .map((row) => [['queued', 'sent', 'delivered', 'read', 'failed'][row.delivery_status] ?? 'none', row.n]),
      ),
    };
  } finally {
    await client.end();
  }
}

/** A postmaster still listening on the benchmark's port (an interrupted run) is stopped. */
async function stopLeftoverPostmaster() {
  const pid = findPostmaster(PG_PORT);
  if (pid === null) return;
  write(`stopping a PostgreSQL left on port ${PG_PORT} (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 20_000 && findPostmaster(PG_PORT) !== null; waited += 200) await sleep(200);
  if (findPostmaster(PG_PORT) !== null) process.kill(pid, 'SIGKILL');
}

async function runOne(agents) {
  const label = `${agents}`;
  const name = `capacity-${agents}-${Date.now()}`;
  // A fresh installation per N: the cluster is created and seeded here, stopped, then started by the server.
  const dataDir = path.join(DATA_DIR, `node-${agents}`);
  await stopLeftoverPostmaster();
  fs.rmSync(dataDir, { recursive: true, force: true });
  write(`\n=== ${agents} agents: seeding a fresh embedded database in ${dataDir} ===`);
  const seedStarted = Date.now();
  const embedded = await startEmbeddedDatabase(dataDir, PG_PORT, createLogger('warn'));
  const url = embedded.url;
  const runMinutes = (RUN_MS + 60_000) / 60_000;
  let seeded;
  try {
    await prepareDatabase(url);
    seeded = await seedBusiness(url, {
      ...SEED,
      agents,
      visitorsPerCampaign: Math.ceil(((SEED.agentsPerCampaign * runMinutes * 60) / CONVERSATION_EVERY) * 2) + 20,
    });
  } finally {
    await embedded.stop();
  }
  write(
    `seeded ${seeded.agents.length} agents, ${seeded.supervisors.length} supervisors, ${seeded.campaigns.length} campaigns, ` +
      `${seeded.historicalTickets} historical tickets in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
  );

  const bare = child('bare.mjs');
  const bareUrl = (await bare.next('ready')).url;
  const { server, url: appUrl, logFile } = await startServer(dataDir, label);
  const postmaster = findPostmaster(PG_PORT);
  if (postmaster === null)
    write(`WARNING: no postmaster found on port ${PG_PORT}; PostgreSQL's CPU and memory read as 0`);
  const users = [...seeded.agents, ...seeded.supervisors];
  // The server holds a socket and up to four keep-alive connections per user (and the clients as many).
  const openFiles = openFilesLimit();
  if (openFiles < users.length * 6 + 500) {
    write(
      `WARNING: the open-files limit is ${openFiles}; ${users.length} users need about ${users.length * 6 + 500} (ulimit -n)`,
    );
  }
  const workerCount = Math.max(
    1,
    Math.min(users.length, envNumber('BENCH_WORKERS', 0) || Math.max(2, Math.ceil(users.length / 150))),
  );
  const workers = Array.from({ length: workerCount }, () => child('agents.mjs'));
  await Promise.all(workers.map((worker) => worker.next('loaded')));
  workers.forEach((worker, index) => {
    worker.send({
      type: 'init',
      config: {
        appUrl,
        bareUrl,
        users: users.filter((_, position) => position % workerCount === index),
        paces: PACES,
        taskValues: TASK_VALUES,
        bareHttpPerSecond: BARE_HTTP_RATE,
        trace: envNumber('BENCH_TRACE', 0),
      },
    });
  });
  await Promise.all(workers.map((worker) => worker.next('ready')));
  const inbound = child('inbound.mjs');
  inbound.send({
    type: 'init',
    config: {
      appUrl,
      token: seeded.integration.token,
      runId: name.slice(-6),
      campaigns: seeded.campaigns,
      conversationEverySeconds: CONVERSATION_EVERY,
      messages: MESSAGES,
      messageGapSeconds: MESSAGE_GAP,
    },
  });
  await inbound.next('ready');
  const everyone = [...workers, inbound];
  const phase = (name_) => {
    for (const process_ of everyone) process_.send({ type: 'phase', phase: name_ });
  };

  write(`ramp: ${users.length} users sign in over ${RAMP_MS / 1000} s (${workerCount} client processes)`);
  for (const worker of workers) worker.send({ type: 'start', rampMs: RAMP_MS });
  const started = await Promise.all(workers.map((worker) => worker.next('started', RAMP_MS + 180_000)));
  const connected = started.reduce((sum, message) => sum + message.connected, 0);
  write(`warm-up: ${connected}/${users.length} sockets connected; customer traffic for ${WARMUP_MS / 1000} s`);
  const trafficSince = new Date();
  phase('warmup');
  inbound.send({ type: 'start' });

  // The bare broadcast follows the rate of events the agents' app sockets receive: set from the warm-up's second
  // half (conversations are still building up in the first), then tuned every 10 s while measuring.
  const agentEvents = async () => {
    for (const worker of workers) worker.send({ type: 'counts' });
    const counts = await Promise.all(workers.map((worker) => worker.next('counts')));
    const sum = (key) => counts.reduce((total, count) => total + count[key], 0);
    return { events: sum('events'), agents: Math.max(1, sum('agents')), at: performance.now() };
  };
  const perSocket = (from, to) => (to.events - from.events) / to.agents / Math.max(0.001, (to.at - from.at) / 1000);
  const bareRates = [];
  const tune = async (from) => {
    const current = await agentEvents();
    const rate = perSocket(from, current);
    bare.send({ type: 'broadcast', rooms: seeded.campaigns.length, perRoom: rate });
    bareRates.push(rate);
    return current;
  };
  await sleep(WARMUP_MS / 2);
  const middle = await agentEvents();
  await sleep(WARMUP_MS / 2);
  let previous = await tune(middle);

  write(`measuring for ${MEASURE_MS / 1000} s`);
  phase('measure');
  const measureStart = previous;
  const stopSampling = usageSampler({
    server: server.pid,
    postgres: postmaster,
    clients: [...workers.map((worker) => worker.pid), inbound.pid],
    bare: bare.pid,
  });
  const measureEnd = Date.now() + MEASURE_MS;
  while (Date.now() < measureEnd) {
    await sleep(Math.min(10_000, measureEnd - Date.now()));
    if (measureEnd - Date.now() > 1000) previous = await tune(previous);
  }
  const usage = stopSampling();
  const appEventsPerSocket = perSocket(measureStart, await agentEvents());
  phase('drain');
  for (const process_ of everyone) process_.send({ type: 'stop' });
  const reports = await Promise.all(everyone.map((process_) => process_.next('report', 60_000)));
  const checks = await databaseChecks(url, trafficSince);
  bare.send({ type: 'stop' });
  await stopServer(server);
  await stopLeftoverPostmaster();
  // The database's log (deadlocks, slow statements) is kept beside the server's; the data goes unless asked.
  const postgresLog = path.join(DATA_DIR, `postgres-${label}.log`);
  fs.copyFileSync(path.join(dataDir, 'postgres.log'), postgresLog);
  if (!process.env.BENCH_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  return summariseRun({
    agents,
    seeded,
    workers: workerCount,
    connected,
    users: users.length,
    reports,
    usage,
    checks,
    bareEventsPerSecond: bareRates.reduce((sum, rate) => sum + rate, 0) / bareRates.length,
    appEventsPerSecond: appEventsPerSocket,
    logFile,
    postgresLog,
  });
}

function summariseRun({
  agents,
  seeded,
  workers,
  connected,
  users,
  reports,
  usage,
  checks,
  bareEventsPerSecond,
  appEventsPerSecond,
  logFile,
  postgresLog,
}) {
  const record = mergeRecords(reports.map((report) => report.record));
  const realtimeLabels = [REALTIME_CUSTOMER, REALTIME_ASSIGNED, REALTIME_BARE];
  const bareLabel = 'GET bare Fastify route';
  const measureErrors = {};
  for (const [key, count] of Object.entries(record.errors)) {
    const [phase, endpoint] = key.split('|');
    if (phase === 'measure') measureErrors[endpoint] = (measureErrors[endpoint] ?? 0) + count;
  }
  const endpoints = Object.keys(record.latencies)
    .concat(Object.keys(measureErrors))
    .filter((label, index, all) => all.indexOf(label) === index)
    .filter((label) => /^(GET|POST) \//.test(label))
    .map((endpoint) => ({
      endpoint,
      ...summarise(record.latencies[endpoint] ?? []),
      errors: measureErrors[endpoint] ?? 0,
    }))
    .sort((a, b) => b.count - a.count);
  const apiValues = Object.entries(record.latencies)
    .filter(([label]) => /^(GET|POST) \//.test(label))
    .flatMap(([, values]) => values);
  const api = summarise(apiValues);
  // Sign-ins: the shell's requests of every user while the ramp ran.
  const ramp = Object.entries(record.latencies)
    .filter(([label]) => label.startsWith('ramp '))
    .map(([label, values]) => ({ endpoint: label.slice(5), ...summarise(values) }))
    .sort((a, b) => b.count - a.count);
  const apiErrors = endpoints.reduce((sum, endpoint) => sum + endpoint.errors, 0);
  const realtime = Object.fromEntries(realtimeLabels.map((label) => [label, summarise(record.latencies[label] ?? [])]));
  const errorRate = apiErrors / Math.max(1, api.count + apiErrors);
  const customer = realtime[REALTIME_CUSTOMER];
  return {
    agents,
    supervisors: seeded.supervisors.length,
    campaigns: seeded.campaigns.length,
    users,
    socketsConnected: connected,
    clientProcesses: workers,
    seconds: MEASURE_MS / 1000,
    bareRoute: summarise(record.latencies[bareLabel] ?? []),
    endpoints,
    api: { ...api, errors: apiErrors, errorRate },
    ramp,
    realtime,
    bareEventsPerSocketPerSecond: bareEventsPerSecond,
    appEventsPerAgentSocketPerSecond: appEventsPerSecond,
    usage,
    errors: record.errors,
    counters: record.counters,
    checks,
    conversationsUnfinishedAtStop: reports.reduce((sum, report) => sum + (report.work ?? 0), 0),
    clientEventLoopMs: reports.filter((report) => report.eventLoop).map((report) => report.eventLoop),
    serverLog: logFile,
    postgresLog,
    verdict: {
      apiP95Ok: api.count > 0 && api.p95 < LIMITS.apiP95Ms,
      realtimeP99Ok: customer.count > 0 && customer.p99 < LIMITS.realtimeP99Ms,
      errorsOk: errorRate <= LIMITS.maxErrorRate,
      everyEndpointP95Ok: endpoints.every((endpoint) => endpoint.count === 0 || endpoint.p95 < LIMITS.apiP95Ms),
    },
  };
}

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const ratio = (value, base) =>
  Number.isFinite(value) && Number.isFinite(base) && base > 0 ? `${(value / base).toFixed(1)}x` : '-';
const pad = (text, width) => String(text).padEnd(width);

function printRun(result) {
  write(
    `\nN = ${result.agents} agents, ${result.supervisors} supervisors, ${result.campaigns} campaigns; ` +
      `${result.socketsConnected}/${result.users} sockets; ${result.seconds} s measured; ${result.clientProcesses} client processes`,
  );
  const width = Math.max(44, ...result.endpoints.map((endpoint) => endpoint.endpoint.length + 2));
  write(`${pad('endpoint (paths under /api/v2)', width)}| count | p50 ms | p95 ms | p99 ms | p95 vs bare | errors`);
  const line = (label, s, errors = '', base = result.bareRoute.p95) =>
    write(
      `${pad(label, width)}| ${pad(s.count, 6)}| ${pad(ms(s.p50), 7)}| ${pad(ms(s.p95), 7)}| ${pad(ms(s.p99), 7)}| ${pad(
        ratio(s.p95, base),
        12,
      )}| ${errors}`,
    );
  line('bare Fastify route (baseline)', result.bareRoute);
  for (const endpoint of result.endpoints) line(endpoint.endpoint, endpoint, endpoint.errors);
  line('all API requests', result.api, `${result.api.errors} (${(result.api.errorRate * 100).toFixed(2)} %)`);
  write(`\nsign-in ramp (${RAMP_MS / 1000} s; not judged; errors below)`);
  for (const endpoint of result.ramp.filter((entry) => /^(GET|POST) \//.test(entry.endpoint))) {
    line(endpoint.endpoint, endpoint, '', Number.NaN);
  }

  write(`\n${pad('realtime', 64)}| count | p50 ms | p95 ms | p99 ms | p99 vs bare`);
  const bare = result.realtime[REALTIME_BARE];
  for (const [label, s] of Object.entries(result.realtime)) {
    const name =
      label === REALTIME_BARE ? `${label} (${result.bareEventsPerSocketPerSecond.toFixed(2)} ev/s per socket)` : label;
    write(
      `${pad(name, 64)}| ${pad(s.count, 6)}| ${pad(ms(s.p50), 7)}| ${pad(ms(s.p95), 7)}| ${pad(ms(s.p99), 7)}| ${ratio(s.p99, bare.p99)}`,
    );
  }
  write(
    `(the agents' app sockets received ${result.appEventsPerAgentSocketPerSecond.toFixed(2)} events/s each while measuring)`,
  );

  const u = result.usage;
  const cpu = (share) =>
    `CPU ${share.percentOfCore.toFixed(0)} % of a core (${share.percentOfMachine.toFixed(0)} % of the machine)`;
  write(`\nresources over ${u.wallSeconds.toFixed(0)} s (${u.cores} cores)`);
  write(
    `  server (node)      ${cpu(u.server)}, RSS peak ${u.memory.serverPeak.toFixed(0)} MiB (end ${u.memory.serverEnd.toFixed(0)})`,
  );
  write(
    `  postgres (${u.memory.postgresProcesses} proc.)  ${cpu(u.postgres)}, PSS peak ${u.memory.postgresPeak.toFixed(0)} MiB (end ${u.memory.postgresEnd.toFixed(0)})`,
  );
  write(`  client processes   ${cpu(u.clients)}   bare server ${cpu(u.bare)}`);
  write(
    `  machine busy ${u.machine.busyPercent.toFixed(0)} %, of which ${u.machine.otherPercent.toFixed(0)} % by other processes; load average ${u.machine.loadAverage
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  if (u.machine.otherPercent > 10)
    write('  WARNING: other load on the machine; these figures are not a capacity measure');
  const loops = result.clientEventLoopMs.map((loop) => `${loop.p99.toFixed(0)}/${loop.max.toFixed(0)}`).join(', ');
  write(`  client event-loop delay p99/max ms per process: ${loops}`);

  write('\nactivity while measured');
  for (const [name, count] of Object.entries(result.counters).sort()) write(`  ${name}: ${count}`);
  const c = result.checks;
  write(
    `  database, since traffic began: ${c.ticketsCreated} tickets created, ${c.ticketsClosed} closed, ${c.ticketsWaitingAtEnd} waiting at the end; ` +
      `${c.customerMessages} customer messages; agent messages by delivery ${JSON.stringify(c.agentMessagesByDelivery)}`,
  );
  write(`  conversations assigned but unfinished when the clients stopped: ${result.conversationsUnfinishedAtStop}`);
  const errors = Object.entries(result.errors).sort((a, b) => b[1] - a[1]);
  write(`\nerrors by kind (phase | what | kind | count): ${errors.length === 0 ? 'none' : ''}`);
  for (const [key, count] of errors) write(`  ${key.replaceAll('|', ' | ')} | ${count}`);
  write(`logs: ${result.serverLog}, ${result.postgresLog}`);
}

async function main() {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    throw new Error('build the server first: npm run build:ts');
  }
  if (AGENT_COUNTS.length === 0) throw new Error('BENCH_AGENTS must list agent counts, e.g. 100,200,300');
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const cleanup = async () => {
    for (const process_ of children) process_.kill('SIGKILL');
    await stopLeftoverPostmaster();
  };
  process.once('SIGINT', () => {
    void cleanup().then(() => process.exit(130));
  });
  const results = [];
  try {
    for (const agents of AGENT_COUNTS) {
      const result = await runOne(agents);
      printRun(result);
      results.push(result);
    }
  } finally {
    await cleanup();
  }
  const passing = results.filter((r) => r.verdict.apiP95Ok && r.verdict.realtimeP99Ok && r.verdict.errorsOk);
  const strict = passing.filter((result) => result.verdict.everyEndpointP95Ok);
  write('\nsummary: N | API p95 ms | realtime p99 ms | bare Socket.IO p99 ms | server CPU % core | error rate');
  for (const r of results) {
    write(
      `  ${r.agents} | ${ms(r.api.p95)} | ${ms(r.realtime[REALTIME_CUSTOMER].p99)} | ${ms(r.realtime[REALTIME_BARE].p99)} | ` +
        `${r.usage.server.percentOfCore.toFixed(0)} | ${(r.api.errorRate * 100).toFixed(2)} %`,
    );
  }
  const largest = (list) => (list.length ? Math.max(...list.map((result) => result.agents)) : 'none of the N tried');
  write(
    `largest N with API p95 < ${LIMITS.apiP95Ms} ms and realtime p99 < ${LIMITS.realtimeP99Ms} ms ` +
      `(errors ≤ ${LIMITS.maxErrorRate * 100} %): ${largest(passing)}`,
  );
  write(`  and with every endpoint's own p95 < ${LIMITS.apiP95Ms} ms: ${largest(strict)}`);
  const file = path.join(here, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        settings: { MEASURE_MS, RAMP_MS, WARMUP_MS, PACES, SEED, LIMITS, MESSAGES, MESSAGE_GAP, CONVERSATION_EVERY },
        results,
      },
      null,
      2,
    ),
  );
  write(`results: ${file}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    for (const process_ of children) process_.kill('SIGKILL');
    process.exit(1);
  },
);
