import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type CallWorker, type CallWorkerOptions, startCallWorker } from '../modules/voice/voice.worker.js';
import { createTestApp, type TestApp } from './app.js';
import { createSiblingDatabase, type TestDatabase } from './database.js';
import { waitFor } from './desk.js';
import { makeTone } from './tones.js';

/**
 * A test file's own telephony (modules/voice): the app on a database of its own (telephony is global to one) with
 * the daemons on the file's ports, ready once they run — and, with `bridges`, once the channel's call bridges wait.
 * Its call workers (customers' and agents' phones) take ports from `firstWorkerPort` on, four apart, each playing
 * its tone and recording what it hears in a folder of the file's own.
 */
export async function startVoiceTest(options: {
  ports: Record<string, string>;
  firstWorkerPort: number;
  listen?: boolean;
  bridges?: boolean;
}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-voice-'));
  const database: TestDatabase = await createSiblingDatabase(inject('databaseUrl'));
  const t: TestApp = await createTestApp({
    databaseUrl: database.url,
    listen: options.listen,
    env: { VOICE_ENABLED: '1', ...options.ports },
  });
  await waitFor(
    async () =>
      options.bridges
        ? t.services.voice.calls()?.bridges.idle === 2
        : (await t.services.voice.status()).state === 'running',
    'the telephony to start',
    30_000,
  );
  const workers: CallWorker[] = [];
  let nextPort = options.firstWorkerPort;
  return {
    t,
    dir,
    workers,
    /** A call worker known to the registrar as `name`, playing a `tone` Hz tone. */
    async worker(name: string, tone: number, overrides: Partial<CallWorkerOptions> = {}) {
      const port = nextPort;
      nextPort += 4;
      const started = await startCallWorker({
        name,
        dir: path.join(dir, name),
        sipPort: port,
        controlPort: port + 2,
        proxyPort: Number(options.ports.VOICE_SIP_PORT),
        user: name,
        source: await makeTone(path.join(dir, `${name}-${tone}.wav`), tone),
        record: true,
        logger: t.ctx.logger,
        ...overrides,
      });
      workers.push(started);
      return started;
    },
    async stop() {
      await Promise.all(workers.map((started) => started.stop()));
      await t.close();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type VoiceTest = Awaited<ReturnType<typeof startVoiceTest>>;

/** `deskCampaign` options for a telephony channel with this number (a provider's trunk the tests never reach). */
export function telephonyLine(did: string) {
  return {
    channelType: 'telephony',
    channelConfig: { sipHost: 'sip.example.com', sipPort: 5060, sipUser: 'atiende', sipPassword: 'x', did },
  };
}
