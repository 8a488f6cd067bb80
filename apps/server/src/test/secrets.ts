import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** Shorter values (six-digit codes, ids) would match unrelated numbers in the logs. */
const MIN_LENGTH = 8;

/**
 * Notes tokens and passwords a test used, so the run's last file (log-audit.api.test.ts) can prove that none of them
 * reached the logs of any test app.
 */
export function rememberSecret(...values: (string | null | undefined)[]): void {
  const kept = values.filter((value): value is string => typeof value === 'string' && value.length >= MIN_LENGTH);
  if (kept.length === 0) return;
  fs.appendFileSync(
    path.join(inject('logDir'), 'secrets.txt'),
    kept.map((value) => `${JSON.stringify(value)}\n`).join(''),
  );
}
