import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../platform/db/client.js';
import { waitFor } from '../../test/desk.js';
import { freePort } from '../../test/ports.js';
import { rememberSecret } from '../../test/secrets.js';
import { startWhatsappCloud } from '../../test/whatsapp-cloud.js';
import { createUser, ensureBuiltInRoles } from '../users/users.service.js';

/**
 * Issue #18: 10,000 recipients through the local Graph API, the node sending them killed (SIGKILL) mid-send and
 * another started: every recipient is messaged exactly once, and the channel's rate holds across both. The nodes
 * are the compiled server, each its own OS process, on a fresh database of their own.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mainJs = path.join(serverDir, 'dist', 'main.js');
const RECIPIENTS = 10_000;
const RATE = 400;
const ACCESS_TOKEN = 'EAAG-restart-token';
const APP_SECRET = 'restart-app-secret';
const PHONE_NUMBER_ID = '1055500001';

let database: { url: string; name: string };
let db: DatabaseHandle;
let dataDir: string;
let cloud: Awaited<ReturnType<typeof startWhatsappCloud>>;
const nodes: ChildProcess[] = [];
let current = '';
let channelIdForStatuses = 0;

async function startNode(name: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(inject('logDir'), `bulk-node-${name}-${process.pid}-${Date.now()}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [mainJs], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PUBLIC_URL: url,
      OUTBOUND_ALLOWED_HOSTS: new URL(cloud.url()).host,
      BULK_SCHEDULER_MS: '1000',
      // Longer than the second node takes to start: statuses of sends in flight at the kill come first.
      BULK_INTERRUPTED_AFTER_MS: '20000',
    },
    stdio: ['ignore', log, 'inherit'],
  });
  fs.closeSync(log);
  nodes.push(child);
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`node ${name} exited with ${child.exitCode}`);
      try {
        return (await fetch(`${url}/api/v2/health`)).ok;
      } catch {
        return false;
      }
    },
    `node ${name} to answer`,
    90_000,
  );
  return { url, process: child };
}

async function call(base: string, method: string, url: string, token: string, body?: object) {
  const response = await fetch(`${base}/api/v2${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers of several endpoints, checked field by field
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
}

beforeAll(async () => {
  execFileSync('npx', ['tsc', '-b', serverDir], { stdio: 'inherit' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-bulk-restart-'));
  const name = `atiende_bulk_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const server = new pg.Client({ connectionString: inject('databaseUrl') });
  await server.connect();
  await server.query(`create database ${name}`);
  await server.end();
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  database = { url: url.toString(), name };
  cloud = await startWhatsappCloud({ accessToken: ACCESS_TOKEN });
  // Meta reports each accepted message to whichever node answers now (it retries until one does).
  cloud.reportStatusesTo({
    url: () => `${current}/api/v2/webhooks/whatsapp/${channelIdForStatuses}`,
    appSecret: APP_SECRET,
    phoneNumberId: PHONE_NUMBER_ID,
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(
    nodes
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
  );
  await cloud?.close();
  await db?.close();
  if (database) {
    const server = new pg.Client({ connectionString: inject('databaseUrl') });
    await server.connect();
    await server.query(`drop database if exists ${database.name} with (force)`);
    await server.end();
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a bulk message survives its node being killed', () => {
  it('messages each of 10,000 recipients exactly once, at the channel’s rate, across a SIGKILL and a restart', async () => {
    const first = await startNode('A');
    current = first.url;
    db = connectDatabase(database.url, 2);
    const roles = await ensureBuiltInRoles(db.db);
    const email = `bulk${Date.now()}@test.atiende`;
    const password = `Clave.${randomBytes(6).toString('hex')}`;
    rememberSecret(password);
    await createUser(db.db, { name: 'Masivo', email, password, roleIds: [roles.admin] });
    const session = await fetch(`${first.url}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const token = ((await session.json()) as { result: { token: string } }).result.token;
    rememberSecret(token);

    const channel = await call(first.url, 'POST', '/channels', token, {
      name: 'WhatsApp masivo',
      type: 'whatsapp',
      direction: 'outbound',
      config: {
        phoneNumberId: PHONE_NUMBER_ID,
        businessAccountId: '2000000001',
        accessToken: ACCESS_TOKEN,
        appSecret: APP_SECRET,
        verifyToken: 'restart-verify',
        apiBaseUrl: cloud.url(),
        sendRatePerSecond: RATE,
      },
    });
    expect(channel.status, JSON.stringify(channel.body)).toBe(201);
    const channelId = channel.body.result.id as number;
    channelIdForStatuses = channelId;
    const campaign = await call(first.url, 'POST', '/campaigns', token, {
      name: 'Campaña masiva',
      type: 'outbound',
      channelIds: [channelId],
      agents: [],
      supervisorIds: [],
      config: { ticketCombination: 'customer-channel' },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const campaignId = campaign.body.result.id as number;

    const template = await db.pool.query<{ id: string }>(
      `insert into whatsapp_templates (channel_id, name, language, category, header_type, body, examples, buttons_type,
         buttons, status)
       values ($1, 'aviso_masivo', 'es', 'UTILITY', 'none', 'Hola {{1}}, tenemos un aviso.', '["Ana"]'::jsonb, 'none',
         '[]'::jsonb, 'approved') returning id`,
      [channelId],
    );
    const documentType = await db.pool.query<{ id: string }>(
      `select id from catalogue_entries where model = 'tipo-documento' order by id limit 1`,
    );
    const mobile = await db.pool.query<{ id: string }>(
      `select id from catalogue_entries where model = 'tipo-dato-contacto' and code = '9'`,
    );
    await db.pool.query(
      `with made as (
         insert into customers (identification_type_id, identification_number, first_name, last_name, search_text)
         select $1, 'R-' || g, 'Cliente' || g, 'Reinicio', 'cliente' || g || ' reinicio' from generate_series(1, $3) g
         returning id)
       insert into customer_contacts (customer_id, type_id, value, normalized_value)
       select id, $2, '+57 320 ' || id, '57320' || id from made`,
      [documentType.rows[0].id, mobile.rows[0].id, RECIPIENTS],
    );

    const created = await call(first.url, 'POST', '/bulk-messages', token, {
      name: 'Aviso a diez mil',
      campaignId,
      channelId,
      whatsappTemplateId: Number(template.rows[0].id),
      templateValues: ['{{cliente.nombre}}'],
      accounts: {
        conditions: {
          match: 'all',
          conditions: [{ field: 'customer.lastName', operator: 'equals', type: 'text', value: 'Reinicio' }],
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bulkId = created.body.result.id as number;
    const audience = await call(first.url, 'POST', '/bulk-messages/audience', token, {
      campaignId,
      channelId,
      accounts: created.body.result.accounts,
    });
    expect(audience.body.result.recipients).toBe(RECIPIENTS);
    const startedAt = Date.now();
    expect((await call(first.url, 'POST', `/bulk-messages/${bulkId}/actions`, token, { action: 'start' })).status).toBe(
      200,
    );

    // Mid-send, the node is killed: no goodbye, requests in flight.
    await waitFor(() => cloud.sends.length >= 3_000, 'three thousand sends', 120_000);
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    const atKill = cloud.sends.length;
    const killedAt = Date.now();
    expect(atKill).toBeLessThan(RECIPIENTS);

    const second = await startNode('B');
    current = second.url;
    const restartedAt = Date.now();
    const finished = await waitFor(
      async () => {
        const bulk = (await call(second.url, 'GET', `/bulk-messages/${bulkId}`, token)).body.result;
        return bulk.status === 'finalized' ? bulk : null;
      },
      'the bulk message to finish on the second node',
      240_000,
    );
    const after = cloud.sends.slice(atKill).map((send) => send.at);
    process.stdout.write(
      `bulk restart: ${atKill} sends before the kill in ${((killedAt - startedAt) / 1000).toFixed(1)} s; ` +
        `node B answered ${((restartedAt - killedAt) / 1000).toFixed(1)} s after it; its first send ` +
        `${after.length ? ((after[0] - restartedAt) / 1000).toFixed(1) : '-'} s later; the rest took ` +
        `${after.length ? ((after[after.length - 1] - after[0]) / 1000).toFixed(1) : '-'} s; finished ` +
        `${((Date.now() - startedAt) / 1000).toFixed(1)} s after the start\n`,
    );
    expect(finished.progress).toMatchObject({ total: RECIPIENTS, sent: RECIPIENTS, sending: 0, failed: 0, new: 0 });

    // Exactly once each, as the provider saw it.
    const perPhone = new Map<string, number>();
    for (const send of cloud.sends) perPhone.set(String(send.body.to), (perPhone.get(String(send.body.to)) ?? 0) + 1);
    expect(perPhone.size).toBe(RECIPIENTS);
    expect([...perPhone.values()].filter((count) => count !== 1)).toEqual([]);
    expect(cloud.sends.length).toBeGreaterThan(atKill);

    // The rate, as the provider saw it, across both nodes.
    const times = cloud.sends.map((send) => send.at).sort((a, b) => a - b);
    let busiest = 0;
    for (let start = 0, end = 0; end < times.length; end += 1) {
      while (times[end] - times[start] >= 1000) start += 1;
      busiest = Math.max(busiest, end - start + 1);
    }
    expect(busiest).toBeLessThanOrEqual(RATE);
  }, 480_000);
});
