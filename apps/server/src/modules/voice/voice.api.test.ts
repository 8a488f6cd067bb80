import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, logCapture, signedIn, type TestApp } from '../../test/app.js';
import { createSiblingDatabase, type TestDatabase } from '../../test/database.js';
import { sipRegister } from '../../test/sip.js';
import { business } from '../business/business.schema.js';
import { users } from '../users/users.schema.js';
import { credentialUser, sipPassword } from './voice.credentials.js';
import { voiceSettings } from './voice.schema.js';

// The telephony daemons (npm run voice:setup installs them; scripts/test.mjs runs it first) on ports of this
// file's own, on a database of its own: the business's WebRTC switch and the voice heartbeat are global to one.
const PORTS = {
  VOICE_WS_PORT: '18089',
  VOICE_SIP_PORT: '15070',
  VOICE_TURN_PORT: '13478',
  VOICE_RTPENGINE_PORT: '22232',
  VOICE_RTP_PORTS: '32000-32099',
  VOICE_RELAY_PORTS: '33000-33099',
};

async function setExtension(t: TestApp, userId: number, extension: string | null) {
  await t.ctx.db.update(users).set({ extension }).where(eq(users.id, userId));
}

describe('voice without telephony', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says calls cannot be made and refuses credentials, in Spanish and English', async () => {
    const agent = await signedIn(t, 'agent');
    const status = await t.app.inject({ method: 'GET', url: '/api/v2/voice/status', headers: agent.headers });
    expect(status.statusCode).toBe(200);
    expect(status.json().result).toMatchObject({ configured: false });
    for (const [language, message] of [
      ['es', 'La telefonía no está configurada'],
      ['en', 'Telephony is not configured'],
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v2/voice/credentials',
        headers: { ...agent.headers, 'x-locale': language },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'VOICE.NOT_CONFIGURED', message });
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v2/voice/credentials' });
    expect(anonymous.statusCode).toBe(401);
    // The web app may open the registrar's secure WebSocket (another port than its own origin), and nothing else.
    expect(String(status.headers['content-security-policy'])).toContain("connect-src 'self' wss://*:8089");
  });
});

describe('voice with the telephony daemons', () => {
  let t: TestApp;
  let database: TestDatabase;
  const logs = logCapture();

  beforeAll(async () => {
    database = await createSiblingDatabase(inject('databaseUrl'));
    t = await createTestApp({ databaseUrl: database.url, env: { VOICE_ENABLED: '1', ...PORTS }, captureLogs: logs });
    const deadline = Date.now() + 30_000;
    while ((await t.services.voice.status()).state !== 'running') {
      if (Date.now() > deadline) throw new Error(`telephony did not start: ${JSON.stringify(logs.entries.slice(-5))}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('runs the daemons from configuration only its owner can read, and says so through a heartbeat', async () => {
    const pids = t.services.voice.pids();
    expect(Object.keys(pids).sort()).toEqual(['kamailio', 'rtpengine', 'turnserver']);
    for (const pid of Object.values(pids)) expect(() => process.kill(pid as number, 0)).not.toThrow();
    const runDir = path.join(t.ctx.config.dataDir, 'voice');
    expect(fs.statSync(runDir).mode & 0o777).toBe(0o700);
    for (const file of ['kamailio.cfg', 'turnserver.conf', 'tls.cfg', 'private-key.pem']) {
      expect(fs.statSync(path.join(runDir, file)).mode & 0o777).toBe(0o600);
    }
    const kamailio = fs.readFileSync(path.join(runDir, 'kamailio.cfg'), 'utf8');
    // The spec's 30 s registrations must be allowed, and loopback is never taken as the proxy's own name.
    expect(kamailio).toMatch(/min_expires", 10\)/);
    expect(kamailio).not.toMatch(/^alias=/m);
    const [row] = await t.ctx.db.select().from(voiceSettings);
    expect(row.heartbeatAt).not.toBeNull();
  });

  it('gives credentials only with WebRTC on, and only to a user with an extension of their own', async () => {
    const agent = await signedIn(t, 'agent');
    const other = await signedIn(t, 'agent');
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/voice/credentials',
        headers: { ...agent.headers, host: '127.0.0.1:3000', 'x-locale': 'en' },
      });
    await t.ctx.db.update(business).set({ webrtcEnabled: false });
    expect((await ask()).json().code).toBe('VOICE.NOT_CONFIGURED');

    await t.ctx.db.update(business).set({ webrtcEnabled: true });
    const status = await t.app.inject({ method: 'GET', url: '/api/v2/voice/status', headers: agent.headers });
    expect(status.json().result).toEqual({ configured: true, webrtcEnabled: true, state: 'running' });
    const noExtension = await ask();
    expect(noExtension.statusCode).toBe(409);
    expect(noExtension.json()).toMatchObject({
      code: 'VOICE.NO_EXTENSION',
      message: 'You have no extension: ask your administrator for one',
    });

    await setExtension(t, agent.id, '2101');
    await setExtension(t, other.id, '2101');
    expect((await ask()).json().code).toBe('VOICE.EXTENSION_SHARED');

    await setExtension(t, other.id, '2102');
    const given = await ask();
    expect(given.statusCode).toBe(200);
    const credentials = given.json().result;
    expect(credentials).toMatchObject({
      extension: '2101',
      domain: '127.0.0.1',
      websocketUrl: `wss://127.0.0.1:${PORTS.VOICE_WS_PORT}/ws`,
      realm: 'atiende',
    });
    expect(credentials.authorizationUser).toMatch(/^\d+:2101$/);
    expect(new Date(credentials.expiresAt).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
    expect(credentials.iceServers[0]).toMatchObject({
      urls: `turn:127.0.0.1:${PORTS.VOICE_TURN_PORT}?transport=udp`,
      username: credentials.authorizationUser,
    });
    // Each user gets their own: another agent's request names their extension, never this one.
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/v2/voice/credentials',
      headers: { ...other.headers, host: '127.0.0.1:3000' },
    });
    expect(theirs.json().result.extension).toBe('2102');
  });

  it('registers with those credentials and refuses a wrong password, expired ones and another extension', async () => {
    const agent = await signedIn(t, 'agent');
    await setExtension(t, agent.id, '2201');
    await t.ctx.db.update(business).set({ webrtcEnabled: true });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v2/voice/credentials',
      headers: { ...agent.headers, host: '127.0.0.1:3000' },
    });
    const credentials = answer.json().result;
    expect(await sipRegister(credentials)).toBe(200);
    expect(await sipRegister({ ...credentials, password: `${credentials.password}x` })).toBe(401);
    // Another extension with these credentials: the user part must be the credentials' own.
    expect(await sipRegister(credentials, { fromUser: '2202' })).toBe(401);
    // Correctly signed but expired (the secret is read here only to forge the signature a thief could not).
    const [{ secret }] = await t.ctx.db.select({ secret: voiceSettings.secret }).from(voiceSettings);
    const expiredUser = credentialUser('2201', new Date(Date.now() - 60_000));
    expect(
      await sipRegister({ ...credentials, authorizationUser: expiredUser, password: sipPassword(secret, expiredUser) }),
    ).toBe(401);
    const stillValidUser = credentialUser('2201', new Date(Date.now() + 60_000));
    expect(
      await sipRegister({
        ...credentials,
        authorizationUser: stillValidUser,
        password: sipPassword(secret, stillValidUser),
      }),
    ).toBe(200);
    // Neither the secret nor a password reached the logs.
    const logged = JSON.stringify(logs.entries);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(credentials.password);
  });

  it('stops the daemons when the app stops', async () => {
    const pids = Object.values(t.services.voice.pids()) as number[];
    await t.services.voice.stop();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect((await t.services.voice.status()).configured).toBe(false);
  });
});
