import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bdecode, bencode } from './bencode.js';
import { routerQuery } from './voice.calls.js';
import { announcementAudio, CLOSED_TONES_HZ, WAITING_TONE_HZ, writeWaitingAudio } from './voice.media.js';

describe('rtpengine’s ng encoding', () => {
  it('encodes dictionaries with sorted keys, lists, integers and UTF-8 strings, and decodes them back', () => {
    const command = { command: 'play media', 'call-id': 'abc@x', 'repeat-times': 10000, flags: ['all'] };
    const encoded = bencode(command).toString();
    expect(encoded).toBe('d7:call-id5:abc@x7:command10:play media5:flagsl3:alle12:repeat-timesi10000ee');
    expect(bdecode(Buffer.from(encoded))).toEqual(command);
    expect(bdecode(bencode({ name: 'Línea ñ' }))).toEqual({ name: 'Línea ñ' });
    expect(bdecode(Buffer.from('d6:result5:error12:error-reason15:Unknown call-IDe'))).toEqual({
      result: 'error',
      'error-reason': 'Unknown call-ID',
    });
  });

  it('refuses malformed answers instead of guessing', () => {
    for (const broken of ['d6:result', '5:abc', 'i12', 'ix2e', 'l1:a'])
      expect(() => bdecode(Buffer.from(broken))).toThrow(/bencode/);
    expect(() => bencode({ n: 1.5 })).toThrow();
  });
});

describe('the call router’s query', () => {
  it('keeps an E.164 plus (Kamailio does not escape it) and decodes percent escapes', () => {
    expect(routerQuery('did=+34910000001&from=%2B573001112233&call=a%40b')).toEqual({
      did: '+34910000001',
      from: '+573001112233',
      call: 'a@b',
    });
    expect(routerQuery('did=%E0%A4%A&from=1')).toEqual({ from: '1' });
    expect(routerQuery('')).toEqual({});
  });
});

describe('the waiting audio', () => {
  it('is an 8 kHz mono 16-bit WAV of the waiting tone, written once', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-waiting-'));
    try {
      const file = writeWaitingAudio(path.join(dir, 'waiting.wav'));
      const wav = fs.readFileSync(file);
      expect(wav.subarray(0, 4).toString()).toBe('RIFF');
      expect(wav.subarray(8, 12).toString()).toBe('WAVE');
      expect(wav.readUInt16LE(22)).toBe(1);
      expect(wav.readUInt32LE(24)).toBe(8000);
      expect(wav.readUInt16LE(34)).toBe(16);
      expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
      expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
      // Zero crossings over the tone's 0.8 s give its frequency.
      let crossings = 0;
      for (let offset = 46; offset < 44 + 6400 * 2; offset += 2)
        if (wav.readInt16LE(offset - 2) < 0 !== wav.readInt16LE(offset) < 0) crossings += 1;
      expect(Math.abs(crossings / 2 / 0.8 - WAITING_TONE_HZ)).toBeLessThan(10);
      fs.writeFileSync(file, 'kept');
      writeWaitingAudio(file);
      expect(fs.readFileSync(file, 'utf8')).toBe('kept');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the unavailable message', () => {
  it('without a speech synthesiser, is the closed signal: three falling tones, made once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-closed-'));
    const pathBefore = process.env.PATH;
    // No espeak-ng (nor anything else) to be found.
    process.env.PATH = dir;
    try {
      const file = await announcementAudio(dir, 'Estamos cerrados', 'es');
      expect(path.basename(file)).toBe('closed-tones.wav');
      const wav = fs.readFileSync(file);
      expect(wav.readUInt32LE(24)).toBe(8000);
      // Each tone lasts 0.3 s: its zero crossings give its frequency.
      const tone = CLOSED_TONES_HZ.map((_, index) => {
        let crossings = 0;
        const from = 44 + index * 2400 * 2;
        for (let offset = from + 2; offset < from + 2400 * 2; offset += 2)
          if (wav.readInt16LE(offset - 2) < 0 !== wav.readInt16LE(offset) < 0) crossings += 1;
        return crossings / 2 / 0.3;
      });
      expect(tone.map((hertz, index) => Math.abs(hertz - CLOSED_TONES_HZ[index]) < 15)).toEqual([true, true, true]);
      expect(await announcementAudio(dir, 'Otro texto', 'en')).toBe(file);
    } finally {
      process.env.PATH = pathBefore;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
