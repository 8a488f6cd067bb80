/** True when a query failed on the named unique index (PostgreSQL 23505), also when Drizzle wrapped the error. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const pgError = current as { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint === constraint) return true;
  }
  return false;
}

/** Connection-level failures: the server is down, restarting or unreachable (not a problem with the query). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, connection exceptions (class 08).
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
];

/** True when the database cannot be reached right now (also through Drizzle's and pg-boss's wrapping). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const failure = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof failure.code === 'string' && UNAVAILABLE_CODES.has(failure.code)) return true;
    if (
      typeof failure.message === 'string' &&
      UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(failure.message as string))
    ) {
      return true;
    }
    // Node's happy-eyeballs connect reports an AggregateError of per-address ECONNREFUSED.
    if (Array.isArray(failure.errors) && failure.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
