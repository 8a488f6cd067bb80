import fs from 'node:fs';
import {
  KB_AUDIENCES,
  KB_LIMITS,
  type KbArticle,
  type KbArticleBody,
  type KbArticleSummary,
  type KbAttachment,
  type KbAudience,
  type KbCategory,
  type KbCategoryBody,
  type KbDeleted,
  type KbLanguage,
  type KbPublicConfig,
  type KbPublicConfigBody,
  type KbSearchHit,
  type KbSection,
  type KbSectionBody,
  type Page,
} from '@atiende/contracts';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { safeFileName, sniffAttachment } from '../../platform/files.js';
import { htmlToText, sanitizeArticleHtml } from '../../platform/html.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { searchable, wordPrefixQuery } from '../../platform/text.js';
import { highlight, snippet } from './kb.highlight.js';
import {
  type ArticleRow,
  type ArticleSummaryRow,
  type KbViewer,
  kbRepo,
  type ListRequest,
  PUBLIC_VIEWER,
} from './kb.repo.js';

/** Who sees what (docs/knowledge-base.md): administrators everything; others their roles' audiences. */
export function viewerOf(actor: Pick<AuthContext, 'roles' | 'permissions'>): KbViewer {
  if (actor.roles.includes('admin')) return { all: true };
  const builtIn = actor.roles.filter((role): role is KbAudience => role === 'super' || role === 'agent');
  return {
    all: false,
    // A user holding only custom roles reads the base as an agent does.
    audiences: builtIn.length > 0 ? builtIn : ['agent'],
    drafts:
      actor.permissions.has('knowledgebase-agregar-articulo') || actor.permissions.has('knowledgebase-editar-articulo'),
  };
}

function canSeeSection(viewer: KbViewer, visibleFor: readonly string[]): boolean {
  return viewer.all || visibleFor.some((audience) => (viewer.audiences as readonly string[]).includes(audience));
}

function canSeeArticle(viewer: KbViewer, row: { visibleFor: readonly string[]; status: string }): boolean {
  if (!canSeeSection(viewer, row.visibleFor)) return false;
  return viewer.all || viewer.drafts || row.status === 'published';
}

/** The title as a URL segment: folded, words joined by hyphens ("¿Cómo pago?" → "como-pago"). */
export function slugOf(title: string): string {
  const slug = searchable(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'articulo';
}

export const KB_SITE_PATH = '/kb';

export function publicArticlePath(article: { id: number; slug: string; language: KbLanguage }): string {
  return `${KB_SITE_PATH}/${article.language}/articles/${article.id}-${article.slug}`;
}

/** An article's stored columns from what its author sent: sanitised HTML, its text, the search's labels, the slug. */
export function articleColumns(body: KbArticleBody) {
  const bodyHtml = sanitizeArticleHtml(body.body);
  return {
    sectionId: body.sectionId,
    title: body.title,
    bodyHtml,
    // Block ends become line breaks, so the text reads as the page does (and words of two cells do not merge).
    bodyText: htmlToText(bodyHtml.replace(/<\/(h[1-6]|li|tr|th|td)>/gi, '$&\n')).replace(/\n{3,}/g, '\n\n'),
    labels: body.labels,
    labelsText: body.labels.join(' '),
    status: body.status,
    language: body.language,
    slug: slugOf(body.title),
  };
}

const iso = (date: Date) => date.toISOString();
const person = (id: number | null, name: string | null) => (id ? { id, nombre: name ?? '' } : null);

function toSummary(row: ArticleSummaryRow): KbArticleSummary {
  const text = row.bodyText.replace(/\s+/g, ' ').trim();
  return {
    id: row.id,
    title: row.title,
    excerpt: text.length > 200 ? `${text.slice(0, 200).replace(/\s+\S*$/, '')}…` : text,
    section: { id: row.sectionId, name: row.sectionName },
    labels: row.labels,
    status: row.status,
    language: row.language,
    updatedBy: person(row.updatedById, row.updatedByName),
    updatedAt: iso(row.updatedAt),
  };
}

export function createKbService(ctx: AppContext) {
  const { db, storage } = ctx;

  const removeFiles = async (paths: readonly string[]) => {
    for (const stored of paths) await storage.remove(stored).catch(() => undefined);
  };

  async function siteEnabled(): Promise<boolean> {
    return (await kbRepo.publicConfig(db))?.enabled ?? true;
  }

  function publicUrlOf(
    row: { id: number; slug: string; language: KbLanguage; status: string; visibleFor: readonly string[] },
    enabled: boolean,
  ): string | null {
    if (!enabled || row.status !== 'published' || !row.visibleFor.includes('public')) return null;
    return `${ctx.config.publicUrl}${publicArticlePath(row)}`;
  }

  async function toArticle(row: ArticleRow): Promise<KbArticle> {
    const [attachments, enabled] = await Promise.all([kbRepo.attachmentsOf(db, row.id), siteEnabled()]);
    return {
      ...toSummary(row),
      body: row.bodyHtml,
      text: row.bodyText,
      section: { id: row.sectionId, name: row.sectionName, category: { id: row.categoryId, name: row.categoryName } },
      attachments: attachments.map(({ id, name, contentType, size }) => ({ id, name, contentType, size })),
      publicUrl: publicUrlOf(row, enabled),
      createdBy: person(row.createdById, row.createdByName),
      createdAt: iso(row.createdAt),
      publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
    };
  }

  /** A section the caller sees, or a field error / 404. */
  async function visibleSection(viewer: KbViewer, id: number, asField?: string) {
    const section = await kbRepo.findSection(db, viewer, id);
    if (section && canSeeSection(viewer, section.visibleFor)) return section;
    if (asField) throw errors.invalidField(asField, 'knowledgeBase.unknownSection');
    throw errors.notFound();
  }

  async function visibleArticle(viewer: KbViewer, id: number): Promise<ArticleRow> {
    const row = await kbRepo.findArticle(db, id);
    if (!row || !canSeeArticle(viewer, row)) throw errors.notFound();
    return row;
  }

  /** A section's audiences must keep the editor among them (an administrator sees every section anyway). */
  function checkAudiences(viewer: KbViewer, visibleFor: readonly KbAudience[]) {
    if (!viewer.all && !canSeeSection(viewer, visibleFor))
      throw errors.invalidField('visibleFor', 'knowledgeBase.sectionWouldHide');
  }

  return {
    viewerOf,

    // Categories ----------------------------------------------------------------------------------------------
    async listCategories(
      actor: AuthContext,
      request: ListRequest,
    ): Promise<Page<KbCategory> & { totalCapped: boolean }> {
      const viewer = viewerOf(actor);
      const { rows, total } = await kbRepo.listCategories(db, viewer, {
        ...request,
        search: request.search ? searchable(request.search) : undefined,
      });
      return {
        data: rows.map((row) => ({ ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) })),
        total,
        totalCapped: false,
        page: request.page,
        sizePerPage: request.sizePerPage,
      };
    },

    async getCategory(actor: AuthContext, id: number): Promise<KbCategory> {
      const row = await kbRepo.findCategory(db, viewerOf(actor), id);
      if (!row) throw errors.notFound();
      return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
    },

    async createCategory(actor: AuthContext, body: KbCategoryBody): Promise<KbCategory> {
      const id = await kbRepo.insertCategory(db, body);
      return this.getCategory(actor, id);
    },

    async updateCategory(actor: AuthContext, id: number, body: KbCategoryBody): Promise<KbCategory> {
      await db.transaction(async (tx) => {
        if (!(await kbRepo.lockCategory(tx, id))) throw errors.notFound();
        await kbRepo.updateCategory(tx, id, body);
      });
      return this.getCategory(actor, id);
    },

    /**
     * Deletes a category, its sections and their articles (spec section 5: irreversible). Someone who does not see
     * every section of it cannot delete it: they would remove what they were never shown.
     */
    async deleteCategory(actor: AuthContext, id: number): Promise<KbDeleted> {
      const viewer = viewerOf(actor);
      const removed = await db.transaction(async (tx) => {
        if (!(await kbRepo.lockCategory(tx, id))) throw errors.notFound();
        if (!viewer.all) {
          const hidden = await kbRepo.listSections(
            tx,
            { all: true },
            {
              page: 1,
              sizePerPage: 200,
              sortName: 'id',
              sortOrder: 'asc',
              categoryId: id,
            },
          );
          if (hidden.rows.some((section) => !canSeeSection(viewer, section.visibleFor))) throw errors.forbidden();
        }
        return kbRepo.deleteCategory(tx, id);
      });
      await removeFiles(removed.files);
      return { sections: removed.sections, articles: removed.articles };
    },

    // Sections ------------------------------------------------------------------------------------------------
    async listSections(
      actor: AuthContext,
      request: ListRequest & { categoryId?: number },
    ): Promise<Page<KbSection> & { totalCapped: boolean }> {
      const viewer = viewerOf(actor);
      const { rows, total } = await kbRepo.listSections(db, viewer, {
        ...request,
        search: request.search ? searchable(request.search) : undefined,
      });
      return {
        data: rows.map(toSection),
        total,
        totalCapped: false,
        page: request.page,
        sizePerPage: request.sizePerPage,
      };
    },

    async getSection(actor: AuthContext, id: number): Promise<KbSection> {
      return toSection(await visibleSection(viewerOf(actor), id));
    },

    async createSection(actor: AuthContext, body: KbSectionBody): Promise<KbSection> {
      const viewer = viewerOf(actor);
      checkAudiences(viewer, body.visibleFor);
      const id = await db.transaction(async (tx) => {
        if (!(await kbRepo.lockCategory(tx, body.categoryId)))
          throw errors.invalidField('categoryId', 'knowledgeBase.unknownCategory');
        return kbRepo.insertSection(tx, body);
      });
      return this.getSection(actor, id);
    },

    async updateSection(actor: AuthContext, id: number, body: KbSectionBody): Promise<KbSection> {
      const viewer = viewerOf(actor);
      await visibleSection(viewer, id);
      checkAudiences(viewer, body.visibleFor);
      await db.transaction(async (tx) => {
        if (!(await kbRepo.lockCategory(tx, body.categoryId)))
          throw errors.invalidField('categoryId', 'knowledgeBase.unknownCategory');
        await kbRepo.updateSection(tx, id, body);
      });
      return this.getSection(actor, id);
    },

    async deleteSection(actor: AuthContext, id: number): Promise<KbDeleted> {
      await visibleSection(viewerOf(actor), id);
      const removed = await db.transaction((tx) => kbRepo.deleteSection(tx, id));
      await removeFiles(removed.files);
      return { sections: removed.sections, articles: removed.articles };
    },

    // Articles ------------------------------------------------------------------------------------------------
    async listArticles(
      actor: AuthContext,
      request: ListRequest & { sectionId?: number; status?: 'draft' | 'published' },
    ): Promise<Page<KbArticleSummary> & { totalCapped: boolean }> {
      const viewer = viewerOf(actor);
      const { rows, total, capped } = await kbRepo.listArticles(db, viewer, {
        ...request,
        search: request.search ? searchable(request.search) : undefined,
      });
      return {
        data: rows.map(toSummary),
        total,
        totalCapped: capped,
        page: request.page,
        sizePerPage: request.sizePerPage,
      };
    },

    async getArticle(actor: AuthContext, id: number): Promise<KbArticle> {
      return toArticle(await visibleArticle(viewerOf(actor), id));
    },

    async createArticle(actor: AuthContext, body: KbArticleBody): Promise<KbArticle> {
      const viewer = viewerOf(actor);
      await visibleSection(viewer, body.sectionId, 'sectionId');
      const id = await kbRepo.insertArticle(db, {
        ...articleColumns(body),
        createdBy: actor.userId,
        publishedAt: body.status === 'published' ? new Date() : null,
      });
      return this.getArticle(actor, id);
    },

    async updateArticle(actor: AuthContext, id: number, body: KbArticleBody): Promise<KbArticle> {
      const viewer = viewerOf(actor);
      await visibleArticle(viewer, id);
      await visibleSection(viewer, body.sectionId, 'sectionId');
      await db.transaction(async (tx) => {
        const current = await kbRepo.lockArticle(tx, id);
        if (!current) throw errors.notFound();
        // Published since the first time it went from draft to published; back to draft forgets it.
        const publishedAt =
          body.status === 'published' ? (current.status === 'published' ? current.publishedAt : new Date()) : null;
        await kbRepo.updateArticle(tx, id, { ...articleColumns(body), updatedBy: actor.userId, publishedAt });
      });
      return this.getArticle(actor, id);
    },

    async deleteArticle(actor: AuthContext, id: number): Promise<void> {
      await visibleArticle(viewerOf(actor), id);
      const files = await db.transaction((tx) => kbRepo.deleteArticle(tx, id));
      await removeFiles(files);
    },

    // Attachments ---------------------------------------------------------------------------------------------
    async addAttachment(actor: AuthContext, articleId: number, upload: UploadedFile): Promise<KbAttachment> {
      await visibleArticle(viewerOf(actor), articleId);
      const kind = sniffAttachment(upload.content, upload.filename);
      if (!kind) throw new AppError(415, 'UPLOAD.TYPE', 'tickets.attachmentType');
      const name = safeFileName(upload.filename, kind.extension);
      const storedPath = await storage.save(`kb/attachments/${articleId}`, kind.extension, upload.content);
      try {
        const id = await db.transaction(async (tx) => {
          if (!(await kbRepo.lockArticle(tx, articleId))) throw errors.notFound();
          if ((await kbRepo.countAttachments(tx, articleId)) >= KB_LIMITS.attachments)
            throw new AppError(422, 'KB.ATTACHMENTS', 'knowledgeBase.tooManyAttachments');
          const attachmentId = await kbRepo.insertAttachment(tx, {
            articleId,
            name,
            contentType: kind.contentType,
            size: upload.content.length,
            storedPath,
            createdBy: actor.userId,
          });
          await kbRepo.touchArticle(tx, articleId, actor.userId);
          return attachmentId;
        });
        return { id, name, contentType: kind.contentType, size: upload.content.length };
      } catch (error) {
        // Nothing half-saved: the file goes when its row could not be written.
        await storage.remove(storedPath);
        throw error;
      }
    },

    async removeAttachment(actor: AuthContext, articleId: number, attachmentId: number): Promise<void> {
      await visibleArticle(viewerOf(actor), articleId);
      const stored = await db.transaction(async (tx) => {
        const path = await kbRepo.deleteAttachment(tx, articleId, attachmentId);
        if (path) await kbRepo.touchArticle(tx, articleId, actor.userId);
        return path;
      });
      if (!stored) throw errors.notFound();
      await removeFiles([stored]);
    },

    /** An attachment to download, for whoever sees the article (the public site passes the public viewer). */
    async attachmentFile(viewer: KbViewer, articleId: number, attachmentId: number) {
      await visibleArticle(viewer, articleId);
      const file = (await kbRepo.attachmentsOf(db, articleId)).find((attachment) => attachment.id === attachmentId);
      const absolute = file ? storage.absolutePath(file.storedPath) : null;
      if (!file || !absolute || !fs.existsSync(absolute)) throw errors.notFound();
      return { name: file.name, contentType: file.contentType, stream: fs.createReadStream(absolute) };
    },

    /** An image for article bodies: stored under an unguessable name and served publicly (files.routes.ts). */
    async saveImage(image: { content: Buffer; extension: string }): Promise<{ url: string }> {
      const stored = await storage.save('kb', image.extension, image.content);
      return { url: `/api/v2/files/${stored}` };
    },

    // Search --------------------------------------------------------------------------------------------------
    async search(
      viewer: KbViewer,
      query: { q: string; limit: number; publishedOnly: boolean },
      siteUrl: (row: { id: number; slug: string; language: KbLanguage }) => string | null = (row) =>
        `${ctx.config.publicUrl}${publicArticlePath(row)}`,
    ): Promise<KbSearchHit[]> {
      const tsquery = wordPrefixQuery(query.q);
      if (!tsquery) return [];
      const [rows, stems, enabled] = await Promise.all([
        kbRepo.search(db, viewer, tsquery, query),
        kbRepo.stemsOf(db, searchable(query.q)),
        siteEnabled(),
      ]);
      const words = [...new Set([...stems, ...searchable(query.q).split(' ').filter(Boolean)])];
      return rows.map((row) => ({
        id: row.id,
        title: highlight(row.title, words),
        snippet: snippet(row.bodyText, words),
        section: { id: row.sectionId, name: row.sectionName },
        status: row.status,
        language: row.language,
        rank: row.rank,
        publicUrl: publicUrlOf(row, enabled) === null ? null : siteUrl(row),
      }));
    },

    // Public settings -----------------------------------------------------------------------------------------
    async publicConfig(): Promise<KbPublicConfig> {
      const row = await kbRepo.publicConfig(db);
      const defaults: KbPublicConfigBody = {
        enabled: true,
        headerTitle: '',
        footerTitle: '',
        searchTitle: '',
        searchSubtitle: '',
        primaryColor: '#1565c0',
        displayLogo: true,
        displayBusinessInfo: true,
      };
      const values = row
        ? {
            enabled: row.enabled,
            headerTitle: row.headerTitle,
            footerTitle: row.footerTitle,
            searchTitle: row.searchTitle,
            searchSubtitle: row.searchSubtitle,
            primaryColor: row.primaryColor,
            displayLogo: row.displayLogo,
            displayBusinessInfo: row.displayBusinessInfo,
          }
        : defaults;
      return {
        ...values,
        siteUrl: `${ctx.config.publicUrl}${KB_SITE_PATH}`,
        updatedAt: row ? iso(row.updatedAt) : null,
      };
    },

    async savePublicConfig(actor: AuthContext, body: KbPublicConfigBody): Promise<KbPublicConfig> {
      await kbRepo.savePublicConfig(db, {
        ...body,
        primaryColor: body.primaryColor.toLowerCase(),
        updatedBy: actor.userId,
      });
      return this.publicConfig();
    },

    /** What the public site reads (modules/knowledgebase/kb.site.ts). */
    site: {
      sections: () => kbRepo.publicSections(db),
      index: () => kbRepo.publicArticleIndex(db),
      business: () => kbRepo.businessProfile(db),
      articles: (sectionId: number, page: number, sizePerPage: number) =>
        kbRepo.listArticles(db, PUBLIC_VIEWER, { sectionId, page, sizePerPage, sortName: 'title', sortOrder: 'asc' }),
      article: async (id: number) => {
        const row = await kbRepo.findArticle(db, id);
        if (!row || !canSeeArticle(PUBLIC_VIEWER, row)) return null;
        return { ...row, attachments: await kbRepo.attachmentsOf(db, id) };
      },
    },
  };
}

function toSection(row: {
  id: number;
  name: string;
  description: string;
  categoryId: number;
  categoryName: string;
  visibleFor: KbAudience[];
  articles: number;
  createdAt: Date;
  updatedAt: Date;
}): KbSection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: { id: row.categoryId, name: row.categoryName },
    visibleFor: KB_AUDIENCES.filter((audience) => row.visibleFor.includes(audience)),
    articles: row.articles,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export type KbService = ReturnType<typeof createKbService>;
