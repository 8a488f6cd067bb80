import type { GlobalSearchResult } from '@atiende/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { type FieldStart, useCarriedFocus } from '../../ui/AutocompleteWhenUsed';
import { SearchAdornment } from '../../ui/SearchField';
import { GLOBAL_SEARCH_INPUT_SX, GLOBAL_SEARCH_SX } from './GlobalSearch';

const STATUS_KEYS = ['new', 'open', 'escalated', 'transferred', 'closed'];

interface Hit {
  key: string;
  group: 'tickets' | 'messages' | 'customers';
  label: string;
  detail: string;
  path: string;
}

/** Turns the result (casos, mensajes, clientes) into one list of links: tickets, then messages, then customers. */
export function searchHits(result: GlobalSearchResult, statusLabel: (status: number) => string): Hit[] {
  return [
    ...result.casos.map((ticket) => ({
      key: `t${ticket.id}`,
      group: 'tickets' as const,
      label: `#${ticket.numero} · ${ticket.campana}`,
      detail: [statusLabel(ticket.estado), ticket.asignado].filter(Boolean).join(' · '),
      path: `/app/tickets/${ticket.id}/view`,
    })),
    ...(result.mensajes ?? []).map((message) => ({
      key: `m${message.id}`,
      group: 'messages' as const,
      label: `#${message.numero} · ${message.campana}`,
      detail: message.fragmento,
      path: `/app/tickets/${message.casoId}/view`,
    })),
    ...result.clientes.map((customer) => ({
      key: `c${customer.id}`,
      group: 'customers' as const,
      label: customer.nombre_completo,
      detail: `${customer.tipo_documento_abreviatura ?? ''} ${customer.nro_documento}`.trim(),
      path: `/app/customers/${customer.id}/view`,
    })),
  ];
}

/**
 * The header's global search once used (GlobalSearch.tsx draws it until then): tickets, customers and messages the
 * user may see. It runs only with text, and each new query cancels the one before; Enter opens the full results page.
 */
export function GlobalSearchAutocomplete({ start }: { start: FieldStart }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(start.text);
  const [open, setOpen] = useState(start.open);
  const [hits, setHits] = useState<Hit[]>([]);
  const [loading, setLoading] = useState(false);
  const carriedFocus = useCarriedFocus(start);

  useEffect(() => {
    const query = text.trim();
    if (!query) {
      setHits([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      setLoading(true);
      const answer = await api.get<GlobalSearchResult>('infogeneral', {
        query: { searchText: query, limit: 8 },
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      setLoading(false);
      setHits(
        answer.statusResult && answer.result
          ? searchHits(answer.result, (status) => t(`tickets.status.${STATUS_KEYS[status] ?? 'new'}`))
          : [],
      );
    }, 250);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [text, t]);

  return (
    <Autocomplete<Hit, false, false, true>
      freeSolo
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={hits}
      loading={loading}
      filterOptions={(options) => options}
      groupBy={(hit) => t(`globalSearch.${hit.group}`)}
      getOptionLabel={(hit) => (typeof hit === 'string' ? hit : hit.label)}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, hit) => {
        if (hit && typeof hit !== 'string') {
          setText('');
          navigate(hit.path);
        } else if (typeof hit === 'string' && hit.trim()) {
          // Enter without choosing a suggestion: every result, on its own page.
          navigate(`/app/search?q=${encodeURIComponent(hit.trim())}`);
        }
      }}
      noOptionsText={text.trim() ? t('globalSearch.empty') : t('globalSearch.hint')}
      slotProps={{ listbox: { sx: { maxHeight: 300 } }, paper: { sx: { width: 450, maxWidth: '90vw' } } }}
      sx={GLOBAL_SEARCH_SX}
      renderOption={(props, hit) => (
        <li {...props} key={hit.key} data-testid={`global-search-${hit.key}`}>
          <div>
            <Typography variant="body2">{hit.label}</Typography>
            <Typography variant="caption" color="text.secondary">
              {hit.detail}
            </Typography>
          </div>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={carriedFocus}
          margin="none"
          placeholder={t('globalSearch.placeholder')}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'data-testid': 'global-search',
              'aria-label': t('globalSearch.placeholder'),
            },
            input: {
              ...params.slotProps.input,
              startAdornment: <SearchAdornment />,
              sx: GLOBAL_SEARCH_INPUT_SX,
            },
          }}
        />
      )}
    />
  );
}
