import { CODES } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(async () => {
  await t?.close();
});

describe('platform HTTP behaviour', () => {
  it('health answers the spec envelope with the database state', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ statusResult: true, status: 'OK', result: { db: 'ok' } });
  });

  it('an unknown API route is a translated 404 envelope', async () => {
    const es = await t.app.inject({ method: 'GET', url: '/api/v2/nothing-here' });
    const en = await t.app.inject({ method: 'GET', url: '/api/v2/nothing-here', headers: { 'x-locale': 'en' } });
    expect(es.statusCode).toBe(404);
    expect(es.json()).toMatchObject({ statusResult: false, status: 'ERROR', code: CODES.NOT_FOUND });
    expect(en.json().message).toBe('The requested route does not exist');
    expect(es.json().message).not.toBe(en.json().message);
  });

  it('refuses bodies over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(4000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(CODES.PAYLOAD_TOO_LARGE);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(response.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('the public business profile carries the shell configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/empresa' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      theme: expect.any(String),
      configuracion: { inactivity_timeout: expect.any(Number), internal_chat: expect.any(Boolean) },
    });
  });
});
