import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, namedRefSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { CHANNEL_TYPE_KEYS, type ChannelTypeKey } from '../structure/channels.js';
import { multiLine, singleLine } from '../text.js';

/**
 * Variables a template may use; filled from the ticket's customer and the agent when inserted in the composer.
 * Unknown variables are refused when the template is saved.
 */
export const TEMPLATE_VARIABLES = [
  'cliente.nombre',
  'cliente.apellido',
  'cliente.nombre_completo',
  'cliente.documento',
  'cliente.correo',
  'cliente.telefono',
  'agente.nombre',
  'caso.numero',
  'campana.nombre',
  'empresa.nombre',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** The variables a text uses, in order of first appearance (`{{ cliente.nombre }}`, spaces allowed). */
export function templateVariablesOf(body: string): string[] {
  const found: string[] = [];
  for (const match of body.matchAll(/\{\{\s*([a-z_.]+)\s*\}\}/gi)) {
    const name = match[1].toLowerCase();
    if (!found.includes(name)) found.push(name);
  }
  return found;
}

/** Replaces every known variable by its value ('' when the value is missing); unknown ones stay as written. */
export function fillTemplate(
  body: string,
  values: Partial<Record<TemplateVariable, string | null | undefined>>,
): string {
  return body.replace(/\{\{\s*([a-z_.]+)\s*\}\}/gi, (whole, name: string) => {
    const key = name.toLowerCase() as TemplateVariable;
    return (TEMPLATE_VARIABLES as readonly string[]).includes(key) ? (values[key] ?? '') : whole;
  });
}

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
