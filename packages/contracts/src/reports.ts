import { z } from 'zod';
import { idSchema, instantSchema } from './admin/common.js';
import { DATE_PRESETS, daysInRange } from './analytics.js';
import { named } from './registry.js';
import { singleLine } from './text.js';

/**
 * The reports a contact center generates (docs/reports.md lists each one's columns). Later modules (SLA, surveys,
 * bulk messaging, dialers) add their type here and a writer on the server (modules/reports/report-types.ts).
 */
export const REPORT_TYPES = [
  'tickets',
  'tasks',
  'interactions',
  'agentStatus',
  'agentProductivity',
  'serviceLevel',
  'slaBreaches',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The spec's generated-report states. */
export const GENERATED_REPORT_STATUSES = ['created', 'generating', 'generated', 'failed'] as const;
export type GeneratedReportStatus = (typeof GENERATED_REPORT_STATUSES)[number];

export const REPORT_PERIODICITIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportPeriodicity = (typeof REPORT_PERIODICITIES)[number];

/** How long a generated file stays downloadable (spec section 9). */
export const REPORT_RETENTION_DAYS = 30;
/** The longest period one report covers (a year and a day, as the dashboards). */
export const REPORT_MAX_DAYS = 367;
export const REPORT_MAX_RECIPIENTS = 20;

/** `report-progress`: to the user who asked for a report, while it is generated and when it ends. */
export const REPORT_PROGRESS_EVENT = 'report-progress';
export interface ReportProgressEvent {
  id: number;
  status: GeneratedReportStatus;
  /** 0-100: how much of the period the rows written so far cover. */
  progress: number;
  rows: number;
}

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'i18n:reports.invalidTime');
const idListSchema = z.array(z.number().int().positive()).max(200);

/** Who and what a report covers: shared by a report generated now and a programmed one. */
const reportScopeFields = {
  name: singleLine().min(1, 'i18n:reports.nameRequired').max(120),
  type: z.enum(REPORT_TYPES, { error: 'i18n:reports.typeRequired' }),
  campaigns: idListSchema.min(1, 'i18n:reports.campaignRequired'),
  /** None: every agent of the chosen campaigns. */
  agents: idListSchema.default([]),
  /** Offer (and, with no agent chosen, report) disabled campaigns and agents too. */
  includeCampaigns: z.boolean().default(false),
  includeAgents: z.boolean().default(false),
};

/**
 * A report to generate now: a preset period, or since/until (date YYYY-MM-DD and time HH:MM, on the business's
 * clock; `until` is excluded).
 */
export const createReportBodySchema = z
  .object({
    ...reportScopeFields,
    preset: z.enum(DATE_PRESETS).default('custom'),
    sinceDate: z.iso.date().optional(),
    sinceTime: timeSchema.default('00:00'),
    untilDate: z.iso.date().optional(),
    untilTime: timeSchema.default('00:00'),
  })
  .superRefine((body, context) => {
    if (body.preset !== 'custom') return;
    if (!body.sinceDate)
      context.addIssue({ code: 'custom', path: ['sinceDate'], message: 'i18n:reports.dateRequired' });
    if (!body.untilDate)
      context.addIssue({ code: 'custom', path: ['untilDate'], message: 'i18n:reports.dateRequired' });
    if (!body.sinceDate || !body.untilDate) return;
    if (`${body.sinceDate} ${body.sinceTime}` >= `${body.untilDate} ${body.untilTime}`) {
      context.addIssue({ code: 'custom', path: ['untilDate'], message: 'i18n:reports.rangeOrder' });
    } else if (daysInRange(body.sinceDate, body.untilDate) > REPORT_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['untilDate'], message: 'i18n:reports.rangeTooLong' });
    }
  });
export type CreateReportBody = z.output<typeof createReportBodySchema>;

/**
 * A programmed report: generated at `hour` on the business's clock every day, every week on `weekday` (0 Sunday …
 * 6 Saturday) or every month on `monthDay` (a month without that day: its last day), covering the preset period as
 * it is at that moment; mailed to `recipients` when there are any.
 */
export const programmedReportBodySchema = z
  .object({
    ...reportScopeFields,
    preset: z.enum(DATE_PRESETS).exclude(['custom']),
    periodicity: z.enum(REPORT_PERIODICITIES),
    weekday: z.number().int().min(0).max(6).nullish(),
    monthDay: z.number().int().min(1).max(31).nullish(),
    hour: z.number().int().min(0).max(23),
    recipients: z.array(z.email('i18n:reports.invalidRecipient').max(254)).max(REPORT_MAX_RECIPIENTS).default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((body, context) => {
    if (body.periodicity === 'weekly' && (body.weekday === null || body.weekday === undefined)) {
      context.addIssue({ code: 'custom', path: ['weekday'], message: 'i18n:reports.weekdayRequired' });
    }
    if (body.periodicity === 'monthly' && !body.monthDay) {
      context.addIssue({ code: 'custom', path: ['monthDay'], message: 'i18n:reports.monthDayRequired' });
    }
  });
export type ProgrammedReportBody = z.output<typeof programmedReportBodySchema>;

/** What a generated report was asked for, resolved: instants in UTC, the names as they were. */
export const reportConfigSchema = z.object({
  campaigns: z.array(z.object({ id: idSchema, name: z.string() })),
  agents: z.array(z.object({ id: idSchema, name: z.string() })),
  includeCampaigns: z.boolean(),
  includeAgents: z.boolean(),
  preset: z.enum(DATE_PRESETS),
  since: instantSchema,
  until: instantSchema,
  timeZone: z.string(),
});
export type ReportConfig = z.infer<typeof reportConfigSchema>;

export const generatedReportSchema = named(
  'GeneratedReport',
  z.object({
    id: idSchema,
    name: z.string(),
    type: z.enum(REPORT_TYPES),
    status: z.enum(GENERATED_REPORT_STATUSES),
    progress: z.number().int(),
    rows: z.number().int(),
    size: z.number().int().nullable(),
    downloaded: z.boolean(),
    createdAt: instantSchema,
    createdBy: z.object({ id: idSchema, nombre: z.string() }),
    finishedAt: instantSchema.nullable(),
    /** When the file is deleted (30 days after it was asked for); `deletedAt` once it has been. */
    expiresAt: instantSchema,
    deletedAt: instantSchema.nullable(),
    /** The programmed report that produced it, if any. */
    programmedId: idSchema.nullable(),
    config: reportConfigSchema,
    /** Why it failed (in the asker's language), when it did. */
    error: z.string().nullable(),
  }),
);
export type GeneratedReport = z.infer<typeof generatedReportSchema>;
/** One page of the generated list; `hasMore`: an older page exists (ask with `before` = the last id). */
export const generatedReportPageSchema = z.object({ data: z.array(generatedReportSchema), hasMore: z.boolean() });

export const programmedReportSchema = named(
  'ProgrammedReport',
  z.object({
    id: idSchema,
    name: z.string(),
    type: z.enum(REPORT_TYPES),
    campaigns: z.array(z.object({ id: idSchema, name: z.string() })),
    agents: z.array(z.object({ id: idSchema, name: z.string() })),
    includeCampaigns: z.boolean(),
    includeAgents: z.boolean(),
    preset: z.enum(DATE_PRESETS),
    periodicity: z.enum(REPORT_PERIODICITIES),
    weekday: z.number().int().nullable(),
    monthDay: z.number().int().nullable(),
    hour: z.number().int(),
    recipients: z.array(z.string()),
    enabled: z.boolean(),
    nextRunAt: instantSchema.nullable(),
    lastRunAt: instantSchema.nullable(),
    createdAt: instantSchema,
  }),
);
export type ProgrammedReport = z.infer<typeof programmedReportSchema>;

/** The generated list, newest first, one page at a time (keyset: `before` is the last id of the previous page). */
export const generatedReportsQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  sizePerPage: z.coerce.number().int().min(1).max(100).default(20),
});

/** The campaigns and agents the wizard offers the caller (their report scope). */
export const reportOptionsQuerySchema = z.object({
  includeCampaigns: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  includeAgents: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** The agents of these campaigns (none: no agent is offered: 'Select at least one campaign'). */
  campaigns: z
    .preprocess(
      (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : String(value).split(',')),
      z.array(z.coerce.number().int().positive()).max(200),
    )
    .default([]),
});
export const reportOptionsSchema = named(
  'ReportOptions',
  z.object({
    campaigns: z.array(z.object({ id: idSchema, name: z.string(), enabled: z.boolean() })),
    agents: z.array(z.object({ id: idSchema, name: z.string(), enabled: z.boolean() })),
    /** The caller reports on their own work only (an agent who supervises no campaign). */
    selfOnly: z.boolean(),
  }),
);
export type ReportOptions = z.infer<typeof reportOptionsSchema>;
