import type { BulkAccounts, BulkFrequency, ConditionGroup } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { channels } from '../channels/channels.schema.js';
import { customers } from '../customers/customers.schema.js';
import { users } from '../users/users.schema.js';
import { whatsappTemplates } from '../whatsapp/whatsapp.schema.js';

/** A bulk message as the wizard saved it (never changed afterwards, only switched off) and where it is. */
export const bulkMessages = pgTable(
  'bulk_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id),
    whatsappTemplateId: bigint('whatsapp_template_id', { mode: 'number' }).references(() => whatsappTemplates.id),
    templateValues: jsonb('template_values').$type<string[]>().notNull(),
    subject: varchar('subject', { length: 200 }),
    message: varchar('message', { length: 4000 }),
    activeTickets: boolean('active_tickets').notNull(),
    frequency: jsonb('frequency').$type<BulkFrequency>().notNull(),
    accounts: jsonb('accounts').$type<Omit<BulkAccounts, 'conditions'> & { conditions: ConditionGroup }>().notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The current run (0 until started). */
    run: integer('run').notNull().default(0),
    /** Programmed and permanent ones: when the scheduler starts the next run. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    problem: varchar('problem', { length: 120 }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bulk_messages_campaign_idx').on(table.campaignId, table.id),
    index('bulk_messages_status_idx').on(table.status, table.id),
    // The scheduler's due runs and the dispatcher's running ones of a channel.
    index('bulk_messages_due_idx').on(table.nextRunAt).where(sql`${table.nextRunAt} is not null`),
    index('bulk_messages_channel_running_idx').on(table.channelId, table.id).where(sql`${table.status} = 'running'`),
  ],
);

/** One run's counters, changed with every recipient's change in the same statement batch (never counted live). */
export const bulkRuns = pgTable(
  'bulk_runs',
  {
    bulkMessageId: bigint('bulk_message_id', { mode: 'number' })
      .notNull()
      .references(() => bulkMessages.id, { onDelete: 'cascade' }),
    run: integer('run').notNull(),
    total: integer('total').notNull().default(0),
    new: integer('new').notNull().default(0),
    sending: integer('sending').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    read: integer('read').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.bulkMessageId, table.run] })],
);

/**
 * One recipient of one run: claimed (`sending`) in a committed statement before the provider is called, so a crash
 * never sends twice; its provider id and callbacks move it forward only.
 */
export const bulkRecipients = pgTable(
  'bulk_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bulkMessageId: bigint('bulk_message_id', { mode: 'number' })
      .notNull()
      .references(() => bulkMessages.id, { onDelete: 'cascade' }),
    run: integer('run').notNull(),
    channelId: bigint('channel_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The address it was sent to (phone digits, e-mail). */
    contact: varchar('contact', { length: 254 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    providerMessageId: varchar('provider_message_id', { length: 200 }),
    error: varchar('error', { length: 1000 }),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    /** Sends tried (a passing provider failure puts it back to new, up to a limit). */
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bulk_recipients_run_customer_unique').on(table.bulkMessageId, table.run, table.customerId),
    index('bulk_recipients_run_idx').on(table.bulkMessageId, table.run, table.id),
    index('bulk_recipients_pending_idx')
      .on(table.bulkMessageId, table.run, table.id)
      .where(sql`${table.status} = 'new'`),
    index('bulk_recipients_claimed_idx').on(table.claimedAt).where(sql`${table.status} = 'sending'`),
    index('bulk_recipients_provider_idx')
      .on(table.channelId, table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    // A reply finds the latest bulk message its customer got on the channel.
    index('bulk_recipients_reply_idx').on(table.customerId, table.channelId, table.sentAt),
  ],
);
