import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/** Knowledge-base categories: the top level of the base (docs/knowledge-base.md). */
export const kbCategories = pgTable(
  'kb_categories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('kb_categories_name_idx').on(table.name, table.id)],
);

/** Sections of a category, each shown to some audiences (admin, super, agent, public). */
export const kbSections = pgTable(
  'kb_sections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => kbCategories.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    /** Audiences among admin, super, agent, public (GIN-indexed: every read filters on it). */
    visibleFor: text('visible_for').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('kb_sections_category_idx').on(table.categoryId, table.name, table.id),
    index('kb_sections_visible_for_idx').using('gin', table.visibleFor),
  ],
);

/**
 * Articles. `search_vector` (tsvector, GIN-indexed, generated from the folded title, labels and body with the
 * article language's stemming) exists in SQL only (migration 0037), so the rows the app reads do not carry it.
 */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sectionId: bigint('section_id', { mode: 'number' })
      .notNull()
      .references(() => kbSections.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    /** Sanitised HTML (platform/html.ts `sanitizeArticleHtml`). */
    bodyHtml: text('body_html').notNull().default(''),
    /** The body's readable text: snippets, "insert text", the search vector. */
    bodyText: text('body_text').notNull().default(''),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    /** The labels as one line of words, for the search vector (a generated column cannot read jsonb arrays). */
    labelsText: text('labels_text').notNull().default(''),
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    language: varchar('language', { length: 2 }).notNull().default('es'),
    /** The title as a URL path segment (the public site's clean URLs: /kb/es/articles/12-como-pagar). */
    slug: varchar('slug', { length: 120 }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('kb_articles_section_title_idx').on(table.sectionId, table.title, table.id),
    index('kb_articles_section_updated_idx').on(table.sectionId, table.updatedAt, table.id),
    index('kb_articles_published_idx').on(table.status, table.updatedAt),
    check('kb_articles_status_check', sql`${table.status} in ('draft', 'published')`),
    check('kb_articles_language_check', sql`${table.language} in ('es', 'en')`),
  ],
);

export const kbArticleAttachments = pgTable(
  'kb_article_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => kbArticles.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 120 }).notNull(),
    size: integer('size').notNull(),
    storedPath: varchar('stored_path', { length: 300 }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('kb_article_attachments_article_idx').on(table.articleId, table.id)],
);

/** The public site's settings (one row, id 1; absent until first saved: the defaults apply). */
export const kbPublicConfig = pgTable('kb_public_config', {
  id: integer('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  headerTitle: varchar('header_title', { length: 120 }).notNull().default(''),
  footerTitle: varchar('footer_title', { length: 200 }).notNull().default(''),
  searchTitle: varchar('search_title', { length: 120 }).notNull().default(''),
  searchSubtitle: varchar('search_subtitle', { length: 200 }).notNull().default(''),
  primaryColor: varchar('primary_color', { length: 7 }).notNull().default('#1565c0'),
  displayLogo: boolean('display_logo').notNull().default(true),
  displayBusinessInfo: boolean('display_business_info').notNull().default(true),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
