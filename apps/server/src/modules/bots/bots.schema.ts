import type { BotFlow } from '@atiende/contracts';
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
