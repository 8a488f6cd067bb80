/**
 * The knowledge base. Pages (lazy-loaded by the router from their own files):
 * - /app/knowledge-base/categories → KnowledgeBaseCategoriesPage (./CategoriesPage)
 * - /app/knowledge-base/public-config → KnowledgeBasePublicConfigPage (./PublicConfigPage)
 * - /app/knowledge-base/sections/:id → KnowledgeBaseSectionPage (./SectionPage)
 * - /app/knowledge-base/article/add, /:id/edit → <KnowledgeBaseArticleEditorPage mode="create|edit" /> (./ArticleEditorPage)
 * - /app/knowledge-base/article/:id/view → KnowledgeBaseArticleViewPage (./ArticleViewPage)
 * For other features: KbInsertButton (the reply composer's "insert from the knowledge base"; its dialog loads when
 * first opened) and the query keys.
 */

export { KbInsertButton } from './KbInsertButton';
export { kbKeys } from './keys';
