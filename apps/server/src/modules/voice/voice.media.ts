import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
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
     * Plays a file to one party of a call, `times` times (by default over and over until stopped: the waiting audio
     * of a queued caller): the party that made the call's first offer (`offerer`: a customer who called a channel's
     * number) or the one that answered it (`answerer`: the customer a bridge dialled). Only that party: played to
     * both, the bridge too would receive it, interleaved with the customer's own stream under another SSRC, and
     * baresip then discarded the customer's packets as old ("rtp timestamp wraps backwards"), so the agent could
     * hear nothing of the customer after the waiting audio stopped. Answers how long one playing lasts.
     */
    async play(
      callId: string,
      file: string,
      options: { times?: number; to: 'offerer' | 'answerer' },
    ): Promise<{ durationMs: number }> {
      // rtpengine lists a call's parties (their tags) in the order they joined: the offer's first.
      const query = await command({ command: 'query', 'call-id': callId });
      const tags = Object.keys((query.tags ?? {}) as Record<string, unknown>);
      const tag = tags.length === 2 ? tags[options.to === 'offerer' ? 0 : 1] : undefined;
      const answer = await command({
        command: 'play media',
        'call-id': callId,
        file,
        'repeat-times': options.times ?? 10_000,
        ...(tag ? { 'from-tag': tag } : { flags: ['all'] }),
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

/** 8 kHz mono 16-bit PCM samples as a WAV file (what telephony plays without transcoding). */
function writeWav(file: string, data: Buffer): void {
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
}

/** Tones one after another (`hertz` 0: silence), each with short fades so it does not click. */
function tones(parts: readonly { hertz: number; seconds: number }[]): Buffer {
  const total = parts.reduce((sum, part) => sum + Math.round(part.seconds * SAMPLE_RATE), 0);
  const data = Buffer.alloc(total * 2);
  let offset = 0;
  for (const part of parts) {
    const samples = Math.round(part.seconds * SAMPLE_RATE);
    for (let index = 0; index < samples; index += 1) {
      const time = index / SAMPLE_RATE;
      const envelope = part.hertz === 0 ? 0 : Math.min(1, time / 0.02, (part.seconds - time) / 0.02);
      data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * part.hertz * time) * 9000 * envelope), (offset + index) * 2);
    }
    offset += samples;
  }
  return data;
}

/**
 * The built-in waiting audio: a soft 523 Hz tone, 0.8 s on and 0.4 s off, as 8 kHz mono 16-bit WAV. Written once into
 * the voice folder.
 */
export function writeWaitingAudio(file: string): string {
  if (fs.existsSync(file)) return file;
  writeWav(
    file,
    tones([
      { hertz: WAITING_TONE_HZ, seconds: 0.8 },
      { hertz: 0, seconds: 0.4 },
    ]),
  );
  return file;
}

/** Without a speech synthesiser, callers outside business hours hear this: three falling tones, twice. */
export const CLOSED_TONES_HZ = [784, 659, 523] as const;

const run = promisify(execFile);

/**
 * A spoken announcement of `text` (espeak-ng's voice for `language`, converted by sox to 8 kHz mono 16-bit WAV), made
 * once per text and language into `dir`. Without espeak-ng (or when it fails), the closed signal's falling tones.
 * `silenceAfterSeconds` keeps the call open after the words: a call worker's call ends when its audio file does.
 */
export async function announcementAudio(
  dir: string,
  text: string,
  language: 'es' | 'en',
  options: { silenceAfterSeconds?: number } = {},
): Promise<string> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const silence = options.silenceAfterSeconds ?? 0;
  const key = crypto.createHash('sha256').update(`${language}\n${silence}\n${text}`).digest('hex').slice(0, 24);
  const file = path.join(dir, `${key}.wav`);
  if (fs.existsSync(file)) return file;
  const spoken = path.join(dir, `${key}.spoken.wav`);
  try {
    // The text goes on standard input: nothing in it is read as an option.
    await new Promise<void>((resolve, reject) => {
      const child = execFile('espeak-ng', ['-v', language, '-s', '150', '-w', spoken, '--stdin'], (error) =>
        error ? reject(error) : resolve(),
      );
      child.stdin?.end(text);
    });
    await run('sox', [
      spoken,
      '-r',
      String(SAMPLE_RATE),
      '-c',
      '1',
      '-b',
      '16',
      file,
      ...(silence > 0 ? ['pad', '0', String(silence)] : []),
    ]);
    return file;
  } catch {
    const closed = path.join(dir, silence > 0 ? `closed-tones-${silence}.wav` : 'closed-tones.wav');
    if (!fs.existsSync(closed)) {
      writeWav(
        closed,
        tones([
          ...[0, 1].flatMap(() => [
            ...CLOSED_TONES_HZ.map((hertz) => ({ hertz, seconds: 0.3 })),
            { hertz: 0, seconds: 0.6 },
          ]),
          ...(silence > 0 ? [{ hertz: 0, seconds: silence }] : []),
        ]),
      );
    }
    return closed;
  } finally {
    fs.rmSync(spoken, { force: true });
  }
}

/** The waiting audio's tone (tests hear it to know the caller waited with audio). */
export const WAITING_TONE_HZ = 523;
