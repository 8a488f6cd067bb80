import { z } from 'zod';
import { dateSchema, idSchema, instantSchema } from './admin/common.js';
import { named } from './registry.js';

/**
 * The spec's preset ranges of the dashboards and reports, plus a custom range. Days are the business's: the server
 * resolves a preset against today in the business's time zone.
 */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'last7Days',
  'thisMonth',
  'lastMonth',
  'last30Days',
  'last3Months',
  'last90Days',
  'last6Months',
  'thisYear',
  'custom',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The longest custom range a dashboard sums (a year and a day: "this year" and a leap year fit). */
export const DASHBOARD_MAX_DAYS = 367;

const DAY_MS = 86_400_000;
const toDay = (value: Date) => value.toISOString().slice(0, 10);
const parseDay = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => toDay(new Date(parseDay(day).getTime() + days * DAY_MS));
const addMonths = (day: string, months: number) => {
  const date = parseDay(day);
  return toDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)));
};

/** Days between two calendar dates, both counted ('2026-01-01' to itself is 1). */
export function daysInRange(from: string, to: string): number {
  return Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / DAY_MS) + 1;
}

/**
 * A preset's first and last day (both included), given today's date where the business is. Weeks start on Monday;
 * "last N days" and "last N months" end today.
 */
export function presetRange(preset: Exclude<DatePreset, 'custom'>, today: string): { from: string; to: string } {
  const weekday = (parseDay(today).getUTCDay() + 6) % 7; // Monday 0
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'thisWeek':
      return { from: addDays(today, -weekday), to: today };
    case 'lastWeek':
      return { from: addDays(today, -weekday - 7), to: addDays(today, -weekday - 1) };
    case 'last7Days':
      return { from: addDays(today, -6), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth':
      return { from: addMonths(today, -1), to: addDays(monthStart, -1) };
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
    case 'last3Months':
      return { from: addMonths(today, -2), to: today };
    case 'last90Days':
      return { from: addDays(today, -89), to: today };
    case 'last6Months':
      return { from: addMonths(today, -5), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

const idList = z
  .preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : String(value).split(',')),
    z.array(z.coerce.number().int().positive()).max(200),
  )
  .default([]);

/** A day of a query string; an empty parameter is no day. */
const optionalDay = z
  .union([z.iso.date(), z.literal('')])
  .optional()
  .transform((value) => value || undefined);

/** What both dashboards are asked: a period and, optionally, some of the caller's campaigns. */
const dashboardQueryBase = z.object({
  preset: z.enum(DATE_PRESETS).default('today'),
  /** The custom range's days (both included); required with `preset=custom`, ignored otherwise. */
  from: optionalDay,
  to: optionalDay,
  /** Only these campaigns (each one the caller may see); none: every campaign in the caller's scope. */
  campaigns: idList,
});

function checkCustomRange(query: { preset: DatePreset; from?: string; to?: string }, context: z.RefinementCtx) {
  if (query.preset !== 'custom') return;
  if (!query.from) context.addIssue({ code: 'custom', path: ['from'], message: 'i18n:analytics.dateRequired' });
  if (!query.to) context.addIssue({ code: 'custom', path: ['to'], message: 'i18n:analytics.dateRequired' });
  if (query.from && query.to) {
    if (query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'i18n:analytics.rangeOrder' });
    } else if (daysInRange(query.from, query.to) > DASHBOARD_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'i18n:analytics.rangeTooLong' });
    }
  }
}

const userDashboardQueryObject = dashboardQueryBase.extend({
  /** Whose figures: the caller's own when absent; another agent's only for who supervises them. */
  user: z.coerce.number().int().positive().optional(),
});
export const userDashboardQuerySchema = userDashboardQueryObject.superRefine(checkCustomRange);
export type UserDashboardQuery = z.output<typeof userDashboardQuerySchema>;

export const campaignDashboardQuerySchema = dashboardQueryBase.superRefine(checkCustomRange);
export type CampaignDashboardQuery = z.output<typeof campaignDashboardQuerySchema>;

/** The period a dashboard covers, resolved: days where the business is. */
export const dashboardRangeSchema = z.object({
  preset: z.enum(DATE_PRESETS),
  from: dateSchema,
  to: dateSchema,
  timeZone: z.string(),
});

/** A campaign's figures against its own targets (service level, handling time). */
export const campaignPerformanceSchema = z.object({
  campaignId: idSchema,
  name: z.string(),
  /** Tickets created in the period. */
  tickets: z.number().int(),
  /** Of those, answered for the first time within the campaign's service-level time. */
  answeredInTime: z.number().int(),
  answered: z.number().int(),
  /** answeredInTime / tickets, in %, null without tickets. */
  serviceLevelPercent: z.number().nullable(),
  serviceLevelTarget: z.number().int(),
  serviceLevelSeconds: z.number().int(),
  averageFirstResponseSeconds: z.number().nullable(),
  /** Tickets closed in the period (handled) and their average handling time. */
  handled: z.number().int(),
  averageHandlingSeconds: z.number().nullable(),
  targetHandlingSeconds: z.number().int(),
});
export type CampaignPerformance = z.infer<typeof campaignPerformanceSchema>;

export const countByStatusSchema = z.object({ status: z.number().int(), count: z.number().int() });
export const countByNameSchema = z.object({
  id: idSchema.nullable(),
  name: z.string().nullable(),
  count: z.number().int(),
});
export const interactionsByChannelSchema = z.object({
  channelId: idSchema,
  name: z.string(),
  type: z.string(),
  incoming: z.number().int(),
  outgoing: z.number().int(),
});
export const interactionsByHourSchema = z.object({
  hour: z.number().int(),
  incoming: z.number().int(),
  outgoing: z.number().int(),
});
export const countByHourSchema = z.object({ hour: z.number().int(), count: z.number().int() });
export const latestTaskSchema = z.object({
  id: idSchema,
  ticketId: idSchema,
  ticketNumber: z.number().int(),
  campaign: z.string(),
  author: z.string().nullable(),
  type: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: instantSchema,
});
export const statusTimeSchema = z.object({
  /** D, A, E, G, P or a pause reason's name. */
  status: z.string(),
  seconds: z.number(),
});

const dashboardCommon = {
  range: dashboardRangeSchema,
  /** The campaigns the figures cover, with their targets. */
  campaigns: z.array(campaignPerformanceSchema),
  ticketsByStatus: z.array(countByStatusSchema),
  tasksByType: z.array(countByNameSchema),
  /** 24 entries, local hours 0-23. */
  tasksByHour: z.array(countByHourSchema),
  latestTasks: z.array(latestTaskSchema),
  interactionsByChannel: z.array(interactionsByChannelSchema),
  interactionsByHour: z.array(interactionsByHourSchema),
  /** Figures of every campaign together. */
  totals: campaignPerformanceSchema.omit({ campaignId: true, name: true, serviceLevelSeconds: true }).extend({
    serviceLevelTarget: z.number().nullable(),
    targetHandlingSeconds: z.number().nullable(),
  }),
};

export const userDashboardSchema = named(
  'UserDashboard',
  z.object({
    ...dashboardCommon,
    user: z.object({ id: idSchema, name: z.string() }),
    /** Time in each status and pause reason in the period (the current status up to now included). */
    statusTime: z.array(statusTimeSchema),
  }),
);
export type UserDashboard = z.infer<typeof userDashboardSchema>;

export const campaignDashboardSchema = named(
  'CampaignDashboard',
  z.object({
    ...dashboardCommon,
    ticketsByUser: z.array(countByNameSchema),
    tasksByUser: z.array(countByNameSchema),
    /** The campaigns' agents by their status now (D, A, E, G, P). */
    agentsByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
    /** Tickets waiting for an agent now. */
    waitingNow: z.number().int(),
  }),
);
export type CampaignDashboard = z.infer<typeof campaignDashboardSchema>;

/** Whose dashboard a supervisor may open: the agents of the campaigns they supervise. */
export const dashboardAgentSchema = z.object({ id: idSchema, name: z.string() });
export type DashboardAgent = z.infer<typeof dashboardAgentSchema>;

/**
 * The widgets of each dashboard, by the name of the answer's field they show: the "download data" action
 * (`GET /analytics/<dashboard>/download?widget=...`) writes exactly that field as an xlsx sheet.
 */
export const USER_DASHBOARD_WIDGETS = [
  'campaigns',
  'ticketsByStatus',
  'tasksByType',
  'tasksByHour',
  'latestTasks',
  'interactionsByChannel',
  'interactionsByHour',
  'statusTime',
] as const;
export type UserDashboardWidget = (typeof USER_DASHBOARD_WIDGETS)[number];

export const CAMPAIGN_DASHBOARD_WIDGETS = [
  'campaigns',
  'ticketsByStatus',
  'ticketsByUser',
  'tasksByType',
  'tasksByUser',
  'tasksByHour',
  'latestTasks',
  'interactionsByChannel',
  'interactionsByHour',
  'agentsByStatus',
] as const;
export type CampaignDashboardWidget = (typeof CAMPAIGN_DASHBOARD_WIDGETS)[number];

export const userDashboardDownloadQuerySchema = userDashboardQueryObject
  .extend({ widget: z.enum(USER_DASHBOARD_WIDGETS) })
  .superRefine(checkCustomRange);
export const campaignDashboardDownloadQuerySchema = dashboardQueryBase
  .extend({ widget: z.enum(CAMPAIGN_DASHBOARD_WIDGETS) })
  .superRefine(checkCustomRange);
