import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { SideDrawer } from './SideDrawer';

/** Pending tickets: search box and list (the list arrives with the tickets module; empty for now). */
export function PendingTicketsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  return (
    <SideDrawer open={open} onClose={onClose} title={t('pending.title')} testId="pending-drawer">
      <Box sx={{ px: 2 }}>
        <TextField
          size="small"
          placeholder={t('pending.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'pending-search', 'aria-label': t('pending.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <EmptyState
        data-testid="pending-empty"
        icon={<NotificationsNoneIcon fontSize="inherit" />}
        title={t('pending.empty')}
      />
    </SideDrawer>
  );
}
