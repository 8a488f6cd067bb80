// Shared by the benchmarks: timing, the real app signed in as an administrator, a bare route as the baseline.
import Fastify from 'fastify';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/platform/config.js';
import { startJobs } from '../apps/server/dist/platform/jobs.js';
import { createMailer } from '../apps/server/dist/platform/mail.js';

/** Runs `run` after a warm-up and returns mean, p50 and p99 in milliseconds. */
export async function measure(label, run, iterations, warmup = 10) {
  for (let i = 0; i < warmup; i++) await run(i);
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const started = process.hrtime.bigint();
    await run(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, value) => sum + value, 0) / times.length;
  return { label, mean, p50: times[Math.floor(times.length * 0.5)], p99: times[Math.floor(times.length * 0.99)] };
}

/**
 * Sends `total` requests with `concurrency` in flight (each a `fetch` the caller makes); returns throughput, the
 * acknowledgement p50 and p99 in milliseconds, and when it started. A status of 300 or more stops the bench.
 */
export async function drive(label, total, concurrency, request) {
  const latencies = [];
  let next = 0;
  const startedAt = performance.now();
  const worker = async () => {
    while (next < total) {
      const index = next;
      next += 1;
      const at = performance.now();
      const response = await request(index);
      if (response.status >= 300) throw new Error(`${label}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - at);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
  return { label, seconds, perSecond: total / seconds, p50: at(0.5), p99: at(0.99), startedAt };
}

/** A web chat channel in an inbound campaign (no agents, no auto-assignment): where bench messages arrive. */
export async function benchWebchat(pool) {
  const channel = await pool.query(
    `insert into channels (name, type, direction, business_hours) values ('Bench chat', 'webchat', 'inbound', '{}'::jsonb) returning id`,
  );
  const campaign = await pool.query(
    `insert into campaigns (name, type, config) values ('Bench', 'inbound', '{"ticketCombination": "customer-channel", "autoAssign": false}'::jsonb) returning id`,
  );
  const channelId = Number(channel.rows[0].id);
  const campaignId = Number(campaign.rows[0].id);
  await pool.query('insert into campaign_channels (campaign_id, channel_id) values ($1, $2)', [campaignId, channelId]);
  return { channelId, campaignId };
}

/** The app on the bench database (`env`: more settings), a token for `email`, and a bare route to compare against. */
export async function startBench({ databaseUrl, db, logger, email, password, env = {} }) {
  // Realtime fans out between nodes as in production (PostgreSQL when the app has DATABASE_URL, Redis with
  // REDIS_URL); BENCH_FANOUT=local measures one node on the embedded database, which has none.
  const config = loadConfig({
    NODE_ENV: 'test',
    ...(process.env.BENCH_FANOUT === 'local' ? {} : { DATABASE_URL: databaseUrl }),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    DATA_DIR: '/tmp/atiende-bench',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const jobs = await startJobs(databaseUrl, logger);
  const built = await buildApp({
    config,
    db,
    logger,
    jobs,
    mailer: createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger }),
  });
  await built.app.ready();
  const login = await built.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password } });
  const headers = { authorization: `Bearer ${login.json().result.token}` };
  const bare = Fastify();
  bare.get('/bare', async () => ({
    statusResult: true,
    status: 'OK',
    code: 'OK',
    message: 'ok',
    result: { data: [] },
  }));
  await bare.ready();
  return {
    app: built.app,
    headers,
    baseline: (iterations) => measure('bare route', () => bare.inject({ method: 'GET', url: '/bare' }), iterations),
    async close() {
      await built.app.close();
      await jobs.stop();
      await bare.close();
    },
  };
}

export function printResults(title, results) {
  const baseline = results[0];
  process.stdout.write(`\n${title}\ncase | mean ms | p50 ms | p99 ms | mean vs bare route\n`);
  for (const result of results) {
    process.stdout.write(
      `${result.label} | ${result.mean.toFixed(2)} | ${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} | ${(result.mean / baseline.mean).toFixed(1)}x\n`,
    );
  }
}
