import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the end-to-end server runs: its own port, embedded database and data folder, fresh every run. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54359);
/**
 * Where a test's local provider server (WhatsApp Cloud API, Bot API, Messenger Platform) listens, one test at a time:
 * the server under test allow-lists exactly this address (`OUTBOUND_ALLOWED_HOSTS`, set in start-server.mjs by
 * the same rule).
 */
export const E2E_PROVIDER_PORT = Number(process.env.E2E_PROVIDER_PORT ?? E2E_PORT + 1000);
export const E2E_DATA_DIR = path.join(ROOT, '.test-data', 'e2e');
export const E2E_OUTBOX = path.join(E2E_DATA_DIR, 'mail');
export const E2E_DATABASE_URL = `postgres://atiende:atiende-embedded@127.0.0.1:${E2E_PG_PORT}/atiende`;
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const DEMO_PASSWORD = 'Atiende.2026';
