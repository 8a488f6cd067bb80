import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, namedRefSchema, personRefSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { multiLine, singleLine } from '../text.js';
import { BOT_FLOW_PROBLEMS, botFlowSchema } from './flow.js';

/** A bot: its name and description, whether it runs, and its versions (at most one published: the one that runs). */
export const botBodySchema = z.object({
  name: singleLine().trim().min(2).max(120),
  description: multiLine().trim().max(1000).default(''),
  enabled: z.boolean().default(true),
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
    /** The version that runs; null while none is published. */
    publishedVersion: z.object({ id: idSchema, number: z.number().int() }).nullable(),
    /** Newest first. */
    versions: z.array(botVersionSummarySchema),
    /** The channels whose new conversations it answers (a channel has one bot at most). */
    channels: z.array(namedRefSchema),
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
