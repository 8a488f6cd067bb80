import { z } from 'zod';
import { idSchema, instantSchema, namedRefSchema } from '../admin/common.js';
import {
  type ConditionGroup,
  conditionFields,
  conditionGroupSchema,
  EMPTY_CONDITION_GROUP,
} from '../automation/conditions.js';
import { named } from '../registry.js';
import type { ChannelTypeKey } from '../structure/channels.constants.js';
import { multiLine, singleLine } from '../text.js';
import { fillTemplate, type TemplateVariable, templateVariablesOf } from './templates.constants.js';
import { WHATSAPP_HEADER_TYPES } from './whatsappTemplates.js';

/**
 * Bulk messaging (docs/bulk-messaging.md): one message to many accounts of a campaign, on one of its channels. A
 * bulk message is written once in the four-step wizard and cannot be changed after saving (only switched off); it
 * runs as numbered runs, each with one durable row per recipient, sent by jobs at the channel's rate.
 */

/** The channel types a bulk message can go out on, and what each needs: an approved template, a subject, a text. */
export const BULK_CHANNEL_TYPES = ['whatsapp', 'sms', 'email'] as const satisfies readonly ChannelTypeKey[];
export type BulkChannelType = (typeof BULK_CHANNEL_TYPES)[number];

export function isBulkChannelType(type: string): type is BulkChannelType {
  return (BULK_CHANNEL_TYPES as readonly string[]).includes(type);
}

/**
 * The bulk message's status (the spec's dialer and bulk statuses that apply): `created` until started,
 * `initialization` while its recipients are chosen, `running`, `paused`, `stopped` by a person, `finalized` when every
 * recipient was tried, `failed` when it could not run (its channel gone, say).
 */
export const BULK_STATUSES = [
  'created',
  'initialization',
  'running',
  'paused',
  'stopped',
  'finalized',
  'failed',
] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/** One recipient's progress; `sending` is claimed and handed to the provider, `skipped` never sent (opted out). */
export const BULK_RECIPIENT_STATUSES = ['new', 'sending', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type BulkRecipientStatus = (typeof BULK_RECIPIENT_STATUSES)[number];

/**
 * The actions (spec: start, stop, pause, restart, repeat, repeat failed). `start` also resumes a paused one;
 * `restart` continues a stopped or failed one where it was; `repeat` is a new run to every account matching now;
 * `repeatFailed` a new run to the last run's failed recipients.
 */
export const BULK_ACTIONS = ['start', 'pause', 'stop', 'restart', 'repeat', 'repeatFailed'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const BULK_ACTIONS_BY_STATUS: Record<BulkStatus, readonly BulkAction[]> = {
  created: ['start'],
  initialization: ['stop'],
  running: ['pause', 'stop'],
  paused: ['start', 'stop'],
  stopped: ['restart', 'repeat', 'repeatFailed'],
  finalized: ['repeat', 'repeatFailed'],
  failed: ['restart', 'repeatFailed'],
};

/** Whether an action applies to a bulk message in a status (the buttons shown, the server's check). */
export function bulkActionAllowed(status: BulkStatus, action: BulkAction): boolean {
  return BULK_ACTIONS_BY_STATUS[status].includes(action);
}

/** The variables a bulk message's text (and each WhatsApp template value) may use: the recipient's, never an agent's. */
export const BULK_VARIABLES = [
  'cliente.nombre',
  'cliente.apellido',
  'cliente.nombre_completo',
  'cliente.documento',
  'cliente.correo',
  'cliente.telefono',
  'campana.nombre',
  'empresa.nombre',
] as const satisfies readonly TemplateVariable[];
export type BulkVariable = (typeof BULK_VARIABLES)[number];

export type BulkVariableValues = Partial<Record<BulkVariable, string | null | undefined>>;

/** A bulk text filled for one recipient (unknown variables were refused when it was saved). */
export function fillBulkText(text: string, values: BulkVariableValues): string {
  return fillTemplate(text, values);
}

function onlyBulkVariables(text: string): boolean {
  return templateVariablesOf(text).every((name) => (BULK_VARIABLES as readonly string[]).includes(name));
}

/** How often it runs: once; again every N hours to accounts not messaged yet; or once at a date and time. */
export const BULK_FREQUENCIES = ['none', 'permanent', 'programmed'] as const;
export type BulkFrequencyKind = (typeof BULK_FREQUENCIES)[number];

const M = 'i18n:bulk.';

export const bulkFrequencySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('permanent'),
    everyHours: z
      .number({ message: `${M}everyHoursRequired` })
      .int({ message: `${M}everyHoursRequired` })
      .min(1, { message: `${M}everyHoursRange` })
      .max(720, { message: `${M}everyHoursRange` }),
  }),
  z.object({
    kind: z.literal('programmed'),
    at: z.iso.datetime({ offset: true, message: `${M}programmedAtRequired` }),
  }),
]);
export type BulkFrequency = z.infer<typeof bulkFrequencySchema>;

/** The customer fields the accounts step filters on: the condition language's `customer.*` fields. */
export function isBulkConditionField(field: string): boolean {
  return field.startsWith('customer.');
}

export const BULK_MAX_SELECTED = 5_000;

/**
 * Who receives it: the accounts matching the conditions (every customer, or only the campaign's accounts), all of
 * them or only the selected ones among them. Customers without a contact datum for the channel, and those who opted
 * out, are left out and counted apart.
 */
export const bulkAccountsSchema = z
  .object({
    conditions: conditionGroupSchema({ forSchedule: true }).default(EMPTY_CONDITION_GROUP),
    campaignAccountsOnly: z.boolean().default(false),
    sendTo: z.enum(['all', 'selected']).default('all'),
    customerIds: z.array(z.number().int().positive()).max(BULK_MAX_SELECTED).default([]),
  })
  .superRefine((accounts, context) => {
    if (conditionFields(accounts.conditions as ConditionGroup).some((field) => !isBulkConditionField(field))) {
      context.addIssue({ code: 'custom', path: ['conditions'], message: `${M}customerFieldsOnly` });
    }
    if (accounts.sendTo === 'selected' && accounts.customerIds.length === 0) {
      context.addIssue({ code: 'custom', path: ['customerIds'], message: `${M}selectAccounts` });
    }
  });
export type BulkAccounts = z.output<typeof bulkAccountsSchema>;
export type BulkAccountsInput = z.input<typeof bulkAccountsSchema>;

/** The wizard's four steps as one body, checked again by the server against the channel's type. */
export const bulkMessageBodySchema = z
  .object({
    name: singleLine()
      .min(1, { message: `${M}nameRequired` })
      .max(120),
    campaignId: z
      .number({ message: `${M}campaignRequired` })
      .int()
      .positive({ message: `${M}campaignRequired` }),
    channelId: z
      .number({ message: `${M}channelRequired` })
      .int()
      .positive({ message: `${M}channelRequired` }),
    /** WhatsApp: the approved template, and a value (text with variables) for each of its numbered variables. */
    whatsappTemplateId: z.number().int().positive().nullish(),
    templateValues: z.array(multiLine().max(1000)).max(20).default([]),
    /** E-mail: the subject. */
    subject: singleLine().max(200).nullish(),
    /** SMS and e-mail: the text, with variables. */
    message: multiLine().max(4000).nullish(),
    /** Each message opens a ticket in the campaign, so the conversation goes on there. */
    activeTickets: z.boolean().default(false),
    frequency: bulkFrequencySchema.default({ kind: 'none' }),
    accounts: bulkAccountsSchema,
  })
  .superRefine((body, context) => {
    if (body.message && !onlyBulkVariables(body.message)) {
      context.addIssue({ code: 'custom', path: ['message'], message: `${M}unknownVariable` });
    }
    body.templateValues.forEach((value, index) => {
      if (!value.trim()) {
        context.addIssue({ code: 'custom', path: ['templateValues', index], message: `${M}valueRequired` });
      } else if (!onlyBulkVariables(value)) {
        context.addIssue({ code: 'custom', path: ['templateValues', index], message: `${M}unknownVariable` });
      }
    });
  });
export type BulkMessageBody = z.output<typeof bulkMessageBodySchema>;
export type BulkMessageInput = z.input<typeof bulkMessageBodySchema>;

/**
 * What the channel's type requires of a body (the server checks it with the channel it loaded; the wizard with the
 * channel it offers): field path and message key of each problem.
 */
export function bulkContentProblems(
  body: Pick<BulkMessageInput, 'whatsappTemplateId' | 'subject' | 'message'>,
  channelType: string,
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (!isBulkChannelType(channelType)) return [{ path: 'channelId', message: `${M}channelNotSupported` }];
  if (channelType === 'whatsapp') {
    if (!body.whatsappTemplateId) problems.push({ path: 'whatsappTemplateId', message: `${M}templateRequired` });
  } else if (!body.message?.trim()) {
    problems.push({ path: 'message', message: `${M}messageRequired` });
  }
  if (channelType === 'email' && !body.subject?.trim()) {
    problems.push({ path: 'subject', message: `${M}subjectRequired` });
  }
  return problems;
}

/** Counters of one run, kept with every change (never counted on the fly). */
export const bulkProgressSchema = z.object({
  run: z.number().int(),
  total: z.number().int(),
  new: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  replied: z.number().int(),
});
export type BulkProgress = z.infer<typeof bulkProgressSchema>;

/** Recipients tried (every status but new and sending), as a share of the run's total: 0-100. */
export function bulkPercent(progress: BulkProgress): number {
  if (progress.total === 0) return 0;
  const done = progress.total - progress.new - progress.sending;
  return Math.min(100, Math.floor((done * 100) / progress.total));
}

export const bulkMessageSchema = named(
  'BulkMessage',
  z.object({
    id: idSchema,
    name: z.string(),
    campaign: namedRefSchema,
    channel: namedRefSchema.extend({ type: z.string() }),
    whatsappTemplate: namedRefSchema
      .extend({
        language: z.string(),
        headerText: z.string().nullable(),
        body: z.string(),
        footer: z.string().nullable(),
      })
      .nullable(),
    templateValues: z.array(z.string()),
    subject: z.string().nullable(),
    message: z.string().nullable(),
    activeTickets: z.boolean(),
    frequency: bulkFrequencySchema,
    accounts: z.object({
      conditions: z.custom<ConditionGroup>(),
      campaignAccountsOnly: z.boolean(),
      sendTo: z.enum(['all', 'selected']),
      customerIds: z.array(idSchema),
    }),
    status: z.enum(BULK_STATUSES),
    enabled: z.boolean(),
    progress: bulkProgressSchema,
    /** The share of the current run tried, 0-100 (the spec's progress). */
    percent: z.number().int(),
    nextRunAt: instantSchema.nullable(),
    startedAt: instantSchema.nullable(),
    finishedAt: instantSchema.nullable(),
    createdAt: instantSchema,
    createdBy: namedRefSchema.nullable(),
    /** Why it failed, as a message key (`failed` status). */
    problem: z.string().nullable(),
  }),
);
export type BulkMessage = z.infer<typeof bulkMessageSchema>;

export const bulkListQuerySchema = z.object({
  searchText: singleLine().max(200).optional(),
  status: z.enum(BULK_STATUSES).optional(),
  campaignId: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().positive().optional(),
  sizePerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type BulkListQuery = z.output<typeof bulkListQuerySchema>;
export const bulkPageSchema = z.object({ data: z.array(bulkMessageSchema), hasMore: z.boolean() });

export const bulkActionBodySchema = z.object({ action: z.enum(BULK_ACTIONS) });
export const bulkEnabledBodySchema = z.object({ enabled: z.boolean() });

/** The accounts step asks before saving: who would receive it now. */
export const bulkAudienceQuerySchema = z.object({
  campaignId: z.number().int().positive(),
  channelId: z.number().int().positive(),
  accounts: bulkAccountsSchema,
});
export type BulkAudienceQuery = z.output<typeof bulkAudienceQuerySchema>;

/** One account that would receive it (the accounts step's list, to select from). */
export const bulkAccountSchema = z.object({
  customerId: idSchema,
  name: z.string(),
  identificationNumber: z.string(),
  contact: z.string(),
});
export type BulkAccount = z.infer<typeof bulkAccountSchema>;

/** The matching count (recipients: what the run would message), and who is left out and why. */
export const bulkAudienceSchema = z.object({
  recipients: z.number().int(),
  withoutContact: z.number().int(),
  optedOut: z.number().int(),
});
export type BulkAudience = z.infer<typeof bulkAudienceSchema>;

export const bulkAccountsPageQuerySchema = bulkAudienceQuerySchema.extend({
  searchText: singleLine().max(200).optional(),
  after: z.number().int().positive().optional(),
  sizePerPage: z.number().int().min(1).max(100).default(25),
});
export const bulkAccountsPageSchema = z.object({ data: z.array(bulkAccountSchema), hasMore: z.boolean() });

export const bulkRecipientSchema = z.object({
  id: idSchema,
  customer: namedRefSchema,
  contact: z.string(),
  status: z.enum(BULK_RECIPIENT_STATUSES),
  error: z.string().nullable(),
  sentAt: instantSchema.nullable(),
  deliveredAt: instantSchema.nullable(),
  readAt: instantSchema.nullable(),
  /** The ticket its conversation is on (active tickets) or that its reply opened. */
  ticketId: idSchema.nullable(),
  repliedAt: instantSchema.nullable(),
});
export type BulkRecipient = z.infer<typeof bulkRecipientSchema>;

export const bulkRecipientsQuerySchema = z.object({
  run: z.coerce.number().int().positive().optional(),
  status: z.enum(BULK_RECIPIENT_STATUSES).optional(),
  after: z.coerce.number().int().positive().optional(),
  sizePerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export const bulkRecipientsPageSchema = z.object({ data: z.array(bulkRecipientSchema), hasMore: z.boolean() });

/** What the wizard offers: the campaigns the user manages with their channels that can send bulk. */
export const bulkOptionsSchema = z.object({
  campaigns: z.array(
    namedRefSchema.extend({
      channels: z.array(
        namedRefSchema.extend({
          type: z.enum(BULK_CHANNEL_TYPES),
          /** WhatsApp: the channel's approved templates, with how many numbered variables each takes. */
          templates: z.array(
            namedRefSchema.extend({
              language: z.string(),
              headerText: z.string().nullable(),
              body: z.string(),
              footer: z.string().nullable(),
              variables: z.number().int(),
              /** For the preview: the header's kind and file, and the buttons' labels. */
              headerType: z.enum(WHATSAPP_HEADER_TYPES),
              media: z.object({ filename: z.string(), contentType: z.string(), url: z.string() }).nullable(),
              buttons: z.array(z.object({ text: z.string() })),
            }),
          ),
        }),
      ),
    }),
  ),
  variables: z.array(z.enum(BULK_VARIABLES)),
  /**
   * Optional, for the accounts step's conditions: what `customer.ownerUserId` (users) and `customer.labels`
   * (customer labels) offer by name. Without them the wizard offers no names for those two fields.
   */
  users: z.array(namedRefSchema).optional(),
  labels: z.array(namedRefSchema).optional(),
});
export type BulkOptions = z.infer<typeof bulkOptionsSchema>;

/** The realtime progress of one bulk message (its campaign's supervisors and whoever has it open). */
export const BULK_PROGRESS_EVENT = 'bulk-progress';
export interface BulkProgressEvent {
  bulkMessageId: number;
  status: BulkStatus;
  progress: BulkProgress;
}

/** Words that opt a customer out of bulk messaging when a whole inbound message says only that (any case). */
export const DEFAULT_OPT_OUT_WORDS = ['STOP', 'BAJA', 'CANCELAR', 'UNSUBSCRIBE'] as const;
