import { describe, expect, it } from 'vitest';
import { readMonitorToken, signMonitorToken } from './voice.monitor.js';

const token = { supervisorId: 2, agentId: 7, callId: 41, expiresAt: Date.now() + 60_000 };

describe('call monitoring session ids', () => {
  it('reads back what was signed', () => {
    expect(readMonitorToken('s3cret', signMonitorToken('s3cret', token))).toEqual(token);
  });

  it('refuses another secret, a changed body, a changed signature, junk and an expired session', () => {
    const id = signMonitorToken('s3cret', token);
    expect(readMonitorToken('other', id)).toBeNull();
    const [body, signature] = id.split('.');
    const forged = Buffer.from(JSON.stringify([2, 8, 41, token.expiresAt])).toString('base64url');
    expect(readMonitorToken('s3cret', `${forged}.${signature}`)).toBeNull();
    expect(readMonitorToken('s3cret', `${body}.${signature.slice(1)}x`)).toBeNull();
    expect(readMonitorToken('s3cret', `${body}.${signature}.more`)).toBeNull();
    expect(readMonitorToken('s3cret', 'nonsense')).toBeNull();
    expect(readMonitorToken('s3cret', id, token.expiresAt + 1)).toBeNull();
    const notNumbers = Buffer.from(JSON.stringify(['2', 7, 41, token.expiresAt])).toString('base64url');
    expect(readMonitorToken('s3cret', signMonitorToken('s3cret', token).replace(body, notNumbers))).toBeNull();
  });
});
