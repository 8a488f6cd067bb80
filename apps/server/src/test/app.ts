import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../app.js';
import { createUser, ensureBuiltInRoles } from '../modules/users/users.service.js';
import { loadConfig } from '../platform/config.js';
import { connectDatabase } from '../platform/db/client.js';
import { startJobs } from '../platform/jobs.js';
import { createLogger } from '../platform/logger.js';
import { createMailer } from '../platform/mail.js';
import type { HostLookup } from '../platform/outbound.js';
import { rememberSecret } from './secrets.js';

export interface TestApp extends BuiltApp {
  outbox: string;
  close(): Promise<void>;
  url(): string;
}

let appSequence = 0;

const SECRET_KEY = /(password|secret|token)(_confirmation)?$/i;

/**
 * Every string value of a key that names a secret (password, client_secret, botToken, visitorToken...). Only the
 * key's own value counts: a document describing a `password` field (the OpenAPI schema) holds no secret.
 */
function secretsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) secretsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && SECRET_KEY.test(key)) found.push(inner);
      else secretsIn(inner, found);
    }
  }
  return found;
}

/**
 * Notes the secrets every request sends and every answer hands out (bearer tokens, passwords, channel secrets,
 * visitor tokens, API credential secrets), so log-audit.api.test.ts can look for each of them in the logs.
 */
function noteSecretsOfEveryRequest(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const authorization = request.headers.authorization;
    rememberSecret(
      authorization?.replace(/^(Bearer|Basic) /, ''),
      ...secretsIn(request.body),
      ...secretsIn(request.query),
    );
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    if (!/password|secret|token/i.test(payload)) return payload;
    try {
      rememberSecret(...secretsIn(JSON.parse(payload)));
    } catch {
      // Not JSON after all: nothing to note.
    }
    return payload;
  });
}

/** What the app logged, one parsed JSON line per entry (`createTestApp({ captureLogs })`). */
export interface LogEntry {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A destination that keeps the app's log lines in memory, for tests that assert on what was logged. */
export function logCapture() {
  const entries: LogEntry[] = [];
  return {
    entries,
    stream: {
      write(line: string) {
        entries.push(JSON.parse(line) as LogEntry);
      },
    },
  };
}

/**
 * The real app on the run's test database, with its own mail outbox; `listen: true` for realtime tests.
 * `allowOutbound` names the local servers (URLs or host:port) the app may connect to: they go into
 * OUTBOUND_ALLOWED_HOSTS exactly as an operator would list them, so the outbound policy itself stays as strict as
 * in production. `lookup` replaces DNS for outbound connections. `captureLogs` also receives the app's logs from
 * info up.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    listen?: boolean;
    allowOutbound?: string[];
    lookup?: HostLookup;
    /** A test that stops its database brings its own (restart.api.test.ts). */
    databaseUrl?: string;
    captureLogs?: ReturnType<typeof logCapture>;
    /** A built web app and widget folder of the test's own (the real builds are not there before `npm run build`). */
    webDist?: string;
    widgetDist?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-test-'));
  // A test that stops its database brings its own (restart.api.test.ts); every other uses the run's.
  const databaseUrl = options.databaseUrl ?? inject('databaseUrl');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    // CI's second API pass sets REDIS_URL so realtime fans out through the Redis adapter.
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    OUTBOUND_ALLOWED_HOSTS: (options.allowOutbound ?? [])
      .map((target) => (target.includes('://') ? new URL(target).host : target))
      .join(','),
    ...options.env,
  });
  // Every test app logs at debug level into the run's log folder (log-audit.api.test.ts reads it), and from info up
  // to a test's capture when it asks; TEST_LOG_LEVEL=error shows the app's own logs on the console instead.
  appSequence += 1;
  const logFile = pino.destination({
    dest: path.join(inject('logDir'), `app-${process.pid}-${appSequence}.log`),
    sync: false,
    mkdir: true,
  });
  const destination = options.captureLogs
    ? pino.multistream([
        { level: 'debug', stream: logFile },
        { level: 'info', stream: options.captureLogs.stream },
      ])
    : logFile;
  const logger = process.env.TEST_LOG_LEVEL
    ? createLogger(process.env.TEST_LOG_LEVEL)
    : createLogger('debug', destination);
  const database = connectDatabase(databaseUrl, 5);
  const jobs = await startJobs(databaseUrl, logger);
  const mailer = createMailer({ from: config.mailFrom, dataDir, logger });
  const built = await buildApp({
    config,
    db: database.db,
    logger,
    jobs,
    mailer,
    lookup: options.lookup,
    webDist: options.webDist,
    widgetDist: options.widgetDist,
  });
  noteSecretsOfEveryRequest(built.app);
  if (options.listen) await built.app.listen({ port: 0, host: '127.0.0.1' });
  else await built.app.ready();
  return {
    ...built,
    outbox: path.join(dataDir, 'mail'),
    url() {
      const address = built.app.server.address();
      if (!address || typeof address === 'string') throw new Error('the test app is not listening');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await built.app.close();
      await jobs.stop();
      await database.close();
      logFile.flushSync();
      logFile.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;

/** A user with a unique email on one of the built-in roles. */
export async function buildUser(
  app: BuiltApp,
  options: { role?: 'admin' | 'super' | 'agent'; mfa?: boolean; password?: string; name?: string } = {},
) {
  const roles = await ensureBuiltInRoles(app.ctx.db);
  sequence += 1;
  const email = `user${Date.now()}${sequence}${Math.floor(Math.random() * 1e6)}@test.atiende`;
  const password = options.password ?? 'Secreto.2026';
  rememberSecret(password);
  const id = await createUser(app.ctx.db, {
    name: options.name ?? `Test User ${sequence}`,
    email,
    password,
    roleIds: [roles[options.role ?? 'agent']],
    mfaEnabled: options.mfa ?? false,
  });
  return { id, email, password };
}

export async function login(app: FastifyInstance, email: string, password: string, locale = 'es') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/login',
    headers: { 'x-locale': locale },
    payload: { email, password },
  });
  const body = response.json();
  rememberSecret(password, body.result?.token);
  return { response, body };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A new user of the role, signed in: its id, credentials and the headers to call the API as it. */
export async function signedIn(app: BuiltApp & { app: FastifyInstance }, role: 'admin' | 'super' | 'agent' = 'admin') {
  const user = await buildUser(app, { role });
  const { body } = await login(app.app, user.email, user.password);
  if (!body.result?.token) throw new Error(`could not sign in a test ${role}: ${JSON.stringify(body)}`);
  return { ...user, token: body.result.token as string, headers: bearer(body.result.token) };
}

/** A tiny valid PNG (1x1), for upload tests. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** POSTs one file as a browser's form would (multipart field `file`) to a route, as the given user. */
export function postFile(
  app: { app: FastifyInstance },
  url: string,
  actor: { headers: Record<string, string> },
  content: Buffer,
  filename: string,
  contentType = 'application/octet-stream',
) {
  const file = multipartFile(content, filename, contentType);
  return app.app.inject({ method: 'POST', url, payload: file.payload, headers: { ...actor.headers, ...file.headers } });
}

/** A multipart body with one file field, as a browser would send it. */
export function multipartFile(content: Buffer, filename: string, contentType: string) {
  const boundary = `----atiende${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
