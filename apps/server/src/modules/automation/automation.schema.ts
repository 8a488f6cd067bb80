import type { ConditionGroup, RuleAction, RuleActionOutcome, SlaPriority, SlaTargets } from '@atiende/contracts';
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

/**
 * Segmentations (docs/automation.md): the base campaign's open tickets sorted into other campaigns by segments. An
 * automation runs from `start_time` every `frequency_hours` (`next_run_at`, taken with SKIP LOCKED); a trigger one on
 * its tickets' events.
 */
export const segmentations = pgTable(
  'segmentations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description'),
    baseCampaignId: bigint('base_campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    triggerWhen: varchar('trigger_when', { length: 30 }),
    startTime: timestamp('start_time', { withTimezone: true }),
    frequencyHours: integer('frequency_hours'),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('segmentations_trigger_idx')
      .on(table.baseCampaignId, table.triggerWhen)
      .where(sql`${table.enabled} and ${table.kind} = 'trigger'`),
    index('segmentations_due_idx').on(table.nextRunAt).where(sql`${table.enabled} and ${table.kind} = 'automation'`),
  ],
);

/** A segmentation's segments, in their order: a ticket goes to the first one it matches. */
export const segmentationSegments = pgTable(
  'segmentation_segments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    segmentationId: bigint('segmentation_id', { mode: 'number' })
      .notNull()
      .references(() => segmentations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    destinationCampaignId: bigint('destination_campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    conditions: jsonb('conditions').$type<ConditionGroup>().notNull(),
  },
  (table) => [index('segmentation_segments_segmentation_idx').on(table.segmentationId, table.position)],
);

/** One run: the base campaign's open tickets before and after, and what each segment took. */
export const segmentationRuns = pgTable(
  'segmentation_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    segmentationId: bigint('segmentation_id', { mode: 'number' })
      .notNull()
      .references(() => segmentations.id, { onDelete: 'cascade' }),
    trigger: varchar('trigger', { length: 30 }).notNull(),
    initialCases: integer('initial_cases').notNull(),
    finalCases: integer('final_cases').notNull(),
    moved: jsonb('moved').$type<{ segmentId: number; name: string; count: number }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('segmentation_runs_segmentation_idx').on(table.segmentationId, table.id)],
);

/** SLA rules (docs/automation.md): targets in minutes per priority and metric. */
export const slaRules = pgTable(
  'sla_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description'),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    enabled: boolean('enabled').notNull().default(true),
    businessHours: boolean('business_hours').notNull().default(false),
    conditions: jsonb('conditions').$type<ConditionGroup>().notNull(),
    targets: jsonb('targets').$type<Record<SlaPriority, SlaTargets>>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sla_rules_campaign_idx').on(table.campaignId).where(sql`${table.enabled}`)],
);

/**
 * The SLA a ticket follows now: its rule and each metric's deadline (null: not running). `warned` and `recorded`
 * hold `metric@deadline` keys, so a warning and a breach happen once per deadline; `next_check_at` is when the
 * checker looks at it again (the next warning or deadline).
 */
export const ticketSla = pgTable(
  'ticket_sla',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .primaryKey()
      .references(() => tickets.id),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull()
      .references(() => slaRules.id, { onDelete: 'cascade' }),
    firstResponseDue: timestamp('first_response_due', { withTimezone: true }),
    nextResponseDue: timestamp('next_response_due', { withTimezone: true }),
    resolutionDue: timestamp('resolution_due', { withTimezone: true }),
    /** Since when the customer has been waiting for an answer (their first message after the last reply). */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    warned: jsonb('warned').$type<string[]>().notNull().default([]),
    recorded: jsonb('recorded').$type<string[]>().notNull().default([]),
    breached: boolean('breached').notNull().default(false),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ticket_sla_check_idx').on(table.nextCheckAt).where(sql`${table.nextCheckAt} is not null`),
    index('ticket_sla_rule_idx').on(table.ruleId),
  ],
);

/** SLA breaches, once per ticket, metric and deadline (spec: SLA record). */
export const slaRecords = pgTable(
  'sla_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull()
      .references(() => slaRules.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    metric: varchar('metric', { length: 20 }).notNull(),
    breachedAt: timestamp('breached_at', { withTimezone: true }).notNull(),
    firstResponseSeconds: integer('first_response_seconds'),
    customerWaitingSeconds: integer('customer_waiting_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sla_records_once').on(table.ticketId, table.metric, table.breachedAt),
    index('sla_records_rule_idx').on(table.ruleId, table.id),
    index('sla_records_breached_idx').on(table.breachedAt),
  ],
);
