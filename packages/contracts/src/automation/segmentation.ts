import { z } from 'zod';
import { idSchema, instantSchema, namedRefSchema, optionalText } from '../admin/common.js';
import { named } from '../registry.js';
import { singleLine } from '../text.js';
import { type ConditionGroup, conditionFields, conditionGroupSchema } from './conditions.js';

/**
 * Segmentation (docs/automation.md): the open tickets of a base campaign are sorted into other campaigns by segments,
 * each a destination campaign and conditions; a ticket goes to the first segment it matches, with its history, and
 * is routed there. It runs on a schedule (from `startTime`, every `frequencyHours`) or when a ticket of the base
 * campaign is updated or gets a task.
 */
export const SEGMENTATION_KINDS = ['trigger', 'automation'] as const;
export const SEGMENTATION_TRIGGERS = ['ticketUpdated', 'taskCreated'] as const;
export type SegmentationTrigger = (typeof SEGMENTATION_TRIGGERS)[number];
export const SEGMENTATION_MAX_SEGMENTS = 20;

const M = 'i18n:automation.segmentation.';
const positiveId = z.number({ message: 'i18n:automation.rules.referenceRequired' }).int().positive();

export const segmentBodySchema = z.object({
  name: singleLine()
    .min(1, { message: `${M}segmentNameRequired` })
    .max(120),
  destinationCampaignId: positiveId,
  conditions: conditionGroupSchema({ forSchedule: true }),
});
export type SegmentBody = z.output<typeof segmentBodySchema>;

export const segmentationBodySchema = z
  .object({
    name: singleLine()
      .min(1, { message: `${M}nameRequired` })
      .max(120),
    description: optionalText(1000, { multiLine: true }),
    baseCampaignId: positiveId,
    kind: z.enum(SEGMENTATION_KINDS),
    /** Trigger segmentations: the event of a base-campaign ticket that sorts it. */
    triggerWhen: z.enum(SEGMENTATION_TRIGGERS).nullish(),
    /** Automation segmentations: the first run (ISO instant), then every `frequencyHours`. */
    startTime: z.iso.datetime({ offset: true, message: 'i18n:automation.conditions.valueDatetime' }).nullish(),
    frequencyHours: z.number().int().min(1).max(720).nullish(),
    enabled: z.boolean().default(true),
    segments: z
      .array(segmentBodySchema)
      .min(1, { message: `${M}segmentRequired` })
      .max(SEGMENTATION_MAX_SEGMENTS),
  })
  .superRefine((body, context) => {
    if (body.kind === 'trigger' && !body.triggerWhen) {
      context.addIssue({ code: 'custom', path: ['triggerWhen'], message: 'i18n:automation.rules.triggerRequired' });
    }
    if (body.kind === 'automation') {
      if (!body.startTime) context.addIssue({ code: 'custom', path: ['startTime'], message: `${M}startRequired` });
      if (!body.frequencyHours) {
        context.addIssue({ code: 'custom', path: ['frequencyHours'], message: `${M}frequencyRequired` });
      }
    }
    body.segments.forEach((segment, index) => {
      if (segment.destinationCampaignId === body.baseCampaignId) {
        context.addIssue({
          code: 'custom',
          path: ['segments', index, 'destinationCampaignId'],
          message: `${M}sameCampaign`,
        });
      }
    });
  });
export type SegmentationBody = z.output<typeof segmentationBodySchema>;
export type SegmentationInput = z.input<typeof segmentationBodySchema>;

export const segmentSchema = z.object({
  id: idSchema,
  name: z.string(),
  destinationCampaign: namedRefSchema,
  conditions: z.custom<ConditionGroup>(),
});

/** What one run did: the base campaign's open tickets before and after, and how many went to each segment. */
export const segmentationRunSchema = named(
  'SegmentationRun',
  z.object({
    id: idSchema,
    trigger: z.enum(['schedule', 'manual', ...SEGMENTATION_TRIGGERS]),
    initialCases: z.number().int(),
    finalCases: z.number().int(),
    moved: z.array(z.object({ segmentId: idSchema, name: z.string(), count: z.number().int() })),
    createdAt: instantSchema,
  }),
);
export type SegmentationRun = z.infer<typeof segmentationRunSchema>;

export const segmentationSchema = named(
  'Segmentation',
  z.object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    baseCampaign: namedRefSchema,
    kind: z.enum(SEGMENTATION_KINDS),
    triggerWhen: z.enum(SEGMENTATION_TRIGGERS).nullable(),
    startTime: instantSchema.nullable(),
    frequencyHours: z.number().int().nullable(),
    enabled: z.boolean(),
    segments: z.array(segmentSchema),
    nextRunAt: instantSchema.nullable(),
    lastRunAt: instantSchema.nullable(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type Segmentation = z.infer<typeof segmentationSchema>;

export const segmentationListQuerySchema = z.object({
  searchText: singleLine().max(200).optional(),
  after: z.coerce.number().int().positive().optional(),
  sizePerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export const segmentationPageSchema = z.object({ data: z.array(segmentationSchema), hasMore: z.boolean() });

/**
 * The view page's dashboard (spec: initial and final cases, synced fields, last 5 executions): the base campaign's
 * open tickets now and how many the segments would take now, the fields the segments read, the last 5 runs.
 */
export const segmentationDashboardSchema = z.object({
  segmentation: segmentationSchema,
  openCases: z.number().int(),
  matchingNow: z.array(z.object({ segmentId: idSchema, count: z.number().int() })),
  syncedFields: z.array(z.string()),
  lastRuns: z.array(segmentationRunSchema),
});
export type SegmentationDashboard = z.infer<typeof segmentationDashboardSchema>;

/** The runs a dashboard lists (spec section 9). */
export const SEGMENTATION_LAST_RUNS = 5;

/** The fields a segmentation's segments read, each once. */
export function segmentationFields(segments: readonly { conditions: ConditionGroup }[]): string[] {
  return [...new Set(segments.flatMap((segment) => conditionFields(segment.conditions)))];
}
