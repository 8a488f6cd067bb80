import { STORAGE_KEYS } from '@atiende/contracts';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readString } from '../../core/storage';
import { AutocompleteWhenUsed } from '../../ui/AutocompleteWhenUsed';
import { SearchAdornment } from '../../ui/SearchField';

/** The field's look, the same before and after the Autocomplete arrives. */
export const GLOBAL_SEARCH_SX: SxProps<Theme> = { width: { xs: 160, md: 240 }, display: { xs: 'none', sm: 'block' } };
export const GLOBAL_SEARCH_INPUT_SX: SxProps<Theme> = { bgcolor: 'background.paper', borderRadius: 1 };

/**
 * The header's global search, shown when the stored advanced-search flag is 1. It becomes an Autocomplete
 * (GlobalSearchAutocomplete.tsx) when first used; Enter before then opens the full results page as it does after.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (readString(STORAGE_KEYS.advancedSearch) !== '1') return null;
  return (
    <AutocompleteWhenUsed
      load={() => import('./GlobalSearchAutocomplete')}
      placeholder={t('globalSearch.placeholder')}
      ariaLabel={t('globalSearch.placeholder')}
      testId="global-search"
      startAdornment={<SearchAdornment />}
      onEnter={(text) => navigate(`/app/search?q=${encodeURIComponent(text)}`)}
      sx={GLOBAL_SEARCH_SX}
      inputSx={GLOBAL_SEARCH_INPUT_SX}
    >
      {({ GlobalSearchAutocomplete }, start) => <GlobalSearchAutocomplete start={start} />}
    </AutocompleteWhenUsed>
  );
}
