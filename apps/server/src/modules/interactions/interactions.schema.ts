import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { channels } from '../channels/channels.schema.js';
import { customers } from '../customers/customers.schema.js';
import { tickets } from '../tickets/tickets.schema.js';
import { users } from '../users/users.schema.js';

/** Accented letters and their plain forms, position by position (the same folding as the search text). */
export const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñçý';
export const FOLDED = 'aaaaaaeeeeiiiiooooouuuuncy';

/**
 * An interaction (the spec's registro_canal): one conversation of a customer through one channel and contact
 * datum, inside a ticket. Its messages are the message history.
 */
export const interactions = pgTable(
  'interactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** The contact datum the customer wrote from (phone, address, visitor id): replies go back to it. */
    contactValue: varchar('contact_value', { length: 254 }).notNull(),
    /** Provider thread key (e-mail Message-ID root, chat id): a reply in the same thread joins this interaction. */
    threadKey: varchar('thread_key', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('interactions_ticket_idx').on(table.ticketId, table.createdAt),
    index('interactions_channel_contact_idx').on(table.channelId, table.contactValue, table.lastMessageAt),
    index('interactions_thread_idx').on(table.channelId, table.threadKey).where(sql`${table.threadKey} is not null`),
  ],
);

export interface StoredMessageAttachment {
  /** The ticket attachment (ticket_attachments.id) the file is; absent only on rows written before it existed. */
  attachmentId?: number;
  name: string;
  path: string;
  contentType: string;
  size: number;
}

export interface OutboundPayload {
  whatsappTemplate?: { name: string; language: string; variables: string[] };
}

/** An earlier wording of a message the customer edited. */
export interface MessageVersion {
  text: string;
  html: string;
  /** When this wording was replaced. */
  replacedAt: string;
}

/** What the provider said about an inbound message beyond its text. */
export interface MessageProviderData {
  /** The provider's kind when the text only summarises it (order, system, unsupported, ...). */
  kind?: string;
  /** The provider's own payload of such a message, kept as received (bounded). */
  raw?: unknown;
  /** Earlier wordings of an edited message, oldest first. */
  versions?: MessageVersion[];
  /** Provider ids of the edits and deletions already applied (a redelivered change applies once). */
  changes?: string[];
  /** The message was first known by a change (an edit or deletion that arrived before it). */
  knownFromChange?: boolean;
}

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    interactionId: bigint('interaction_id', { mode: 'number' })
      .notNull()
      .references(() => interactions.id),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id),
    /** 0 incoming, 1 outgoing (the spec's tipo). */
    direction: smallint('direction').notNull(),
    /** Sanitised HTML: what the timeline renders. */
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    /**
     * The text as search compares it: lowercase, accents folded, spaces collapsed, the first 4,000 characters (the global search finds
     * tickets by what was written). Computed by PostgreSQL, so every writer and every existing row has it.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql.raw(`regexp_replace(translate(lower(left(body_text, 4000)), '${ACCENTED}', '${FOLDED}'), '\\s+', ' ', 'g')`),
    ),
    senderName: varchar('sender_name', { length: 200 }),
    /** The provider's id: with the channel it makes a retried delivery land on the same row. */
    providerMessageId: varchar('provider_message_id', { length: 300 }),
    /** Outgoing delivery: 0 queued, 1 sent, 2 delivered, 3 read, 4 failed (only ever moves forward). */
    deliveryStatus: smallint('delivery_status'),
    deliveryError: text('delivery_error'),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id),
    /** Files of the message, each one of the ticket's attachments (attachmentId); stored path for the adapters. */
    attachments: jsonb('attachments').$type<StoredMessageAttachment[]>(),
    /** What the provider must send instead of the text (a WhatsApp template with its values). */
    outboundPayload: jsonb('outbound_payload').$type<OutboundPayload>(),
    providerData: jsonb('provider_data').$type<MessageProviderData>(),
    /** When the customer last edited the message (its earlier wordings are in providerData.versions). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** When the customer deleted the message for everyone: the content stays for audit, the timeline hides it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('messages_provider_unique')
      .on(table.channelId, table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    index('messages_ticket_idx').on(table.ticketId, table.createdAt),
    index('messages_interaction_idx').on(table.interactionId, table.createdAt),
    index('messages_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);
