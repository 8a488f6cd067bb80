import { z } from 'zod';
import { idSchema, instantSchema, namedRefSchema } from '../admin/common.js';
import {
  type ConditionGroup,
  conditionFields,
  conditionGroupSchema,
  EMPTY_CONDITION_GROUP,
} from '../automation/conditions.js';
import { isBulkConditionField } from '../messaging/bulk.js';
import { named } from '../registry.js';
import { singleLine, singleLineRule } from '../text.js';

/**
 * Dialers (docs/dialers.md): automatic calling of a campaign's accounts. A dialer is configured here (how many
 * telephone channels, parallel calls per agent, tries per customer, rings per call), its accounts are chosen when it
 * is saved (the campaign's customers with a phone, filtered like bulk messaging's accounts step) and kept as one row
 * each; the voice layer places the calls.
 */

/** Call the campaign's accounts and hand answered calls to agents; play a recorded audio; ring an extension. */
export const DIALER_TYPES = ['call_campaign', 'play_audio', 'call_extension'] as const;
export type DialerType = (typeof DIALER_TYPES)[number];

/**
 * `created` until first started, `initialization` while a start prepares it, `running`, `paused`, `stopped` by a
 * person, `finalized` when no account is left to call, `failed` when it could not run.
 */
export const DIALER_STATUSES = [
  'created',
  'initialization',
  'running',
  'paused',
  'stopped',
  'finalized',
  'failed',
] as const;
export type DialerStatus = (typeof DIALER_STATUSES)[number];

/**
 * An account's dialing state: `new` waits for its (next) try, `executed` has a call in progress, `success` was
 * answered, `failed` used every try without an answer (or its number cannot be dialled).
 */
export const DIALER_ACCOUNT_STATUSES = ['new', 'executed', 'success', 'failed'] as const;
export type DialerAccountStatus = (typeof DIALER_ACCOUNT_STATUSES)[number];

/** How one call ended. */
/**
 * How a try ended: answered (a person took the call, or the customer heard a play-audio dialer's file), no answer,
 * busy, failed, or dropped (the customer answered but no agent was free: a dialer without sendToQueue lets them go).
 * Every outcome but answered leaves the account for its next try.
 */
export const DIALER_OUTCOMES = ['answered', 'no_answer', 'busy', 'failed', 'dropped'] as const;
export type DialerOutcome = (typeof DIALER_OUTCOMES)[number];

/**
 * The actions (spec: start, stop, pause, restart, repeat, repeat failed, play). `start` also resumes a paused one;
 * `restart` puts every account back to new with no tries and starts again; `repeat` calls again the accounts not
 * successful; `repeatFailed` only the failed ones; `play` starts a play-audio dialer (its audio to every account).
 */
export const DIALER_ACTIONS = ['start', 'pause', 'stop', 'restart', 'repeat', 'repeatFailed', 'play'] as const;
export type DialerAction = (typeof DIALER_ACTIONS)[number];

export const DIALER_ACTIONS_BY_STATUS: Record<DialerStatus, readonly DialerAction[]> = {
  created: ['start', 'play'],
  initialization: ['stop'],
  running: ['pause', 'stop'],
  paused: ['start', 'play', 'stop'],
  stopped: ['start', 'play', 'restart'],
  finalized: ['restart', 'repeat', 'repeatFailed'],
  failed: ['restart'],
};

/** The actions that place calls: refused while telephony is not configured. */
export const DIALER_TELEPHONY_ACTIONS: readonly DialerAction[] = ['start', 'restart', 'repeat', 'repeatFailed', 'play'];

/** Whether an action applies to a dialer of a type in a status (the buttons shown, the server's check). */
export function dialerActionAllowed(status: DialerStatus, type: DialerType, action: DialerAction): boolean {
  if (action === 'play' && type !== 'play_audio') return false;
  return DIALER_ACTIONS_BY_STATUS[status].includes(action);
}

/** The actions offered for a dialer: `play` stands in for `start` on play-audio dialers. */
export function dialerActionsOf(status: DialerStatus, type: DialerType): DialerAction[] {
  return DIALER_ACTIONS_BY_STATUS[status].filter(
    (action) => dialerActionAllowed(status, type, action) && !(action === 'start' && type === 'play_audio'),
  );
}

/** A dialer's settings may change only while it is not calling. */
export const DIALER_EDITABLE_STATUSES: readonly DialerStatus[] = ['created', 'stopped', 'finalized', 'failed'];

export const DIALER_LIMITS = {
  channels: { min: 1, max: 500 },
  parallels: { min: 1, max: 10 },
  tries: { min: 1, max: 10 },
  rings: { min: 1, max: 20 },
} as const;

/** The audio a play-audio dialer plays: WAV, MP3 or Ogg, recognised by content. */
export const DIALER_AUDIO_TYPES = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg' } as const;
export const DIALER_AUDIO_MAX_BYTES = 10 * 1024 * 1024;
/** Up to this many accounts may be picked by hand (the rest: conditions). */
export const DIALER_MAX_SELECTED = 5_000;

const M = 'i18n:dialers.';

const count = (field: keyof typeof DIALER_LIMITS) =>
  z
    .number({ message: `${M}${field}Range` })
    .int({ message: `${M}${field}Range` })
    .min(DIALER_LIMITS[field].min, { message: `${M}${field}Range` })
    .max(DIALER_LIMITS[field].max, { message: `${M}${field}Range` });

/**
 * Whom it calls among the campaign's accounts that have a phone: those matching the conditions on customer fields,
 * all of them or only the selected ones.
 */
export const dialerAccountsSchema = z
  .object({
    conditions: conditionGroupSchema({ forSchedule: true }).default(EMPTY_CONDITION_GROUP),
    sendTo: z.enum(['all', 'selected']).default('all'),
    customerIds: z.array(z.number().int().positive()).max(DIALER_MAX_SELECTED).default([]),
  })
  .superRefine((accounts, context) => {
    if (conditionFields(accounts.conditions as ConditionGroup).some((field) => !isBulkConditionField(field))) {
      context.addIssue({ code: 'custom', path: ['conditions'], message: `${M}customerFieldsOnly` });
    }
    if (accounts.sendTo === 'selected' && accounts.customerIds.length === 0) {
      context.addIssue({ code: 'custom', path: ['customerIds'], message: `${M}selectAccounts` });
    }
  });
export type DialerAccounts = z.output<typeof dialerAccountsSchema>;
export type DialerAccountsInput = z.input<typeof dialerAccountsSchema>;

/** An uploaded audio file as the form names it (the key the upload answered). */
export const dialerAudioRefSchema = z.object({
  key: singleLine().min(1).max(200),
  filename: singleLine().min(1).max(255),
});

/** An internal extension: digits, and * or # as a PBX writes them. */
export const DIALER_EXTENSION = /^[0-9*#]{1,20}$/;

export const dialerBodySchema = z
  .object({
    campaignId: z
      .number({ message: `${M}campaignRequired` })
      .int({ message: `${M}campaignRequired` })
      .positive({ message: `${M}campaignRequired` }),
    label: z
      .string({ message: `${M}labelRequired` })
      .trim()
      .check(singleLineRule)
      .min(1, { message: `${M}labelRequired` })
      .max(120, { message: `${M}labelTooLong` }),
    type: z.enum(DIALER_TYPES, { message: `${M}typeRequired` }),
    channels: count('channels'),
    parallels: count('parallels'),
    tries: count('tries'),
    rings: count('rings'),
    /** Call extension: the extension every answered call is put through to. */
    extension: singleLine().max(20).nullish(),
    /** Play audio: the uploaded file. */
    audio: dialerAudioRefSchema.nullish(),
    /** Answered calls go to the campaign's queue (routed like any ticket) instead of waiting for a free agent. */
    sendToQueue: z.boolean().default(false),
    accounts: dialerAccountsSchema,
  })
  .superRefine(
    (body, context) => {
      if (body.type === 'call_extension') {
        if (!body.extension) {
          context.addIssue({ code: 'custom', path: ['extension'], message: `${M}extensionRequired` });
        } else if (typeof body.extension !== 'string' || !DIALER_EXTENSION.test(body.extension)) {
          context.addIssue({ code: 'custom', path: ['extension'], message: `${M}extensionFormat` });
        }
      }
      if (body.type === 'play_audio' && !body.audio) {
        context.addIssue({ code: 'custom', path: ['audio'], message: `${M}audioRequired` });
      }
    },
    // Also when other fields are wrong: the form shows what the type needs with the rest at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );
export type DialerBody = z.output<typeof dialerBodySchema>;
export type DialerInput = z.input<typeof dialerBodySchema>;

/** Counters kept on the dialer with every change of its accounts (never counted per row of the list). */
export const dialerCountsSchema = z.object({
  /** Accounts to call (the spec's registries). */
  registries: z.number().int(),
  new: z.number().int(),
  executed: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
});
export type DialerCounts = z.infer<typeof dialerCountsSchema>;

/**
 * `dialer-progress`: a dialer's status and counters as its calls are placed and settled and its actions run, to its
 * campaign's supervisors and its author, at most once a second per dialer (the last change of a burst always sent).
 */
export const DIALER_PROGRESS_EVENT = 'dialer-progress';
export interface DialerProgressEvent {
  dialerId: number;
  status: DialerStatus;
  counts: DialerCounts;
}

export const dialerAudioSchema = z.object({
  /** The stored file's key: an edit that keeps the audio names it again. */
  key: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Where the file is read (authenticated), relative to the API. */
  url: z.string(),
});

export const dialerSchema = named(
  'Dialer',
  z.object({
    id: idSchema,
    campaign: namedRefSchema,
    label: z.string(),
    type: z.enum(DIALER_TYPES),
    channels: z.number().int(),
    parallels: z.number().int(),
    tries: z.number().int(),
    rings: z.number().int(),
    extension: z.string().nullable(),
    audio: dialerAudioSchema.nullable(),
    sendToQueue: z.boolean(),
    accounts: z.object({
      conditions: z.custom<ConditionGroup>(),
      sendTo: z.enum(['all', 'selected']),
      customerIds: z.array(idSchema),
    }),
    status: z.enum(DIALER_STATUSES),
    /** Why it failed, as a message key (`failed` status). */
    problem: z.string().nullable(),
    counts: dialerCountsSchema,
    createdAt: instantSchema,
    updatedAt: instantSchema,
    /** Its latest start (null: never started, so its accounts may still be chosen again). */
    startedAt: instantSchema.nullable(),
    finishedAt: instantSchema.nullable(),
    createdBy: namedRefSchema.nullable(),
  }),
);
export type Dialer = z.infer<typeof dialerSchema>;

/** One dialer with whether calls can be placed now (the view's notice and its start button). */
export const dialerDetailSchema = named('DialerDetail', dialerSchema.extend({ telephonyConfigured: z.boolean() }));
export type DialerDetail = z.infer<typeof dialerDetailSchema>;

export const dialerListQuerySchema = z.object({
  status: z.enum(DIALER_STATUSES).optional(),
  campaignId: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().positive().optional(),
  sizePerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type DialerListQuery = z.output<typeof dialerListQuerySchema>;
export const dialerPageSchema = z.object({
  data: z.array(dialerSchema),
  hasMore: z.boolean(),
  telephonyConfigured: z.boolean(),
});
export type DialerPage = z.infer<typeof dialerPageSchema>;

export const dialerActionBodySchema = z.object({ action: z.enum(DIALER_ACTIONS) });

/** One account of a dialer with its dialing state. */
export const dialerAccountSchema = z.object({
  id: idSchema,
  customer: namedRefSchema,
  /** E.164 (`+` and the digits). */
  phone: z.string(),
  status: z.enum(DIALER_ACCOUNT_STATUSES),
  attempts: z.number().int(),
  lastOutcome: z.enum(DIALER_OUTCOMES).nullable(),
  lastAttemptAt: instantSchema.nullable(),
  nextAttemptAt: instantSchema.nullable(),
});
export type DialerAccount = z.infer<typeof dialerAccountSchema>;

export const dialerAccountsQuerySchema = z.object({
  status: z.enum(DIALER_ACCOUNT_STATUSES).optional(),
  after: z.coerce.number().int().positive().optional(),
  sizePerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export const dialerAccountsPageSchema = z.object({ data: z.array(dialerAccountSchema), hasMore: z.boolean() });

/** The view's charts: attempts per hour (the latest 48 hours with attempts) and accounts by dialing state. */
export const dialerStatsSchema = z.object({
  attemptsPerHour: z.array(
    z.object({
      /** The hour's start (UTC instant). */
      hour: instantSchema,
      attempts: z.number().int(),
      answered: z.number().int(),
    }),
  ),
  accountsByStatus: z.object({
    new: z.number().int(),
    executed: z.number().int(),
    success: z.number().int(),
    failed: z.number().int(),
  }),
});
export type DialerStats = z.infer<typeof dialerStatsSchema>;

/** The form asks before saving: how many accounts it would call now. */
export const dialerAudienceQuerySchema = z.object({
  campaignId: z.number().int().positive(),
  accounts: dialerAccountsSchema,
});
export type DialerAudienceQuery = z.output<typeof dialerAudienceQuerySchema>;

/** Accounts with a phone it would call (one per phone), and the campaign's matching accounts without one. */
export const dialerAudienceSchema = z.object({
  accounts: z.number().int(),
  withoutPhone: z.number().int(),
});
export type DialerAudience = z.infer<typeof dialerAudienceSchema>;

export const dialerCandidatesQuerySchema = dialerAudienceQuerySchema.extend({
  searchText: singleLine().max(200).optional(),
  after: z.number().int().positive().optional(),
  sizePerPage: z.number().int().min(1).max(100).default(25),
});
/** One account that would be called (the form's list to select from). */
export const dialerCandidateSchema = z.object({
  customerId: idSchema,
  name: z.string(),
  identificationNumber: z.string(),
  phone: z.string(),
});
export type DialerCandidate = z.infer<typeof dialerCandidateSchema>;
export const dialerCandidatesPageSchema = z.object({ data: z.array(dialerCandidateSchema), hasMore: z.boolean() });

/** What the form offers: the caller's campaigns, and names for the conditions' people and labels. */
export const dialerOptionsSchema = z.object({
  campaigns: z.array(namedRefSchema),
  users: z.array(namedRefSchema),
  labels: z.array(namedRefSchema),
  telephonyConfigured: z.boolean(),
});
export type DialerOptions = z.infer<typeof dialerOptionsSchema>;

/** What an audio upload answers: the key the dialer then names, and what the file is. */
export const dialerAudioUploadSchema = z.object({
  key: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type DialerAudioUpload = z.infer<typeof dialerAudioUploadSchema>;
