import { bigint, char, date, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { tickets } from '../tickets/tickets.schema.js';
import { users } from '../users/users.schema.js';

/** Each agent's current status (D, A, E, G, P): one row per user, the routing engine reads it. */
export const agentStates = pgTable(
  'agent_states',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: char('status', { length: 1 }).notNull().default('D'),
    /** The pause reason (listaestados nombre) while status is P. */
    pauseReason: varchar('pause_reason', { length: 40 }),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    campaignId: bigint('campaign_id', { mode: 'number' }).references(() => campaigns.id, { onDelete: 'set null' }),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => tickets.id, { onDelete: 'set null' }),
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
    /** Tickets routed today (assignedDay): the fewest-handled algorithm reads it without counting rows. */
    assignedToday: integer('assigned_today').notNull().default(0),
    assignedDay: date('assigned_day'),
  },
  (table) => [index('agent_states_status_idx').on(table.status)],
);

/** Every real status change, with how long the previous status lasted. */
export const agentStatusLog = pgTable(
  'agent_status_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 40 }).notNull(),
    previousStatus: varchar('previous_status', { length: 40 }),
    durationSeconds: integer('duration_seconds').notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    forcedBy: bigint('forced_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_status_log_user_idx').on(table.userId, table.createdAt)],
);

/** Round-robin position per campaign: the last agent who got a case. */
export const campaignRouting = pgTable('campaign_routing', {
  campaignId: bigint('campaign_id', { mode: 'number' })
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  lastUserId: bigint('last_user_id', { mode: 'number' }),
});
