import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, deskCampaign } from '../../test/desk.js';
import { freePort } from '../../test/ports.js';

/**
 * The real server as its own process, killed with SIGKILL in the middle of a burst of inbound messages: every message
 * it acknowledged must be stored exactly once after a restart, and re-delivering the whole burst (as providers do
 * for unacknowledged messages) must complete it without duplicates.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mainJs = path.join(serverDir, 'dist', 'main.js');

let t: TestApp;
let admin: Actor;
let channelId: number;
let dataDir: string;

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: inject('databaseUrl'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 150; i += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v2/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

beforeAll(async () => {
  // The child runs the compiled server; build it when this run has not (e.g. the API pass alone).
  if (!fs.existsSync(mainJs)) execFileSync('npx', ['tsc', '-b', serverDir], { stdio: 'inherit' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-crash-'));
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  ({ channelId } = await deskCampaign(t, admin, { agents: [] }));
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('inbound durability', () => {
  it('loses no acknowledged message when the server is killed during a burst', async () => {
    const port = await freePort();
    let server = await startServer(port);
    const base = `http://127.0.0.1:${port}/api/v2`;
    const stamp = Date.now();
    const ids = Array.from({ length: 400 }, (_, index) => `crash-${stamp}-${index}`);
    const deliver = async (id: string, index: number): Promise<boolean> => {
      try {
        const response = await fetch(`${base}/channels/${channelId}/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
          body: JSON.stringify({
            providerMessageId: id,
            from: `crash-${stamp}-${index % 25}`,
            text: `Mensaje ${index}`,
          }),
        });
        return response.status === 201 || response.status === 200;
      } catch {
        return false;
      }
    };

    // Fire the burst and kill the server while it is in full swing.
    const acknowledged = new Set<string>();
    const burst = ids.map(async (id, index) => {
      if (await deliver(id, index)) acknowledged.add(id);
    });
    for (let waited = 0; acknowledged.size < 40 && waited < 20_000; waited += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    server.kill('SIGKILL');
    await Promise.all(burst);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(ids.length);

    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      const stored = async () =>
        (
          await client.query<{ provider_message_id: string; n: number }>(
            `select provider_message_id, count(*)::int as n from messages
             where channel_id = $1 and provider_message_id like $2 group by 1`,
            [channelId, `crash-${stamp}-%`],
          )
        ).rows;
      const afterCrash = await stored();
      const afterCrashIds = new Set(afterCrash.map((row) => row.provider_message_id));
      for (const id of acknowledged) expect(afterCrashIds.has(id)).toBe(true);
      expect(afterCrash.every((row) => row.n === 1)).toBe(true);

      // The provider re-delivers everything it has no acknowledgement for (and, being cautious, all of it).
      server = await startServer(port);
      const redelivered = await Promise.all(ids.map((id, index) => deliver(id, index)));
      expect(redelivered.every(Boolean)).toBe(true);
      const final = await stored();
      expect(final).toHaveLength(ids.length);
      expect(final.every((row) => row.n === 1)).toBe(true);
    } finally {
      await client.end();
      // Wait for the process to be gone: its job workers share this database with the next test files.
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
