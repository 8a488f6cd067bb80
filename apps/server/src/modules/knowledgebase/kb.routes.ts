import {
  cappedPageSchema,
  idParamSchema,
  KB_LIMITS,
  kbArticleBodySchema,
  kbArticleListQuerySchema,
  kbArticleSchema,
  kbArticleSummarySchema,
  kbAttachmentSchema,
  kbCategoryBodySchema,
  kbCategoryListQuerySchema,
  kbCategorySchema,
  kbDeletedSchema,
  kbImageSchema,
  kbPublicConfigBodySchema,
  kbPublicConfigSchema,
  kbSearchHitSchema,
  kbSearchQuerySchema,
  kbSectionBodySchema,
  kbSectionListQuerySchema,
  kbSectionSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { sendStoredFile } from '../../platform/http/downloads.js';
import { success } from '../../platform/http/envelope.js';
import { created, file, MULTIPART, ok, refusals } from '../../platform/http/openapi.js';
import { readImageUpload, readUpload } from '../../platform/http/uploads.js';
import type { KbService } from './kb.service.js';

const attachmentParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive(),
});

/** List queries in the repository's terms: `searchText` is the search. */
const listRequest = <Q extends { searchText?: string }>(query: Q) => ({ ...query, search: query.searchText });

// Permissions (docs/knowledge-base.md): reading follows the spec's screen keys; categories, sections and the public
// site's settings are managed by whoever edits articles; what each reader sees is the service's (section audiences).
export async function kbRoutes(app: FastifyInstance, kb: KbService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Knowledge base'];
  const manage = 'knowledgebase-editar-articulo';

  // Categories --------------------------------------------------------------------------------------------------
  api.get(
    '/knowledge-base/categories',
    {
      config: { permission: 'ver-menu-knowledgebase' },
      schema: {
        tags,
        operationId: 'listKbCategories',
        summary: 'List the knowledge base’s categories, with the sections and articles the caller sees in each',
        querystring: kbCategoryListQuerySchema,
        response: ok(cappedPageSchema(kbCategorySchema)),
      },
    },
    async (request) => success(request, await kb.listCategories(requireAuth(request), listRequest(request.query))),
  );

  api.post(
    '/knowledge-base/categories',
    {
      config: { permission: manage },
      schema: {
        tags,
        operationId: 'createKbCategory',
        summary: 'Create a category',
        body: kbCategoryBodySchema,
        response: created(kbCategorySchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await kb.createCategory(requireAuth(request), request.body), {
          messageKey: 'knowledgeBase.categorySaved',
        }),
      ),
  );

  api.get(
    '/knowledge-base/categories/:id',
    {
      config: { permission: 'ver-menu-knowledgebase' },
      schema: {
        tags,
        operationId: 'getKbCategory',
        summary: 'One category',
        params: idParamSchema,
        response: ok(kbCategorySchema),
      },
    },
    async (request) => success(request, await kb.getCategory(requireAuth(request), request.params.id)),
  );

  api.put(
    '/knowledge-base/categories/:id',
    {
      config: { permission: manage },
      schema: {
        tags,
        operationId: 'updateKbCategory',
        summary: 'Update a category',
        params: idParamSchema,
        body: kbCategoryBodySchema,
        response: ok(kbCategorySchema),
      },
    },
    async (request) =>
      success(request, await kb.updateCategory(requireAuth(request), request.params.id, request.body), {
        messageKey: 'knowledgeBase.categorySaved',
      }),
  );

  api.delete(
    '/knowledge-base/categories/:id',
    {
      config: { permission: manage },
      schema: {
        tags,
        operationId: 'deleteKbCategory',
        summary: 'Delete a category with its sections and their articles (irreversible)',
        params: idParamSchema,
        response: ok(kbDeletedSchema),
      },
    },
    async (request) =>
      success(request, await kb.deleteCategory(requireAuth(request), request.params.id), {
        messageKey: 'knowledgeBase.deleted',
      }),
  );

  // Sections ----------------------------------------------------------------------------------------------------
  api.get(
    '/knowledge-base/sections',
    {
      config: { permission: 'knowledgebase-ver-secciones|ver-menu-knowledgebase' },
      schema: {
        tags,
        operationId: 'listKbSections',
        summary: 'List the sections the caller sees, optionally of one category',
        querystring: kbSectionListQuerySchema,
        response: ok(cappedPageSchema(kbSectionSchema)),
      },
    },
    async (request) => success(request, await kb.listSections(requireAuth(request), listRequest(request.query))),
  );

  api.post(
    '/knowledge-base/sections',
    {
      config: { permission: manage },
      schema: {
        tags,
        operationId: 'createKbSection',
        summary: 'Create a section in a category, shown to the chosen audiences',
        body: kbSectionBodySchema,
        response: created(kbSectionSchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await kb.createSection(requireAuth(request), request.body), {
          messageKey: 'knowledgeBase.sectionSaved',
        }),
      ),
  );

  api.get(
    '/knowledge-base/sections/:id',
    {
      config: { permission: 'knowledgebase-ver-secciones' },
      schema: {
        tags,
        operationId: 'getKbSection',
        summary: 'One section the caller sees',
        params: idParamSchema,
        response: ok(kbSectionSchema),
      },
    },
    async (request) => success(request, await kb.getSection(requireAuth(request), request.params.id)),
  );

  api.put(
    '/knowledge-base/sections/:id',
    {
      config: { permission: manage },
      schema: {
        tags,
        operationId: 'updateKbSection',
        summary: 'Update a section (its category and audiences too)',
        params: idParamSchema,
        body: kbSectionBodySchema,
        response: ok(kbSectionSchema),
      },
    },
    async (request) =>
      success(request, await kb.updateSection(requireAuth(request), request.params.id, request.body), {
        messageKey: 'knowledgeBase.sectionSaved',
      }),
  );

  api.delete(
    '/knowledge-base/sections/:id',
    {
      config: { permission: manage },
      schema: {
        tags,
        operationId: 'deleteKbSection',
        summary: 'Delete a section with its articles (irreversible)',
        params: idParamSchema,
        response: ok(kbDeletedSchema),
      },
    },
    async (request) =>
      success(request, await kb.deleteSection(requireAuth(request), request.params.id), {
        messageKey: 'knowledgeBase.deleted',
      }),
  );

  // Articles ----------------------------------------------------------------------------------------------------
  api.get(
    '/knowledge-base/articles',
    {
      config: { permission: 'knowledgebase-ver-secciones|knowledgebase-ver-articulo' },
      schema: {
        tags,
        operationId: 'listKbArticles',
        summary: 'List the articles the caller sees, by section and status, searched by title',
        querystring: kbArticleListQuerySchema,
        response: ok(cappedPageSchema(kbArticleSummarySchema)),
      },
    },
    async (request) => success(request, await kb.listArticles(requireAuth(request), listRequest(request.query))),
  );

  api.post(
    '/knowledge-base/articles',
    {
      config: { permission: 'knowledgebase-agregar-articulo' },
      schema: {
        tags,
        operationId: 'createKbArticle',
        summary: 'Write an article in a section the caller sees (a draft or published)',
        body: kbArticleBodySchema,
        response: created(kbArticleSchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await kb.createArticle(requireAuth(request), request.body), {
          messageKey: 'knowledgeBase.articleSaved',
        }),
      ),
  );

  api.get(
    '/knowledge-base/articles/:id',
    {
      config: { permission: 'knowledgebase-ver-articulo' },
      schema: {
        tags,
        operationId: 'getKbArticle',
        summary: 'One article the caller sees: its sanitised HTML, its text and attachments',
        params: idParamSchema,
        response: ok(kbArticleSchema),
      },
    },
    async (request) => success(request, await kb.getArticle(requireAuth(request), request.params.id)),
  );

  api.put(
    '/knowledge-base/articles/:id',
    {
      config: { permission: 'knowledgebase-editar-articulo' },
      schema: {
        tags,
        operationId: 'updateKbArticle',
        summary: 'Update an article (publishing it or taking it back to draft)',
        params: idParamSchema,
        body: kbArticleBodySchema,
        response: ok(kbArticleSchema),
      },
    },
    async (request) =>
      success(request, await kb.updateArticle(requireAuth(request), request.params.id, request.body), {
        messageKey: 'knowledgeBase.articleSaved',
      }),
  );

  api.delete(
    '/knowledge-base/articles/:id',
    {
      config: { permission: 'knowledgebase-editar-articulo' },
      schema: {
        tags,
        operationId: 'deleteKbArticle',
        summary: 'Delete an article and its attachments',
        params: idParamSchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await kb.deleteArticle(requireAuth(request), request.params.id);
      return success(request, null, { messageKey: 'knowledgeBase.deleted' });
    },
  );

  api.post(
    '/knowledge-base/articles/:id/attachments',
    {
      config: { permission: 'knowledgebase-agregar-articulo|knowledgebase-editar-articulo' },
      schema: {
        tags,
        operationId: 'addKbAttachment',
        summary: 'Attach a file to an article (multipart `file`; checked by its content)',
        consumes: MULTIPART,
        params: idParamSchema,
        response: { ...created(kbAttachmentSchema), ...refusals(413, 415, 422) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, KB_LIMITS.attachmentBytes);
      const attachment = await kb.addAttachment(requireAuth(request), request.params.id, upload);
      return reply.code(201).send(success(request, attachment, { messageKey: 'knowledgeBase.attachmentAdded' }));
    },
  );

  api.get(
    '/knowledge-base/articles/:id/attachments/:attachmentId',
    {
      config: { permission: 'knowledgebase-ver-articulo' },
      schema: {
        tags,
        operationId: 'getKbAttachment',
        summary: 'Download an attachment of an article the caller sees',
        params: attachmentParamsSchema,
        response: { 200: file('The file, with its sniffed content type'), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const attachment = await kb.attachmentFile(kb.viewerOf(requireAuth(request)), id, attachmentId);
      return sendStoredFile(reply, attachment, attachment.stream);
    },
  );

  api.delete(
    '/knowledge-base/articles/:id/attachments/:attachmentId',
    {
      config: { permission: 'knowledgebase-agregar-articulo|knowledgebase-editar-articulo' },
      schema: {
        tags,
        operationId: 'deleteKbAttachment',
        summary: 'Remove an attachment from an article',
        params: attachmentParamsSchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await kb.removeAttachment(requireAuth(request), request.params.id, request.params.attachmentId);
      return success(request, null, { messageKey: 'knowledgeBase.deleted' });
    },
  );

  api.post(
    '/knowledge-base/images',
    {
      config: { permission: 'knowledgebase-agregar-articulo|knowledgebase-editar-articulo' },
      schema: {
        tags,
        operationId: 'uploadKbImage',
        summary: 'Upload an image for an article’s body (PNG, JPEG or WebP); answers its public address',
        consumes: MULTIPART,
        response: { ...created(kbImageSchema), ...refusals(413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(success(request, await kb.saveImage(await readImageUpload(request, KB_LIMITS.imageBytes)))),
  );

  // Search and the public site's settings -------------------------------------------------------------------
  api.get(
    '/knowledge-base/search',
    {
      config: { permission: 'knowledgebase-ver-articulo' },
      schema: {
        tags,
        operationId: 'searchKb',
        summary: 'Full-text search (Spanish and English, accents ignored) over the articles the caller sees, ranked',
        querystring: kbSearchQuerySchema,
        response: ok(z.array(kbSearchHitSchema)),
      },
    },
    async (request) => success(request, await kb.search(kb.viewerOf(requireAuth(request)), request.query)),
  );

  api.get(
    '/knowledge-base/public-config',
    {
      config: { permission: 'ver-menu-knowledgebase' },
      schema: {
        tags,
        operationId: 'getKbPublicConfig',
        summary: 'The public knowledge base’s settings and address',
        response: ok(kbPublicConfigSchema),
      },
    },
    async (request) => success(request, await kb.publicConfig()),
  );

  api.put(
    '/knowledge-base/public-config',
    {
      config: { permission: manage },
      schema: {
        tags,
        operationId: 'updateKbPublicConfig',
        summary: 'Save the public knowledge base’s settings',
        body: kbPublicConfigBodySchema,
        response: ok(kbPublicConfigSchema),
      },
    },
    async (request) =>
      success(request, await kb.savePublicConfig(requireAuth(request), request.body), {
        messageKey: 'knowledgeBase.configSaved',
      }),
  );
}
