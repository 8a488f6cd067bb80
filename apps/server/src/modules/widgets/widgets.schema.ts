import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { channels } from '../channels/channels.schema.js';
import { customers } from '../customers/customers.schema.js';

/** An omni widget: the buttons a business embeds on its website (one script tag), optionally with web chat. */
export const omniWidgets = pgTable(
  'omni_widgets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The public key the embed script carries (not a secret: the allowed origin is what protects the widget). */
    publicKey: varchar('public_key', { length: 40 }).notNull(),
    /** The sites allowed to embed it (scheme + host + port each), checked against Origin on every public call. */
    allowedOrigins: text('allowed_origins').array().notNull(),
    style: varchar('style', { length: 10 }).notNull().default('floating'),
    title: varchar('title', { length: 120 }),
    subtitle: varchar('subtitle', { length: 200 }),
    position: varchar('position', { length: 12 }).notNull().default('bottom-right'),
    primaryColor: varchar('primary_color', { length: 9 }).notNull().default('#d32f2f'),
    businessImagePath: varchar('business_image_path', { length: 300 }),
    iconType: varchar('icon_type', { length: 10 }).notNull().default('default'),
    helpCenter: boolean('help_center').notNull().default(false),
    iconImagePath: varchar('icon_image_path', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('omni_widgets_public_key_unique').on(table.publicKey)],
);

export const omniWidgetChannels = pgTable(
  'omni_widget_channels',
  {
    widgetId: bigint('widget_id', { mode: 'number' })
      .notNull()
      .references(() => omniWidgets.id, { onDelete: 'cascade' }),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.widgetId, table.channelId] })],
);

/** An anonymous web-chat visitor of a widget, known by a token kept in their browser. */
export const webchatVisitors = pgTable(
  'webchat_visitors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    widgetId: bigint('widget_id', { mode: 'number' })
      .notNull()
      .references(() => omniWidgets.id, { onDelete: 'cascade' }),
    /** Public, stable id used as the contact datum of the web-chat channel. */
    publicId: varchar('public_id', { length: 40 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    name: varchar('name', { length: 120 }),
    email: varchar('email', { length: 254 }),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webchat_visitors_token_unique').on(table.tokenHash),
    uniqueIndex('webchat_visitors_public_unique').on(table.publicId),
    index('webchat_visitors_widget_idx').on(table.widgetId),
  ],
);

/** IMAP polling position per e-mail channel: UIDVALIDITY and the last UID taken. */
export const mailboxStates = pgTable('mailbox_states', {
  channelId: bigint('channel_id', { mode: 'number' })
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  uidValidity: bigint('uid_validity', { mode: 'number' }),
  lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
  lastError: varchar('last_error', { length: 1000 }),
});
