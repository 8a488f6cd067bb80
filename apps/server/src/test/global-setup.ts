import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase();
  project.provide('databaseUrl', database.url);
  return async () => {
    await database.drop();
  };
}
