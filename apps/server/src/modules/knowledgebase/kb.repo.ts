import type { KbArticleStatus, KbAudience, KbLanguage } from '@atiende/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client.js';
import { exactCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import { kbArticleAttachments, kbArticles, kbCategories, kbPublicConfig, kbSections } from './kb.schema.js';

/**
 * Who reads the base: everything (administrators), or the sections shown to some audiences, with or without the
 * drafts (only those who add or edit articles see drafts; the public site never does).
 */
export type KbViewer = { all: true } | { all: false; audiences: readonly KbAudience[]; drafts: boolean };

export const PUBLIC_VIEWER: KbViewer = { all: false, audiences: ['public'], drafts: false };

// Accent folding in SQL, as the search vector (migration 0037) folds the article's words.
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñçýÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuncyAAAAAAEEEEIIIIOOOOOUUUUNCY';
const folded = (column: SQL | AnyPgColumn) => sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;

/** The sections a viewer sees (by their audiences; the GIN index on visible_for serves `&&`). */
function sectionVisible(viewer: KbViewer, visibleFor: SQL = sql`${kbSections.visibleFor}`): SQL {
  if (viewer.all) return sql`true`;
  const audiences = sql.join(
    viewer.audiences.map((audience) => sql`${audience}`),
    sql`, `,
  );
  return sql`${visibleFor} && array[${audiences}]::text[]`;
}

/** The articles a viewer sees: in a visible section, and published unless they see drafts. */
function articleVisible(viewer: KbViewer): SQL {
  if (viewer.all || viewer.drafts) return sectionVisible(viewer);
  return sql`${sectionVisible(viewer)} and ${kbArticles.status} = 'published'`;
}

export interface ListRequest {
  page: number;
  sizePerPage: number;
  sortName: string;
  sortOrder: 'asc' | 'desc';
  search?: string;
}

export interface CategoryRow {
  id: number;
  name: string;
  description: string;
  sections: number;
  articles: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface SectionRow {
  id: number;
  name: string;
  description: string;
  categoryId: number;
  categoryName: string;
  visibleFor: KbAudience[];
  articles: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ArticleSummaryRow {
  id: number;
  title: string;
  bodyText: string;
  sectionId: number;
  sectionName: string;
  labels: string[];
  status: KbArticleStatus;
  language: KbLanguage;
  slug: string;
  updatedById: number | null;
  updatedByName: string | null;
  updatedAt: Date;
  publishedAt: Date | null;
}

export interface ArticleRow extends ArticleSummaryRow {
  bodyHtml: string;
  categoryId: number;
  categoryName: string;
  visibleFor: KbAudience[];
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
}

export interface ArticleValues {
  sectionId: number;
  title: string;
  bodyHtml: string;
  bodyText: string;
  labels: string[];
  labelsText: string;
  status: KbArticleStatus;
  language: KbLanguage;
  slug: string;
}

export interface SearchRow {
  id: number;
  title: string;
  bodyText: string;
  sectionId: number;
  sectionName: string;
  visibleFor: KbAudience[];
  status: KbArticleStatus;
  language: KbLanguage;
  slug: string;
  titleHit: boolean;
  rank: number;
}

const direction = (order: 'asc' | 'desc') => (order === 'desc' ? desc : asc);
/** The column a list is sorted by: one of the allow-listed names (the schema checked it), else the default. */
const sortColumn = (name: string, columns: Record<string, AnyPgColumn>, fallback: AnyPgColumn) =>
  columns[name] ?? fallback;

// Counts of what a viewer sees in each category (its sections and their articles) and in each section. Written with
// their own aliases: Drizzle leaves columns unqualified in one-table selects, which would make them ambiguous here.
const visibleSectionCount = (viewer: KbViewer) =>
  sql<number>`(select count(*)::int from kb_sections vs where vs.category_id = kb_categories.id
    and ${sectionVisible(viewer, sql`vs.visible_for`)})`;
const visibleArticleCountOfCategory = (viewer: KbViewer) =>
  sql<number>`(select count(*)::int from kb_articles va join kb_sections vs on vs.id = va.section_id
    where vs.category_id = kb_categories.id and ${sectionVisible(viewer, sql`vs.visible_for`)}
    ${viewer.all || viewer.drafts ? sql`` : sql`and va.status = 'published'`})`;
const visibleArticleCountOfSection = (viewer: KbViewer) =>
  sql<number>`(select count(*)::int from kb_articles va where va.section_id = kb_sections.id
    ${viewer.all || viewer.drafts ? sql`` : sql`and va.status = 'published'`})`;

const sectionColumns = (viewer: KbViewer) => ({
  id: kbSections.id,
  name: kbSections.name,
  description: kbSections.description,
  categoryId: kbSections.categoryId,
  categoryName: kbCategories.name,
  visibleFor: sql<KbAudience[]>`${kbSections.visibleFor}`,
  articles: visibleArticleCountOfSection(viewer),
  createdAt: kbSections.createdAt,
  updatedAt: kbSections.updatedAt,
});

const summaryColumns = {
  id: kbArticles.id,
  title: kbArticles.title,
  bodyText: sql<string>`left(${kbArticles.bodyText}, 400)`,
  sectionId: kbArticles.sectionId,
  sectionName: kbSections.name,
  labels: kbArticles.labels,
  status: sql<KbArticleStatus>`${kbArticles.status}`,
  language: sql<KbLanguage>`${kbArticles.language}`,
  slug: kbArticles.slug,
  updatedById: kbArticles.updatedBy,
  updatedByName: sql<string | null>`(select u.name from users u where u.id = ${kbArticles.updatedBy})`,
  updatedAt: kbArticles.updatedAt,
  publishedAt: kbArticles.publishedAt,
};

export const kbRepo = {
  // Categories ------------------------------------------------------------------------------------------------

  async listCategories(db: Executor, viewer: KbViewer, request: ListRequest) {
    const where = request.search
      ? sql`${folded(kbCategories.name)} like ${`%${escapeLike(request.search)}%`}`
      : undefined;
    const column = sortColumn(
      request.sortName,
      { createdAt: kbCategories.createdAt, id: kbCategories.id },
      kbCategories.name,
    );
    const order = direction(request.sortOrder);
    return pageOf(
      db,
      request,
      (window) =>
        db
          .select({
            id: kbCategories.id,
            name: kbCategories.name,
            description: kbCategories.description,
            sections: visibleSectionCount(viewer),
            articles: visibleArticleCountOfCategory(viewer),
            createdAt: kbCategories.createdAt,
            updatedAt: kbCategories.updatedAt,
          })
          .from(kbCategories)
          .where(where)
          .orderBy(order(column), order(kbCategories.id))
          .limit(window.limit)
          .offset(window.offset),
      () => exactCount(db, kbCategories, where),
    );
  },

  async findCategory(db: Executor, viewer: KbViewer, id: number): Promise<CategoryRow | null> {
    const [row] = await db
      .select({
        id: kbCategories.id,
        name: kbCategories.name,
        description: kbCategories.description,
        sections: visibleSectionCount(viewer),
        articles: visibleArticleCountOfCategory(viewer),
        createdAt: kbCategories.createdAt,
        updatedAt: kbCategories.updatedAt,
      })
      .from(kbCategories)
      .where(eq(kbCategories.id, id));
    return row ?? null;
  },

  async lockCategory(db: Executor, id: number): Promise<boolean> {
    const rows = await db
      .select({ id: kbCategories.id })
      .from(kbCategories)
      .where(eq(kbCategories.id, id))
      .for('update');
    return rows.length > 0;
  },

  async insertCategory(db: Executor, values: { name: string; description: string }): Promise<number> {
    const [row] = await db.insert(kbCategories).values(values).returning({ id: kbCategories.id });
    return row.id;
  },

  async updateCategory(db: Executor, id: number, values: { name: string; description: string }): Promise<void> {
    await db
      .update(kbCategories)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(kbCategories.id, id));
  },

  /** Deletes a category with its sections and their articles (foreign keys cascade); says how many went with it. */
  async deleteCategory(db: Executor, id: number): Promise<{ sections: number; articles: number; files: string[] }> {
    const counted = await db.execute<{ sections: number; articles: number }>(sql`
      select (select count(*)::int from kb_sections where category_id = ${id}) as sections,
             (select count(*)::int from kb_articles a join kb_sections s on s.id = a.section_id
               where s.category_id = ${id}) as articles`);
    const files = await db.execute<{ stored_path: string }>(sql`
      select f.stored_path from kb_article_attachments f join kb_articles a on a.id = f.article_id
      join kb_sections s on s.id = a.section_id where s.category_id = ${id}`);
    await db.delete(kbCategories).where(eq(kbCategories.id, id));
    const { sections, articles } = counted.rows[0] ?? { sections: 0, articles: 0 };
    return { sections, articles, files: files.rows.map((row) => row.stored_path) };
  },

  // Sections --------------------------------------------------------------------------------------------------

  async listSections(db: Executor, viewer: KbViewer, request: ListRequest & { categoryId?: number }) {
    const conditions: SQL[] = [sectionVisible(viewer)];
    if (request.categoryId) conditions.push(eq(kbSections.categoryId, request.categoryId));
    if (request.search) conditions.push(sql`${folded(kbSections.name)} like ${`%${escapeLike(request.search)}%`}`);
    const where = and(...conditions);
    const column = sortColumn(
      request.sortName,
      { createdAt: kbSections.createdAt, id: kbSections.id },
      kbSections.name,
    );
    const order = direction(request.sortOrder);
    return pageOf(
      db,
      request,
      (window) =>
        db
          .select(sectionColumns(viewer))
          .from(kbSections)
          .innerJoin(kbCategories, eq(kbCategories.id, kbSections.categoryId))
          .where(where)
          .orderBy(order(column), order(kbSections.id))
          .limit(window.limit)
          .offset(window.offset),
      () => exactCount(db, kbSections, where),
    );
  },

  /** A section, whoever may see it (the service decides what the caller may). */
  async findSection(db: Executor, viewer: KbViewer, id: number): Promise<SectionRow | null> {
    const [row] = await db
      .select(sectionColumns(viewer))
      .from(kbSections)
      .innerJoin(kbCategories, eq(kbCategories.id, kbSections.categoryId))
      .where(eq(kbSections.id, id));
    return row ?? null;
  },

  async insertSection(
    db: Executor,
    values: { categoryId: number; name: string; description: string; visibleFor: KbAudience[] },
  ): Promise<number> {
    const [row] = await db.insert(kbSections).values(values).returning({ id: kbSections.id });
    return row.id;
  },

  async updateSection(
    db: Executor,
    id: number,
    values: { categoryId: number; name: string; description: string; visibleFor: KbAudience[] },
  ): Promise<void> {
    await db
      .update(kbSections)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(kbSections.id, id));
  },

  async deleteSection(db: Executor, id: number): Promise<{ sections: number; articles: number; files: string[] }> {
    const counted = await db.execute<{ articles: number }>(
      sql`select count(*)::int as articles from kb_articles where section_id = ${id}`,
    );
    const files = await db.execute<{ stored_path: string }>(sql`
      select f.stored_path from kb_article_attachments f join kb_articles a on a.id = f.article_id
      where a.section_id = ${id}`);
    const deleted = await db.delete(kbSections).where(eq(kbSections.id, id)).returning({ id: kbSections.id });
    return {
      sections: deleted.length,
      articles: counted.rows[0]?.articles ?? 0,
      files: files.rows.map((row) => row.stored_path),
    };
  },

  // Articles --------------------------------------------------------------------------------------------------

  async listArticles(
    db: Executor,
    viewer: KbViewer,
    request: ListRequest & { sectionId?: number; status?: KbArticleStatus },
  ) {
    const conditions: SQL[] = [articleVisible(viewer)];
    if (request.sectionId) conditions.push(eq(kbArticles.sectionId, request.sectionId));
    if (request.status) conditions.push(eq(kbArticles.status, request.status));
    if (request.search) conditions.push(sql`${folded(kbArticles.title)} like ${`%${escapeLike(request.search)}%`}`);
    const where = and(...conditions);
    const column = sortColumn(
      request.sortName,
      { updatedAt: kbArticles.updatedAt, id: kbArticles.id },
      kbArticles.title,
    );
    const order = direction(request.sortOrder);
    const { rows, total, capped } = await pageOf(
      db,
      request,
      (window) =>
        db
          .select(summaryColumns)
          .from(kbArticles)
          .innerJoin(kbSections, eq(kbSections.id, kbArticles.sectionId))
          .where(where)
          .orderBy(order(column), order(kbArticles.id))
          .limit(window.limit)
          .offset(window.offset),
      async () => {
        const result = await db.execute<{ total: number }>(sql`select count(*)::int as total from (
          select 1 from ${kbArticles} join ${kbSections} on ${kbSections.id} = ${kbArticles.sectionId}
          where ${where} limit 10001) capped`);
        const total = result.rows[0]?.total ?? 0;
        return { total: Math.min(total, 10_000), capped: total > 10_000 };
      },
    );
    return { rows: rows as ArticleSummaryRow[], total, capped };
  },

  async findArticle(db: Executor, id: number): Promise<ArticleRow | null> {
    const [row] = await db
      .select({
        ...summaryColumns,
        bodyText: kbArticles.bodyText,
        bodyHtml: kbArticles.bodyHtml,
        categoryId: kbCategories.id,
        categoryName: kbCategories.name,
        visibleFor: sql<KbAudience[]>`${kbSections.visibleFor}`,
        createdById: kbArticles.createdBy,
        createdByName: sql<string | null>`(select u.name from users u where u.id = ${kbArticles.createdBy})`,
        createdAt: kbArticles.createdAt,
      })
      .from(kbArticles)
      .innerJoin(kbSections, eq(kbSections.id, kbArticles.sectionId))
      .innerJoin(kbCategories, eq(kbCategories.id, kbSections.categoryId))
      .where(eq(kbArticles.id, id));
    return (row as ArticleRow | undefined) ?? null;
  },

  async lockArticle(db: Executor, id: number): Promise<{ status: string; publishedAt: Date | null } | null> {
    const [row] = await db
      .select({ status: kbArticles.status, publishedAt: kbArticles.publishedAt })
      .from(kbArticles)
      .where(eq(kbArticles.id, id))
      .for('update');
    return row ?? null;
  },

  async insertArticle(db: Executor, values: ArticleValues & { createdBy: number; publishedAt: Date | null }) {
    const [row] = await db
      .insert(kbArticles)
      .values({ ...values, updatedBy: values.createdBy })
      .returning({ id: kbArticles.id });
    return row.id;
  },

  async updateArticle(
    db: Executor,
    id: number,
    values: ArticleValues & { updatedBy: number; publishedAt: Date | null },
  ): Promise<void> {
    await db
      .update(kbArticles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(kbArticles.id, id));
  },

  async deleteArticle(db: Executor, id: number): Promise<string[]> {
    const files = await db
      .select({ storedPath: kbArticleAttachments.storedPath })
      .from(kbArticleAttachments)
      .where(eq(kbArticleAttachments.articleId, id));
    await db.delete(kbArticles).where(eq(kbArticles.id, id));
    return files.map((file) => file.storedPath);
  },

  async touchArticle(db: Executor, id: number, userId: number): Promise<void> {
    await db.update(kbArticles).set({ updatedAt: new Date(), updatedBy: userId }).where(eq(kbArticles.id, id));
  },

  // Attachments -----------------------------------------------------------------------------------------------

  async attachmentsOf(db: Executor, articleId: number) {
    return db
      .select({
        id: kbArticleAttachments.id,
        name: kbArticleAttachments.name,
        contentType: kbArticleAttachments.contentType,
        size: kbArticleAttachments.size,
        storedPath: kbArticleAttachments.storedPath,
      })
      .from(kbArticleAttachments)
      .where(eq(kbArticleAttachments.articleId, articleId))
      .orderBy(kbArticleAttachments.id);
  },

  async countAttachments(db: Executor, articleId: number): Promise<number> {
    return (await exactCount(db, kbArticleAttachments, eq(kbArticleAttachments.articleId, articleId))).total;
  },

  async insertAttachment(
    db: Executor,
    values: {
      articleId: number;
      name: string;
      contentType: string;
      size: number;
      storedPath: string;
      createdBy: number;
    },
  ): Promise<number> {
    const [row] = await db.insert(kbArticleAttachments).values(values).returning({ id: kbArticleAttachments.id });
    return row.id;
  },

  async deleteAttachment(db: Executor, articleId: number, id: number): Promise<string | null> {
    const [row] = await db
      .delete(kbArticleAttachments)
      .where(and(eq(kbArticleAttachments.articleId, articleId), eq(kbArticleAttachments.id, id)))
      .returning({ storedPath: kbArticleAttachments.storedPath });
    return row?.storedPath ?? null;
  },

  // Search ----------------------------------------------------------------------------------------------------

  /**
   * Full-text search over what the viewer sees: each article is matched in its own language's stemming (both
   * conditions use the GIN index), title matches first, then by rank (title A, labels B, body C), newest last.
   */
  async search(
    db: Executor,
    viewer: KbViewer,
    query: string,
    options: { limit: number; publishedOnly: boolean },
  ): Promise<SearchRow[]> {
    const spanish = sql`to_tsquery('spanish', ${query})`;
    const english = sql`to_tsquery('english', ${query})`;
    // The rules of articleVisible, on this query's aliases.
    const published = options.publishedOnly || !(viewer.all || viewer.drafts);
    const visible = sql`${sectionVisible(viewer, sql`s.visible_for`)} ${published ? sql`and a.status = 'published'` : sql``}`;
    const result = await db.execute<{
      id: number;
      title: string;
      body_text: string;
      section_id: number;
      section_name: string;
      visible_for: KbAudience[];
      status: KbArticleStatus;
      language: KbLanguage;
      slug: string;
      title_hit: boolean;
      rank: number;
    }>(sql`
      select a.id, a.title, left(a.body_text, 20000) as body_text, a.section_id, s.name as section_name,
        s.visible_for, a.status, a.language, a.slug,
        to_tsvector(case when a.language = 'en' then 'english'::regconfig else 'spanish'::regconfig end,
          ${folded(sql`a.title`)}) @@ (case when a.language = 'en' then ${english} else ${spanish} end) as title_hit,
        ts_rank(a.search_vector, case when a.language = 'en' then ${english} else ${spanish} end) as rank
      from kb_articles a join kb_sections s on s.id = a.section_id
      where ((a.language = 'es' and a.search_vector @@ ${spanish}) or (a.language = 'en' and a.search_vector @@ ${english}))
        and ${visible}
      order by title_hit desc, rank desc, a.updated_at desc, a.id
      limit ${options.limit}`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      bodyText: row.body_text,
      sectionId: Number(row.section_id),
      sectionName: row.section_name,
      visibleFor: row.visible_for,
      status: row.status,
      language: row.language,
      slug: row.slug,
      titleHit: row.title_hit,
      rank: Number(row.rank),
    }));
  },

  /** The stems of a search in both languages (what the highlighter marks in titles and snippets). */
  async stemsOf(db: Executor, words: string): Promise<string[]> {
    const result = await db.execute<{ word: string }>(sql`
      select distinct word from (
        select unnest(tsvector_to_array(to_tsvector('spanish', ${words}))) as word
        union all select unnest(tsvector_to_array(to_tsvector('english', ${words})))
      ) stems`);
    return result.rows.map((row) => row.word);
  },

  // Public site -----------------------------------------------------------------------------------------------

  /** The public sections with their categories and how many published articles each has (the site's home). */
  async publicSections(db: Executor) {
    const result = await db.execute<{
      id: number;
      name: string;
      description: string;
      category_id: number;
      category_name: string;
      category_description: string;
      articles: number;
    }>(sql`
      select s.id, s.name, s.description, c.id as category_id, c.name as category_name,
        c.description as category_description,
        (select count(*)::int from kb_articles a where a.section_id = s.id and a.status = 'published') as articles
      from kb_sections s join kb_categories c on c.id = s.category_id
      where s.visible_for && array['public']::text[]
      order by c.name, c.id, s.name, s.id
      limit 500`);
    return result.rows.map((row) => ({ ...row, id: Number(row.id), category_id: Number(row.category_id) }));
  },

  /** The sitemap's entries: every published article of a public section (capped: sitemaps hold 50,000 URLs). */
  async publicArticleIndex(db: Executor) {
    const result = await db.execute<{ id: number; slug: string; language: KbLanguage; updated_at: Date }>(sql`
      select a.id, a.slug, a.language, a.updated_at from kb_articles a join kb_sections s on s.id = a.section_id
      where a.status = 'published' and s.visible_for && array['public']::text[]
      order by a.id limit 45000`);
    return result.rows.map((row) => ({ ...row, id: Number(row.id), updated_at: new Date(row.updated_at) }));
  },

  // Public settings -------------------------------------------------------------------------------------------

  async publicConfig(db: Executor) {
    const [row] = await db.select().from(kbPublicConfig).where(eq(kbPublicConfig.id, 1));
    return row ?? null;
  },

  async savePublicConfig(
    db: Executor,
    values: Omit<typeof kbPublicConfig.$inferInsert, 'id' | 'updatedAt'>,
  ): Promise<void> {
    await db
      .insert(kbPublicConfig)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: kbPublicConfig.id, set: { ...values, updatedAt: new Date() } });
  },

  async businessProfile(db: Executor) {
    const result = await db.execute<{
      name: string;
      logo_path: string | null;
      phone: string | null;
      contact_email: string | null;
      address: string | null;
      city: string | null;
    }>(sql`select name, logo_path, phone, contact_email, address, city from business order by id limit 1`);
    return result.rows[0] ?? null;
  },
};
