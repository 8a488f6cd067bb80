import type { WhatsappButton, WhatsappListSection } from '@atiende/contracts';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { channels } from '../channels/channels.schema.js';
import { users } from '../users/users.schema.js';

/**
 * WhatsApp message templates of one channel's business account, as submitted to Meta for review. Meta decides the
 * status (pending, approved, rejected); a submitted template is never edited.
 */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id),
    name: varchar('name', { length: 512 }).notNull(),
    language: varchar('language', { length: 10 }).notNull(),
    /** template (Meta reviews it) or a chat type: text, media, interactive. */
    type: varchar('type', { length: 12 }).notNull().default('template'),
    /** Meta's review category; null on chat types. */
    category: varchar('category', { length: 20 }),
    headerType: varchar('header_type', { length: 10 }).notNull(),
    headerText: varchar('header_text', { length: 60 }),
    /** The header's or the media template's file, as stored (storage path, name, sniffed type, bytes). */
    mediaPath: varchar('media_path', { length: 200 }),
    mediaFilename: varchar('media_filename', { length: 200 }),
    mediaContentType: varchar('media_content_type', { length: 120 }),
    mediaSize: integer('media_size'),
    mediaType: varchar('media_type', { length: 10 }),
    body: text('body').notNull(),
    footer: varchar('footer', { length: 60 }),
    examples: jsonb('examples').$type<string[]>().notNull(),
    buttonsType: varchar('buttons_type', { length: 20 }).notNull(),
    buttons: jsonb('buttons').$type<WhatsappButton[]>().notNull(),
    quickReplies: jsonb('quick_replies').$type<string[]>().notNull().default([]),
    interactiveType: varchar('interactive_type', { length: 10 }),
    replyButtons: jsonb('reply_buttons').$type<string[]>().notNull().default([]),
    listButton: varchar('list_button', { length: 20 }),
    sections: jsonb('sections').$type<WhatsappListSection[]>().notNull().default([]),
    status: varchar('status', { length: 10 }).notNull(),
    rejectionReason: text('rejection_reason'),
    providerTemplateId: varchar('provider_template_id', { length: 100 }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('whatsapp_templates_name_unique').on(table.channelId, table.name, table.language),
    index('whatsapp_templates_created_idx').on(table.createdAt, table.id),
    index('whatsapp_templates_channel_status_idx').on(table.channelId, table.status, table.name),
    index('whatsapp_templates_provider_idx').on(table.providerTemplateId),
  ],
);
