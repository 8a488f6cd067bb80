import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, namedRefSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { CHANNEL_TYPE_KEYS, type ChannelTypeKey } from '../structure/channels.constants.js';
import { multiLine, singleLine } from '../text.js';
import { TEMPLATE_VARIABLES, templateVariablesOf } from './templates.constants.js';

export const templateBodySchema = z
  .object({
    name: singleLine().min(2).max(120),
    channelType: z
      .enum(CHANNEL_TYPE_KEYS as [ChannelTypeKey, ...ChannelTypeKey[]])
      .nullish()
      .transform((value) => value ?? null),
    body: multiLine().trim().min(1).max(4000),
    allCampaigns: z.boolean().default(true),
    campaignIds: z.array(z.number().int().positive()).max(500).default([]),
    enabled: z.boolean().default(true),
  })
  .refine(
    (template) =>
      templateVariablesOf(template.body).every((name) => (TEMPLATE_VARIABLES as readonly string[]).includes(name)),
    {
      path: ['body'],
      message: 'i18n:templates.unknownVariable',
    },
  )
  .refine((template) => template.allCampaigns || template.campaignIds.length > 0, {
    path: ['campaignIds'],
    message: 'i18n:templates.campaignsRequired',
  });
export type TemplateBody = z.output<typeof templateBodySchema>;

export const templateListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'name').extend({
  channelType: z.enum(CHANNEL_TYPE_KEYS as [ChannelTypeKey, ...ChannelTypeKey[]]).optional(),
  campaignId: z.coerce.number().int().positive().optional(),
});

export const messageTemplateSchema = named(
  'MessageTemplate',
  z.object({
    id: idSchema,
    name: z.string(),
    channelType: z.enum(CHANNEL_TYPE_KEYS as [ChannelTypeKey, ...ChannelTypeKey[]]).nullable(),
    body: z.string(),
    allCampaigns: z.boolean(),
    campaigns: z.array(namedRefSchema),
    enabled: z.boolean(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** A template the composer offers for a ticket, with its variables filled for it. */
export const offeredTemplateSchema = named('OfferedTemplate', messageTemplateSchema.extend({ filled: z.string() }));
export type OfferedTemplate = z.infer<typeof offeredTemplateSchema>;
