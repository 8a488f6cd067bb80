import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every node (login, password reset, the web chat's visitor API, OAuth tokens): one
 * row per route and key, counting hits until `reset_at`. The migration creates it UNLOGGED: counters need no crash
 * safety and no replica, and an unlogged write costs no WAL flush. Expired rows are deleted by rate-limits.ts.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
