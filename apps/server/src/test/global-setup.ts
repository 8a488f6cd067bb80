import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** Where every test app of the run writes its logs, and the tests note the secrets they used (log-audit). */
    logDir: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase();
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-api-logs-'));
  project.provide('databaseUrl', database.url);
  project.provide('logDir', logDir);
  return async () => {
    await database.drop();
    // KEEP_TEST_LOGS=1 keeps the apps' and spawned nodes' logs to read after a run ($TMPDIR/atiende-api-logs-*).
    if (!process.env.KEEP_TEST_LOGS) fs.rmSync(logDir, { recursive: true, force: true });
  };
}
