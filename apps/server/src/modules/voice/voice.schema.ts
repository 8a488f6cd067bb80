import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The installation's telephony: one row. `secret` signs the softphones' time-limited SIP and TURN credentials (it
 * never leaves the server but in the daemons' own configuration files); `heartbeatAt` is renewed by the node that
 * runs the daemons, so every node can tell whether calls can be made.
 */
export const voiceSettings = pgTable(
  'voice_settings',
  {
    id: smallint('id').primaryKey().default(1),
    secret: varchar('secret', { length: 64 }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('voice_settings_single_row', sql`${table.id} = 1`)],
);
