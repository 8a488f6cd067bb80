import crypto from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import { type Bencoded, bdecode, bencode } from './bencode.js';

/** rtpengine answers within this long on loopback, or the command failed. */
const NG_TIMEOUT_MS = 2000;

/**
 * rtpengine's ng control protocol over UDP on loopback: `<cookie> <bencoded dictionary>`, answered with the same
 * cookie. Used for what Kamailio's script does not do itself: playing the waiting audio into a caller's leg.
 */
export function createMediaControl(port: number) {
  async function command(dictionary: Record<string, Bencoded>): Promise<Record<string, Bencoded>> {
    const socket = dgram.createSocket('udp4');
    const cookie = crypto.randomBytes(8).toString('hex');
    try {
      return await new Promise<Record<string, Bencoded>>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`rtpengine did not answer ${dictionary.command}`)),
          NG_TIMEOUT_MS,
        );
        socket.on('message', (message) => {
          const text = message.toString('latin1');
          if (!text.startsWith(`${cookie} `)) return;
          clearTimeout(timer);
          try {
            const answer = bdecode(message.subarray(cookie.length + 1)) as Record<string, Bencoded>;
            if (answer.result === 'error') reject(new Error(`rtpengine: ${String(answer['error-reason'] ?? 'error')}`));
            else resolve(answer);
          } catch (error) {
            reject(error);
          }
        });
        socket.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        socket.send(Buffer.concat([Buffer.from(`${cookie} `), bencode(dictionary)]), port, '127.0.0.1');
      });
    } finally {
      socket.close();
    }
  }

  return {
    command,
    /**
     * Plays a file to every party of a call, `times` times (by default over and over until stopped: the waiting
     * audio of a queued caller). Answers how long one playing lasts.
     */
    async play(callId: string, file: string, times = 10_000): Promise<{ durationMs: number }> {
      const answer = await command({
        command: 'play media',
        'call-id': callId,
        file,
        'repeat-times': times,
        flags: ['all'],
      });
      return { durationMs: typeof answer.duration === 'number' ? answer.duration : 0 };
    },
    async stop(callId: string): Promise<void> {
      await command({ command: 'stop media', 'call-id': callId, flags: ['all'] });
    },
  };
}

export type MediaControl = ReturnType<typeof createMediaControl>;

const SAMPLE_RATE = 8000;

/**
 * The built-in waiting audio: a soft 523 Hz tone, 0.8 s on and 0.4 s off, as 8 kHz mono 16-bit WAV (what telephony
 * plays without transcoding). Written once into the voice folder.
 */
export function writeWaitingAudio(file: string): string {
  if (fs.existsSync(file)) return file;
  const seconds = 1.2;
  const samples = Math.round(SAMPLE_RATE * seconds);
  const data = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    const time = index / SAMPLE_RATE;
    const on = time < 0.8;
    // Short fades keep the tone from clicking.
    const envelope = on ? Math.min(1, time / 0.02, (0.8 - time) / 0.02) : 0;
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * WAITING_TONE_HZ * time) * 9000 * envelope), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, data]), { mode: 0o600 });
  return file;
}

/** The waiting audio's tone (tests hear it to know the caller waited with audio). */
export const WAITING_TONE_HZ = 523;
