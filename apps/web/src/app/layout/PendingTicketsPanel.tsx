import type { PendingTicketItem } from '@atiende/contracts';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../core/session';
import { useIsDeskAgent } from '../../features/desk/agentStatus';
import { deskKeys } from '../../features/desk/api';
import { PendingFilterMenu } from '../../features/desk/PendingFilterMenu';
import { PendingItem } from '../../features/desk/PendingList';
import { usePendingTickets } from '../../features/desk/pending';
import { OwnQueueNotice } from '../../features/desk/WaitingNotices';
import { EmptyState } from '../../ui/EmptyState';
import { VirtualList } from '../../ui/VirtualList';
import { SideDrawer } from './SideDrawer';

const SEARCH_DELAY_MS = 300;
/** A pending item's usual height (two lines of preview and the chips), until it is measured. */
const PENDING_ITEM_HEIGHT = 112;

/**
 * Pending tickets (spec section 2): search, the filter-and-sort menu and the list; an item opens the ticket view.
 * Loaded the first time the drawer opens (PendingTicketsDrawer keeps the lists live before that).
 */
export function PendingTicketsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [searchText, setSearchText] = useState('');
  const { query, settings } = usePendingTickets(searchText);
  const isAgent = useIsDeskAgent();

  useEffect(() => {
    const timer = window.setTimeout(() => setSearchText(search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  // Opening the drawer shows a fresh list (events keep it live; this covers anything missed while offline).
  useEffect(() => {
    if (open) void client.invalidateQueries({ queryKey: deskKeys.pending });
  }, [open, client]);

  const openTicket = (item: PendingTicketItem) => {
    onClose();
    void navigate(`/app/tickets/${item.caso_id}/view`);
  };

  const data = query.data;
  const items = data?.casosPendientes ?? [];
  return (
    <SideDrawer open={open} onClose={onClose} title={t('pending.title')} testId="pending-drawer">
      <Box sx={{ px: 2, pt: 1.5, pb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <TextField
          size="small"
          margin="none"
          fullWidth
          placeholder={t('pending.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'pending-search', 'aria-label': t('pending.search'), maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <PendingFilterMenu settings={settings} />
      </Box>
      <Box
        sx={{ px: 2, pb: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        data-testid="pending-summary"
      >
        <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {[
            t(`desk.pending.filters.${settings.filter}`),
            t(`desk.pending.columns.${settings.sortColumn}`),
            t(`desk.pending.directions.${settings.sortBy}`),
          ].join(' · ')}
        </Typography>
        <Typography variant="caption" sx={{ fontWeight: 600, display: 'flex', gap: 0.75 }} data-testid="pending-totals">
          <bdi>{t('desk.pending.unreadCount', { count: data?.totalCasosNoLeidos ?? 0 })}</bdi>
          <span aria-hidden="true">·</span>
          <bdi>{t('desk.pending.pendingCount', { count: data?.totalCasosPendientes ?? 0 })}</bdi>
        </Typography>
      </Box>
      {isAgent ? <OwnQueueNotice active={open} /> : null}
      <Box sx={{ height: 4 }}>
        {query.isFetching ? <LinearProgress aria-label={t('desk.pending.loading')} /> : null}
      </Box>
      {items.length > 0 ? (
        <VirtualList
          items={items}
          itemKey={(item) => item.caso_id}
          estimateSize={PENDING_ITEM_HEIGHT}
          testId="pending-list"
          sx={{ borderTop: 1, borderColor: 'divider' }}
          renderItem={(item, props) => (
            <PendingItem item={item} me={user?.id ?? null} onOpen={openTicket} listItemProps={props} />
          )}
        />
      ) : query.isLoading ? null : (
        <EmptyState
          data-testid="pending-empty"
          icon={<NotificationsNoneIcon fontSize="inherit" />}
          title={searchText ? t('desk.pending.emptySearch') : t('pending.empty')}
        />
      )}
    </SideDrawer>
  );
}
