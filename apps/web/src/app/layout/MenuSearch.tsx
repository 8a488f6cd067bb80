import { LIMITS } from '@atiende/contracts';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export interface SearchEntry {
  path: string;
  label: string;
}

const normalize = (value: string) =>
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

/** Suggests up to 5 menu entries by (translated) name; Enter opens the first suggestion. */
export function MenuSearch({ entries, onNavigate }: { entries: SearchEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [input, setInput] = useState('');

  const go = (entry: SearchEntry | null) => {
    if (!entry) return;
    setInput('');
    navigate(entry.path);
    onNavigate?.();
  };

  return (
    <Autocomplete<SearchEntry, false, false, true>
      freeSolo
      autoHighlight
      clearOnBlur
      blurOnSelect
      size="small"
      options={entries}
      inputValue={input}
      onInputChange={(_e, value) => setInput(value)}
      value={null}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      filterOptions={(options, state) => {
        const query = normalize(state.inputValue);
        if (!query) return [];
        return rankMenuEntries(options, query).slice(0, LIMITS.menuSuggestionsMax);
      }}
      onChange={(_e, value) => {
        if (typeof value === 'string') {
          const query = normalize(value);
          go(rankMenuEntries(entries, query)[0] ?? null);
        } else go(value);
      }}
      isOptionEqualToValue={(a, b) => typeof a !== 'string' && typeof b !== 'string' && a.path === b.path}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} data-testid={`menu-suggestion-${option.path}`}>
            {option.label}
          </li>
        );
      }}
      noOptionsText={t('menu.noResults')}
      renderInput={(params) => (
        <TextField
          {...params}
          margin="none"
          placeholder={t('menu.search')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'menu-search', 'aria-label': t('menu.search') },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
