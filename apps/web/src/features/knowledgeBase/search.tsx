import type { KbSearchHit } from '@atiende/contracts';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { loadErrorText } from '../../ui/LoadError';
import { useKbSearch } from './api';
import { Highlighted, StatusChip } from './components';

/** How long typing must pause before a search is sent. */
export const KB_SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The search box of the whole base. */
export function KbSearchInput({
  value,
  onChange,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      fullWidth
      size="small"
      type="search"
      margin="dense"
      value={value}
      autoFocus={autoFocus}
      onChange={(event) => onChange(event.target.value)}
      placeholder={t('knowledgeBase.search.placeholder')}
      slotProps={{
        htmlInput: { 'data-testid': 'kb-search-input', 'aria-label': t('knowledgeBase.search.label'), maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * The ranked hits of a search: highlighted title (a link to the article when `linkTitles`), its section and status,
 * the highlighted snippet, and `actions` per hit.
 */
export function KbSearchResults({
  query,
  publishedOnly = false,
  linkTitles = true,
  actions,
}: {
  query: string;
  publishedOnly?: boolean;
  linkTitles?: boolean;
  actions?: (hit: KbSearchHit) => ReactNode;
}) {
  const { t } = useTranslation();
  const search = useKbSearch(query, publishedOnly);
  if (!query.trim()) return null;
  const hits = search.data ?? [];
  return (
    <Box data-testid="kb-search-results" aria-live="polite" aria-busy={search.isFetching}>
      <Box sx={{ height: 4 }}>{search.isFetching ? <LinearProgress /> : null}</Box>
      {search.isError ? (
        <Typography color="error" variant="body2" sx={{ py: 1 }} data-testid="kb-search-error">
          {loadErrorText(search.error, t)}
        </Typography>
      ) : search.isSuccess && hits.length === 0 && !search.isPlaceholderData ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }} data-testid="kb-search-empty">
          {t('knowledgeBase.search.empty')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {hits.map((hit) => (
            <Box
              component="li"
              key={hit.id}
              data-testid={`kb-search-hit-${hit.id}`}
              sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0 }}>
                  {linkTitles ? (
                    <Link
                      component={RouterLink}
                      to={`/app/knowledge-base/article/${hit.id}/view`}
                      data-testid={`kb-search-hit-link-${hit.id}`}
                      underline="hover"
                    >
                      <Highlighted parts={hit.title} />
                    </Link>
                  ) : (
                    <Highlighted parts={hit.title} />
                  )}
                </Typography>
                {hit.status === 'draft' ? <StatusChip status={hit.status} /> : null}
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {hit.section.name}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
                <Highlighted parts={hit.snippet} testId={`kb-search-hit-snippet-${hit.id}`} />
              </Typography>
              {actions ? <Box sx={{ display: 'flex', gap: 1, mt: 0.75, flexWrap: 'wrap' }}>{actions(hit)}</Box> : null}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
