import type { IncomingMessage } from 'node:http';
import { type DestinationStream, pino, stdSerializers } from 'pino';

const REDACTED = '[redacted]';

/** Query parameters whose values say nothing about a person and hold no secret: kept in request logs. */
const LOGGED_QUERY_KEYS = new Set([
  'page',
  'sizePerPage',
  'sortName',
  'sortOrder',
  'sort',
  'order',
  'limit',
  'before',
  'after',
  'cursor',
  'enabled',
  'status',
  'estado',
  'type',
  'direction',
  'campaignId',
  'channelId',
  'model',
  'format',
  'hub.mode',
]);

/**
 * Paths that carry a secret as a segment: the password-reset link a user opens from their mail, a survey link's
 * token (whoever holds a personal link answers as its customer), on the public page and the public API.
 */
const SECRET_PATH_SEGMENTS = [
  /(\/reset-password\/)[^/?#]+/gi,
  /^(\/s\/)[^/?#]+/i,
  /^(\/api\/v2\/public\/surveys\/)[^/?#]+/i,
];

/**
 * A request URL fit for a log: secrets in the path replaced, and every query value replaced unless its key is one of
 * the harmless ones (search texts, e-mails, phones and tokens never reach the logs).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let pathPart = queryStart < 0 ? url : url.slice(0, queryStart);
  for (const pattern of SECRET_PATH_SEGMENTS) pathPart = pathPart.replace(pattern, `$1${REDACTED}`);
  if (queryStart < 0) return pathPart;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const separator = pair.indexOf('=');
      const key = separator < 0 ? pair : pair.slice(0, separator);
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judged by its raw form.
      }
      return separator < 0 || LOGGED_QUERY_KEYS.has(name) ? pair : `${key}=${REDACTED}`;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/** Secrets that can appear inside an error's text (URLs of provider APIs, SQL parameters, auth headers). */
const SECRET_PATTERNS: [RegExp, string][] = [
  // Drizzle's failed query lists its parameters (password hashes, tokens, personal data): keep the SQL only.
  [/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`],
  [/(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, `$1${REDACTED}`],
  [/(Basic\s+)[A-Za-z0-9+/=]+/gi, `$1${REDACTED}`],
  // Telegram's Bot API puts the bot token in the path (/bot123:ABC.../method, /file/bot123:ABC.../path).
  [/(\/bot)\d+:[A-Za-z0-9_-]+/g, `$1${REDACTED}`],
  [
    /((?:access_token|token|verify_token|hub\.verify_token|client_secret|secret|password|code|email)=)[^&\s"']+/gi,
    `$1${REDACTED}`,
  ],
  // PostgreSQL's detail of a unique violation repeats the value: "Key (email)=(someone@example.com) already exists".
  [/(Key \([^)]*\)=\()[^)]*(\))/g, `$1${REDACTED}$2`],
];

export function scrubSecrets(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

type SerializedError = ReturnType<typeof stdSerializers.err> & Record<string, unknown>;

/** Pino's error serializer, without what an error may carry of secrets or personal data. */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = stdSerializers.err(error) as SerializedError;
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return scrubSecrets(value);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const copy: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) {
        // SQL parameters, request/response objects and headers never belong in a log.
        if (['params', 'parameters', 'config', 'request', 'response', 'headers', 'body'].includes(key)) continue;
        copy[key] = clean(inner);
      }
      return copy;
    }
    return value;
  };
  return clean(serialized);
}

function serializeRequest(request: IncomingMessage & { ip?: string; host?: string }) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

/**
 * Structured JSON logs. Authorization headers and password fields are removed wherever they appear; request URLs and
 * errors go through the serializers above, so tokens and personal data in paths, query strings and error texts are
 * replaced before anything is written.
 */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      base: { service: 'atiende' },
      redact: {
        paths: [
          'req.headers.authorization',
          'headers.authorization',
          '*.password',
          '*.token',
          '*.secret',
          '*.accessToken',
          '*.appSecret',
          '*.botToken',
        ],
        censor: REDACTED,
      },
      serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    },
    destination,
  );
}
