import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../ui/LoadError';
import { PageLoader } from '../../../ui/PageLoader';
import { SearchField } from '../../../ui/SearchField';
import { toggleSelected, toggleShown } from '../../bulk/model';
import { LoadMoreButton } from '../executions/components';
import { useKeysetRows, useSettled } from './KeysetList';

/** How long the accounts wait after the audience's conditions last changed before asking the server. */
export const AUDIENCE_DELAY_MS = 500;

/** An account of an audience as the picker lists it. */
export interface PickableAccount {
  customerId: number;
  name: string;
  identificationNumber: string;
}

/**
 * The accounts of an audience (the campaign's customers meeting the conditions) to choose from one by one, a keyset
 * page at a time with a search, up to `max`: bulk messaging's "selected accounts" and a dialer's. Each owner names
 * its list (`useList`, called with the settled conditions), what reaches the account (`reachOf`: the contact or the
 * phone), its texts (`textsKey`: `search`, `selected`, `clear`, `empty`, `selectShown` under it) and its test ids.
 */
export function AccountPicker<Q, A extends PickableAccount>({
  query,
  selected,
  onChange,
  error,
  useList,
  reachOf,
  max,
  textsKey,
  incompleteKey,
  testId,
  itemTestId,
}: {
  query: Q | null;
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  useList: (query: Q | null, searchText: string) => UseInfiniteQueryResult<InfiniteData<{ data: A[] }>>;
  reachOf: (account: A) => string;
  max: number;
  textsKey: string;
  /** Said while the conditions cannot be asked yet. */
  incompleteKey: string;
  testId: string;
  itemTestId: string;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const searchText = useSettled(search);
  // Settled here, so the list asks first with the conditions as they are when it opens.
  const settledQuery = useSettled(query, AUDIENCE_DELAY_MS);
  const list = useList(settledQuery, searchText);
  const rows = useKeysetRows(list);
  const chosen = new Set(selected);
  const shownIds = rows.map((row) => row.customerId);
  const allShown = shownIds.length > 0 && shownIds.every((id) => chosen.has(id));
  const someShown = shownIds.some((id) => chosen.has(id));
  const full = selected.length >= max;
  return (
    <Box sx={{ mt: 2 }} data-testid={testId}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <SearchField
          value={search}
          onValueChange={setSearch}
          label={t(`${textsKey}.search`)}
          testId={`${testId}-search`}
        />
        <Typography
          variant="body2"
          sx={{ color: full ? 'warning.main' : 'text.secondary' }}
          data-testid={`${testId}-selected`}
          role="status"
        >
          {t(`${textsKey}.selected`, {
            count: selected.length,
            formatted: selected.length.toLocaleString(i18n.language),
            max: max.toLocaleString(i18n.language),
          })}
        </Typography>
        {selected.length > 0 ? (
          <Button size="small" onClick={() => onChange([])} data-testid={`${testId}-clear`}>
            {t(`${textsKey}.clear`)}
          </Button>
        ) : null}
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }} data-invalid="true" data-testid={`${testId}-error`}>
          {error}
        </Alert>
      ) : null}
      {!settledQuery ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(incompleteKey)}
        </Typography>
      ) : list.error && !list.data ? (
        <LoadError error={list.error} onRetry={list.refetch} testId={`${testId}-load-error`} />
      ) : !list.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={`${testId}-empty`}>
          {t(`${textsKey}.empty`)}
        </Typography>
      ) : (
        <Paper variant="outlined">
          <FormControlLabel
            sx={{ px: 2, py: 0.5, m: 0, width: '100%', borderBottom: 1, borderColor: 'divider' }}
            label={t(`${textsKey}.selectShown`)}
            control={
              <Checkbox
                checked={allShown}
                indeterminate={!allShown && someShown}
                disabled={!allShown && full}
                onChange={(event) => onChange(toggleShown(selected, shownIds, event.target.checked, max))}
                slotProps={{ input: { 'data-testid': `${testId}-select-shown` } as object }}
              />
            }
          />
          <List dense disablePadding sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {rows.map((account) => {
              const checked = chosen.has(account.customerId);
              const labelId = `${itemTestId}-label-${account.customerId}`;
              return (
                <ListItem key={account.customerId} disablePadding sx={{ px: 2 }}>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Checkbox
                      edge="start"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(event) =>
                        onChange(toggleSelected(selected, account.customerId, event.target.checked, max))
                      }
                      slotProps={{
                        input: {
                          'aria-labelledby': labelId,
                          'data-testid': `${itemTestId}-${account.customerId}`,
                        } as object,
                      }}
                    />
                  </ListItemIcon>
                  <ListItemText
                    id={labelId}
                    primary={<bdi>{account.name}</bdi>}
                    secondary={
                      <>
                        <bdi>{account.identificationNumber}</bdi>
                        {' · '}
                        <bdi dir="ltr">{reachOf(account)}</bdi>
                      </>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
          <Box sx={{ px: 2, pb: 1 }}>
            <LoadMoreButton
              visible={list.hasNextPage}
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
              testId={`${testId}-more`}
            />
          </Box>
        </Paper>
      )}
    </Box>
  );
}

/** One count of an audience's summary. */
export interface AudienceFigure {
  label: string;
  value: number;
  testId: string;
  /** The count that matters most (shown larger). */
  strong?: boolean;
}

/**
 * How many accounts an audience's conditions reach, as the server counts them (bulk messaging's recipients, a
 * dialer's accounts with a phone), announced politely while it updates. `figures` is null until the first count.
 */
export function AudienceSummary({
  title,
  incomplete,
  loadingLabel,
  ready,
  loading,
  error,
  figures,
  testId,
}: {
  title: string;
  /** Said while the conditions cannot be asked yet (`ready` false). */
  incomplete: string;
  loadingLabel: string;
  ready: boolean;
  loading: boolean;
  error: Error | null;
  figures: AudienceFigure[] | null;
  testId: string;
}) {
  const { i18n } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 2 }}
      role="status"
      aria-live="polite"
      aria-busy={loading}
      data-testid={testId}
    >
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {!ready ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={`${testId}-incomplete`}>
          {incomplete}
        </Typography>
      ) : error && !figures ? (
        <Typography variant="body2" sx={{ color: 'error.main' }} data-testid={`${testId}-error`}>
          {error.message}
        </Typography>
      ) : !figures ? (
        <CircularProgress size={20} aria-label={loadingLabel} />
      ) : (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', opacity: loading ? 0.6 : 1 }}>
          {figures.map((figure) => (
            <Box key={figure.testId}>
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                {figure.label}
              </Typography>
              <Typography
                variant={figure.strong ? 'h5' : 'h6'}
                sx={{ fontWeight: figure.strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}
                data-testid={figure.testId}
              >
                {figure.value.toLocaleString(i18n.language)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
