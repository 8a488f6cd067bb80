import { z } from 'zod';
import {
  dateSchema,
  idSchema,
  instantSchema,
  listQuerySchema,
  optionalText,
  personRefSchema,
} from '../admin/common.js';
import { named } from '../registry.js';
import { multiLine, singleLine, singleLineRule } from '../text.js';

export const CAMPAIGN_TYPES = ['inbound', 'outbound', 'blended'] as const;
export const DISTRIBUTION_ALGORITHMS = ['round-robin', 'least-recent', 'fewest-handled', 'random', 'skills'] as const;
export type DistributionAlgorithm = (typeof DISTRIBUTION_ALGORITHMS)[number];
/** How a new inbound message joins existing work: never, the customer's open ticket, or the one of the same channel. */
export const TICKET_COMBINATIONS = ['none', 'customer', 'customer-channel'] as const;

const date = z.iso
  .date()
  .nullish()
  .or(z.literal('').transform(() => null));

/** What a web-chat visitor reads when their ticket is closed (the campaign's `closeMessage`, unless changed). */
export const DEFAULT_CLOSE_MESSAGE = 'Esta conversación ha finalizado. Si necesita algo más, escríbanos de nuevo.';

/** What a customer reads with the survey link when their ticket closes; {{encuesta.enlace}} becomes the link. */
export const DEFAULT_SURVEY_MESSAGE = '¿Cómo le atendimos? Cuéntenos en esta breve encuesta: {{encuesta.enlace}}';

export const campaignConfigSchema = z.object({
  serviceLevelSeconds: z.number().int().min(1).max(86_400).default(20),
  serviceLevelTarget: z.number().int().min(1).max(100).default(80),
  averageHandlingSeconds: z.number().int().min(1).max(86_400).default(300),
  tasksPerAgent: z.number().int().min(1).max(100).default(5),
  distribution: z.enum(DISTRIBUTION_ALGORITHMS).default('round-robin'),
  /** Assignment options: offer new cases automatically; keep the customer's owner as preferred agent. */
  autoAssign: z.boolean().default(true),
  preferCustomerOwner: z.boolean().default(false),
  ticketCombination: z.enum(TICKET_COMBINATIONS).default('customer-channel'),
  transcriptionSending: z.boolean().default(false),
  agentTransfer: z.boolean().default(true),
  campaignTransfer: z.boolean().default(false),
  autocomplete: z.boolean().default(true),
  allowAllTickets: z.boolean().default(false),
  otherContactInfo: z.boolean().default(true),
  closeWithoutTask: z.boolean().default(false),
  closeWithoutCustomerInfo: z.boolean().default(false),
  softphoneAutoAnswer: z.boolean().default(false),
  softphoneAutoAnswerTimeMs: z.number().int().min(0).max(60_000).default(0),
  requiredSkillIds: z.array(z.number().int().positive()).max(50).default([]),
  /** Sent to a web-chat visitor when their ticket is closed; empty sends nothing. */
  closeMessage: multiLine().trim().max(1000).default(DEFAULT_CLOSE_MESSAGE),
  /** A survey whose personal link is sent on the ticket's channel when a ticket closes (modules/surveys); null: none. */
  surveyId: z.number().int().positive().nullable().default(null),
  surveyMessage: multiLine().trim().max(1000).default(DEFAULT_SURVEY_MESSAGE),
});
export type CampaignConfig = z.output<typeof campaignConfigSchema>;

export const customTabSchema = z.object({
  id: z.number().int().positive().optional(),
  name: singleLine().min(1).max(60),
  url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .check(singleLineRule),
  icon: singleLine().min(1).max(40).default('web'),
  height: z.number().int().min(100).max(3000).default(600),
  enabled: z.boolean().default(true),
});

export const scriptSchema = z.object({
  id: z.number().int().positive().optional(),
  title: singleLine().min(1).max(120),
  /** Rich text (HTML); sanitised by the server before it is stored. */
  body: multiLine().max(50_000),
});

export const campaignAgentSchema = z.object({
  userId: z.number().int().positive(),
  /** The campaign channels this agent serves; an agent left with none leaves the campaign. */
  channelIds: z.array(z.number().int().positive()).max(100),
});

export const campaignBodySchema = z
  .object({
    name: singleLine().min(2).max(120),
    description: optionalText(1000, { multiLine: true }),
    type: z.enum(CAMPAIGN_TYPES),
    formId: z.number().int().positive().nullish(),
    startDate: date,
    endDate: date,
    responsibleUserId: z.number().int().positive().nullish(),
    enabled: z.boolean().default(true),
    channelIds: z.array(z.number().int().positive()).max(100).default([]),
    agents: z.array(campaignAgentSchema).max(2000).default([]),
    supervisorIds: z.array(z.number().int().positive()).max(500).default([]),
    scripts: z.array(scriptSchema).max(50).default([]),
    config: campaignConfigSchema.default(campaignConfigSchema.parse({})),
    customTabs: z.array(customTabSchema).max(20).default([]),
  })
  .refine((body) => !body.startDate || !body.endDate || body.startDate <= body.endDate, {
    path: ['endDate'],
    message: 'i18n:campaigns.datesOrder',
  });
export type CampaignBody = z.input<typeof campaignBodySchema>;

export const campaignListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'name').extend({
  enabled: z.enum(['true', 'false', 'all']).default('all'),
});

export const campaignListItemSchema = named(
  'CampaignListItem',
  z.object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(CAMPAIGN_TYPES),
    enabled: z.boolean(),
    startDate: dateSchema.nullable(),
    endDate: dateSchema.nullable(),
    responsible: personRefSchema.nullable(),
    channelCount: z.number().int(),
    agentCount: z.number().int(),
    createdAt: instantSchema,
  }),
);
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

/** The stored configuration (every field filled: the defaults were applied when it was saved). */
const storedCampaignConfigSchema = z.object({
  serviceLevelSeconds: z.number().int(),
  serviceLevelTarget: z.number().int(),
  averageHandlingSeconds: z.number().int(),
  tasksPerAgent: z.number().int(),
  distribution: z.enum(DISTRIBUTION_ALGORITHMS),
  autoAssign: z.boolean(),
  preferCustomerOwner: z.boolean(),
  ticketCombination: z.enum(TICKET_COMBINATIONS),
  transcriptionSending: z.boolean(),
  agentTransfer: z.boolean(),
  campaignTransfer: z.boolean(),
  autocomplete: z.boolean(),
  allowAllTickets: z.boolean(),
  otherContactInfo: z.boolean(),
  closeWithoutTask: z.boolean(),
  closeWithoutCustomerInfo: z.boolean(),
  softphoneAutoAnswer: z.boolean(),
  softphoneAutoAnswerTimeMs: z.number().int(),
  requiredSkillIds: z.array(idSchema),
  closeMessage: z.string(),
  surveyId: idSchema.nullable(),
  surveyMessage: z.string(),
}) satisfies z.ZodType<CampaignConfig>;

export const campaignSchema = named(
  'Campaign',
  campaignListItemSchema.extend({
    formId: idSchema.nullable(),
    channels: z.array(z.object({ id: idSchema, name: z.string(), type: z.string() })),
    agents: z.array(z.object({ userId: idSchema, nombre: z.string(), channelIds: z.array(idSchema) })),
    supervisors: z.array(personRefSchema),
    scripts: z.array(z.object({ id: idSchema, title: z.string(), body: z.string() })),
    config: storedCampaignConfigSchema,
    customTabs: z.array(
      z.object({
        id: idSchema,
        name: z.string(),
        url: z.string(),
        icon: z.string(),
        height: z.number().int(),
        enabled: z.boolean(),
      }),
    ),
    updatedAt: instantSchema,
  }),
);
export type Campaign = z.infer<typeof campaignSchema>;

/** `GET supervision/obtenerCampanas`: the campaigns of the signed-in user (the header's switcher). */
export const userCampaignSchema = named(
  'UserCampaign',
  z.object({
    id: idSchema,
    nombre: z.string(),
    tipo: z.enum(CAMPAIGN_TYPES),
    rol: z.enum(['agent', 'supervisor', 'admin']),
  }),
);
export type UserCampaign = z.infer<typeof userCampaignSchema>;
