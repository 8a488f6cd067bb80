import type { ConditionGroup, RuleAction, RuleActionOutcome } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { tickets } from '../tickets/tickets.schema.js';
import { users } from '../users/users.schema.js';

/**
 * Business rules (docs/automation.md). `actions` keeps a webhook's secret: it never leaves the server (answers say
 * `hasSecret`). Automation rules are due at `next_run_at`; the scheduler takes due rows with SKIP LOCKED.
 */
export const businessRules = pgTable(
  'business_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description'),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    enabled: boolean('enabled').notNull().default(true),
    kind: varchar('kind', { length: 20 }).notNull(),
    triggerEvent: varchar('trigger_event', { length: 30 }),
    everyMinutes: integer('every_minutes'),
    conditions: jsonb('conditions').$type<ConditionGroup>().notNull(),
    actions: jsonb('actions').$type<RuleAction[]>().notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The rules an event of a campaign may fire: read for every event of that campaign.
    index('business_rules_trigger_idx')
      .on(table.campaignId, table.triggerEvent)
      .where(sql`${table.enabled} and ${table.kind} = 'trigger'`),
    index('business_rules_due_idx').on(table.nextRunAt).where(sql`${table.enabled} and ${table.kind} = 'automation'`),
    index('business_rules_name_idx').on(table.name, table.id),
  ],
);

/**
 * One rule run on one ticket. `event_key` makes a run happen once: a trigger's event id (a retried job finds its
 * row), or `schedule` for an automation, which fires once per ticket.
 */
export const businessRuleExecutions = pgTable(
  'business_rule_executions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull()
      .references(() => businessRules.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    trigger: varchar('trigger', { length: 30 }).notNull(),
    eventKey: varchar('event_key', { length: 80 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    actions: jsonb('actions').$type<RuleActionOutcome[]>().notNull(),
    /** An i18n key (automation.executions.*) saying why it failed or was skipped. */
    detail: varchar('detail', { length: 80 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('business_rule_executions_once').on(table.ruleId, table.ticketId, table.eventKey),
    index('business_rule_executions_rule_idx').on(table.ruleId, table.id),
    index('business_rule_executions_ticket_idx').on(table.ticketId, table.id),
  ],
);
