import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { users } from '../users/users.schema.js';

/** Message templates agents insert in the composer; variables like {{cliente.nombre}} are filled per customer. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    /** A channel type key (webchat, email, whatsapp...) or null for every channel. */
    channelType: varchar('channel_type', { length: 20 }),
    body: text('body').notNull(),
    allCampaigns: boolean('all_campaigns').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('message_templates_name_idx').on(table.name, table.id)],
);

export const messageTemplateCampaigns = pgTable(
  'message_template_campaigns',
  {
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => messageTemplates.id, { onDelete: 'cascade' }),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.templateId, table.campaignId] }),
    index('message_template_campaigns_campaign_idx').on(table.campaignId),
  ],
);
