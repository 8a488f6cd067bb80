import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AutocompleteWhenUsed } from '../../ui/AutocompleteWhenUsed';
import { SearchAdornment } from '../../ui/SearchField';

export interface SearchEntry {
  path: string;
  label: string;
}

export const normalize = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** Matches by name; labels starting with the query first, then a word starting with it, then any substring. */
export function rankMenuEntries(entries: readonly SearchEntry[], query: string): SearchEntry[] {
  const score = (label: string) => {
    const value = normalize(label);
    if (value.startsWith(query)) return 0;
    if (value.split(/\s+/).some((word) => word.startsWith(query))) return 1;
    return value.includes(query) ? 2 : -1;
  };
  return entries
    .map((entry, index) => ({ entry, index, score: score(entry.label) }))
    .filter((item) => item.score >= 0)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((item) => item.entry);
}

/** What Enter opens for a text typed without choosing a suggestion: the best match, if any. */
export const bestMenuEntry = (entries: readonly SearchEntry[], text: string): SearchEntry | null =>
  rankMenuEntries(entries, normalize(text))[0] ?? null;

/**
 * The sidebar's menu search. It becomes an Autocomplete (MenuSearchAutocomplete.tsx) when first used; Enter before
 * then opens the best match, as it does after.
 */
export function MenuSearch({ entries, onNavigate }: { entries: SearchEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AutocompleteWhenUsed
      load={() => import('./MenuSearchAutocomplete')}
      placeholder={t('menu.search')}
      ariaLabel={t('menu.search')}
      testId="menu-search"
      startAdornment={<SearchAdornment />}
      onEnter={(text) => {
        const best = bestMenuEntry(entries, text);
        if (!best) return;
        navigate(best.path);
        onNavigate?.();
      }}
    >
      {({ MenuSearchAutocomplete }, start) => (
        <MenuSearchAutocomplete entries={entries} onNavigate={onNavigate} start={start} />
      )}
    </AutocompleteWhenUsed>
  );
}
