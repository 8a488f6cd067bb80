import type { BusinessHours } from '@atiende/contracts';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const channels = pgTable(
  'channels',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    direction: varchar('direction', { length: 10 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    config: jsonb('config').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /** Provider secrets: never returned by the API. */
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    businessHours: jsonb('business_hours').$type<BusinessHours>().notNull(),
    unavailableMessage: text('unavailable_message'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('channels_type_idx').on(table.type), index('channels_name_idx').on(table.name)],
);
