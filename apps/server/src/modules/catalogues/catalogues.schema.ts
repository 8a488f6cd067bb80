import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Every catalogue (countries, cities, identification types, channel types, ...) in one table keyed by `model`:
 * one generic module serves all of them. Seeded entries carry a stable `code`.
 */
export const catalogueEntries = pgTable(
  'catalogue_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    model: varchar('model', { length: 40 }).notNull(),
    code: varchar('code', { length: 40 }),
    name: varchar('name', { length: 120 }).notNull(),
    abbr: varchar('abbr', { length: 20 }),
    description: varchar('description', { length: 500 }),
    enabled: boolean('enabled').notNull().default(true),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => catalogueEntries.id),
    color: varchar('color', { length: 7 }),
    kanban: boolean('kanban'),
    sortOrder: integer('sort_order'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('catalogue_entries_name_unique').on(
      table.model,
      sql`coalesce(${table.parentId}, 0)`,
      sql`lower(${table.name})`,
    ),
    uniqueIndex('catalogue_entries_code_unique').on(table.model, table.code),
    index('catalogue_entries_model_name_idx').on(table.model, table.name),
    index('catalogue_entries_parent_idx').on(table.parentId),
  ],
);
