import type {
  KbArticle,
  KbArticleInput,
  KbArticleStatus,
  KbAudience,
  KbHighlight,
  KbLanguage,
  KbPublicConfig,
  KbPublicConfigBody,
  KbSearchHit,
  KbSection,
} from '@atiende/contracts';

/** The plain text of a highlighted piece (its segments joined). */
export function highlightText(parts: KbHighlight): string {
  return parts.map((part) => part.text).join('');
}

/**
 * A highlighted piece as runs to render: neighbouring segments of the same kind merged, empty ones dropped. Text is
 * only ever rendered as text (a `<mark>` around matches), never as HTML.
 */
export function highlightRuns(parts: KbHighlight): KbHighlight {
  const runs: KbHighlight = [];
  for (const part of parts) {
    if (!part.text) continue;
    const last = runs[runs.length - 1];
    if (last && last.match === part.match) runs[runs.length - 1] = { text: last.text + part.text, match: part.match };
    else runs.push({ text: part.text, match: part.match });
  }
  return runs;
}

/** What "insert link" puts in a reply: `title: url`, or null when the article has no public page. */
export function insertLinkText(hit: Pick<KbSearchHit, 'title' | 'publicUrl'>): string | null {
  if (!hit.publicUrl) return null;
  return `${highlightText(hit.title).trim()}: ${hit.publicUrl}`;
}

/** What "insert text" puts in a reply: the article as plain text, without blank lines piling up. */
export function insertArticleText(article: Pick<KbArticle, 'title' | 'text'>): string {
  const text = article.text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || article.title;
}

/** The translation key of an audience's label. */
export const audienceLabelKey = (audience: KbAudience) => `knowledgeBase.audiences.${audience}`;
export const statusLabelKey = (status: KbArticleStatus) => `knowledgeBase.statuses.${status}`;
export const languageLabelKey = (language: KbLanguage) => `knowledgeBase.languages.${language}`;

/** The article form's state: the section is null until one is chosen. */
export interface ArticleFormState {
  title: string;
  sectionId: number | null;
  language: KbLanguage;
  status: KbArticleStatus;
  labels: string[];
  body: string;
}

export function emptyArticleForm(sectionId: number | null, language: KbLanguage): ArticleFormState {
  return { title: '', sectionId, language, status: 'draft', labels: [], body: '' };
}

export function articleToForm(article: KbArticle): ArticleFormState {
  return {
    title: article.title,
    sectionId: article.section.id,
    language: article.language,
    status: article.status,
    labels: [...article.labels],
    body: article.body,
  };
}

/** What the form sends (validated in the browser with kbArticleBodySchema first). */
export function articleFormToBody(state: ArticleFormState): Omit<KbArticleInput, 'sectionId'> & {
  sectionId: number | null;
} {
  return {
    title: state.title,
    body: state.body,
    sectionId: state.sectionId,
    labels: state.labels.map((label) => label.trim()).filter(Boolean),
    status: state.status,
    language: state.language,
  };
}

export interface SectionGroup {
  category: { id: number; name: string };
  sections: KbSection[];
}

/** Sections grouped under their categories, both by name (for the article's section select). */
export function groupSectionsByCategory(sections: readonly KbSection[], locale = 'es'): SectionGroup[] {
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, locale);
  const groups = new Map<number, SectionGroup>();
  for (const section of sections) {
    const group = groups.get(section.category.id) ?? { category: section.category, sections: [] };
    group.sections.push(section);
    groups.set(section.category.id, group);
  }
  return [...groups.values()]
    .sort((a, b) => byName(a.category, b.category))
    .map((group) => ({ ...group, sections: [...group.sections].sort(byName) }));
}

/** The public-config form from what the server has (the read-only fields left out). */
export function publicConfigToForm(config: KbPublicConfig): KbPublicConfigBody {
  return {
    enabled: config.enabled,
    headerTitle: config.headerTitle,
    footerTitle: config.footerTitle,
    searchTitle: config.searchTitle,
    searchSubtitle: config.searchSubtitle,
    primaryColor: config.primaryColor,
    displayLogo: config.displayLogo,
    displayBusinessInfo: config.displayBusinessInfo,
  };
}

/** A colour the preview can use: the typed one when it is #RRGGBB, else the fallback. */
export function previewColour(value: string, fallback: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(value.trim()) ? value.trim() : fallback;
}

/** Black or white text, whichever reads better on the colour (#RRGGBB). */
export function contrastText(hex: string): '#000000' | '#ffffff' {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
