import type { FormField, OptionNode } from '@atiende/contracts';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const dynamicForms = pgTable(
  'dynamic_forms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description'),
    requireNotes: boolean('require_notes').notNull().default(false),
    requireNextTask: boolean('require_next_task').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dynamic_forms_name_idx').on(table.name)],
);

export const reusableLists = pgTable(
  'reusable_lists',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description'),
    type: varchar('type', { length: 20 }).notNull().default('list'),
    alphabeticalOrder: boolean('alphabetical_order').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    options: jsonb('options').$type<OptionNode[]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('reusable_lists_name_idx').on(table.name)],
);
