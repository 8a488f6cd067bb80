import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { baresipConfig, netstring, readNetstrings, withoutColours } from './voice.worker.js';

describe('the call workers’ control protocol', () => {
  it('frames JSON as netstrings and reads them back, whole or split anywhere', () => {
    const first = netstring(JSON.stringify({ command: 'dial', params: 'sip:3101@127.0.0.1:5060', token: '1' }));
    const second = netstring(JSON.stringify({ event: true, type: 'CALL_CLOSED', param: 'ñandú' }));
    expect(first.startsWith(`${Buffer.byteLength(first.slice(first.indexOf(':') + 1, -1))}:`)).toBe(true);
    const whole = Buffer.from(first + second);
    expect(readNetstrings(whole).frames.map((frame) => JSON.parse(frame).token ?? JSON.parse(frame).param)).toEqual([
      '1',
      'ñandú',
    ]);
    // Split inside the multi-byte text: the first frame now, the second once the rest arrives.
    const cut = whole.length - 5;
    const part = readNetstrings(whole.subarray(0, cut));
    expect(part.frames).toHaveLength(1);
    const rest = readNetstrings(Buffer.concat([part.rest, whole.subarray(cut)]));
    expect(JSON.parse(rest.frames[0]).param).toBe('ñandú');
    expect(rest.rest.length).toBe(0);
    expect(() => readNetstrings(Buffer.from('3:abc;'))).toThrow(/comma/);
  });

  it('reads terminal answers without their colours', () => {
    expect(withoutColours(`> sip:3101@127.0.0.1 ${String.fromCharCode(27)}[32mOK ${String.fromCharCode(27)}[;m`)).toBe(
      '> sip:3101@127.0.0.1 OK ',
    );
  });

  it('configures a worker on loopback only, with a file as its microphone and no terminal', () => {
    const { config, accounts } = baresipConfig({
      name: 'w',
      dir: '/run/w',
      sipPort: 15300,
      controlPort: 24300,
      proxyPort: 5060,
      user: '+573005550101',
      register: true,
      autoAnswer: true,
      source: '/run/tone.wav',
      record: true,
      logger: pino({ level: 'silent' }),
    });
    expect(config).toContain('sip_listen 127.0.0.1:15300');
    expect(config).toContain('net_interface 127.0.0.1');
    expect(config).toContain('ctrl_tcp_listen 127.0.0.1:24300');
    expect(config).toContain('rtp_ports 36000-39999');
    expect(config).toContain('audio_source aufile,/run/tone.wav');
    expect(config).toContain('module sndfile.so');
    expect(config).not.toContain('stdio');
    expect(accounts).toBe('<sip:+573005550101@127.0.0.1:5060>;regint=60;answermode=auto\n');
  });
});
