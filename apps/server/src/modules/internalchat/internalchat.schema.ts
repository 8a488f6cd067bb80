import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/** Direct messages between two users; chatId names the pair (`{smaller id}-{larger id}`). */
export const internalChatMessages = pgTable(
  'internal_chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: varchar('chat_id', { length: 41 }).notNull(),
    sourceId: bigint('source_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    destinationId: bigint('destination_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('internal_chat_chat_idx').on(table.chatId, table.id),
    index('internal_chat_unread_idx').on(table.destinationId, table.sourceId).where(sql`read_at is null`),
  ],
);
