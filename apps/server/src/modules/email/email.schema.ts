import { bigint, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { channels } from '../channels/channels.schema.js';

/**
 * Messages a channel received but could not take (docs/api/email.md): the raw source stays in storage until the
 * message is retried successfully or discarded. One row per channel and source (SHA-256): reading the same message
 * again updates its row.
 */
export const failedInboundMessages = pgTable(
  'failed_inbound_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    sourceHash: varchar('source_hash', { length: 64 }).notNull(),
    sourcePath: varchar('source_path', { length: 300 }).notNull(),
    size: integer('size').notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    detail: varchar('detail', { length: 1000 }),
    sender: varchar('sender', { length: 254 }),
    subject: varchar('subject', { length: 500 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('failed_inbound_messages_source_idx').on(table.channelId, table.sourceHash),
    index('failed_inbound_messages_list_idx').on(table.channelId, table.createdAt),
  ],
);
