import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** A pure tone as a call worker plays it: WAV, 8 kHz, mono, 16-bit (sox). */
export async function makeTone(file: string, hertz: number, seconds = 30): Promise<string> {
  await exec('sox', ['-n', '-r', '8000', '-c', '1', '-b', '16', file, 'synth', String(seconds), 'sine', String(hertz)]);
  return file;
}

/** The frequency that dominates a recording and its RMS amplitude (sox `stat`: "Rough frequency"). */
export async function listen(file: string): Promise<{ hertz: number; amplitude: number; seconds: number }> {
  const { stderr } = await exec('sox', [file, '-n', 'stat']);
  const value = (name: string) => Number(new RegExp(`${name}:\\s+(-?[\\d.]+)`).exec(stderr)?.[1] ?? Number.NaN);
  return {
    hertz: value('Rough\\s+frequency'),
    amplitude: value('RMS\\s+amplitude'),
    seconds: value('Length \\(seconds\\)'),
  };
}

/**
 * The RMS amplitude of one frequency band (±60 Hz around `hertz`) in a stretch of a recording (sox `sinc` band-pass,
 * then `stat`): whether a party heard a given tone at a given time, whatever else they heard with it.
 */
export async function bandAmplitude(file: string, hertz: number, from: number, seconds: number): Promise<number> {
  const band = `${Math.max(1, hertz - 60)}-${hertz + 60}`;
  const { stderr } = await exec('sox', [file, '-n', 'trim', String(from), String(seconds), 'sinc', band, 'stat']);
  return Number(/RMS\s+amplitude:\s+(-?[\d.]+)/.exec(stderr)?.[1] ?? Number.NaN);
}
