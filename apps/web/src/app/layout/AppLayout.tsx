import { LIMITS } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TransferRequestDialog } from '../../features/tickets/TransferRequestDialog';
import { PageLoader } from '../../ui/PageLoader';
import { updateAppearance, useAppearance } from '../appearance';
import { useProfile } from '../queries';
import { useRealtime } from '../realtime';
import { Header } from './Header';
import { InactivityDialog } from './InactivityDialog';
import { MultiSessionDialog } from './MultiSessionDialog';
import { RealtimeNotices } from './RealtimeNotices';
import { Sidebar } from './Sidebar';

/** The /app shell: header, sidebar, the page, and the session dialogs. */
export function AppLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const { bigSidebar } = useAppearance();
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const { isLoading } = useProfile();
  useRealtime();

  const toggleMenu = () => {
    if (desktop) updateAppearance({ bigSidebar: !bigSidebar });
    else setMobileOpen((open) => !open);
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }} data-testid="app-shell">
      <Header onMenuToggle={toggleMenu} />
      <Sidebar
        expanded={bigSidebar}
        mobileOpen={mobileOpen}
        onMobileOpen={() => setMobileOpen(true)}
        onMobileClose={() => setMobileOpen(false)}
      />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {isLoading ? (
          <PageLoader />
        ) : (
          <Fade in key={pathname} timeout={LIMITS.pageFadeMs}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Outlet />
            </Box>
          </Fade>
        )}
      </Box>
      <InactivityDialog />
      <MultiSessionDialog />
      <RealtimeNotices />
      <TransferRequestDialog />
    </Box>
  );
}
