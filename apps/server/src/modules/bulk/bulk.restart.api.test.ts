import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../platform/db/client.js';
import { waitFor } from '../../test/desk.js';
import { freePort } from '../../test/ports.js';
import { rememberSecret } from '../../test/secrets.js';
import { buildServer, spawnServer, stopServers } from '../../test/server-process.js';
import { startTwilioMessaging } from '../../test/twilio-messaging.js';
import { startWhatsappCloud } from '../../test/whatsapp-cloud.js';
import { createUser, ensureBuiltInRoles } from '../users/users.service.js';

/**
 * Issue #18: 10,000 recipients, half through the local Graph API (WhatsApp) and half through the local Twilio
 * Messaging API (SMS), both bulk messages sending at once when the node is killed (SIGKILL) mid-send and another
 * started: every recipient is messaged exactly once, and each channel's rate holds across both nodes. The nodes are
 * the compiled server, each its own OS process, on a fresh database of their own.
 */
const RECIPIENTS = 10_000;
const PER_CHANNEL = RECIPIENTS / 2;
const RATE = 400;
const SMS_RATE = 300;
const ACCOUNT_SID = `AC${'7d'.repeat(16)}`;
const AUTH_TOKEN = 'restart-twilio-token';
const ACCESS_TOKEN = 'EAAG-restart-token';
const APP_SECRET = 'restart-app-secret';
const PHONE_NUMBER_ID = '1055500001';

let database: { url: string; name: string };
let db: DatabaseHandle;
let dataDir: string;
let cloud: Awaited<ReturnType<typeof startWhatsappCloud>>;
let twilio: Awaited<ReturnType<typeof startTwilioMessaging>>;
const nodes: ChildProcess[] = [];
let current = '';
let channelIdForStatuses = 0;

async function startNode(name: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child } = spawnServer(`bulk-node-${name}`, {
    DATABASE_URL: database.url,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PUBLIC_URL: url,
    OUTBOUND_ALLOWED_HOSTS: `${new URL(cloud.url()).host},${new URL(twilio.url()).host}`,
    BULK_SCHEDULER_MS: '1000',
    // Longer than the second node takes to start: statuses of sends in flight at the kill come first.
    BULK_INTERRUPTED_AFTER_MS: '20000',
  });
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
  buildServer();
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
  twilio = await startTwilioMessaging({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  // Twilio posts each message's status to the callback URL it was given; here, on the node that answers now.
  twilio.reportStatusesTo((callback) => {
    const target = new URL(callback);
    return `${current}${target.pathname}${target.search}`;
  });
}, 120_000);

afterAll(async () => {
  await stopServers(nodes);
  await cloud?.close();
  await twilio?.close();
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
  it('messages each of 10,000 recipients exactly once, at each channel’s rate, across a SIGKILL and a restart', async () => {
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
    const smsChannel = await call(first.url, 'POST', '/channels', token, {
      name: 'SMS masivo',
      type: 'sms',
      direction: 'outbound',
      config: {
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        sender: '+15005550006',
        apiBaseUrl: twilio.url(),
        sendRatePerSecond: SMS_RATE,
      },
    });
    expect(smsChannel.status, JSON.stringify(smsChannel.body)).toBe(201);
    const smsChannelId = smsChannel.body.result.id as number;
    const campaign = await call(first.url, 'POST', '/campaigns', token, {
      name: 'Campaña masiva',
      type: 'outbound',
      channelIds: [channelId, smsChannelId],
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
    // Half the customers get the WhatsApp message, the other half the SMS.
    for (const [lastName, offset] of [
      ['ReinicioWa', 0],
      ['ReinicioSms', PER_CHANNEL],
    ] as const) {
      await db.pool.query(
        `with made as (
           insert into customers (identification_type_id, identification_number, first_name, last_name, search_text)
           select $1, 'R-' || g, 'Cliente' || g, $4::text, 'cliente' || g || ' ' || lower($4::text)
           from generate_series($3::int + 1, $3::int + $5::int) g
           returning id)
         insert into customer_contacts (customer_id, type_id, value, normalized_value)
         select id, $2, '+57 320 ' || id, '57320' || id from made`,
        [documentType.rows[0].id, mobile.rows[0].id, offset, lastName, PER_CHANNEL],
      );
    }
    const accountsOf = (lastName: string) => ({
      conditions: {
        match: 'all',
        conditions: [{ field: 'customer.lastName', operator: 'equals', type: 'text', value: lastName }],
      },
    });

    const created = await call(first.url, 'POST', '/bulk-messages', token, {
      name: 'Aviso por WhatsApp',
      campaignId,
      channelId,
      whatsappTemplateId: Number(template.rows[0].id),
      templateValues: ['{{cliente.nombre}}'],
      accounts: accountsOf('ReinicioWa'),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bulkId = created.body.result.id as number;
    const createdSms = await call(first.url, 'POST', '/bulk-messages', token, {
      name: 'Aviso por SMS',
      campaignId,
      channelId: smsChannelId,
      message: 'Hola {{cliente.nombre}}, tenemos un aviso. Responda STOP para no recibir más.',
      accounts: accountsOf('ReinicioSms'),
    });
    expect(createdSms.status, JSON.stringify(createdSms.body)).toBe(201);
    const smsBulkId = createdSms.body.result.id as number;
    for (const [id, channel] of [
      [channelId, 'whatsapp'],
      [smsChannelId, 'sms'],
    ] as const) {
      const audience = await call(first.url, 'POST', '/bulk-messages/audience', token, {
        campaignId,
        channelId: id,
        accounts: accountsOf(channel === 'whatsapp' ? 'ReinicioWa' : 'ReinicioSms'),
      });
      expect(audience.body.result.recipients, channel).toBe(PER_CHANNEL);
    }
    const startedAt = Date.now();
    for (const id of [bulkId, smsBulkId]) {
      expect((await call(first.url, 'POST', `/bulk-messages/${id}/actions`, token, { action: 'start' })).status).toBe(
        200,
      );
    }
    const sent = () => cloud.sends.length + twilio.sends.length;

    // Mid-send, the node is killed: no goodbye, requests in flight.
    await waitFor(() => sent() >= 3_000, 'three thousand sends', 120_000);
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    const atKill = sent();
    const smsAtKill = twilio.sends.length;
    const killedAt = Date.now();
    expect(atKill).toBeLessThan(RECIPIENTS);

    const second = await startNode('B');
    current = second.url;
    const restartedAt = Date.now();
    const finished = await waitFor(
      async () => {
        const both = await Promise.all(
          [bulkId, smsBulkId].map(
            async (id) => (await call(second.url, 'GET', `/bulk-messages/${id}`, token)).body.result,
          ),
        );
        return both.every((bulk) => bulk.status === 'finalized') ? both : null;
      },
      'both bulk messages to finish on the second node',
      240_000,
    );
    const after = [...cloud.sends.map((send) => send.at), ...twilio.sends.map((send) => send.at)]
      .filter((at) => at >= killedAt)
      .sort((a, b) => a - b);
    process.stdout.write(
      `bulk restart: ${atKill} sends (${smsAtKill} SMS) before the kill in ${((killedAt - startedAt) / 1000).toFixed(1)} s; ` +
        `node B answered ${((restartedAt - killedAt) / 1000).toFixed(1)} s after it; its first send ` +
        `${after.length ? ((after[0] - restartedAt) / 1000).toFixed(1) : '-'} s later; the rest took ` +
        `${after.length ? ((after[after.length - 1] - after[0]) / 1000).toFixed(1) : '-'} s; finished ` +
        `${((Date.now() - startedAt) / 1000).toFixed(1)} s after the start\n`,
    );
    for (const bulk of finished) {
      expect(bulk.progress).toMatchObject({ total: PER_CHANNEL, sent: PER_CHANNEL, sending: 0, failed: 0, new: 0 });
    }
    expect(sent()).toBeGreaterThan(atKill);

    // Exactly once each, as each provider saw it.
    for (const [name, recipients] of [
      ['WhatsApp', cloud.sends.map((send) => String(send.body.to))],
      ['SMS', twilio.sends.map((send) => send.fields.To)],
    ] as const) {
      const perPhone = new Map<string, number>();
      for (const to of recipients) perPhone.set(to, (perPhone.get(to) ?? 0) + 1);
      expect(perPhone.size, name).toBe(PER_CHANNEL);
      expect(
        [...perPhone.values()].filter((count) => count !== 1),
        name,
      ).toEqual([]);
    }

    // Each channel's rate, as its provider saw it, across both nodes.
    for (const [name, times, rate] of [
      ['WhatsApp', cloud.sends.map((send) => send.at), RATE],
      ['SMS', twilio.sends.map((send) => send.at), SMS_RATE],
    ] as const) {
      const sorted = [...times].sort((a, b) => a - b);
      let busiest = 0;
      for (let start = 0, end = 0; end < sorted.length; end += 1) {
        while (sorted[end] - sorted[start] >= 1000) start += 1;
        busiest = Math.max(busiest, end - start + 1);
      }
      expect(busiest, name).toBeLessThanOrEqual(rate);
    }
  }, 480_000);
});
