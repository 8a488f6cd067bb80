import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { catalogueEntries } from '../catalogues/catalogues.schema.js';
import { users } from '../users/users.schema.js';

export const customers = pgTable(
  'customers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    identificationTypeId: bigint('identification_type_id', { mode: 'number' })
      .notNull()
      .references(() => catalogueEntries.id),
    identificationNumber: varchar('identification_number', { length: 40 }).notNull(),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    middleName: varchar('middle_name', { length: 80 }),
    lastName: varchar('last_name', { length: 80 }).notNull(),
    secondLastName: varchar('second_last_name', { length: 80 }),
    birthday: date('birthday'),
    gender: varchar('gender', { length: 20 }).notNull().default('no-info'),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id),
    /** Lower-case, accent-free name, number and contact values: what the trigram search index covers. */
    searchText: text('search_text').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The customer answered an opt-out word (STOP, BAJA): bulk messaging never writes to them again. */
    bulkOptOutAt: timestamp('bulk_opt_out_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('customers_identification_unique').on(
      table.identificationTypeId,
      sql`lower(${table.identificationNumber})`,
    ),
    index('customers_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('customers_created_idx').on(table.createdAt, table.id),
    index('customers_name_idx').on(table.lastName, table.firstName, table.id),
    index('customers_owner_idx').on(table.ownerUserId),
    // The customer scope: what a user created stays visible to them.
    index('customers_created_by_idx').on(table.createdBy),
  ],
);

export const customerContacts = pgTable(
  'customer_contacts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    typeId: bigint('type_id', { mode: 'number' })
      .notNull()
      .references(() => catalogueEntries.id),
    label: varchar('label', { length: 60 }),
    value: varchar('value', { length: 254 }).notNull(),
    /** Emails lower-cased, phones digits only: how inbound messages find their customer. */
    normalizedValue: varchar('normalized_value', { length: 254 }).notNull(),
    areaCode: varchar('area_code', { length: 10 }),
    extension: varchar('extension', { length: 10 }),
    zone: varchar('zone', { length: 60 }),
    cityId: bigint('city_id', { mode: 'number' }).references(() => catalogueEntries.id),
    position: bigint('position', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('customer_contacts_customer_idx').on(table.customerId),
    index('customer_contacts_lookup_idx').on(table.typeId, table.normalizedValue),
  ],
);

export const customerLabels = pgTable(
  'customer_labels',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    labelId: bigint('label_id', { mode: 'number' })
      .notNull()
      .references(() => catalogueEntries.id),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.labelId] }),
    index('customer_labels_label_idx').on(table.labelId, table.customerId),
  ],
);

/** Related customers, stored in both directions so either side finds the other with one index. */
export const customerRelations = pgTable(
  'customer_relations',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    relatedId: bigint('related_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.relatedId] })],
);

/** The accounts of a campaign (customers it works with). */
export const campaignCustomers = pgTable(
  'campaign_customers',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.customerId] }),
    index('campaign_customers_customer_idx').on(table.customerId),
  ],
);

export const customerImports = pgTable('customer_imports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  createdBy: bigint('created_by', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  fileName: varchar('file_name', { length: 255 }).notNull(),
  filePath: varchar('file_path', { length: 300 }).notNull(),
  format: varchar('format', { length: 10 }).notNull(),
  columns: jsonb('columns').$type<string[]>().notNull(),
  preview: jsonb('preview').$type<string[][]>().notNull(),
  totalRows: integer('total_rows').notNull(),
  mapping: jsonb('mapping').$type<Record<string, string>>(),
  defaultIdentificationTypeId: bigint('default_identification_type_id', { mode: 'number' }),
  campaignId: bigint('campaign_id', { mode: 'number' }).references(() => campaigns.id),
  status: varchar('status', { length: 20 }).notNull().default('uploaded'),
  processed: integer('processed').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  errorReportPath: varchar('error_report_path', { length: 300 }),
  errorMessage: text('error_message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
