import type { GlobalSearchResult } from '@atiende/contracts';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { EmptyState } from '../../ui/EmptyState';
import { formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';

/** The results page shows more than the header's dropdown: this many of each kind. */
const RESULTS_PER_KIND = 25;
const STATUS_KEYS = ['new', 'open', 'escalated', 'transferred', 'closed'];

function Group({
  title,
  count,
  testId,
  children,
}: {
  title: string;
  count: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title} <bdi>({count})</bdi>
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.25 }}>
        {children}
      </Box>
    </Paper>
  );
}

/**
 * /app/search?q=…: what the header's search finds, in full (Enter in the search box opens it): tickets, customers and
 * the messages whose text matches, each linked to its page; a search with no result says so.
 */
export function SearchResultsPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const text = (params.get('q') ?? '').trim();
  const query = useQuery({
    queryKey: ['infogeneral', 'page', text],
    queryFn: () =>
      unwrap(api.get<GlobalSearchResult>('infogeneral', { query: { searchText: text, limit: RESULTS_PER_KIND } })),
    enabled: text.length > 0,
  });
  const status = (code: number) => t(`tickets.status.${STATUS_KEYS[code] ?? 'new'}`);
  const data = query.data;
  const total = data ? data.casos.length + data.clientes.length + data.mensajes.length : 0;

  return (
    <PageContainer maxWidth={1100}>
      <PageHeader title={t('globalSearch.title')} subtitle={text ? t('globalSearch.for', { text }) : undefined} />
      {!text ? (
        <EmptyState
          icon={<SearchOffIcon fontSize="inherit" />}
          title={t('globalSearch.hint')}
          data-testid="search-empty"
        />
      ) : query.isLoading ? (
        <PageLoader />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={query.refetch} testId="search-error" />
      ) : total === 0 ? (
        <EmptyState
          icon={<SearchOffIcon fontSize="inherit" />}
          title={t('globalSearch.nothing', { text })}
          description={t('globalSearch.nothingHelp')}
          data-testid="search-empty"
        />
      ) : data ? (
        <Box sx={{ display: 'grid', gap: 2 }} data-testid="search-results">
          {data.casos.length > 0 ? (
            <Group title={t('globalSearch.tickets')} count={data.casos.length} testId="search-tickets">
              {data.casos.map((ticket) => (
                <li key={ticket.id} data-testid={`search-ticket-${ticket.id}`}>
                  <Link component={RouterLink} to={`/app/tickets/${ticket.id}/view`} sx={{ fontWeight: 600 }}>
                    #{ticket.numero} · {ticket.campana}
                  </Link>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {[status(ticket.estado), ticket.asignado, formatDateTime(ticket.created_at, i18n.language)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </li>
              ))}
            </Group>
          ) : null}
          {data.mensajes.length > 0 ? (
            <Group title={t('globalSearch.messages')} count={data.mensajes.length} testId="search-messages">
              {data.mensajes.map((message) => (
                <li key={message.id} data-testid={`search-message-${message.id}`}>
                  <Link component={RouterLink} to={`/app/tickets/${message.casoId}/view`} sx={{ fontWeight: 600 }}>
                    #{message.numero} · {message.campana}
                  </Link>
                  <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                    {message.fragmento}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {[
                      message.direccion === 0 ? t('globalSearch.fromCustomer') : t('globalSearch.fromBusiness'),
                      message.remitente,
                      formatDateTime(message.fecha, i18n.language),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </li>
              ))}
            </Group>
          ) : null}
          {data.clientes.length > 0 ? (
            <Group title={t('globalSearch.customers')} count={data.clientes.length} testId="search-customers">
              {data.clientes.map((customer) => (
                <li key={customer.id} data-testid={`search-customer-${customer.id}`}>
                  <Link component={RouterLink} to={`/app/customers/${customer.id}/view`} sx={{ fontWeight: 600 }}>
                    {customer.nombre_completo}
                  </Link>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {`${customer.tipo_documento_abreviatura ?? ''} ${customer.nro_documento}`.trim()}
                  </Typography>
                </li>
              ))}
            </Group>
          ) : null}
        </Box>
      ) : null}
    </PageContainer>
  );
}
