import type { BotFlow, BotSilence } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { channels } from '../channels/channels.schema.js';
import { tickets } from '../tickets/tickets.schema.js';
import { users } from '../users/users.schema.js';

/** A bot of the bot builder: what it is called and whether it runs; its flows are its versions. */
export const bots = pgTable(
  'bots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    searchName: varchar('search_name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** What ends a conversation whose customer stopped answering (minutes 0: never). */
    silence: jsonb('silence')
      .$type<BotSilence>()
      .notNull()
      .default(sql`'{"minutes": 0, "action": "finishConversation", "text": ""}'::jsonb`),
    /** Its web services' secrets by name (write-only: never returned, never logged, never exported). */
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bots_name_idx').on(table.searchName, table.id),
    index('bots_created_idx').on(table.createdAt, table.id),
  ],
);

/**
 * One saved flow of a bot, numbered per bot. At most one version of a bot is published (the one the runtime
 * follows): a partial unique index holds that even when two people publish at once.
 */
export const botVersions = pgTable(
  'bot_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    botId: bigint('bot_id', { mode: 'number' })
      .notNull()
      .references(() => bots.id),
    number: integer('number').notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    flow: jsonb('flow').$type<BotFlow>().notNull(),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bot_versions_number_unique').on(table.botId, table.number),
    uniqueIndex('bot_versions_published_unique').on(table.botId).where(sql`${table.published}`),
  ],
);

/** Which bot answers a channel's new conversations: one bot per channel at most. */
export const botChannels = pgTable(
  'bot_channels',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .primaryKey()
      .references(() => channels.id),
    botId: bigint('bot_id', { mode: 'number' })
      .notNull()
      .references(() => bots.id),
  },
  (table) => [index('bot_channels_bot_idx').on(table.botId)],
);

/**
 * A bot's conversation on a ticket: where the flow waits and its variables (the engine's state), the last customer
 * message it answered (a message is answered once, whatever the provider's retries or a restart), and how it ended.
 * At most one active session per ticket.
 */
export const botSessions = pgTable(
  'bot_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    interactionId: bigint('interaction_id', { mode: 'number' }).notNull(),
    botId: bigint('bot_id', { mode: 'number' })
      .notNull()
      .references(() => bots.id),
    versionId: bigint('version_id', { mode: 'number' }).notNull(),
    state: jsonb('state').$type<BotSessionState>(),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('active'),
    ending: jsonb('ending').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bot_sessions_active_unique').on(table.ticketId).where(sql`${table.status} = 'active'`),
    index('bot_sessions_ticket_idx').on(table.ticketId, table.id),
  ],
);

/** The engine's state as a session keeps it (bot-engine.ts `BotState`). */
export interface BotSessionState {
  waitingAt: string | null;
  variables: Record<string, string>;
  retries: number;
}
