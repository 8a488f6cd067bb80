import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { createSiblingDatabase, type TestDatabase } from '../../test/database.js';
import { type Actor, caller, deskCampaign, waitFor } from '../../test/desk.js';
import { accountsWith, byLastName, dialerRow } from '../../test/dialers.js';
import { freePort } from '../../test/ports.js';
import { buildServer, spawnServer, stopServers } from '../../test/server-process.js';
import { makeTone } from '../../test/tones.js';
import { processStartTime } from '../voice/voice.leftovers.js';
import { type CallWorker, startCallWorker } from '../voice/voice.worker.js';

// Issue #21, item 3: "a kill -9 mid-run loses no attempt count". The telephony node is the compiled server in a
// process of its own (with its daemons and call bridges), killed with SIGKILL while a dialer's calls ring, then
// started again on the same database and DATA_DIR. The test's own app (no telephony) sets the dialer up.
const PORTS = {
  VOICE_WS_PORT: '18589',
  VOICE_SIP_PORT: '15570',
  VOICE_TURN_PORT: '13978',
  VOICE_RTPENGINE_PORT: '22732',
  VOICE_RTP_PORTS: '32500-32599',
  VOICE_RELAY_PORTS: '33500-33599',
  VOICE_WORKER_PORTS: '25400-25499',
  // A ring is two seconds; the phones ring 15 of them (30 s) unless the node dies first.
  VOICE_RING_MS: '2000',
  VOICE_RETRY_MS: '300',
};
/** Phones that ring without answering. */
const RINGING = ['+573202000001', '+573202000002'];
/** Nobody's number: the registrar answers 404 at once. */
const NOBODY = '+573202000100';

let database: TestDatabase;
let t: TestApp;
let admin: Actor;
let dataDir: string;
let port: number;
const phones: CallWorker[] = [];
const nodes: ChildProcess[] = [];

/** The telephony node: the compiled server on the test's database. */
function startNode(name: string): ChildProcess {
  const { child } = spawnServer(`dialer-node-${name}`, {
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    VOICE_ENABLED: '1',
    ...PORTS,
  });
  nodes.push(child);
  return child;
}

/** Every telephony process a node recorded while the test looked (stopped by the test at its end, whatever happened). */
const seen = new Set<number>();

/** The processes the node recorded as its telephony's (voice.leftovers.ts): name → pid. */
function recordedProcesses(): Map<string, number> {
  const dir = path.join(dataDir, 'voice', 'pids');
  const recorded = new Map<string, number>();
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const pid = Number(fs.readFileSync(path.join(dir, name), 'utf8').split(' ')[0]);
    recorded.set(name, pid);
    seen.add(pid);
  }
  return recorded;
}

const alive = (pid: number) => processStartTime(pid) !== null;

/**
 * Until the node's daemons, its registration line (2600) and two idle bridges run, none of them one of `previous` (a
 * killed node's).
 */
async function telephonyRunning(previous: number[] = []) {
  await waitFor(
    async () => {
      const recorded = [...recordedProcesses().values()];
      if (recorded.length < 6 || recorded.some((pid) => previous.includes(pid) || !alive(pid))) return false;
      return (await t.services.voice.status()).state === 'running';
    },
    'the telephony node to run its daemons and bridges',
    60_000,
  );
}

beforeAll(async () => {
  buildServer();
  database = await createSiblingDatabase(inject('databaseUrl'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-dialer-crash-'));
  port = await freePort();
  t = await createTestApp({ databaseUrl: database.url });
  admin = await signedIn(t, 'admin');
  await t.ctx.db.execute(sql`update business set webrtc_enabled = true`);
}, 60_000);

afterAll(async () => {
  await Promise.all(phones.map((phone) => phone.stop()));
  await stopServers(nodes);
  // Whatever a killed node left and no later node stopped.
  recordedProcesses();
  for (const pid of seen) {
    if (!alive(pid)) continue;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
  await t?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a telephony node killed mid-run (kill -9)', () => {
  it('loses no attempt count: its next start stops what it left running, records the calls failed and dials on', async () => {
    const { campaignId } = await deskCampaign(t, admin, { agents: [] });
    const api = caller(t);
    startNode('first');
    await telephonyRunning();
    const tone = await makeTone(path.join(dataDir, 'phone-660.wav'), 660);
    for (const [index, number] of RINGING.entries()) {
      const sipPort = 15700 + index * 4;
      phones.push(
        await startCallWorker({
          name: number,
          dir: path.join(dataDir, 'phones', String(index)),
          sipPort,
          controlPort: sipPort + 2,
          proxyPort: Number(PORTS.VOICE_SIP_PORT),
          user: number,
          register: true,
          autoAnswer: false,
          source: tone,
          logger: t.ctx.logger,
        }),
      );
    }

    await accountsWith(t.ctx.db, campaignId, 'Caida', [...RINGING, NOBODY]);
    const created = await api.post('/api/v2/dialers', admin, {
      campaignId,
      label: 'Caída del nodo',
      // An extension dialer's limit is its channels (a campaign dialer's also counts available agents).
      type: 'call_extension',
      extension: '3999',
      channels: 2,
      parallels: 1,
      tries: 2,
      rings: 15,
      sendToQueue: false,
      accounts: byLastName('Caida'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const dialerId = created.json().result.id as number;
    const started = await api.post(`/api/v2/dialers/${dialerId}/actions`, admin, { action: 'start' });
    expect(started.statusCode, started.body).toBe(200);

    // Both channels ring the two phones.
    await waitFor(
      async () =>
        (await t.ctx.db.execute(sql`select 1 from dialer_attempts where dialer_id = ${dialerId} and ended_at is null`))
          .rows.length === 2,
      'two calls to ring',
      30_000,
    );
    const before = recordedProcesses();
    const [first] = nodes;
    const killed = new Promise<void>((resolve) => first.once('exit', () => resolve()));
    first.kill('SIGKILL');
    await killed;
    // What the node started outlives it: daemons and bridges still hold their ports.
    const left = [...before.values()].filter(alive);
    expect(left.length).toBeGreaterThanOrEqual(5);
    expect(
      (
        await t.ctx.db.execute<{ status: string; attempts: number }>(
          sql`select status, attempts from dialer_accounts where dialer_id = ${dialerId} order by id`,
        )
      ).rows.map((account) => [account.status, account.attempts]),
    ).toEqual([
      ['executed', 1],
      ['executed', 1],
      ['new', 0],
    ]);

    startNode('second');
    await telephonyRunning(left);
    // The second start stopped every process the first left, and runs its own.
    expect(left.filter(alive)).toEqual([]);

    // The interrupted calls count as tries: the two ringing accounts get one more, the third its two.
    const finished = await waitFor(
      async () => {
        const row = await dialerRow(t.ctx.db, dialerId);
        return row.status === 'finalized' ? row : null;
      },
      'the dialer to finish on the second node',
      90_000,
    );
    expect(finished).toMatchObject({ accounts_total: 3, accounts_failed: 3, accounts_new: 0, accounts_executed: 0 });
    const accounts = (
      await t.ctx.db.execute<{ id: string; status: string; attempts: number; made: string }>(
        sql`select a.id, a.status, a.attempts,
              (select count(*) from dialer_attempts x where x.account_id = a.id) as made
            from dialer_accounts a where a.dialer_id = ${dialerId} order by a.id`,
      )
    ).rows;
    expect(accounts.map((account) => [account.status, account.attempts, Number(account.made)])).toEqual([
      ['failed', 2, 2],
      ['failed', 2, 2],
      ['failed', 2, 2],
    ]);
    // The calls the kill cut short are recorded as failed, ended; none is left open.
    const open = await t.ctx.db.execute(
      sql`select 1 from dialer_attempts where dialer_id = ${dialerId} and ended_at is null`,
    );
    expect(open.rows).toHaveLength(0);
  }, 240_000);
});
