import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, logCapture, signedIn, type TestApp } from '../../test/app.js';
import { createSiblingDatabase, type TestDatabase } from '../../test/database.js';
import { waitFor } from '../../test/desk.js';
import { sipRegister } from '../../test/sip.js';
import { makeTone } from '../../test/tones.js';
import { business } from '../business/business.schema.js';
import { users } from '../users/users.schema.js';
import { credentialUser, sipPassword } from './voice.credentials.js';
import { voiceSettings } from './voice.schema.js';
import { startCallWorker } from './voice.worker.js';

// The telephony daemons (npm run voice:setup installs them; scripts/test.mjs runs it first) on ports of this
// file's own, on a database of its own: the business's WebRTC switch and the voice heartbeat are global to one.
const PORTS = {
  VOICE_WS_PORT: '18089',
  VOICE_SIP_PORT: '15070',
  VOICE_DESK_PHONE_PORT: '15072',
  VOICE_TURN_PORT: '13478',
  VOICE_RTPENGINE_PORT: '22232',
  VOICE_RTP_PORTS: '32000-32099',
  VOICE_RELAY_PORTS: '33000-33099',
  // The registration line (2600) takes the last four.
  VOICE_WORKER_PORTS: '25600-25699',
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
    // Running daemons, then the registration line (2600), which starts after them.
    const deadline = Date.now() + 30_000;
    while ((await t.services.voice.status()).state !== 'running' || !t.services.voice.registrationLineRunning()) {
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

  it('lets a desk phone register its extension to an agent: 2600 and the agent’s code', async () => {
    const admin = await signedIn(t, 'admin');
    const agent = await signedIn(t, 'agent');
    const other = await signedIn(t, 'agent');
    // A colleague held the phone's extension: it moves to the agent who types their code.
    await setExtension(t, other.id, '2301');
    const issue = (actor: { headers: Record<string, string> }, extension: unknown, language = 'es') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/voice/desk-phones',
        headers: { ...actor.headers, host: '127.0.0.1:3000', 'x-locale': language },
        payload: { extension },
      });

    // Only whoever edits users issues a phone's credentials; a bad or reserved extension is refused, translated.
    expect((await issue(agent, '2301')).statusCode).toBe(403);
    for (const [extension, language, message] of [
      ['23a1', 'es', 'Escriba una extensión de 2 a 15 dígitos'],
      ['2600', 'en', '2600 is the number for registering phones: choose another extension'],
    ]) {
      const refused = await issue(admin, extension, language);
      expect(refused.statusCode).toBe(422);
      expect(JSON.stringify(refused.json())).toContain(message);
    }
    const issued = await issue(admin, '2301');
    expect(issued.statusCode).toBe(200);
    const phone = issued.json().result;
    expect(phone).toMatchObject({ extension: '2301', user: '2301', registrar: '127.0.0.1', port: 15072 });

    // The agent's code: six digits, for 2600; asking again replaces it.
    const ask = (actor: { headers: Record<string, string> }) =>
      t.app.inject({ method: 'POST', url: '/api/v2/voice/extension-code', headers: actor.headers });
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/voice/extension-code' })).statusCode).toBe(401);
    const replaced = (await ask(agent)).json().result.code as string;
    const answer = (await ask(agent)).json().result;
    expect(answer).toMatchObject({ dial: '2600', code: expect.stringMatching(/^[0-9]{6}$/) });
    const code = answer.code as string;
    const otherCode = (await ask(other)).json().result.code as string;

    const events: { userId: number; event: string; payload: unknown }[] = [];
    const realtime = t.ctx.realtime;
    const toUser = realtime.toUser.bind(realtime);
    realtime.toUser = (async (userId: number, event: string, payload: unknown) => {
      events.push({ userId, event, payload });
      return toUser(userId, event as never, payload as never);
    }) as typeof realtime.toUser;

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-desk-phone-'));
    const deskPhone = (name: string, password: string, sipPort: number) =>
      startCallWorker({
        name,
        dir: path.join(dir, name),
        sipPort,
        controlPort: sipPort + 2,
        proxyPort: phone.port,
        user: '2301',
        accounts: `<sip:2301@127.0.0.1:${phone.port}>;auth_user=${phone.authorizationUser};auth_pass=${password};regint=60;answermode=manual\n`,
        register: true,
        source: silence,
        logger: t.ctx.logger,
      });
    const silence = await makeTone(path.join(dir, 'silence.wav'), 440);
    // A wrong password is refused at the desk phones' port too.
    await expect(deskPhone('wrong-phone', `${phone.password}x`, 15400)).rejects.toThrow(/did not register/);
    const worker = await deskPhone('desk-phone', phone.password, 15404);
    try {
      const typeDigits = async (digits: string) => {
        for (const key of digits) {
          await worker.command('sndcode', key);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };
      const before = worker.events.length;
      await worker.dial('2600');
      await worker.next('CALL_ESTABLISHED', { timeoutMs: 15_000, since: before });
      // A code that was replaced, then the agent's own.
      await typeDigits(`${replaced === code ? '000000' : replaced}`);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect((await t.ctx.db.select().from(users).where(eq(users.id, agent.id)))[0].extension).toBeNull();
      await typeDigits(code);
      await waitFor(() => events.some((sent) => sent.event === 'new-extension'), 'the new-extension event', 15_000);
      expect(events.filter((sent) => sent.event === 'new-extension')).toEqual([
        { userId: agent.id, event: 'new-extension', payload: { extension: '2301' } },
      ]);
      const [mine] = await t.ctx.db.select().from(users).where(eq(users.id, agent.id));
      const [theirs] = await t.ctx.db.select().from(users).where(eq(users.id, other.id));
      expect(mine.extension).toBe('2301');
      expect(theirs.extension).toBeNull();
      // The line says so and hangs up; the code is used up, the colleague's still stands.
      await worker.next('CALL_CLOSED', { timeoutMs: 15_000, since: before });
      const used = await t.services.voice.deskPhones.register('2301', code);
      expect(used).toBeNull();
      expect(await t.services.voice.deskPhones.register('2302', otherCode)).toBe(other.id);
    } finally {
      realtime.toUser = toUser;
      await worker.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('stops the daemons when the app stops', async () => {
    const pids = Object.values(t.services.voice.pids()) as number[];
    await t.services.voice.stop();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect((await t.services.voice.status()).configured).toBe(false);
  });
});
