import type { ReportConfig } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/** What a programmed report reports on: ids as chosen (names are read when it runs). */
export interface ProgrammedScope {
  campaignIds: number[];
  agentIds: number[];
  includeCampaigns: boolean;
  includeAgents: boolean;
  preset: string;
}

/**
 * A report to generate again and again (docs/reports.md): at `hour` on the business's clock, daily, weekly on
 * `weekday` or monthly on `month_day`. `next_run_at` is the next such instant; the scheduler picks due rows with
 * SKIP LOCKED, so one node generates each run.
 */
export const programmedReports = pgTable(
  'programmed_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    scope: jsonb('scope').$type<ProgrammedScope>().notNull(),
    periodicity: varchar('periodicity', { length: 10 }).notNull(),
    weekday: smallint('weekday'),
    monthDay: smallint('month_day'),
    hour: smallint('hour').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    /** The language of its files and mails: its author's when they saved it. */
    locale: varchar('locale', { length: 5 }).notNull().default('es'),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('programmed_reports_owner_idx').on(table.createdBy, table.id),
    index('programmed_reports_due_idx').on(table.nextRunAt).where(sql`${table.enabled}`),
  ],
);

/**
 * A report asked for (now or by a programmed one): a durable row whose status moves created → generating →
 * generated | failed, with its file under DATA_DIR/reports until `expires_at` (30 days), when the retention job
 * deletes the file and sets `deleted_at`.
 */
export const generatedReports = pgTable(
  'generated_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('created'),
    config: jsonb('config').$type<ReportConfig>().notNull(),
    locale: varchar('locale', { length: 5 }).notNull(),
    progress: smallint('progress').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    filePath: varchar('file_path', { length: 300 }),
    fileSize: bigint('file_size', { mode: 'number' }),
    downloaded: boolean('downloaded').notNull().default(false),
    errorMessage: text('error_message'),
    programmedId: bigint('programmed_id', { mode: 'number' }).references(() => programmedReports.id, {
      onDelete: 'set null',
    }),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('generated_reports_owner_idx').on(table.createdBy, table.id),
    // The retention job reads only rows whose file still exists.
    index('generated_reports_expiry_idx').on(table.expiresAt).where(sql`${table.deletedAt} is null`),
  ],
);
