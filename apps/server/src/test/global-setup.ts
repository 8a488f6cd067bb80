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
    fs.rmSync(logDir, { recursive: true, force: true });
  };
}
