import { LIMITS } from '@atiende/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type FieldStart, useCarriedFocus } from '../../ui/AutocompleteWhenUsed';
import { SearchAdornment } from '../../ui/SearchField';
import { bestMenuEntry, normalize, rankMenuEntries, type SearchEntry } from './MenuSearch';

/**
 * The menu search once used (MenuSearch.tsx draws it until then): up to 5 menu entries by (translated) name; Enter
 * opens the first suggestion.
 */
export function MenuSearchAutocomplete({
  entries,
  onNavigate,
  start,
}: {
  entries: SearchEntry[];
  onNavigate?: () => void;
  start: FieldStart;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [input, setInput] = useState(start.text);
  const [open, setOpen] = useState(start.open);
  const carriedFocus = useCarriedFocus(start);

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
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
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
        go(typeof value === 'string' ? bestMenuEntry(entries, value) : value);
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
          inputRef={carriedFocus}
          margin="none"
          placeholder={t('menu.search')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'menu-search', 'aria-label': t('menu.search') },
            input: {
              ...params.slotProps.input,
              startAdornment: <SearchAdornment />,
            },
          }}
        />
      )}
    />
  );
}
