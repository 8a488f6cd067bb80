import type { CampaignConfig } from '@atiende/contracts';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { channels } from '../channels/channels.schema.js';
import { dynamicForms } from '../forms/forms.schema.js';
import { users } from '../users/users.schema.js';

export const campaigns = pgTable(
  'campaigns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description'),
    type: varchar('type', { length: 10 }).notNull(),
    formId: bigint('form_id', { mode: 'number' }).references(() => dynamicForms.id),
    startDate: date('start_date'),
    endDate: date('end_date'),
    responsibleUserId: bigint('responsible_user_id', { mode: 'number' }).references(() => users.id),
    enabled: boolean('enabled').notNull().default(true),
    config: jsonb('config').$type<CampaignConfig>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('campaigns_name_idx').on(table.name), index('campaigns_form_idx').on(table.formId)],
);

export const campaignChannels = pgTable(
  'campaign_channels',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.channelId] }),
    index('campaign_channels_channel_idx').on(table.channelId),
  ],
);

/** An agent serves a campaign through some of its channels; an agent with no channel left is not in it. */
export const campaignAgentChannels = pgTable(
  'campaign_agent_channels',
  {
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    channelId: bigint('channel_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.userId, table.channelId] }),
    index('campaign_agent_channels_user_idx').on(table.userId),
  ],
);

export const campaignSupervisors = pgTable(
  'campaign_supervisors',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.userId] }),
    index('campaign_supervisors_user_idx').on(table.userId),
  ],
);

export const campaignScripts = pgTable('campaign_scripts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  campaignId: bigint('campaign_id', { mode: 'number' })
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 120 }).notNull(),
  body: text('body').notNull(),
  position: integer('position').notNull().default(0),
});

export const campaignCustomTabs = pgTable('campaign_custom_tabs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  campaignId: bigint('campaign_id', { mode: 'number' })
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 60 }).notNull(),
  url: varchar('url', { length: 500 }).notNull(),
  icon: varchar('icon', { length: 40 }).notNull(),
  height: integer('height').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  position: integer('position').notNull().default(0),
});
