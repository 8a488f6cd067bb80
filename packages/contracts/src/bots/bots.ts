import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, namedRefSchema, personRefSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { multiLine, singleLine } from '../text.js';
import { BOT_ACTIONS, BOT_FLOW_PROBLEMS, botFlowSchema } from './flow.js';

/** What ends a conversation whose customer stopped answering: never (0 minutes), or after them with an action. */
export const botSilenceSchema = z.object({
  minutes: z.number().int().min(0).max(1440).default(0),
  action: z.enum(
    BOT_ACTIONS.filter((action) => action !== 'transferToCampaign') as [
      'transferToAgent',
      'finishConversation',
      'releaseConversation',
    ],
  ),
  /** Said before the action. */
  text: multiLine().trim().max(1000).default(''),
});
export type BotSilence = z.output<typeof botSilenceSchema>;
export const DEFAULT_BOT_SILENCE: BotSilence = { minutes: 0, action: 'finishConversation', text: '' };

/** A bot: its name and description, whether it runs, and its versions (at most one published: the one that runs). */
export const botBodySchema = z.object({
  name: singleLine().trim().min(2).max(120),
  description: multiLine().trim().max(1000).default(''),
  enabled: z.boolean().default(true),
  silence: botSilenceSchema.default(DEFAULT_BOT_SILENCE),
});
export type BotBody = z.output<typeof botBodySchema>;

/** Creating a bot saves its first version (a draft) with the flow drawn so far. */
export const botCreateSchema = botBodySchema.extend({ flow: botFlowSchema });
export type BotCreate = z.output<typeof botCreateSchema>;

/** A version saved as new or updated: its flow and an optional note of what changed. */
export const botVersionBodySchema = z.object({
  flow: botFlowSchema,
  note: singleLine().trim().max(200).default(''),
});
export type BotVersionBody = z.output<typeof botVersionBodySchema>;

export const botListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'name').extend({
  enabled: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export const botVersionSummarySchema = z.object({
  id: idSchema,
  number: z.number().int(),
  note: z.string(),
  published: z.boolean(),
  publishedAt: instantSchema.nullable(),
  nodes: z.number().int(),
  updatedBy: personRefSchema.nullable(),
  updatedAt: instantSchema,
});
export type BotVersionSummary = z.infer<typeof botVersionSummarySchema>;

export const botSchema = named(
  'Bot',
  z.object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    enabled: z.boolean(),
    silence: botSilenceSchema,
    /** The version that runs; null while none is published. */
    publishedVersion: z.object({ id: idSchema, number: z.number().int() }).nullable(),
    /** Newest first. */
    versions: z.array(botVersionSummarySchema),
    /** The channels whose new conversations it answers (a channel has one bot at most). */
    channels: z.array(namedRefSchema),
    /** The names of its web services' secrets (`{{secreto.<name>}}`); their values never come back. */
    secretNames: z.array(z.string()),
    createdBy: personRefSchema.nullable(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type Bot = z.infer<typeof botSchema>;

export const botListItemSchema = botSchema.omit({ versions: true }).extend({ versionCount: z.number().int() });
export type BotListItem = z.infer<typeof botListItemSchema>;

export const botVersionSchema = named(
  'BotVersion',
  botVersionSummarySchema.extend({ botId: idSchema, flow: botFlowSchema }),
);
export type BotVersion = z.infer<typeof botVersionSchema>;

/** A secret's name, as web service nodes name it: `{{secreto.<name>}}`. */
export const BOT_SECRET_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * The bot's secrets for its web service nodes (API keys, tokens): write-only. Each name set to a value stores it,
 * to null removes it; names left out stay. Only a web service's URL, headers and body can use them, never a text
 * the customer reads; exports leave them out.
 */
export const botSecretsBodySchema = z.object({
  secrets: z
    .record(
      singleLine().regex(BOT_SECRET_NAME, { message: 'i18n:bots.secretNameFormat' }),
      singleLine().min(1).max(4000).nullable(),
    )
    .refine((secrets) => Object.keys(secrets).length <= 30, { message: 'i18n:bots.tooManySecrets' }),
});

/** The channels a bot answers: exactly these (a channel another bot answered moves to this one). */
export const botChannelsBodySchema = z.object({
  channelIds: z.array(z.number().int().positive()).max(200).default([]),
});

export const botVersionParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  versionId: z.coerce.number().int().positive(),
});

/** Why a version cannot be published: each problem of its flow, with the node it concerns. */
export const botFlowProblemSchema = z.object({
  code: z.enum(BOT_FLOW_PROBLEMS),
  nodeId: z.string().optional(),
  outlet: z.string().optional(),
});

/** A bot as a file (export and import): its description and one flow, in a format of its own with a version. */
export const BOT_FILE_FORMAT = 'atiende-bot';
export const botFileSchema = z.object({
  format: z.literal(BOT_FILE_FORMAT),
  formatVersion: z.literal(1),
  name: singleLine().trim().min(2).max(120),
  description: multiLine().trim().max(1000).default(''),
  flow: botFlowSchema,
});
export type BotFile = z.output<typeof botFileSchema>;

/** The engine's state between turns, as the editor's test panel keeps it. */
export const botTurnStateSchema = z.object({
  waitingAt: singleLine().max(40).nullable(),
  variables: z.record(singleLine().max(160), multiLine().max(4096)),
  retries: z.number().int().min(0).max(10),
});

/** The editor's test panel: one turn of the flow drawn (saved or not) with the runtime's engine and ports. */
export const botTryBodySchema = z.object({
  flow: botFlowSchema,
  state: botTurnStateSchema.nullable().default(null),
  /** What the tester wrote; null starts the conversation. */
  input: multiLine().max(1000).nullable().default(null),
  /** Whose business hours the scheduled nodes read (none: open). */
  channelId: z.number().int().positive().optional(),
  /** The saved bot whose secrets the web service nodes may use. */
  botId: z.number().int().positive().optional(),
});

export const botTryAnswerSchema = z.object({
  outputs: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('text'), text: z.string() }),
      z.object({
        kind: z.literal('list'),
        text: z.string(),
        button: z.string(),
        options: z.array(z.object({ id: z.string(), title: z.string(), description: z.string() })),
      }),
    ]),
  ),
  state: botTurnStateSchema,
  ending: z
    .object({
      action: z.enum(BOT_ACTIONS),
      campaignId: z.number().int().optional(),
      reason: z.enum(['loop', 'brokenFlow', 'silence']).optional(),
    })
    .nullable(),
  path: z.array(z.string()),
});
export type BotTryAnswer = z.infer<typeof botTryAnswerSchema>;
