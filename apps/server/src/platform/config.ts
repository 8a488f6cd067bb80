import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type AllowedHost, parseAllowedHosts } from './outbound.js';

/** Which proxies may tell the client's address (X-Forwarded-For): none, a hop count, or addresses/CIDRs. */
export type TrustProxy = false | number | string[];

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry) || isIP(entry) !== 0) return true;
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !prefix || !/^\d{1,3}$/.test(prefix)) return false;
  const family = isIP(address);
  return family !== 0 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default (X-Forwarded-For is ignored and rate limits key on the connecting address); a number of
 * proxy hops in front of Atiende; or the proxies' addresses/CIDRs (and loopback, linklocal, uniquelocal), comma
 * separated. "Trust everyone" is not offered: anyone could then choose the address rate limits see.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    if (['off', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 20) return hops;
    } else {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length > 0 && entries.every(isProxyEntry)) return entries;
    }
    context.addIssue({
      code: 'custom',
      message: 'must be off, a hop count (1-20) or comma-separated proxy addresses/CIDRs (e.g. 10.0.0.0/8,loopback)',
    });
    return z.NEVER;
  });

const booleanFromEnv = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const urlWithProtocol = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
    message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  });

/** `min-max`, both ports, min below max. */
const portRangeSchema = z
  .string()
  .regex(/^\d{1,5}-\d{1,5}$/, 'must be min-max')
  .transform((value, context) => {
    const [min, max] = value.split('-').map(Number);
    if (min < 1024 || max > 65535 || min >= max) {
      context.addIssue({ code: 'custom', message: 'must be two ports from 1024 to 65535, the first lower' });
      return z.NEVER;
    }
    return { min, max };
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocol(['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWithProtocol(['redis', 'rediss']).optional(),
  SMTP_URL: urlWithProtocol(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Atiende <no-reply@atiende.local>'),
  PUBLIC_URL: z.url().optional(),
  DEMO_DATA: booleanFromEnv.optional(),
  /** Days of finished work the demo data includes for the dashboards (0: none). */
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(400).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_RESET_PER_HOUR: z.coerce.number().int().min(1).default(5),
  TRUST_PROXY: trustProxySchema.optional(),
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(600).default(25),
  /** How often the dashboards' figures fold in what changed; 0 stops it (the API tests recompute by hand). */
  ANALYTICS_RECOMPUTE_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /** How often programmed reports due and expired report files are looked for; 0 stops it (tests drive it). */
  REPORTS_SCHEDULER_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  AUTOMATION_SCHEDULER_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /** Bulk messaging's scheduler pass (due runs, interrupted sends, idle dispatchers); 0 turns it off. */
  BULK_SCHEDULER_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /** A bulk recipient claimed this long ago and never settled was interrupted (its node died while sending). */
  BULK_INTERRUPTED_AFTER_MS: z.coerce.number().int().min(1_000).max(86_400_000).optional(),
  /** The voice layer places calls (dialers, softphone): off until it is set up (docs/dialers.md). */
  VOICE_ENABLED: booleanFromEnv.optional(),
  /** Where the registrar's secure WebSocket, TURN and rtpengine's media listen (docs/voice.md). */
  VOICE_LISTEN_IP: z.union([z.ipv4(), z.ipv6()]).default('127.0.0.1'),
  /** The address announced for media and TURN when browsers reach this machine through NAT. */
  VOICE_ADVERTISE_IP: z.union([z.ipv4(), z.ipv6()]).optional(),
  /** The host name browsers use for wss://<host>:8089/ws and the SIP domain (default: the one they reached). */
  VOICE_PUBLIC_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a host name')
    .optional(),
  VOICE_WS_PORT: z.coerce.number().int().min(1).max(65535).default(8089),
  VOICE_SIP_PORT: z.coerce.number().int().min(1).max(65535).default(5060),
  VOICE_DESK_PHONE_PORT: z.coerce.number().int().min(1).max(65535).default(5062),
  VOICE_TURN_PORT: z.coerce.number().int().min(1).max(65535).default(3478),
  VOICE_RTPENGINE_PORT: z.coerce.number().int().min(1).max(65535).default(22222),
  VOICE_RTP_PORTS: portRangeSchema.prefault('30000-30999'),
  VOICE_RELAY_PORTS: portRangeSchema.prefault('31000-31999'),
  /**
   * SIP and control ports of the call workers (four per worker), on loopback: their count bounds calls at once. Below
   * Linux's ephemeral ports (32768-60999), so an outgoing connection's local port never takes a worker's.
   */
  VOICE_WORKER_PORTS: portRangeSchema.prefault('28000-29999'),
  /** How long one ring lasts for a dialer's `rings` (ms), and how long a dialer waits before trying an account again. */
  VOICE_RING_MS: z.coerce.number().int().min(500).max(30_000).default(6_000),
  VOICE_RETRY_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** The language announcements are spoken in (a channel's unavailable message to callers outside its hours). */
  VOICE_LANGUAGE: z.enum(['es', 'en']).default('es'),
  /** PEM certificate and key of the secure WebSocket; a self-signed pair is made in DATA_DIR/voice without them. */
  VOICE_TLS_CERT: z.string().min(1).optional(),
  VOICE_TLS_KEY: z.string().min(1).optional(),
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value, context) => {
      try {
        return parseAllowedHosts(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

/**
 * How realtime events reach the sockets of the other nodes: Redis pub/sub when REDIS_URL is set; PostgreSQL
 * LISTEN/NOTIFY when only DATABASE_URL is (several nodes can share that database, so they must hear each other);
 * nowhere with the embedded database, which only the node that started it uses.
 */
export type RealtimeFanout = { kind: 'redis'; url: string } | { kind: 'postgres'; url: string } | { kind: 'local' };

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  realtimeFanout: RealtimeFanout;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  demoData: boolean;
  demoHistoryDays: number;
  logLevel: string;
  embeddedPgPort: number;
  bodyLimit: number;
  rateLimits: { loginPerMinute: number; resetPerHour: number };
  trustProxy: TrustProxy;
  /** How long a SIGTERM may take to finish in-flight work before the rest is stopped without waiting. */
  shutdownTimeoutMs: number;
  /** Hosts outbound connections may reach beyond each provider's own (and private addresses, when listed). */
  outboundAllowedHosts: readonly AllowedHost[];
  /** How often the dashboards' figures are recomputed from what changed, in ms (0: never on a timer). */
  analyticsRecomputeMs: number;
  /** How often the report scheduler looks for due programmed reports and expired files, in ms (0: never). */
  reportsSchedulerMs: number;
  /** How often each node looks for due automation rules (business rules on a schedule); 0 turns it off (tests). */
  automationSchedulerMs: number;
  bulkSchedulerMs: number;
  bulkInterruptedAfterMs: number;
  /** VOICE_ENABLED: this node runs the telephony daemons (false by default). */
  voiceEnabled: boolean;
  voice: {
    listenIp: string;
    advertiseIp?: string;
    publicHost?: string;
    websocketPort: number;
    sipPort: number;
    /** Desk phones' plain SIP (UDP and TCP) on listenIp: every request is challenged. */
    deskPhonePort: number;
    turnPort: number;
    controlPort: number;
    rtpPorts: { min: number; max: number };
    relayPorts: { min: number; max: number };
    workerPorts: { min: number; max: number };
    ringMs: number;
    retryMs: number;
    language: 'es' | 'en';
    certificate?: string;
    privateKey?: string;
  };
}>;

export class ConfigError extends Error {}

/** Reads the configuration from the environment; any invalid value becomes one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const value = parsed.data;
  const production = value.NODE_ENV === 'production';
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    redisUrl: value.REDIS_URL,
    realtimeFanout: value.REDIS_URL
      ? { kind: 'redis', url: value.REDIS_URL }
      : value.DATABASE_URL
        ? { kind: 'postgres', url: value.DATABASE_URL }
        : { kind: 'local' },
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    // Demo data: on by default only with the embedded database; production never creates demo users.
    demoData: production ? false : (value.DEMO_DATA ?? !value.DATABASE_URL),
    demoHistoryDays: value.DEMO_HISTORY_DAYS,
    logLevel: value.LOG_LEVEL,
    embeddedPgPort: value.EMBEDDED_PG_PORT,
    bodyLimit: value.BODY_LIMIT_BYTES,
    rateLimits: { loginPerMinute: value.RATE_LIMIT_LOGIN_PER_MINUTE, resetPerHour: value.RATE_LIMIT_RESET_PER_HOUR },
    trustProxy: value.TRUST_PROXY ?? false,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT * 1000,
    outboundAllowedHosts: value.OUTBOUND_ALLOWED_HOSTS,
    analyticsRecomputeMs: value.ANALYTICS_RECOMPUTE_MS ?? (value.NODE_ENV === 'test' ? 0 : 10_000),
    reportsSchedulerMs: value.REPORTS_SCHEDULER_MS ?? (value.NODE_ENV === 'test' ? 0 : 60_000),
    automationSchedulerMs: value.AUTOMATION_SCHEDULER_MS ?? (value.NODE_ENV === 'test' ? 0 : 30_000),
    bulkSchedulerMs: value.BULK_SCHEDULER_MS ?? (value.NODE_ENV === 'test' ? 0 : 15_000),
    bulkInterruptedAfterMs: value.BULK_INTERRUPTED_AFTER_MS ?? 900_000,
    voiceEnabled: value.VOICE_ENABLED ?? false,
    voice: {
      listenIp: value.VOICE_LISTEN_IP,
      advertiseIp: value.VOICE_ADVERTISE_IP,
      publicHost: value.VOICE_PUBLIC_HOST,
      websocketPort: value.VOICE_WS_PORT,
      sipPort: value.VOICE_SIP_PORT,
      deskPhonePort: value.VOICE_DESK_PHONE_PORT,
      turnPort: value.VOICE_TURN_PORT,
      controlPort: value.VOICE_RTPENGINE_PORT,
      rtpPorts: value.VOICE_RTP_PORTS,
      relayPorts: value.VOICE_RELAY_PORTS,
      workerPorts: value.VOICE_WORKER_PORTS,
      ringMs: value.VOICE_RING_MS,
      retryMs: value.VOICE_RETRY_MS,
      language: value.VOICE_LANGUAGE,
      certificate: value.VOICE_TLS_CERT,
      privateKey: value.VOICE_TLS_KEY,
    },
  };
}
