import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, namedRefSchema, personRefSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { multiLine, singleLine, singleLineRule } from '../text.js';

/** Meta's template categories (the current three; Meta folded its older list into these). */
export const WHATSAPP_TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export const WHATSAPP_TEMPLATE_LANGUAGES = ['es', 'en'] as const;
/** Header kinds Atiende submits today; media headers need Meta's resumable upload and come later. */
export const WHATSAPP_HEADER_TYPES = ['none', 'text'] as const;
export const WHATSAPP_BUTTONS_TYPES = ['none', 'callToAction', 'quickReplies'] as const;
export const WHATSAPP_TEMPLATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WhatsappTemplateStatus = (typeof WHATSAPP_TEMPLATE_STATUSES)[number];

/** Meta's limits (spec section 9: call to action at most 2, quick replies at most 3). */
export const WHATSAPP_TEMPLATE_LIMITS = {
  name: 512,
  headerText: 60,
  body: 1024,
  footer: 60,
  buttonText: 25,
  callToAction: 2,
  quickReplies: 3,
  variables: 20,
} as const;

/** The numbered variables of a template text ({{1}}, {{2}}, …) in order of first appearance. */
export function whatsappVariablesOf(text: string): number[] {
  const found: number[] = [];
  for (const match of text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) {
    const number = Number(match[1]);
    if (!found.includes(number)) found.push(number);
  }
  return found;
}

/** The text with {{n}} replaced by the n-th value (1-based); missing values leave the placeholder. */
export function fillWhatsappTemplate(text: string, values: readonly string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, number: string) => values[Number(number) - 1] ?? whole);
}

const buttonText = singleLine().min(1).max(WHATSAPP_TEMPLATE_LIMITS.buttonText);

export const whatsappButtonSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('url'),
    text: buttonText,
    url: z
      .url({ protocol: /^https$/ })
      .max(2000)
      .check(singleLineRule),
  }),
  z.object({
    kind: z.literal('phone'),
    text: buttonText,
    phone: singleLine().regex(/^\+\d{6,15}$/, { message: 'i18n:whatsappTemplates.phoneFormat' }),
  }),
  z.object({ kind: z.literal('quickReply'), text: buttonText }),
]);
export type WhatsappButton = z.infer<typeof whatsappButtonSchema>;

export const whatsappTemplateBodySchema = z
  .object({
    channelId: z.number().int().positive(),
    name: singleLine()
      .min(1)
      .max(WHATSAPP_TEMPLATE_LIMITS.name)
      .regex(/^[a-z0-9_]+$/, { message: 'i18n:whatsappTemplates.nameFormat' }),
    category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES),
    language: z.enum(WHATSAPP_TEMPLATE_LANGUAGES),
    headerType: z.enum(WHATSAPP_HEADER_TYPES).default('none'),
    headerText: singleLine().max(WHATSAPP_TEMPLATE_LIMITS.headerText).optional(),
    body: multiLine().trim().min(1).max(WHATSAPP_TEMPLATE_LIMITS.body),
    footer: singleLine().max(WHATSAPP_TEMPLATE_LIMITS.footer).optional(),
    /** One example value per body variable, in order ({{1}} first): Meta reviews the template with them. */
    examples: z.array(singleLine().min(1).max(200)).max(WHATSAPP_TEMPLATE_LIMITS.variables).default([]),
    buttonsType: z.enum(WHATSAPP_BUTTONS_TYPES).default('none'),
    buttons: z.array(whatsappButtonSchema).max(WHATSAPP_TEMPLATE_LIMITS.quickReplies).default([]),
  })
  .superRefine((template, context) => {
    const variables = whatsappVariablesOf(template.body);
    const expected = variables.map((_, index) => index + 1);
    if (variables.some((number, index) => number !== expected[index])) {
      context.addIssue({ code: 'custom', path: ['body'], message: 'i18n:whatsappTemplates.variablesOrder' });
    }
    if (template.examples.length !== variables.length) {
      context.addIssue({ code: 'custom', path: ['examples'], message: 'i18n:whatsappTemplates.examplesCount' });
    }
    if (template.headerType === 'text' && !template.headerText) {
      context.addIssue({ code: 'custom', path: ['headerText'], message: 'i18n:whatsappTemplates.headerRequired' });
    }
    if (template.headerText && whatsappVariablesOf(template.headerText).length > 0) {
      context.addIssue({ code: 'custom', path: ['headerText'], message: 'i18n:whatsappTemplates.headerVariables' });
    }
    const kinds = new Set(template.buttons.map((button) => button.kind));
    if (template.buttonsType === 'none' && template.buttons.length > 0) {
      context.addIssue({ code: 'custom', path: ['buttons'], message: 'i18n:whatsappTemplates.buttonsNone' });
    }
    if (template.buttonsType !== 'none' && template.buttons.length === 0) {
      context.addIssue({ code: 'custom', path: ['buttons'], message: 'i18n:whatsappTemplates.buttonsRequired' });
    }
    if (
      template.buttonsType === 'callToAction' &&
      (kinds.has('quickReply') || template.buttons.length > WHATSAPP_TEMPLATE_LIMITS.callToAction)
    ) {
      context.addIssue({ code: 'custom', path: ['buttons'], message: 'i18n:whatsappTemplates.callToActionLimit' });
    }
    if (template.buttonsType === 'quickReplies' && (kinds.has('url') || kinds.has('phone'))) {
      context.addIssue({ code: 'custom', path: ['buttons'], message: 'i18n:whatsappTemplates.quickRepliesOnly' });
    }
  });
export type WhatsappTemplateBody = z.output<typeof whatsappTemplateBodySchema>;

export const whatsappTemplateListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'createdAt').extend({
  channelId: z.coerce.number().int().positive().optional(),
  status: z.enum(WHATSAPP_TEMPLATE_STATUSES).optional(),
});

/** A button as stored (checked when the template was saved; the answer does not check it again). */
const storedWhatsappButtonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), text: z.string(), url: z.string() }),
  z.object({ kind: z.literal('phone'), text: z.string(), phone: z.string() }),
  z.object({ kind: z.literal('quickReply'), text: z.string() }),
]);

export const whatsappTemplateSchema = named(
  'WhatsappTemplate',
  z.object({
    id: idSchema,
    name: z.string(),
    channel: namedRefSchema,
    category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES),
    language: z.enum(WHATSAPP_TEMPLATE_LANGUAGES),
    headerType: z.enum(WHATSAPP_HEADER_TYPES),
    headerText: z.string().nullable(),
    body: z.string(),
    footer: z.string().nullable(),
    examples: z.array(z.string()),
    buttonsType: z.enum(WHATSAPP_BUTTONS_TYPES),
    buttons: z.array(storedWhatsappButtonSchema),
    /** Meta's review: pending until approved or rejected (then `rejectionReason`). Never editable once sent. */
    status: z.enum(WHATSAPP_TEMPLATE_STATUSES),
    rejectionReason: z.string().nullable(),
    /** Meta's id of the template. */
    providerTemplateId: z.string().nullable(),
    /** How many values a send needs ({{1}} … {{n}}). */
    variables: z.number().int(),
    createdBy: personRefSchema.nullable(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

/** Sends an approved template on one of the ticket's WhatsApp conversations (allowed after the 24-hour window). */
export const sendWhatsappTemplateSchema = z.object({
  templateId: z.number().int().positive(),
  interactionId: z.number().int().positive().optional(),
  variables: z.array(singleLine().min(1).max(1000)).max(WHATSAPP_TEMPLATE_LIMITS.variables).default([]),
});
export type SendWhatsappTemplate = z.output<typeof sendWhatsappTemplateSchema>;
