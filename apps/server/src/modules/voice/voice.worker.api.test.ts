import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../test/tones.js';
import { startVoiceTest, type VoiceTest } from '../../test/voice.js';
import { processesUsing } from './voice.leftovers.js';
import { type CallWorkerOptions, startCallWorker } from './voice.worker.js';

// Call workers (baresip driven over its control port) through the app's own registrar and media relay: what the
// dialers, the telephony channel and supervision will place their calls with. A worker calls a number that a second
// worker holds as a customer's phone; each plays its own tone and the other must hear exactly that one.
const PORTS = {
  VOICE_WS_PORT: '18189',
  VOICE_SIP_PORT: '15170',
  VOICE_TURN_PORT: '13578',
  VOICE_RTPENGINE_PORT: '22332',
  VOICE_RTP_PORTS: '32100-32199',
  VOICE_RELAY_PORTS: '33100-33199',
  VOICE_WORKER_PORTS: '25800-25899',
};
const CUSTOMER = '+573005550101';

let voice: VoiceTest;
const worker = (name: string, tone: number, options: Partial<CallWorkerOptions> = {}) =>
  voice.worker(name, tone, options);

beforeAll(async () => {
  voice = await startVoiceTest({ ports: PORTS, firstWorkerPort: 15300 });
}, 60_000);

afterAll(async () => {
  await voice?.stop();
});

describe('call workers', () => {
  it('call a number through the registrar and rtpengine, and each side hears the other’s tone', async () => {
    const phone = await worker(CUSTOMER, 880, { register: true, autoAnswer: true });
    const dialer = await worker('dialer-1', 440);
    const mark = dialer.events.length;
    await dialer.dial(CUSTOMER);
    const established = await dialer.next('CALL_ESTABLISHED', { since: mark });
    expect(established.peeruri).toContain(CUSTOMER);
    expect(established.direction).toBe('outgoing');
    await phone.next('CALL_ESTABLISHED', { since: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await dialer.command('hangup');
    await phone.next('CALL_CLOSED', { since: 0 });

    const heardByDialer = await listen(dialer.lastRecording() as string);
    const heardByPhone = await listen(phone.lastRecording() as string);
    expect(heardByDialer.seconds).toBeGreaterThan(1.5);
    expect(Math.abs(heardByDialer.hertz - 880)).toBeLessThan(60);
    expect(Math.abs(heardByPhone.hertz - 440)).toBeLessThan(60);
    expect(heardByPhone.amplitude).toBeGreaterThan(0.1);
  });

  it('hears the ringing of a phone that does not answer until it gives up, and learns that a number is unknown', async () => {
    const silent = await worker('+573005550102', 660, { register: true, autoAnswer: false });
    const dialer = await worker('dialer-2', 440);
    let mark = dialer.events.length;
    await dialer.dial('+573005550102');
    await dialer.next('CALL_RINGING', { since: mark });
    await silent.next('CALL_INCOMING', { since: 0 });
    // A dialer's "rings" elapse: it hangs up, and the phone stops ringing.
    await dialer.command('hangup');
    expect((await dialer.next('CALL_CLOSED', { since: mark })).type).toBe('CALL_CLOSED');
    await silent.next('CALL_CLOSED', { since: 0 });

    mark = dialer.events.length;
    await dialer.dial('+573005559999');
    const closed = await dialer.next('CALL_CLOSED', { since: mark });
    // Nobody registered it and no telephony channel has it (the call router says so).
    expect(closed.param).toMatch(/404/);
  });
});

describe('a call worker that does not start', () => {
  it('leaves no process behind when its control port never answers', async () => {
    // Something else holds the control port: it takes the connection and answers nothing, while baresip runs on
    // without its control module. The worker gives up on its first command and must end the process it started.
    const connections: net.Socket[] = [];
    const silent = net.createServer((connection) => connections.push(connection));
    await new Promise<void>((resolve) => silent.listen(15392, '127.0.0.1', resolve));
    // A folder of its own around the worker's: processesUsing finds the processes started on files under it.
    const parent = path.join(voice.dir, 'never-answers');
    try {
      await expect(
        startCallWorker({
          name: 'never-answers',
          dir: path.join(parent, 'worker'),
          sipPort: 15390,
          controlPort: 15392,
          proxyPort: Number(PORTS.VOICE_SIP_PORT),
          user: 'never-answers',
          register: true,
          source: '/dev/null',
          logger: voice.t.ctx.logger,
        }),
      ).rejects.toThrow(/did not answer reginfo/);
      expect(processesUsing(parent)).toEqual([]);
    } finally {
      for (const connection of connections) connection.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
