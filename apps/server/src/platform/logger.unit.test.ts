import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl, scrubSecrets } from './logger.js';

/** A logger whose lines are kept in memory. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('debug', stream), text: () => lines.join('') };
}

describe('log redaction', () => {
  it('replaces secrets in paths and every query value but the harmless ones', () => {
    expect(redactUrl('/v2/reset-password/abcDEF123_-xyz?email=ana%40correo.test')).toBe(
      '/v2/reset-password/[redacted]?email=[redacted]',
    );
    expect(redactUrl('/api/v2/customers?searchText=Ana%20P%C3%A9rez&page=2&sizePerPage=25')).toBe(
      '/api/v2/customers?searchText=[redacted]&page=2&sizePerPage=25',
    );
    expect(redactUrl('/api/v2/webhooks/whatsapp/7?hub.mode=subscribe&hub.verify_token=s3cr3t&hub.challenge=99')).toBe(
      '/api/v2/webhooks/whatsapp/7?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=[redacted]',
    );
    expect(redactUrl('/api/v2/health')).toBe('/api/v2/health');
    // Survey links' tokens: the public page and the public API.
    expect(redactUrl('/s/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MDEy?lang=en')).toBe('/s/[redacted]?lang=[redacted]');
    expect(redactUrl('/api/v2/public/surveys/Zm9vYmFy_-12/responses')).toBe(
      '/api/v2/public/surveys/[redacted]/responses',
    );
  });

  it('scrubs tokens, SQL parameters and unique-violation details from error texts', () => {
    expect(scrubSecrets('GET https://api.telegram.org/bot123456:AAH-secret_token/getFile failed')).toBe(
      'GET https://api.telegram.org/bot[redacted]/getFile failed',
    );
    expect(scrubSecrets('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [redacted]');
    expect(scrubSecrets('Key (email)=(ana@correo.test) already exists.')).toBe(
      'Key (email)=([redacted]) already exists.',
    );
    expect(scrubSecrets('https://graph.test/v1/me?access_token=EAAB123&fields=id')).toBe(
      'https://graph.test/v1/me?access_token=[redacted]&fields=id',
    );
  });

  it('logs a failed query without its parameters, and a request without its secrets', () => {
    const { logger, text } = capture();
    const cause = Object.assign(new Error('duplicate key'), {
      detail: 'Key (email)=(ana@correo.test) already exists.',
    });
    const failure = new DrizzleQueryError(
      'insert into users (email, password_hash) values ($1, $2)',
      ['ana@correo.test', '$argon2id$v=19$hash'],
      cause,
    );
    logger.error({ err: failure }, 'unhandled error');
    logger.info(
      {
        req: {
          method: 'GET',
          url: '/v2/reset-password/tok3nV4lue?email=ana%40correo.test',
          headers: { authorization: 'Bearer sesion-secreta' },
        },
      },
      'incoming request',
    );
    logger.info({ channel: { botToken: '123:ABC', password: 'Clave.2026' } }, 'channel');
    const written = text();
    for (const secret of [
      'ana@correo.test',
      '$argon2id$v=19$hash',
      'tok3nV4lue',
      'sesion-secreta',
      '123:ABC',
      'Clave.2026',
    ]) {
      expect(written, secret).not.toContain(secret);
    }
    expect(written).toContain('insert into users');
  });
});
