import { z } from 'zod';
import { listQuerySchema, optionalText } from '../admin/common.js';
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

export interface CampaignListItem {
  id: number;
  name: string;
  description: string | null;
  type: (typeof CAMPAIGN_TYPES)[number];
  enabled: boolean;
  startDate: string | null;
  endDate: string | null;
  responsible: { id: number; nombre: string } | null;
  channelCount: number;
  agentCount: number;
  createdAt: string;
}

export interface Campaign extends CampaignListItem {
  formId: number | null;
  channels: { id: number; name: string; type: string }[];
  agents: { userId: number; nombre: string; channelIds: number[] }[];
  supervisors: { id: number; nombre: string }[];
  scripts: { id: number; title: string; body: string }[];
  config: CampaignConfig;
  customTabs: { id: number; name: string; url: string; icon: string; height: number; enabled: boolean }[];
  updatedAt: string;
}

/** `GET supervision/obtenerCampanas`: the campaigns of the signed-in user (the header's switcher). */
export interface UserCampaign {
  id: number;
  nombre: string;
  tipo: (typeof CAMPAIGN_TYPES)[number];
  rol: 'agent' | 'supervisor' | 'admin';
}
