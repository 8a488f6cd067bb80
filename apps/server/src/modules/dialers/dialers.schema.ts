import type { ConditionGroup } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { customers } from '../customers/customers.schema.js';
import { users } from '../users/users.schema.js';

/** The accounts a dialer calls, as its form chose them (the campaign's customers with a phone, filtered). */
export interface DialerAccountsChoice {
  conditions: ConditionGroup;
  sendTo: 'all' | 'selected';
  customerIds: number[];
}

/**
 * A dialer (docs/dialers.md): its configuration, its status and its accounts' counters — changed in the same
 * transactions as the accounts' statuses, so the list never counts accounts per row.
 */
export const dialers = pgTable(
  'dialers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    label: varchar('label', { length: 120 }).notNull(),
    /** call_campaign, play_audio or call_extension. */
    type: varchar('type', { length: 20 }).notNull(),
    /** Telephone channels it may use at once. */
    channels: integer('channels').notNull(),
    /** Calls placed at once per available agent. */
    parallels: integer('parallels').notNull(),
    /** Tries per account before it counts as failed. */
    tries: integer('tries').notNull(),
    /** Rings per call before it counts as not answered. */
    rings: integer('rings').notNull(),
    extension: varchar('extension', { length: 20 }),
    /** Play audio: the stored file (storage path under `dialers/audio/`), its name and sniffed type. */
    audioPath: varchar('audio_path', { length: 300 }),
    audioFilename: varchar('audio_filename', { length: 255 }),
    audioContentType: varchar('audio_content_type', { length: 40 }),
    audioSize: integer('audio_size'),
    sendToQueue: boolean('send_to_queue').notNull().default(false),
    accounts: jsonb('accounts').$type<DialerAccountsChoice>().notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    problem: varchar('problem', { length: 120 }),
    accountsTotal: integer('accounts_total').notNull().default(0),
    accountsNew: integer('accounts_new').notNull().default(0),
    accountsExecuted: integer('accounts_executed').notNull().default(0),
    accountsSuccess: integer('accounts_success').notNull().default(0),
    accountsFailed: integer('accounts_failed').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // The list's filters, newest first by id (keyset).
    index('dialers_campaign_idx').on(table.campaignId, table.id),
    index('dialers_status_idx').on(table.status, table.id),
  ],
);

/** One phone a dialer calls (one per customer phone: a phone shared by two customers is called once). */
export const dialerAccounts = pgTable(
  'dialer_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dialerId: bigint('dialer_id', { mode: 'number' })
      .notNull()
      .references(() => dialers.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** E.164: `+` and the digits. */
    phone: varchar('phone', { length: 16 }).notNull(),
    /** new, executed, success or failed. */
    status: varchar('status', { length: 10 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** answered, no_answer, busy or failed; null before the first try. */
    lastOutcome: varchar('last_outcome', { length: 10 }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** When a new account may be tried again (null: now). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('dialer_accounts_phone_unique').on(table.dialerId, table.phone),
    index('dialer_accounts_status_idx').on(table.dialerId, table.status, table.id),
    // The view's accounts list, by id (keyset) when not filtered by status.
    index('dialer_accounts_dialer_idx').on(table.dialerId, table.id),
    // The dialing engine's next accounts to call.
    index('dialer_accounts_due_idx').on(table.dialerId, table.nextAttemptAt).where(sql`${table.status} = 'new'`),
  ],
);

/** One call placed to an account. */
export const dialerAttempts = pgTable(
  'dialer_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dialerId: bigint('dialer_id', { mode: 'number' })
      .notNull()
      .references(() => dialers.id, { onDelete: 'cascade' }),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => dialerAccounts.id, { onDelete: 'cascade' }),
    /** 1 for the account's first try. */
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    outcome: varchar('outcome', { length: 10 }),
    agentId: bigint('agent_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    durationSeconds: integer('duration_seconds'),
  },
  (table) => [
    index('dialer_attempts_dialer_idx').on(table.dialerId, table.startedAt),
    index('dialer_attempts_account_idx').on(table.accountId),
  ],
);
