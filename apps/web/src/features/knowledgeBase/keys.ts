export type KbListParams = Record<string, string | number | undefined>;

/** The knowledge base's query keys: everything under `knowledgeBase`, so one save refreshes what depends on it. */
export const kbKeys = {
  all: ['knowledgeBase'] as const,
  categories: (params: KbListParams) => [...kbKeys.all, 'categories', params] as const,
  category: (id: number) => [...kbKeys.all, 'category', id] as const,
  sections: (params: KbListParams) => [...kbKeys.all, 'sections', params] as const,
  section: (id: number) => [...kbKeys.all, 'section', id] as const,
  sectionChoices: ['knowledgeBase', 'section-choices'] as const,
  articles: (params: KbListParams) => [...kbKeys.all, 'articles', params] as const,
  article: (id: number) => [...kbKeys.all, 'article', id] as const,
  search: (q: string, publishedOnly: boolean) => [...kbKeys.all, 'search', q, publishedOnly] as const,
  publicConfig: ['knowledgeBase', 'public-config'] as const,
};
