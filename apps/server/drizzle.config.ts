import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the compiled schema (run `npm run build:ts` first).
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/dist/platform/db/schema.js',
  out: './apps/server/drizzle',
});
