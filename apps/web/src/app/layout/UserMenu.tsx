import { AGENT_STATUS } from '@atiende/contracts';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import PhoneIcon from '@mui/icons-material/Phone';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../core/session';
import { useAgentStatusStore } from '../../features/desk/agentStatus';
import { lazyNamed, MountWhenOpened } from '../../ui/lazy';
import { Tooltip } from '../../ui/Tooltip';
import { logout } from '../logout';
import { useBusiness, usePermissions, useProfile } from '../queries';

// Opened rarely: its code and texts load when first opened.
const ExtensionCodeDialog = lazyNamed(
  () => import('../../features/softphone/ExtensionCodeDialog'),
  'ExtensionCodeDialog',
);

/** Avatar menu: My Profile, Logout. Agents get a status dot on the avatar. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile } = useProfile();
  const { isAgent } = usePermissions();
  const { paused } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [deskPhoneOpen, setDeskPhoneOpen] = useState(false);
  // Without the browser softphone, agents take calls on desk phones they register with a code (spec section 9).
  const webrtc = useBusiness().data?.configuracion?.webrtc_enabled;
  const deskPhones = isAgent && webrtc === false;
  // The real status (the desk's store) once known; until then what the pause flag says.
  const { state } = useAgentStatusStore();
  const status = state?.estado ?? (paused ? 'P' : 'A');
  const statusLabel = t(`agentStatus.${status}`);

  // Decorative inside the button, whose name says what it does (the initial is not part of that name).
  const avatar = (
    <Avatar
      aria-hidden
      src={profile?.url_image ?? undefined}
      alt={profile?.nombre ?? ''}
      sx={{ width: 34, height: 34, bgcolor: 'primary.dark', color: 'primary.contrastText', fontSize: 16 }}
    >
      {(profile?.nombre ?? '?').slice(0, 1).toUpperCase()}
    </Avatar>
  );

  return (
    <>
      <Tooltip title={profile?.nombre ?? t('header.userMenu')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={isAgent ? `${t('header.userMenu')} (${statusLabel})` : t('header.userMenu')}
          aria-haspopup="menu"
          data-testid="header-user-menu"
          sx={{ p: 0.5, marginInlineStart: 0.5 }}
        >
          {isAgent ? (
            <Badge
              overlap="circular"
              variant="dot"
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              data-testid="avatar-status-dot"
              data-status={status}
              sx={{
                '& .MuiBadge-badge': {
                  bgcolor: AGENT_STATUS[status].color,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  border: 2,
                  borderColor: 'background.paper',
                },
              }}
            >
              {avatar}
            </Badge>
          ) : (
            avatar
          )}
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography variant="subtitle2" noWrap>
            {profile?.nombre}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            {profile?.email}
          </Typography>
          {isAgent ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {statusLabel}
            </Typography>
          ) : null}
        </Box>
        <Divider />
        <MenuItem
          data-testid="user-menu-profile"
          onClick={() => {
            setAnchor(null);
            navigate('/app/profile');
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('header.myProfile')}</ListItemText>
        </MenuItem>
        {deskPhones ? (
          <MenuItem
            data-testid="user-menu-desk-phone"
            onClick={() => {
              setAnchor(null);
              setDeskPhoneOpen(true);
            }}
          >
            <ListItemIcon>
              <PhoneIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('header.deskPhone')}</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem
          data-testid="user-menu-logout"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setAnchor(null);
            await logout();
            setBusy(false);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('header.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <MountWhenOpened when={deskPhoneOpen}>
        <ExtensionCodeDialog open={deskPhoneOpen} onClose={() => setDeskPhoneOpen(false)} />
      </MountWhenOpened>
    </>
  );
}
