import type {
  KbArticle,
  KbArticleBody,
  KbArticleSummary,
  KbAttachment,
  KbCategory,
  KbCategoryBody,
  KbDeleted,
  KbPublicConfig,
  KbPublicConfigBody,
  KbSearchHit,
  KbSection,
  KbSectionBody,
  Page,
} from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { downloadApiFile } from '../../api/download';
import { type KbListParams, kbKeys } from './keys';

/** The largest page the API gives (the select of sections asks for one page of them). */
export const KB_MAX_PAGE = 200;
/** How many hits a search shows. */
export const KB_SEARCH_LIMIT = 10;

export function useKbCategories(params: KbListParams, enabled = true) {
  return useQuery({
    queryKey: kbKeys.categories(params),
    queryFn: () => unwrap(api.get<Page<KbCategory>>('knowledge-base/categories', { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useKbSections(params: KbListParams, enabled = true) {
  return useQuery({
    queryKey: kbKeys.sections(params),
    queryFn: () => unwrap(api.get<Page<KbSection>>('knowledge-base/sections', { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every section the caller sees (one page of the largest size), for the article's section select. */
export function useKbSectionChoices() {
  return useQuery({
    queryKey: kbKeys.sectionChoices,
    queryFn: async () =>
      (
        await unwrap(
          api.get<Page<KbSection>>('knowledge-base/sections', {
            query: { page: 1, sizePerPage: KB_MAX_PAGE, sortName: 'name', sortOrder: 'asc' },
          }),
        )
      ).data,
    staleTime: 30_000,
  });
}

export function useKbSection(id: number | null) {
  return useQuery({
    queryKey: kbKeys.section(id ?? 0),
    queryFn: () => unwrap(api.get<KbSection>(`knowledge-base/sections/${id}`)),
    enabled: id !== null,
  });
}

export function useKbArticles(params: KbListParams, enabled = true) {
  return useQuery({
    queryKey: kbKeys.articles(params),
    queryFn: () => unwrap(api.get<Page<KbArticleSummary>>('knowledge-base/articles', { query: params })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useKbArticle(id: number | null) {
  return useQuery({
    queryKey: kbKeys.article(id ?? 0),
    queryFn: () => unwrap(api.get<KbArticle>(`knowledge-base/articles/${id}`)),
    enabled: id !== null,
  });
}

/** The article itself, fetched on demand (the ticket's "insert text"). */
export function fetchKbArticle(id: number): Promise<KbArticle> {
  return unwrap(api.get<KbArticle>(`knowledge-base/articles/${id}`));
}

/** Ranked hits for `q` (nothing is asked for a blank query). */
export function useKbSearch(q: string, publishedOnly = false) {
  const text = q.trim();
  return useQuery({
    queryKey: kbKeys.search(text, publishedOnly),
    queryFn: ({ signal }) =>
      unwrap(
        api.get<KbSearchHit[]>('knowledge-base/search', {
          query: { q: text, limit: KB_SEARCH_LIMIT, publishedOnly: String(publishedOnly) },
          signal,
        }),
      ),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useKbPublicConfig() {
  return useQuery({
    queryKey: kbKeys.publicConfig,
    queryFn: () => unwrap(api.get<KbPublicConfig>('knowledge-base/public-config')),
  });
}

/** After a change: every knowledge-base list and count may have moved (they are small and cheap to ask again). */
function useRefreshKb() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: kbKeys.all });
}

export function useSaveKbCategory() {
  const refresh = useRefreshKb();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: KbCategoryBody }) =>
      unwrap(
        id === null
          ? api.post<KbCategory>('knowledge-base/categories', body)
          : api.put<KbCategory>(`knowledge-base/categories/${id}`, body),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteKbCategory() {
  const refresh = useRefreshKb();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.delete<KbDeleted>(`knowledge-base/categories/${id}`)),
    onSuccess: refresh,
  });
}

export function useSaveKbSection() {
  const refresh = useRefreshKb();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: KbSectionBody }) =>
      unwrap(
        id === null
          ? api.post<KbSection>('knowledge-base/sections', body)
          : api.put<KbSection>(`knowledge-base/sections/${id}`, body),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteKbSection() {
  const refresh = useRefreshKb();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.delete<KbDeleted>(`knowledge-base/sections/${id}`)),
    onSuccess: refresh,
  });
}

export function useSaveKbArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: KbArticleBody }) =>
      unwrap(
        id === null
          ? api.post<KbArticle>('knowledge-base/articles', body)
          : api.put<KbArticle>(`knowledge-base/articles/${id}`, body),
      ),
    onSuccess: (article) => {
      client.setQueryData(kbKeys.article(article.id), article);
      void client.invalidateQueries({
        queryKey: kbKeys.all,
        predicate: (query) => query.queryKey[1] !== 'article' || query.queryKey[2] !== article.id,
      });
    },
  });
}

export function useDeleteKbArticle() {
  const refresh = useRefreshKb();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.delete<unknown>(`knowledge-base/articles/${id}`)),
    onSuccess: refresh,
  });
}

/** Uploads a file as the article's attachment; the article's detail is asked again. */
export function useUploadKbAttachment(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      unwrap(api.upload<KbAttachment>(`knowledge-base/articles/${articleId}/attachments`, file)),
    onSuccess: () => void client.invalidateQueries({ queryKey: kbKeys.article(articleId) }),
  });
}

export function useDeleteKbAttachment(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: number) =>
      unwrap(api.delete<unknown>(`knowledge-base/articles/${articleId}/attachments/${attachmentId}`)),
    onSuccess: () => void client.invalidateQueries({ queryKey: kbKeys.article(articleId) }),
  });
}

export function downloadKbAttachment(articleId: number, attachment: KbAttachment): Promise<string> {
  return downloadApiFile(`knowledge-base/articles/${articleId}/attachments/${attachment.id}`, {}, attachment.name);
}

/** Uploads an image for an article's body: the answer is its public URL. */
export async function uploadKbImage(file: File): Promise<string> {
  return (await unwrap(api.upload<{ url: string }>('knowledge-base/images', file))).url;
}

export function useSaveKbPublicConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KbPublicConfigBody) => unwrap(api.put<KbPublicConfig>('knowledge-base/public-config', body)),
    onSuccess: (config) => {
      client.setQueryData(kbKeys.publicConfig, config);
      // Articles' public links depend on whether the site is on.
      void client.invalidateQueries({
        queryKey: kbKeys.all,
        predicate: (query) => query.queryKey[1] !== 'public-config',
      });
    },
  });
}
