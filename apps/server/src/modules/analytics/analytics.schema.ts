import { bigint, date, doublePrecision, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The dashboards' figures, kept per local hour of the business's time zone × campaign × agent × channel × metric ×
 * dimension (docs/analytics.md lists the metrics). Each (campaign, local hour) is a pure function of the raw rows:
 * it is recomputed whole when something in it changes, so a late or repeated change cannot make it drift, and a
 * rebuild from the raw data gives the same rows. `user_id`, `channel_id` and `campaign_id` are 0 for "none".
 */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    /** The start of the hour on the business's wall clock (timestamp without time zone). */
    hour: timestamp('hour', { withTimezone: false, mode: 'string' }).notNull(),
    metric: varchar('metric', { length: 40 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().default(0),
    channelId: bigint('channel_id', { mode: 'number' }).notNull().default(0),
    dimension: varchar('dimension', { length: 80 }).notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull(),
    /** Seconds summed (handling, first response, time in a status); 0 where the metric only counts. */
    total: doublePrecision('total').notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.campaignId, table.hour, table.metric, table.userId, table.channelId, table.dimension],
    }),
    // An agent's dashboard reads its own rows across campaigns.
    index('analytics_hourly_user_idx').on(table.userId, table.hour),
  ],
);

/**
 * The hourly figures summed per local day, which is what the dashboards read (a year is 365 rows per series, not
 * 8,760). Besides every hourly metric, `messages_by_hour` (dimension `in|13`, `out|13`) and `tasks_by_hour`
 * (dimension `13`) keep the hour of day, per agent, for the "by hour" charts. Recomputed from `analytics_hourly`
 * for the days of every hour recomputed.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    metric: varchar('metric', { length: 40 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().default(0),
    channelId: bigint('channel_id', { mode: 'number' }).notNull().default(0),
    dimension: varchar('dimension', { length: 80 }).notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull(),
    total: doublePrecision('total').notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.campaignId, table.day, table.metric, table.userId, table.channelId, table.dimension],
    }),
    index('analytics_daily_user_idx').on(table.userId, table.day),
  ],
);

/**
 * `analytics_daily` summed per calendar month (`month` is its first day), for an agent's long periods (the user
 * dashboard reads whole months here). Kept by differences: when days are recomputed, their old rows are taken off
 * their month and their new rows added, so a pass costs what it changes, not a month of rows.
 */
export const analyticsMonthly = pgTable(
  'analytics_monthly',
  {
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    metric: varchar('metric', { length: 40 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().default(0),
    channelId: bigint('channel_id', { mode: 'number' }).notNull().default(0),
    dimension: varchar('dimension', { length: 80 }).notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull(),
    total: doublePrecision('total').notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.campaignId, table.month, table.metric, table.userId, table.channelId, table.dimension],
    }),
    index('analytics_monthly_user_idx').on(table.userId, table.month),
  ],
);

/**
 * The campaign dashboard's projections of the days: per campaign and day, each of the sums it shows — `projection`
 * `campaign` (metric × dimension), `user` (metric × agent in `key_id`), `channel` (metric × channel in `key_id` ×
 * dimension) and `hour` (messages and tasks by hour of day, dimension `in|13` / `13`). A day of a campaign is a few
 * hundred rows here against thousands of agent × channel × dimension rows in `analytics_daily`. Kept from
 * `analytics_daily` in the same recompute; migration 0026 filled it from what existed.
 */
export const analyticsCampaignDaily = pgTable(
  'analytics_campaign_daily',
  {
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    projection: varchar('projection', { length: 8 }).notNull(),
    metric: varchar('metric', { length: 40 }).notNull(),
    keyId: bigint('key_id', { mode: 'number' }).notNull().default(0),
    dimension: varchar('dimension', { length: 80 }).notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull(),
    total: doublePrecision('total').notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.campaignId, table.day, table.projection, table.metric, table.keyId, table.dimension],
    }),
  ],
);

/**
 * The same projections per calendar month (`month` is its first day): a period reads its whole months here and only
 * the days before and after them from `analytics_campaign_daily` — a year is twelve rows per series.
 */
export const analyticsCampaignMonthly = pgTable(
  'analytics_campaign_monthly',
  {
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    projection: varchar('projection', { length: 8 }).notNull(),
    metric: varchar('metric', { length: 40 }).notNull(),
    keyId: bigint('key_id', { mode: 'number' }).notNull().default(0),
    dimension: varchar('dimension', { length: 80 }).notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull(),
    total: doublePrecision('total').notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.campaignId, table.month, table.projection, table.metric, table.keyId, table.dimension],
    }),
  ],
);

/**
 * What changed since the figures were last computed: one row per changed row of tickets, messages, tasks and agent
 * statuses (written by triggers in the same transaction as the change — migration 0023 — so no code path and no
 * crash can skip one), naming the campaign and the UTC hour it touched. The recompute takes the rows it sees, so a
 * change committed meanwhile keeps its own row for the next pass.
 */
export const analyticsDirty = pgTable('analytics_dirty', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
  /** The UTC hour (timestamptz truncated to the hour) whose local hours must be recomputed. */
  hour: timestamp('hour', { withTimezone: true }).notNull(),
});

/** The time zone the hours were computed in: a business that changes it gets its figures rebuilt. */
export const analyticsState = pgTable('analytics_state', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  timeZone: varchar('time_zone', { length: 60 }).notNull(),
  rebuiltAt: timestamp('rebuilt_at', { withTimezone: true }).notNull().defaultNow(),
});
