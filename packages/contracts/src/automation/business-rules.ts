import { z } from 'zod';
import { idSchema, instantSchema, namedRefSchema, optionalText } from '../admin/common.js';
import { named } from '../registry.js';
import { multiLine, singleLine, singleLineRule } from '../text.js';
import { TICKET_PRIORITY } from '../tickets/tickets.constants.js';
import { type ConditionGroup, conditionFields, conditionGroupSchema } from './conditions.js';

/**
 * Business rules (docs/automation.md): on a ticket's event (trigger) or on a schedule (automation), the tickets of a
 * campaign that match the conditions get the rule's actions, in order. Every execution is logged.
 */
export const RULE_KINDS = ['trigger', 'automation'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** What a trigger rule listens to. */
export const RULE_TRIGGER_EVENTS = [
  'ticketCreated',
  'ticketUpdated',
  'statusChanged',
  'assigned',
  'messageReceived',
  'taskCreated',
] as const;
export type RuleTriggerEvent = (typeof RULE_TRIGGER_EVENTS)[number];

export const RULE_ACTION_TYPES = [
  'assignAgent',
  'assignBySkill',
  'assignByDistribution',
  'setPriority',
  'setStatus',
  'setType',
  'addCustomerLabel',
  'addTask',
  'transferToCampaign',
  'notifySupervisors',
  'sendTemplate',
  'sendEmail',
  'webhook',
  'close',
] as const;
export type RuleActionType = (typeof RULE_ACTION_TYPES)[number];

const M = 'i18n:automation.rules.';
const positiveId = z
  .number({ message: `${M}referenceRequired` })
  .int()
  .positive();

/** A webhook's address: http(s) only; the outbound policy checks its host when saved and when called. */
const webhookUrl = z
  .string()
  .trim()
  .max(2000)
  .check(singleLineRule)
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, { message: `${M}webhookUrl` });

/** The actions as saved and answered alike (the webhook's differ: its secret is write-only). */
const plainActions = [
  z.object({ type: z.literal('assignAgent'), userId: positiveId }),
  /** To the least busy available agent of the campaign (and the ticket's channel) who has the skill. */
  z.object({ type: z.literal('assignBySkill'), skillId: positiveId }),
  /** Open or escalate, as the state machine allows from where the ticket is (closing is `close`). */
  z.object({ type: z.literal('setStatus'), status: z.union([z.literal(1), z.literal(2)]) }),
  /** Back to the campaign's queue: routing hands it to the next available agent by its distribution. */
  z.object({ type: z.literal('assignByDistribution') }),
  z.object({
    type: z.literal('setPriority'),
    priority: z.union(Object.values(TICKET_PRIORITY).map((value) => z.literal(value)) as [z.ZodLiteral<number>]),
  }),
  z.object({ type: z.literal('setType'), typeId: positiveId }),
  z.object({ type: z.literal('addCustomerLabel'), labelId: positiveId }),
  z.object({
    type: z.literal('addTask'),
    notes: multiLine()
      .trim()
      .min(1, { message: `${M}textRequired` })
      .max(2000),
    /** The task's next follow-up, this many minutes after the rule ran (none: no follow-up). */
    nextTaskInMinutes: z.number().int().min(1).max(525_600).nullish(),
  }),
  z.object({ type: z.literal('transferToCampaign'), campaignId: positiveId }),
  z.object({
    type: z.literal('notifySupervisors'),
    message: singleLine()
      .min(1, { message: `${M}textRequired` })
      .max(500),
  }),
  /** A message template filled for the ticket, sent on its latest conversation (the channel's reply rules apply). */
  z.object({ type: z.literal('sendTemplate'), templateId: positiveId }),
  z.object({
    type: z.literal('sendEmail'),
    to: z
      .array(z.email({ message: `${M}emailInvalid` }).max(254))
      .min(1, { message: `${M}emailRequired` })
      .max(20),
    subject: singleLine()
      .min(1, { message: `${M}textRequired` })
      .max(200),
    body: multiLine()
      .trim()
      .min(1, { message: `${M}textRequired` })
      .max(10_000),
  }),
  z.object({ type: z.literal('close') }),
] as const;

export const ruleActionSchema = z.discriminatedUnion('type', [
  ...plainActions,
  z.object({
    type: z.literal('webhook'),
    url: webhookUrl,
    /**
     * Signs each call (HMAC-SHA256 of the body in `X-Atiende-Signature`). Write-only: answers say `hasSecret`;
     * omitted on an update, the saved one stays.
     */
    secret: z
      .string()
      .min(16, { message: `${M}secretLength` })
      .max(200)
      .check(singleLineRule)
      .optional(),
    timeoutSeconds: z.number().int().min(1).max(30).default(10),
  }),
]);
export type RuleAction = z.output<typeof ruleActionSchema>;
export type RuleActionInput = z.input<typeof ruleActionSchema>;

export const RULE_MAX_ACTIONS = 20;
/** How often an automation rule may be evaluated, in minutes. */
export const RULE_MIN_EVERY_MINUTES = 5;

export const businessRuleBodySchema = z
  .object({
    name: singleLine()
      .min(1, { message: `${M}nameRequired` })
      .max(120),
    description: optionalText(1000, { multiLine: true }),
    campaignId: positiveId,
    enabled: z.boolean().default(true),
    kind: z.enum(RULE_KINDS),
    /** Trigger rules: the event they listen to. */
    triggerEvent: z.enum(RULE_TRIGGER_EVENTS).nullish(),
    /** Automation rules: evaluated this often (minutes). */
    everyMinutes: z.number().int().min(RULE_MIN_EVERY_MINUTES).max(10_080).nullish(),
    conditions: conditionGroupSchema(),
    actions: z
      .array(ruleActionSchema)
      .min(1, { message: `${M}actionRequired` })
      .max(RULE_MAX_ACTIONS),
  })
  .superRefine((rule, context) => {
    if (rule.kind === 'trigger' && !rule.triggerEvent) {
      context.addIssue({ code: 'custom', path: ['triggerEvent'], message: `${M}triggerRequired` });
    }
    if (rule.kind === 'automation') {
      if (!rule.everyMinutes) {
        context.addIssue({ code: 'custom', path: ['everyMinutes'], message: `${M}everyRequired` });
      }
      if (conditionFields(rule.conditions, (condition) => condition.operator === 'changedTo').length) {
        context.addIssue({
          code: 'custom',
          path: ['conditions'],
          message: 'i18n:automation.conditions.changedToNeedsEvent',
        });
      }
    }
  });
export type BusinessRuleBody = z.output<typeof businessRuleBodySchema>;
export type BusinessRuleInput = z.input<typeof businessRuleBodySchema>;

/** An action as answered: a webhook's secret never, only whether one is saved. */
export const ruleActionViewSchema = z.discriminatedUnion('type', [
  ...plainActions,
  z.object({ type: z.literal('webhook'), url: z.string(), timeoutSeconds: z.number().int(), hasSecret: z.boolean() }),
]);
export type RuleActionView = z.infer<typeof ruleActionViewSchema>;

export const RULE_EXECUTION_STATUSES = ['succeeded', 'failed', 'skipped'] as const;
export type RuleExecutionStatus = (typeof RULE_EXECUTION_STATUSES)[number];
export const RULE_ACTION_OUTCOMES = ['done', 'failed', 'skipped', 'queued'] as const;

/** One action of an execution: what became of it, with a short detail (a webhook's HTTP status, an error). */
export const ruleActionOutcomeSchema = z.object({
  type: z.enum(RULE_ACTION_TYPES),
  outcome: z.enum(RULE_ACTION_OUTCOMES),
  detail: z.string().nullable(),
});
export type RuleActionOutcome = z.infer<typeof ruleActionOutcomeSchema>;

export const ruleExecutionSchema = named(
  'BusinessRuleExecution',
  z.object({
    id: idSchema,
    rule: namedRefSchema,
    ticket: z.object({ id: idSchema, number: z.number().int() }),
    /** The event that triggered it, or `schedule` for an automation. */
    trigger: z.enum([...RULE_TRIGGER_EVENTS, 'schedule']),
    status: z.enum(RULE_EXECUTION_STATUSES),
    actions: z.array(ruleActionOutcomeSchema),
    /** Why it failed or was skipped (the loop guard), in the reader's language. */
    detail: z.string().nullable(),
    createdAt: instantSchema,
  }),
);
export type RuleExecution = z.infer<typeof ruleExecutionSchema>;

export const businessRuleSchema = named(
  'BusinessRule',
  z.object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    campaign: namedRefSchema,
    enabled: z.boolean(),
    kind: z.enum(RULE_KINDS),
    triggerEvent: z.enum(RULE_TRIGGER_EVENTS).nullable(),
    everyMinutes: z.number().int().nullable(),
    conditions: z.custom<ConditionGroup>(),
    actions: z.array(ruleActionViewSchema),
    lastRunAt: instantSchema.nullable(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type BusinessRule = z.infer<typeof businessRuleSchema>;

export const businessRuleListQuerySchema = z.object({
  campaignId: z.coerce.number().int().positive().optional(),
  searchText: singleLine().max(200).optional(),
  /** Keyset: the last id of the previous page. */
  after: z.coerce.number().int().positive().optional(),
  sizePerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export const businessRulePageSchema = z.object({ data: z.array(businessRuleSchema), hasMore: z.boolean() });

export const ruleExecutionsQuerySchema = z.object({
  /** Keyset: the last id of the previous page (newest first). */
  before: z.coerce.number().int().positive().optional(),
  sizePerPage: z.coerce.number().int().min(1).max(100).default(20),
});
export const ruleExecutionPageSchema = z.object({ data: z.array(ruleExecutionSchema), hasMore: z.boolean() });

/** How many of a campaign's open tickets the conditions match now (`capped`: at least `count`). */
export const rulePreviewBodySchema = z.object({ campaignId: positiveId, conditions: conditionGroupSchema() });
export const rulePreviewSchema = z.object({ count: z.number().int(), capped: z.boolean() });
export const RULE_PREVIEW_CAP = 10_000;

/** The loop guard: how many rules one event's chain may run through before the rest are skipped. */
export const RULE_CHAIN_MAX = 5;
