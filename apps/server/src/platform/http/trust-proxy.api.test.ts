import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBCHAT_RATE_LIMITS } from '../../modules/widgets/webchat.routes.js';
import { buildUser, createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { caller } from '../../test/desk.js';

// Rate limits key on the real client: X-Forwarded-For counts only when it comes from a configured proxy (TRUST_PROXY).

const SITE = 'https://www.tienda.test';
let direct: TestApp;
let behindProxy: TestApp;
let otherProxy: TestApp;

beforeAll(async () => {
  direct = await createTestApp();
  // app.inject connects from 127.0.0.1: here that address is the trusted proxy.
  behindProxy = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  otherProxy = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
});
afterAll(async () => {
  await Promise.all([direct?.close(), behindProxy?.close(), otherProxy?.close()]);
});

/** Failed logins against one account, each claiming another client address; the HTTP statuses. */
async function loginAttempts(t: TestApp, email: string, forwardedFor: (attempt: number) => string, count: number) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers: { 'x-forwarded-for': forwardedFor(attempt) },
      payload: { email, password: 'Incorrecta.2026' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const rotating = (attempt: number) => `203.0.113.${attempt + 1}`;
const LOGIN_LIMIT = 10;

describe('proxy trust is explicit', () => {
  it('by default a rotating X-Forwarded-For does not escape the login limit', async () => {
    const user = await buildUser(direct);
    const statuses = await loginAttempts(direct, user.email, rotating, LOGIN_LIMIT + 2);
    expect(statuses.slice(0, LOGIN_LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(LOGIN_LIMIT)).toEqual([429, 429]);
  });

  it('a header from an address that is not a configured proxy is ignored too', async () => {
    const user = await buildUser(otherProxy);
    const statuses = await loginAttempts(otherProxy, user.email, rotating, LOGIN_LIMIT + 1);
    expect(statuses.at(-1)).toBe(429);
  });

  it('behind a configured proxy, the forwarded client is who the limit counts', async () => {
    const user = await buildUser(behindProxy);
    // Different clients behind the proxy each get their own allowance...
    const spread = await loginAttempts(behindProxy, user.email, rotating, LOGIN_LIMIT + 2);
    expect(spread.every((status) => status === 401)).toBe(true);
    // ...and one client is still limited, whatever the proxy's own address.
    const one = await loginAttempts(behindProxy, user.email, () => '198.51.100.7', LOGIN_LIMIT + 1);
    expect(one.at(-1)).toBe(429);
  });

  it('the public widget’s limit holds against a rotating X-Forwarded-For', async () => {
    const admin = await signedIn(direct, 'admin');
    const widget = await caller(direct).post('/api/v2/omni-widgets', admin, {
      name: `Widget proxy ${Date.now()}`,
      allowedOrigins: [SITE],
      channelIds: [],
    });
    expect(widget.statusCode).toBe(201);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= WEBCHAT_RATE_LIMITS.visitors; attempt += 1) {
      const response = await direct.app.inject({
        method: 'POST',
        url: `/api/v2/public/widgets/${widget.json().result.publicKey}/visitors`,
        headers: { origin: SITE, 'x-forwarded-for': rotating(attempt) },
        payload: {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
