import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, namedRefSchema, personRefSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { multiLine, singleLine } from '../text.js';

/**
 * Who a knowledge-base section is shown to: the built-in roles (a user's audience is the built-in role names they
 * hold, `agent` for a user holding only custom roles; administrators see every section) and the public site.
 */
export const KB_AUDIENCES = ['admin', 'super', 'agent', 'public'] as const;
export type KbAudience = (typeof KB_AUDIENCES)[number];
/** Spec section 4: an article is a draft or published. Only editors see drafts; the public site never does. */
export const KB_ARTICLE_STATUSES = ['draft', 'published'] as const;
export type KbArticleStatus = (typeof KB_ARTICLE_STATUSES)[number];
/** The language an article is written in: its words are searched with that language's stemming. */
export const KB_LANGUAGES = ['es', 'en'] as const;
export type KbLanguage = (typeof KB_LANGUAGES)[number];

export const KB_LIMITS = {
  bodyChars: 200_000,
  labels: 20,
  attachments: 10,
  attachmentBytes: 10 * 1024 * 1024,
  imageBytes: 5 * 1024 * 1024,
} as const;

export const kbCategoryBodySchema = z.object({
  name: singleLine().min(2).max(120),
  description: multiLine().trim().max(1000).default(''),
});
export type KbCategoryBody = z.output<typeof kbCategoryBodySchema>;

export const kbCategorySchema = named(
  'KbCategory',
  z.object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    /** The sections of the category the caller sees, and their articles the caller sees. */
    sections: z.number().int(),
    articles: z.number().int(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type KbCategory = z.infer<typeof kbCategorySchema>;

export const kbSectionBodySchema = z.object({
  name: singleLine().min(2).max(120),
  description: multiLine().trim().max(1000).default(''),
  categoryId: z.number().int().positive(),
  visibleFor: z
    .array(z.enum(KB_AUDIENCES))
    .min(1, 'i18n:knowledgeBase.audienceRequired')
    .transform((values) => KB_AUDIENCES.filter((audience) => values.includes(audience))),
});
export type KbSectionBody = z.output<typeof kbSectionBodySchema>;

export const kbSectionSchema = named(
  'KbSection',
  z.object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    category: namedRefSchema,
    visibleFor: z.array(z.enum(KB_AUDIENCES)),
    articles: z.number().int(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type KbSection = z.infer<typeof kbSectionSchema>;

/** A label of an article: one line, short. */
const kbLabelSchema = singleLine().min(1).max(40);

export const kbArticleBodySchema = z.object({
  title: singleLine().min(3).max(200),
  /** HTML from the editor; the server keeps only what the knowledge base's sanitiser allows. */
  body: multiLine().max(KB_LIMITS.bodyChars).default(''),
  sectionId: z.number().int().positive(),
  labels: z
    .array(kbLabelSchema)
    .max(KB_LIMITS.labels)
    .default([])
    .transform((labels) => [...new Set(labels)]),
  status: z.enum(KB_ARTICLE_STATUSES).default('draft'),
  language: z.enum(KB_LANGUAGES).default('es'),
});
export type KbArticleBody = z.output<typeof kbArticleBodySchema>;
export type KbArticleInput = z.input<typeof kbArticleBodySchema>;

export const kbAttachmentSchema = z.object({
  id: idSchema,
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type KbAttachment = z.infer<typeof kbAttachmentSchema>;

/** The section an article is in, with its category. */
const kbArticleSectionSchema = namedRefSchema.extend({ category: namedRefSchema });

export const kbArticleSchema = named(
  'KbArticle',
  z.object({
    id: idSchema,
    title: z.string(),
    /** Sanitised HTML. */
    body: z.string(),
    /** The body as plain text (what "insert text" puts in a reply). */
    text: z.string(),
    section: kbArticleSectionSchema,
    labels: z.array(z.string()),
    status: z.enum(KB_ARTICLE_STATUSES),
    language: z.enum(KB_LANGUAGES),
    attachments: z.array(kbAttachmentSchema),
    /** The article on the public site, when it is published in a public section and the site is on. */
    publicUrl: z.string().nullable(),
    createdBy: personRefSchema.nullable(),
    updatedBy: personRefSchema.nullable(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
    publishedAt: instantSchema.nullable(),
  }),
);
export type KbArticle = z.infer<typeof kbArticleSchema>;

export const kbArticleSummarySchema = z.object({
  id: idSchema,
  title: z.string(),
  excerpt: z.string(),
  section: namedRefSchema,
  labels: z.array(z.string()),
  status: z.enum(KB_ARTICLE_STATUSES),
  language: z.enum(KB_LANGUAGES),
  updatedBy: personRefSchema.nullable(),
  updatedAt: instantSchema,
});
export type KbArticleSummary = z.infer<typeof kbArticleSummarySchema>;

export const kbCategoryListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'name');
export const kbSectionListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'name').extend({
  categoryId: z.coerce.number().int().positive().optional(),
});
export const kbArticleListQuerySchema = listQuerySchema(['title', 'updatedAt', 'id'], 'title').extend({
  sectionId: z.coerce.number().int().positive().optional(),
  status: z.enum(KB_ARTICLE_STATUSES).optional(),
});

/** A piece of highlighted text: the parts that matched the search are marked. */
export const kbHighlightSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type KbHighlight = z.infer<typeof kbHighlightSchema>;

export const kbSearchQuerySchema = z.object({
  q: singleLine().min(1).max(200),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** Only published articles (the ticket view offers nothing else to insert). */
  publishedOnly: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});

export const kbSearchHitSchema = z.object({
  id: idSchema,
  title: kbHighlightSchema,
  snippet: kbHighlightSchema,
  section: namedRefSchema,
  status: z.enum(KB_ARTICLE_STATUSES),
  language: z.enum(KB_LANGUAGES),
  rank: z.number(),
  publicUrl: z.string().nullable(),
});
export type KbSearchHit = z.infer<typeof kbSearchHitSchema>;

/** What deleting a category or a section removed with it (spec section 5: irreversible). */
export const kbDeletedSchema = z.object({ sections: z.number().int(), articles: z.number().int() });
export type KbDeleted = z.infer<typeof kbDeletedSchema>;

const hexColour = singleLine().regex(/^#[0-9a-fA-F]{6}$/, 'i18n:knowledgeBase.colourFormat');

/** The public knowledge base's look (spec section 3, public settings) and whether the site is on. */
export const kbPublicConfigBodySchema = z.object({
  enabled: z.boolean().default(true),
  headerTitle: singleLine().max(120).default(''),
  footerTitle: singleLine().max(200).default(''),
  searchTitle: singleLine().max(120).default(''),
  searchSubtitle: singleLine().max(200).default(''),
  primaryColor: hexColour.default('#1565c0'),
  displayLogo: z.boolean().default(true),
  displayBusinessInfo: z.boolean().default(true),
});
export type KbPublicConfigBody = z.output<typeof kbPublicConfigBodySchema>;

export const kbPublicConfigSchema = named(
  'KbPublicConfig',
  kbPublicConfigBodySchema.extend({
    /** Where the public site is served (absolute when the public URL is configured). */
    siteUrl: z.string(),
    updatedAt: instantSchema.nullable(),
  }),
);
export type KbPublicConfig = z.infer<typeof kbPublicConfigSchema>;

/** An image put in an article's body: served publicly under an unguessable name. */
export const kbImageSchema = z.object({ url: z.string() });
