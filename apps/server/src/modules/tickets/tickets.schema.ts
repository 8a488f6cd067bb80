import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { catalogueEntries } from '../catalogues/catalogues.schema.js';
import { channels } from '../channels/channels.schema.js';
import { customers } from '../customers/customers.schema.js';
import { users } from '../users/users.schema.js';

/** The human ticket number, independent of the row id. */
export const ticketNumberSequence = pgSequence('ticket_number_seq', { startWith: 1000 });

export const tickets = pgTable(
  'tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('ticket_number_seq')`),
    typeId: bigint('type_id', { mode: 'number' }).references(() => catalogueEntries.id),
    description: text('description').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    channelId: bigint('channel_id', { mode: 'number' }).references(() => channels.id),
    priority: smallint('priority').notNull().default(1),
    status: smallint('status').notNull().default(0),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    assignedUserId: bigint('assigned_user_id', { mode: 'number' }).references(() => users.id),
    unread: boolean('unread').notNull().default(false),
    /** A bot of the channel has the conversation (modules/bots): routing leaves the ticket alone until it hands over. */
    botActive: boolean('bot_active').notNull().default(false),
    nextTaskAt: timestamp('next_task_at', { withTimezone: true }),
    transferToUserId: bigint('transfer_to_user_id', { mode: 'number' }).references(() => users.id),
    transferToCampaignId: bigint('transfer_to_campaign_id', { mode: 'number' }).references(() => campaigns.id),
    transferFromUserId: bigint('transfer_from_user_id', { mode: 'number' }).references(() => users.id),
    transferPreviousStatus: smallint('transfer_previous_status'),
    mergedIntoId: bigint('merged_into_id', { mode: 'number' }).references((): AnyPgColumn => tickets.id),
    /**
     * Description and customer as search compares them (lowercase, accents folded). PostgreSQL keeps its words in
     * `search_vector` (tsvector, GIN-indexed; in SQL only — migration 0021 — so the rows the app reads do not carry it).
     */
    searchText: text('search_text').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The latest message (in or out), denormalised for the pending drawer: preview, direction and sender. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: varchar('last_message_preview', { length: 300 }),
    lastMessageDirection: smallint('last_message_direction'),
    lastMessageSender: varchar('last_message_sender', { length: 200 }),
  },
  (table) => [
    uniqueIndex('tickets_number_unique').on(table.number),
    index('tickets_campaign_status_created_idx').on(table.campaignId, table.status, table.createdAt),
    index('tickets_created_idx').on(table.createdAt, table.id),
    index('tickets_assigned_status_idx').on(table.assignedUserId, table.status),
    // Supervision's "closed today" per agent, from the index alone.
    index('tickets_assigned_closed_idx').on(table.assignedUserId, table.closedAt).where(sql`${table.status} = 4`),
    // The figures of the hour a ticket was closed in (analytics), recomputed by hour.
    index('tickets_closed_idx').on(table.closedAt).where(sql`${table.status} = 4`),
    index('tickets_customer_idx').on(table.customerId),
    // The customer scope: the customers of the campaigns a user reads whole, from the index alone.
    index('tickets_campaign_customer_idx').on(table.campaignId, table.customerId),
    // Sorting by priority, and the unassigned queue (a partial index: only tickets nobody has yet).
    index('tickets_priority_idx').on(table.priority, table.id),
    index('tickets_unassigned_idx').on(table.priority, table.id).where(sql`${table.assignedUserId} is null`),
    // The pending drawer and the routing queue: only tickets not closed.
    index('tickets_pending_idx').on(table.campaignId, table.createdAt).where(sql`${table.status} <> 4`),
    // The routing queue in its order (priority first, then oldest): heads, positions and waiting counts.
    index('tickets_waiting_idx')
      .on(table.campaignId, table.priority.desc(), table.createdAt, table.id)
      .where(
        sql`${table.status} <> 4 and ${table.assignedUserId} is null and ${table.transferToUserId} is null and ${table.transferToCampaignId} is null and not ${table.botActive}`,
      ),
  ],
);

export const ticketTasks = pgTable(
  'ticket_tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    notes: text('notes'),
    nextTaskAt: timestamp('next_task_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_tasks_ticket_idx').on(table.ticketId, table.createdAt)],
);

export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_notes_ticket_idx').on(table.ticketId, table.createdAt)],
);

export const ticketRelations = pgTable(
  'ticket_relations',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    relatedId: bigint('related_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.relatedId] })],
);

export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    fileName: text('file_name').notNull(),
    storedPath: text('stored_path').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_attachments_ticket_idx').on(table.ticketId, table.createdAt)],
);

/** Saved views of the tickets list, one user's own (unique by name per user). */
export const ticketListViews = pgTable(
  'ticket_list_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    search: text('search').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ticket_list_views_user_name_unique').on(table.userId, table.name)],
);
