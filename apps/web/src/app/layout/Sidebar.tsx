import { LIMITS } from '@atiende/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Tooltip } from '../../ui/Tooltip';
import { type MenuItem, type MenuSection, menuLabelKey, menuTestId, visibleMenu } from '../menu';
import { useBusiness, usePermissions } from '../queries';
import { MenuSearch, type SearchEntry } from './MenuSearch';

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_MINI_WIDTH = 72;

function useVisibleMenu(): MenuSection[] {
  const { can, roles } = usePermissions();
  const { data: business } = useBusiness();
  return useMemo(() => visibleMenu(can, business?.integraciones ?? [], roles), [can, roles, business]);
}

function isActive(pathname: string, item: MenuItem): boolean {
  if (!item.path) return false;
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

function MenuContent({ expanded, onNavigate }: { expanded: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sections = useVisibleMenu();
  const label = (item: MenuItem) => item.label ?? t(menuLabelKey(item));
  const entries: SearchEntry[] = sections.flatMap((section) =>
    section.items.filter((item) => item.path).map((item) => ({ path: item.path as string, label: label(item) })),
  );
  // The most specific match wins (e.g. /app/reports/add over /app/reports).
  const activePath = sections
    .flatMap((section) => section.items)
    .filter((item) => isActive(pathname, item))
    .sort((a, b) => (b.path?.length ?? 0) - (a.path?.length ?? 0))[0]?.path;

  return (
    <Box
      component="nav"
      aria-label={t('menu.label')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}
    >
      {expanded ? (
        <Box sx={{ px: 2, pt: 2, pb: 1 }}>
          <MenuSearch entries={entries} onNavigate={onNavigate} />
        </Box>
      ) : null}
      <Box sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', pb: 2 }}>
        {sections.map((section) => (
          <List
            key={section.key}
            dense
            data-testid={`menu-section-${section.key}`}
            subheader={
              section.titled && expanded ? (
                <ListSubheader
                  component="li"
                  sx={{
                    lineHeight: '32px',
                    textTransform: 'uppercase',
                    fontSize: 11,
                    fontWeight: 700,
                    letterSpacing: 0.6,
                  }}
                >
                  {t(`menu.sections.${section.key}`)}
                </ListSubheader>
              ) : undefined
            }
            sx={{ py: 0.5 }}
          >
            {section.items.map((item) => {
              const Icon = item.icon;
              const text = label(item);
              const external = Boolean(item.href);
              const linkProps = external
                ? {
                    component: 'a' as const,
                    href: item.href,
                    ...(item.href?.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener noreferrer' }),
                  }
                : { component: RouterLink, to: item.path as string, onClick: onNavigate };
              const button = (
                <ListItemButton
                  key={item.key}
                  {...(linkProps as object)}
                  selected={Boolean(item.path) && item.path === activePath}
                  data-testid={menuTestId(item)}
                  aria-label={expanded ? undefined : text}
                  sx={{
                    mx: 1,
                    borderRadius: 1,
                    minHeight: 40,
                    justifyContent: expanded ? 'initial' : 'center',
                    // The selected item's text on its tinted background: the darker primary in light mode (AA contrast).
                    '&.Mui-selected': (theme) => {
                      const color =
                        theme.palette.mode === 'light' ? theme.palette.primary.dark : theme.palette.primary.main;
                      // The beta chip too: its primary on the selected tint misses 4.5:1 in light mode.
                      return {
                        color,
                        '& .MuiListItemIcon-root': { color },
                        '& .MuiChip-root': { color, borderColor: color },
                      };
                    },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: expanded ? 40 : 'auto', justifyContent: 'center' }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  {expanded ? (
                    <>
                      <ListItemText primary={text} slotProps={{ primary: { noWrap: true } }} />
                      {item.beta ? (
                        <Chip
                          label={t('menu.beta')}
                          size="small"
                          color="primary"
                          variant="outlined"
                          sx={{ height: 20, ml: 1 }}
                        />
                      ) : null}
                      {external ? <OpenInNewIcon sx={{ fontSize: 14, color: 'text.secondary', ml: 1 }} /> : null}
                    </>
                  ) : null}
                </ListItemButton>
              );
              // Every entry is a list item of the section's list.
              return (
                <Box component="li" key={item.key} sx={{ listStyle: 'none' }}>
                  {expanded ? (
                    button
                  ) : (
                    <Tooltip title={text} placement="right">
                      {button}
                    </Tooltip>
                  )}
                </Box>
              );
            })}
          </List>
        ))}
      </Box>
    </Box>
  );
}

// Small screens only: its code (touch tracking, the swipe area) loads when the sidebar first shows on one.
const SwipeableDrawer = lazy(() => import('@mui/material/SwipeableDrawer'));

interface SidebarProps {
  mobileOpen: boolean;
  onMobileOpen: () => void;
  onMobileClose: () => void;
  expanded: boolean;
}

/** Permanent drawer on md+ (full or mini), swipeable 292 px drawer on small screens. */
export function Sidebar({ mobileOpen, onMobileOpen, onMobileClose, expanded }: SidebarProps) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const width = expanded ? SIDEBAR_WIDTH : SIDEBAR_MINI_WIDTH;

  if (!desktop) {
    return (
      <Suspense fallback={null}>
        <SwipeableDrawer
          open={mobileOpen}
          onOpen={onMobileOpen}
          onClose={onMobileClose}
          anchor="left"
          sx={{ zIndex: (t) => t.zIndex.modal }}
          slotProps={{ paper: { sx: { width: LIMITS.swipeDrawerWidth }, 'data-testid': 'sidebar' } as object }}
        >
          <MenuContent expanded onNavigate={onMobileClose} />
        </SwipeableDrawer>
      </Suspense>
    );
  }

  return (
    <Drawer
      variant="permanent"
      anchor="left"
      sx={{
        width,
        flexShrink: 0,
        transition: theme.transitions.create('width'),
      }}
      slotProps={{
        paper: {
          'data-testid': 'sidebar',
          'data-expanded': expanded,
          sx: { width, boxSizing: 'border-box', transition: theme.transitions.create('width'), overflowX: 'hidden' },
        } as object,
      }}
    >
      <Toolbar />
      <MenuContent expanded={expanded} />
    </Drawer>
  );
}
