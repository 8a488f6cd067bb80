import { z } from 'zod';
import { idSchema, instantSchema, namedRefSchema, optionalText } from '../admin/common.js';
import { named } from '../registry.js';
import { singleLine } from '../text.js';
import { type ConditionGroup, conditionGroupSchema } from './conditions.js';

/**
 * SLA rules (docs/automation.md): targets per priority for the first response, each next response and the
 * resolution of the tickets of a campaign that match the conditions, counted in the channel's business hours when
 * the rule says so. A ticket follows the first enabled rule of its campaign it matches (by id).
 */
export const SLA_METRICS = ['firstResponse', 'nextResponse', 'resolution'] as const;
export type SlaMetric = (typeof SLA_METRICS)[number];
export const SLA_PRIORITIES = ['low', 'medium', 'high'] as const;
export type SlaPriority = (typeof SLA_PRIORITIES)[number];
/** Ticket priority (0 low, 1 medium, 2 high) → the targets' key. */
export const SLA_PRIORITY_OF: Record<number, SlaPriority> = { 0: 'low', 1: 'medium', 2: 'high' };
/** The longest target: a year, in minutes. */
export const SLA_MAX_MINUTES = 525_600;

const M = 'i18n:automation.sla.';
const target = z
  .number({ message: `${M}targetInvalid` })
  .int()
  .min(1, { message: `${M}targetInvalid` })
  .max(SLA_MAX_MINUTES)
  .nullable();
/** One priority's targets in minutes (the form edits hours and minutes); null: not measured. */
export const slaTargetsSchema = z.object({ firstResponse: target, nextResponse: target, resolution: target });
export type SlaTargets = z.infer<typeof slaTargetsSchema>;

export const slaRuleBodySchema = z
  .object({
    name: singleLine().min(1, { message: 'i18n:automation.rules.nameRequired' }).max(120),
    description: optionalText(1000, { multiLine: true }),
    campaignId: z.number({ message: 'i18n:automation.rules.referenceRequired' }).int().positive(),
    enabled: z.boolean().default(true),
    /** Count only the channel's business hours (when the channel has them). */
    businessHours: z.boolean().default(false),
    conditions: conditionGroupSchema({ forSchedule: true }),
    targets: z.object({ low: slaTargetsSchema, medium: slaTargetsSchema, high: slaTargetsSchema }),
  })
  .superRefine((body, context) => {
    const any = SLA_PRIORITIES.some((priority) => SLA_METRICS.some((metric) => body.targets[priority][metric]));
    if (!any) context.addIssue({ code: 'custom', path: ['targets'], message: `${M}targetRequired` });
  });
export type SlaRuleBody = z.output<typeof slaRuleBodySchema>;
export type SlaRuleInput = z.input<typeof slaRuleBodySchema>;

export const slaRuleSchema = named(
  'SlaRule',
  z.object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    campaign: namedRefSchema,
    enabled: z.boolean(),
    businessHours: z.boolean(),
    conditions: z.custom<ConditionGroup>(),
    targets: z.object({ low: slaTargetsSchema, medium: slaTargetsSchema, high: slaTargetsSchema }),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type SlaRule = z.infer<typeof slaRuleSchema>;

export const slaRuleListQuerySchema = z.object({
  campaignId: z.coerce.number().int().positive().optional(),
  searchText: singleLine().max(200).optional(),
  after: z.coerce.number().int().positive().optional(),
  sizePerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export const slaRulePageSchema = z.object({ data: z.array(slaRuleSchema), hasMore: z.boolean() });

export const SLA_METRIC_STATES = ['running', 'met', 'breached'] as const;

/** `GET /tickets/:id/sla`: the rule a ticket follows and each metric's deadline (the view's countdowns). */
export const ticketSlaSchema = z.object({
  rule: namedRefSchema.nullable(),
  businessHours: z.boolean(),
  metrics: z.array(
    z.object({
      metric: z.enum(SLA_METRICS),
      /** The deadline; null when the metric does not apply now (met, or no customer waiting). */
      dueAt: instantSchema.nullable(),
      state: z.enum(SLA_METRIC_STATES),
      /** When it was breached (the first breach of the current deadline), if it was. */
      breachedAt: instantSchema.nullable(),
    }),
  ),
});
export type TicketSla = z.infer<typeof ticketSlaSchema>;

/** A breach: written once per ticket, metric and deadline. */
export const slaRecordSchema = z.object({
  id: idSchema,
  rule: namedRefSchema,
  ticket: z.object({ id: idSchema, number: z.number().int() }),
  metric: z.enum(SLA_METRICS),
  /** The non-compliance date: the deadline that passed. */
  breachedAt: instantSchema,
  /** Seconds from the ticket's creation to its first response (null: none yet). */
  firstResponseSeconds: z.number().int().nullable(),
  /** Seconds the customer had been waiting for an answer when the deadline passed. */
  customerWaitingSeconds: z.number().int().nullable(),
  createdAt: instantSchema,
});
export type SlaRecord = z.infer<typeof slaRecordSchema>;
export const slaRecordPageSchema = z.object({ data: z.array(slaRecordSchema), hasMore: z.boolean() });

/** Warned this long before a deadline (or at three quarters of a shorter target). */
export const SLA_WARNING_MINUTES = 15;
