import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, signedIn, type TestApp } from '../../test/app.js';
import { collect, connect, PROBE, waitFor } from '../../test/desk.js';
import { waitForMail } from '../../test/mailbox.js';
import { ensureBaseRows } from '../boot.js';
import { createLogger } from '../logger.js';
import { connectDatabase } from './client.js';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded.js';
import { runMigrations } from './migrate.js';

// A database restart is survived (issue #12): this file runs its own PostgreSQL (the run's is shared by the other
// files) and stops it under a running app.

const PORT = Number(process.env.TEST_RESTART_PG_PORT ?? 54347);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-restart-'));
const logger = createLogger('warn');
let database: EmbeddedDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await startEmbeddedDatabase(dataDir, PORT, logger);
  const setup = connectDatabase(database.url, 2);
  await runMigrations(setup.db);
  await ensureBaseRows(setup.db);
  await setup.close();
  t = await createTestApp({ listen: true, databaseUrl: database.url });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers });

describe('the database restarts under a running app', () => {
  it('answers 503 while PostgreSQL is down, and everything resumes when it returns, without a restart', async () => {
    const admin = await signedIn(t, 'admin');
    expect((await get('/users', admin.headers)).statusCode).toBe(200);
    const before = await connect(t, admin);

    await database.stop();

    // The API: a translated envelope with 503, in both languages; health says why.
    const es = await get('/users', admin.headers);
    expect(es.statusCode).toBe(503);
    expect(es.json()).toMatchObject({ statusResult: false, status: 'ERROR', code: 'SERVICE_UNAVAILABLE' });
    expect(es.json().message).toMatch(/base de datos/);
    const en = await get('/users', { ...admin.headers, 'x-locale': 'en' });
    expect(en.statusCode).toBe(503);
    expect(en.json().message).toMatch(/database/);
    const loginWhileDown = await login(t.app, admin.email, admin.password, 'en');
    expect(loginWhileDown.response.statusCode).toBe(503);
    const health = await get('/health', { 'x-locale': 'en' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', result: { db: 'unreachable' } });
    // Realtime: a new socket is refused as unavailable, not as signed out.
    await expect(connect(t, admin)).rejects.toThrow('UNAVAILABLE');
    // Background work keeps going and fails softly: a routing pass, a sequenced event, a job.
    await expect(t.services.routing.sweep()).rejects.toThrow();
    await t.ctx.realtime.toUser(admin.id, PROBE, { casoId: 1 });
    await expect(t.ctx.jobs.send('mail.send', { to: admin.email, subject: 'x', text: 'x' })).rejects.toThrow();

    database = await startEmbeddedDatabase(dataDir, PORT, logger);

    // Requests recover on their own (the pool reconnects).
    await waitFor(async () => (await get('/users', admin.headers)).statusCode === 200, 'the API answers again');
    expect((await get('/health')).statusCode).toBe(200);
    // Jobs resume: a password-reset mail goes through the durable queue to the outbox.
    const since = Date.now() - 1;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v2/password/email',
      payload: { email: admin.email },
    });
    expect(reset.statusCode).toBe(200);
    await waitForMail(t.outbox, admin.email, { since });
    // Realtime resumes: new sockets connect, and sequenced events reach old and new ones.
    const after = await connect(t, admin);
    const heardBefore = collect<{ casoId: number; seq?: number }>(before, PROBE);
    const heardAfter = collect<{ casoId: number; seq?: number }>(after, PROBE);
    await t.ctx.realtime.toUser(admin.id, PROBE, { casoId: 2 });
    await waitFor(() => heardBefore.length > 0 && heardAfter.length > 0, 'the event reaches both sockets');
    expect(heardAfter[0]).toMatchObject({ casoId: 2, seq: expect.any(Number) });
    await expect(t.services.routing.sweep()).resolves.toBeDefined();
    before.close();
    after.close();
  }, 120_000);
});
