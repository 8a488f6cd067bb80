import type { WhatsappButton } from '@atiende/contracts';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    category: varchar('category', { length: 20 }).notNull(),
    headerType: varchar('header_type', { length: 10 }).notNull(),
    headerText: varchar('header_text', { length: 60 }),
    body: text('body').notNull(),
    footer: varchar('footer', { length: 60 }),
    examples: jsonb('examples').$type<string[]>().notNull(),
    buttonsType: varchar('buttons_type', { length: 20 }).notNull(),
    buttons: jsonb('buttons').$type<WhatsappButton[]>().notNull(),
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
