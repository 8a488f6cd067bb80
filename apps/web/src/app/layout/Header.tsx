import { LIMITS } from '@atiende/contracts';
import ForumIcon from '@mui/icons-material/Forum';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../core/session';
import { AgentStatusMenu } from '../../features/desk/AgentStatusMenu';
import { usePendingBadgeCount } from '../../features/desk/pending';
import { useInternalChatUnread } from '../../features/internalchat/hooks';
import { HeaderSoftphone } from '../../features/softphone/HeaderSoftphone';
import { lazyNamed, MountWhenOpened } from '../../ui/lazy';
import { Tooltip } from '../../ui/Tooltip';
import { useBusiness, usePermissions } from '../queries';
import { AgentTimer } from './AgentTimer';
import { AppearanceMenu } from './AppearanceMenu';
import { CampaignSwitcher } from './CampaignSwitcher';
import { GlobalSearch } from './GlobalSearch';
import { LanguageMenu } from './LanguageMenu';
import { PendingTicketsDrawer } from './PendingTicketsDrawer';
import { QuickActions } from './QuickActions';
import { UserMenu } from './UserMenu';

// Opened now and then: their code loads the first time they open.
const GuideDialog = lazyNamed(() => import('./GuideDialog'), 'GuideDialog');
const InternalChatDrawer = lazyNamed(() => import('./InternalChatDrawer'), 'InternalChatDrawer');

function useFullscreen(): [boolean, () => void] {
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  };
  return [active, toggle];
}

export function Header({ onMenuToggle }: { onMenuToggle: () => void }) {
  const { t } = useTranslation();
  const { data: business } = useBusiness();
  const { isAgent } = usePermissions();
  const { user } = useSession();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const [guideOpen, setGuideOpen] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const [pendingOpen, setPendingOpen] = useState(false);
  const pendingCount = usePendingBadgeCount();
  const config = business?.configuracion;
  const showLogo = Boolean(config?.navbar_logo_display && business?.logo);
  const chatUnread = useInternalChatUnread(Boolean(config?.internal_chat));

  return (
    <AppBar position="fixed" color="primary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }} data-testid="header">
      <Toolbar sx={{ gap: 0.5, px: { xs: 1, sm: 2 } }}>
        <Tooltip title={t('header.toggleMenu')}>
          <IconButton
            color="inherit"
            edge="start"
            onClick={onMenuToggle}
            aria-label={t('header.toggleMenu')}
            data-testid="header-menu-toggle"
          >
            <MenuIcon />
          </IconButton>
        </Tooltip>
        <Box
          component={RouterLink}
          to="/app"
          sx={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none', minWidth: 0, mx: 1 }}
          // The visible name (or the logo's) starts the link's name, so voice control users can say what they see.
          aria-label={`${showLogo ? (business?.nombre ?? t('app.name')) : t('app.name')} · ${t('header.home')}`}
        >
          {showLogo ? (
            <Box
              component="img"
              src={business?.logo ?? undefined}
              alt={business?.nombre ?? t('app.name')}
              data-testid="header-logo"
              sx={{ height: config?.navbar_logo_size || 40, maxHeight: 56, maxWidth: 200, objectFit: 'contain' }}
            />
          ) : (
            <Typography
              variant="h6"
              component="span"
              noWrap
              sx={{ fontWeight: 800, display: { xs: 'none', sm: 'block' } }}
              data-testid="header-brand"
            >
              {t('app.name')}
            </Typography>
          )}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <GlobalSearch />
        <CampaignSwitcher />
        {isAgent ? <AgentTimer since={user?.sstart} /> : null}
        <AgentStatusMenu />
        <HeaderSoftphone />
        <Tooltip title={fullscreen ? t('header.exitFullscreen') : t('header.fullscreen')}>
          <IconButton
            color="inherit"
            onClick={toggleFullscreen}
            aria-label={fullscreen ? t('header.exitFullscreen') : t('header.fullscreen')}
            aria-pressed={fullscreen}
            data-testid="header-fullscreen"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('header.guide')}>
          <IconButton
            color="inherit"
            onClick={() => setGuideOpen(true)}
            aria-label={t('header.guide')}
            data-testid="header-guide"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            <HelpOutlinedIcon />
          </IconButton>
        </Tooltip>
        <LanguageMenu withTooltip={(button, title) => <Tooltip title={title}>{button}</Tooltip>} />
        <AppearanceMenu />
        <QuickActions />
        {config?.internal_chat ? (
          <Tooltip title={t('header.internalChat')}>
            <IconButton
              color="inherit"
              onClick={() => setChatOpen(true)}
              aria-label={chatUnread ? t('internalChat.headerUnread', { count: chatUnread }) : t('header.internalChat')}
              data-testid="header-internal-chat"
            >
              <Badge
                // No hidden "0": the button's name has the count when there is one.
                badgeContent={chatUnread > 0 ? chatUnread : null}
                max={LIMITS.notificationBadgeMax}
                color="secondary"
                data-testid="chat-badge"
                data-count={chatUnread}
              >
                <ForumIcon />
              </Badge>
            </IconButton>
          </Tooltip>
        ) : null}
        <Tooltip title={t('header.pendingTickets')}>
          <IconButton
            color="inherit"
            onClick={() => setPendingOpen(true)}
            aria-label={t('header.pendingTicketsCount', { count: pendingCount })}
            data-testid="header-notifications"
          >
            <Badge
              badgeContent={pendingCount}
              max={LIMITS.notificationBadgeMax}
              color="secondary"
              data-testid="pending-badge"
              data-count={pendingCount}
            >
              <NotificationsIcon />
            </Badge>
          </IconButton>
        </Tooltip>
        <UserMenu />
      </Toolbar>
      <MountWhenOpened when={guideOpen}>
        <GuideDialog open={guideOpen} onClose={() => setGuideOpen(false)} />
      </MountWhenOpened>
      <MountWhenOpened when={chatOpen}>
        <InternalChatDrawer open={chatOpen} onClose={() => setChatOpen(false)} />
      </MountWhenOpened>
      <PendingTicketsDrawer open={pendingOpen} onClose={() => setPendingOpen(false)} />
    </AppBar>
  );
}
