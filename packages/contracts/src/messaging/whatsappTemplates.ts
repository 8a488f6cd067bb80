import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, namedRefSchema, personRefSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { multiLine, singleLine, singleLineRule } from '../text.js';

/** Meta's template categories (the current three; Meta folded its older list into these). */
export const WHATSAPP_TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export const WHATSAPP_TEMPLATE_LANGUAGES = ['es', 'en'] as const;
/**
 * The spec's template types: `template` is a message template Meta reviews (sendable any time, also after the
 * 24-hour window, and the only type bulk messaging sends); `text`, `media` and `interactive` are the advanced (chat)
 * types, ready at once and sent only inside the window, as WhatsApp's session messages.
 */
export const WHATSAPP_TEMPLATE_TYPES = ['template', 'text', 'media', 'interactive'] as const;
export type WhatsappTemplateType = (typeof WHATSAPP_TEMPLATE_TYPES)[number];
export const WHATSAPP_HEADER_TYPES = ['none', 'text', 'image', 'document', 'video'] as const;
export type WhatsappHeaderType = (typeof WHATSAPP_HEADER_TYPES)[number];
/** Headers that carry a file: uploaded to Meta for the review, and sent with each message. */
export const WHATSAPP_MEDIA_HEADERS = ['image', 'document', 'video'] as const;
export type WhatsappMediaHeader = (typeof WHATSAPP_MEDIA_HEADERS)[number];
/** What a media (chat) template sends. */
export const WHATSAPP_MEDIA_TYPES = ['image', 'audio', 'video', 'file'] as const;
export type WhatsappMediaType = (typeof WHATSAPP_MEDIA_TYPES)[number];
export const WHATSAPP_INTERACTIVE_TYPES = ['buttons', 'list'] as const;
export const WHATSAPP_BUTTONS_TYPES = ['none', 'callToAction', 'quickReplies'] as const;
export const WHATSAPP_TEMPLATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WhatsappTemplateStatus = (typeof WHATSAPP_TEMPLATE_STATUSES)[number];

/**
 * Meta's limits (spec section 9: call to action at most 2, quick replies at most 3; chat templates up to 15 quick
 * replies; interactive lists up to 10 options) and WhatsApp's lengths for interactive messages.
 */
export const WHATSAPP_TEMPLATE_LIMITS = {
  name: 512,
  headerText: 60,
  body: 1024,
  footer: 60,
  buttonText: 25,
  callToAction: 2,
  quickReplies: 3,
  variables: 20,
  chatQuickReplies: 15,
  replyButtons: 3,
  replyButtonText: 20,
  listButton: 20,
  listSections: 10,
  listOptions: 10,
  sectionTitle: 24,
  optionTitle: 24,
  optionDescription: 72,
  caption: 1024,
} as const;

/**
 * The file types each use accepts (WhatsApp's own lists, narrowed to what Atiende recognises by content) and the
 * largest file WhatsApp takes for it.
 */
export const WHATSAPP_MEDIA_RULES: Record<WhatsappMediaType, { contentTypes: readonly string[]; maxBytes: number }> = {
  image: { contentTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024 },
  video: { contentTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * 1024 * 1024 },
  audio: {
    contentTypes: ['audio/ogg', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/amr'],
    maxBytes: 16 * 1024 * 1024,
  },
  file: {
    contentTypes: [
      'application/pdf',
      'text/plain',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    maxBytes: 100 * 1024 * 1024,
  },
};

/** A media header's file rules: Meta reviews document headers as PDF and video headers as MP4. */
export const WHATSAPP_HEADER_MEDIA_RULES: Record<
  WhatsappMediaHeader,
  { contentTypes: readonly string[]; maxBytes: number }
> = {
  image: WHATSAPP_MEDIA_RULES.image,
  document: { contentTypes: ['application/pdf'], maxBytes: 100 * 1024 * 1024 },
  video: { contentTypes: ['video/mp4'], maxBytes: 16 * 1024 * 1024 },
};

/** The largest upload any template file may be (the server refuses bigger ones before reading them whole). */
export const WHATSAPP_TEMPLATE_MEDIA_MAX_BYTES = 100 * 1024 * 1024;

/**
 * How a chat template's quick replies reach WhatsApp, which has no 15-button message: up to 3 as reply buttons,
 * up to 10 as a list, more as numbered options under the text (the customer answers with the number or the words).
 */
export function quickRepliesDelivery(count: number): 'none' | 'buttons' | 'list' | 'text' {
  if (count === 0) return 'none';
  if (count <= WHATSAPP_TEMPLATE_LIMITS.replyButtons) return 'buttons';
  if (count <= WHATSAPP_TEMPLATE_LIMITS.listOptions) return 'list';
  return 'text';
}

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

/** What an uploaded template file is for: a message template's header, or a media (chat) template's file. */
export const WHATSAPP_TEMPLATE_MEDIA_USES = [
  'header-image',
  'header-document',
  'header-video',
  'image',
  'audio',
  'video',
  'file',
] as const;
export type WhatsappTemplateMediaUse = (typeof WHATSAPP_TEMPLATE_MEDIA_USES)[number];

/** The file rules of one use. */
export function whatsappMediaRulesOf(use: WhatsappTemplateMediaUse) {
  return use.startsWith('header-')
    ? WHATSAPP_HEADER_MEDIA_RULES[use.slice('header-'.length) as WhatsappMediaHeader]
    : WHATSAPP_MEDIA_RULES[use as WhatsappMediaType];
}

/** The use a template's file has, from its header or media type (null: the template has no file). */
export function whatsappMediaUseOf(template: {
  type: WhatsappTemplateType;
  headerType: WhatsappHeaderType;
  mediaType?: WhatsappMediaType | null;
}): WhatsappTemplateMediaUse | null {
  if (template.type === 'media') return template.mediaType ?? null;
  if (template.type === 'template' && (WHATSAPP_MEDIA_HEADERS as readonly string[]).includes(template.headerType)) {
    return `header-${template.headerType}` as WhatsappTemplateMediaUse;
  }
  return null;
}

export const whatsappTemplateMediaQuerySchema = z.object({ use: z.enum(WHATSAPP_TEMPLATE_MEDIA_USES) });

/** An uploaded template file, to be named in the template's `media` when it is saved. */
export const whatsappTemplateUploadSchema = named(
  'WhatsappTemplateUpload',
  z.object({ key: z.string(), filename: z.string(), contentType: z.string(), size: z.number().int() }),
);
export type WhatsappTemplateUpload = z.infer<typeof whatsappTemplateUploadSchema>;

/** A file uploaded for a template (POST /whatsapp-templates/media): its storage key and the name people see. */
export const whatsappTemplateMediaRefSchema = z.object({
  key: z.string().regex(/^plantillas-whatsapp\/[a-f0-9]{24}\.[a-z0-9]{1,5}$/, {
    message: 'i18n:whatsappTemplates.mediaMissing',
  }),
  filename: singleLine().min(1).max(200),
});
export type WhatsappTemplateMediaRef = z.infer<typeof whatsappTemplateMediaRefSchema>;

/** One option of an interactive list: a title and an optional description. */
export const whatsappListOptionSchema = z.object({
  title: singleLine().trim().min(1).max(WHATSAPP_TEMPLATE_LIMITS.optionTitle),
  description: singleLine().trim().max(WHATSAPP_TEMPLATE_LIMITS.optionDescription).default(''),
});
export const whatsappListSectionSchema = z.object({
  /** Optional with one section; WhatsApp requires it as soon as there are several. */
  title: singleLine().trim().max(WHATSAPP_TEMPLATE_LIMITS.sectionTitle).default(''),
  options: z.array(whatsappListOptionSchema).min(1).max(WHATSAPP_TEMPLATE_LIMITS.listOptions),
});
export type WhatsappListSection = z.output<typeof whatsappListSectionSchema>;

const hasDuplicates = (values: readonly string[]) =>
  new Set(values.map((value) => value.trim().toLowerCase())).size !== values.length;

export const whatsappTemplateBodySchema = z
  .object({
    channelId: z.number().int().positive(),
    name: singleLine()
      .min(1)
      .max(WHATSAPP_TEMPLATE_LIMITS.name)
      .regex(/^[a-z0-9_]+$/, { message: 'i18n:whatsappTemplates.nameFormat' }),
    type: z.enum(WHATSAPP_TEMPLATE_TYPES).default('template'),
    /** Meta's review category: message templates (`template`) only. */
    category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES).optional(),
    language: z.enum(WHATSAPP_TEMPLATE_LANGUAGES),
    headerType: z.enum(WHATSAPP_HEADER_TYPES).default('none'),
    headerText: singleLine().max(WHATSAPP_TEMPLATE_LIMITS.headerText).optional(),
    /** The header's file (image, document or video header) or the media template's file. */
    media: whatsappTemplateMediaRefSchema.optional(),
    mediaType: z.enum(WHATSAPP_MEDIA_TYPES).optional(),
    /** The message; a media template's caption (optional there, none for audio). */
    body: multiLine().trim().max(WHATSAPP_TEMPLATE_LIMITS.body).default(''),
    footer: singleLine().max(WHATSAPP_TEMPLATE_LIMITS.footer).optional(),
    /** One example value per body variable, in order ({{1}} first): Meta reviews the template with them. */
    examples: z.array(singleLine().min(1).max(200)).max(WHATSAPP_TEMPLATE_LIMITS.variables).default([]),
    buttonsType: z.enum(WHATSAPP_BUTTONS_TYPES).default('none'),
    buttons: z.array(whatsappButtonSchema).max(WHATSAPP_TEMPLATE_LIMITS.quickReplies).default([]),
    /** A text (chat) template's quick replies, up to 15. */
    quickReplies: z
      // 20 characters: up to three go out as WhatsApp reply buttons, whose titles are that long at most.
      .array(singleLine().trim().min(1).max(WHATSAPP_TEMPLATE_LIMITS.replyButtonText))
      .max(WHATSAPP_TEMPLATE_LIMITS.chatQuickReplies, { message: 'i18n:whatsappTemplates.quickRepliesLimit' })
      .default([]),
    interactiveType: z.enum(WHATSAPP_INTERACTIVE_TYPES).optional(),
    /** An interactive template's reply buttons (up to 3). */
    replyButtons: z
      .array(singleLine().trim().min(1).max(WHATSAPP_TEMPLATE_LIMITS.replyButtonText))
      .max(WHATSAPP_TEMPLATE_LIMITS.replyButtons, { message: 'i18n:whatsappTemplates.replyButtonsLimit' })
      .default([]),
    /** The label of the button that opens an interactive list. */
    listButton: singleLine().trim().max(WHATSAPP_TEMPLATE_LIMITS.listButton).optional(),
    sections: z.array(whatsappListSectionSchema).max(WHATSAPP_TEMPLATE_LIMITS.listSections).default([]),
  })
  .superRefine((template, context) => {
    const issue = (path: string, key: string) =>
      context.addIssue({ code: 'custom', path: [path], message: `i18n:whatsappTemplates.${key}` });
    const variables = whatsappVariablesOf(template.body);
    const expected = variables.map((_, index) => index + 1);
    if (variables.some((number, index) => number !== expected[index])) issue('body', 'variablesOrder');
    if (template.examples.length !== variables.length) issue('examples', 'examplesCount');
    if (template.headerText && whatsappVariablesOf(template.headerText).length > 0)
      issue('headerText', 'headerVariables');
    const needsBody = template.type !== 'media';
    if (needsBody && !template.body) issue('body', 'bodyRequired');

    if (template.type === 'template') {
      if (!template.category) issue('category', 'categoryRequired');
      if (template.headerType === 'text' && !template.headerText) issue('headerText', 'headerRequired');
      if ((WHATSAPP_MEDIA_HEADERS as readonly string[]).includes(template.headerType) && !template.media) {
        issue('media', 'mediaRequired');
      }
      const kinds = new Set(template.buttons.map((button) => button.kind));
      if (template.buttonsType === 'none' && template.buttons.length > 0) issue('buttons', 'buttonsNone');
      if (template.buttonsType !== 'none' && template.buttons.length === 0) issue('buttons', 'buttonsRequired');
      if (
        template.buttonsType === 'callToAction' &&
        (kinds.has('quickReply') || template.buttons.length > WHATSAPP_TEMPLATE_LIMITS.callToAction)
      ) {
        issue('buttons', 'callToActionLimit');
      }
      if (template.buttonsType === 'quickReplies' && (kinds.has('url') || kinds.has('phone'))) {
        issue('buttons', 'quickRepliesOnly');
      }
      return;
    }
    if (template.buttons.length > 0) issue('buttons', 'buttonsTemplateOnly');
    if (template.type === 'text' && hasDuplicates(template.quickReplies)) issue('quickReplies', 'optionsUnique');
    if (template.type === 'media') {
      if (!template.mediaType) issue('mediaType', 'mediaTypeRequired');
      if (!template.media) issue('media', 'mediaRequired');
      if (template.mediaType === 'audio' && template.body) issue('body', 'audioCaption');
    }
    if (template.type === 'interactive') {
      if (!template.interactiveType) issue('interactiveType', 'interactiveTypeRequired');
      if (template.headerType !== 'none' && template.headerType !== 'text') issue('headerType', 'interactiveHeader');
      if (template.headerType === 'text' && !template.headerText) issue('headerText', 'headerRequired');
      if (template.interactiveType === 'buttons') {
        if (template.replyButtons.length === 0) issue('replyButtons', 'buttonsRequired');
        if (hasDuplicates(template.replyButtons)) issue('replyButtons', 'optionsUnique');
      }
      if (template.interactiveType === 'list') {
        if (!template.listButton) issue('listButton', 'listButtonRequired');
        const options = template.sections.flatMap((section) => section.options);
        if (options.length === 0) issue('sections', 'optionsRequired');
        if (options.length > WHATSAPP_TEMPLATE_LIMITS.listOptions) issue('sections', 'listOptionsLimit');
        if (hasDuplicates(options.map((option) => option.title))) issue('sections', 'optionsUnique');
        if (template.sections.length > 1 && template.sections.some((section) => !section.title)) {
          issue('sections', 'sectionTitles');
        }
      }
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
    type: z.enum(WHATSAPP_TEMPLATE_TYPES),
    /** Null on chat types, which Meta does not review. */
    category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES).nullable(),
    language: z.enum(WHATSAPP_TEMPLATE_LANGUAGES),
    headerType: z.enum(WHATSAPP_HEADER_TYPES),
    headerText: z.string().nullable(),
    /** The header's or media template's file; `url` (a path under API_BASE) serves it to users who may see it. */
    media: z
      .object({ filename: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() })
      .nullable(),
    mediaType: z.enum(WHATSAPP_MEDIA_TYPES).nullable(),
    body: z.string(),
    footer: z.string().nullable(),
    examples: z.array(z.string()),
    buttonsType: z.enum(WHATSAPP_BUTTONS_TYPES),
    buttons: z.array(storedWhatsappButtonSchema),
    quickReplies: z.array(z.string()),
    interactiveType: z.enum(WHATSAPP_INTERACTIVE_TYPES).nullable(),
    replyButtons: z.array(z.string()),
    listButton: z.string().nullable(),
    sections: z.array(
      z.object({ title: z.string(), options: z.array(z.object({ title: z.string(), description: z.string() })) }),
    ),
    /** Meta's review: pending until approved or rejected (then `rejectionReason`). Never editable once sent. */
    status: z.enum(WHATSAPP_TEMPLATE_STATUSES),
    rejectionReason: z.string().nullable(),
    /** Meta's id of the template. */
    providerTemplateId: z.string().nullable(),
    /** How many values a send needs ({{1}} … {{n}}). */
    variables: z.number().int(),
    /** Sendable only inside the 24-hour window after the customer's last message (the chat types). */
    sessionOnly: z.boolean(),
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

/** What a template shows once filled, in the shape both the previews and the conversation use. */
export interface WhatsappTemplateContent {
  type: WhatsappTemplateType;
  headerType: WhatsappHeaderType;
  headerText: string | null;
  body: string;
  footer: string | null;
  buttons: readonly { text: string }[];
  quickReplies: readonly string[];
  interactiveType: (typeof WHATSAPP_INTERACTIVE_TYPES)[number] | null;
  replyButtons: readonly string[];
  listButton: string | null;
  sections: readonly { title: string; options: readonly { title: string; description: string }[] }[];
}

/** The options a customer can tap (buttons, quick replies, list options), in order. */
export function whatsappTemplateChoices(template: WhatsappTemplateContent): string[] {
  if (template.type === 'template') return template.buttons.map((button) => button.text);
  if (template.type === 'text') return [...template.quickReplies];
  if (template.type === 'interactive') {
    return template.interactiveType === 'list'
      ? template.sections.flatMap((section) => section.options.map((option) => option.title))
      : [...template.replyButtons];
  }
  return [];
}

/**
 * The template filled with its values as plain text: what the conversation keeps of it (header, message, footer,
 * then each option the customer may tap, numbered when WhatsApp gets them as numbered text).
 */
export function whatsappTemplateText(template: WhatsappTemplateContent, values: readonly string[]): string {
  const choices = whatsappTemplateChoices(template);
  const numbered = template.type === 'text' && quickRepliesDelivery(choices.length) === 'text';
  const options = choices.map((choice, index) => (numbered ? `${index + 1}. ${choice}` : `[${choice}]`));
  return [
    template.headerType === 'text' ? template.headerText : null,
    fillWhatsappTemplate(template.body, values),
    template.footer,
    options.length ? options.join('\n') : null,
  ]
    .filter(Boolean)
    .join('\n\n');
}
