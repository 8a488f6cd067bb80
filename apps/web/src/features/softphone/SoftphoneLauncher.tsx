import PhoneIcon from '@mui/icons-material/Phone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyNamed, MountWhenOpened } from '../../ui/lazy';
import { ticketKeys } from '../tickets/api';
import { followChannelCalls } from './channelCall';
import './i18n';
import { Tooltip } from '../../ui/Tooltip';
import { DOT_COLORS, dotOf } from './model';
import { followCallMonitoring } from './monitoring';
import { softphone, useSoftphone } from './softphone';

export { SoftphoneCallButton } from './CallButton';

const loadPanel = () => import('./SoftphonePanel');
const SoftphonePanel = lazyNamed(loadPanel, 'SoftphonePanel');

/**
 * The header's phone button with its status dot, and the softphone panel it opens. Mounting it starts this tab's
 * user agent for `extension` (registration starts at once: incoming calls must ring); unmounting it (logout, the
 * extension or the business's WebRTC taken away) stops it.
 */
export function SoftphoneLauncher({ extension }: { extension: string }) {
  const { t } = useTranslation();
  const state = useSoftphone();
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);

  useEffect(() => {
    softphone.start(extension);
    return () => softphone.stop();
  }, [extension]);

  // Supervisors' listen, whisper and barge on this tab's calls.
  useEffect(() => followCallMonitoring(softphone), []);

  const navigate = useNavigate();
  // The router gives a new navigate on every page change: followed through a ref, so opening the call's ticket does
  // not resubscribe (which forgot who was calling, and the panel showed the bridge's name instead).
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const queryClient = useQueryClient();
  useEffect(
    () =>
      followChannelCalls({
        // A customer's call the agent answered opens its ticket (spec: call accepted opens the ticket view).
        // (A dialer's call has no ticket yet.)
        onConnected: ({ casoId }) => {
          if (casoId === null) return;
          void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(casoId) });
          void navigateRef.current(`/app/tickets/${casoId}/view`);
        },
        // Its timeline shows the call's outcome and duration.
        onEnded: ({ casoId }) => {
          if (casoId !== null) void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(casoId) });
        },
      }),
    [queryClient],
  );

  const registered = state.registration === 'REGISTERED';
  useEffect(() => {
    // Once registered, fetch the panel's code ahead of the first incoming call.
    if (registered) void loadPanel().catch(() => undefined);
  }, [registered]);

  const dot = dotOf(state);
  const status = dot === 'incall' ? t('softphone.inCall') : t(`softphone.registration.${state.registration}`);

  return (
    <>
      <Tooltip title={state.panelOpen ? '' : `${t('softphone.button')}: ${status}`} describeChild>
        <IconButton
          ref={setAnchor}
          color="inherit"
          aria-label={t('softphone.button')}
          aria-haspopup="dialog"
          aria-expanded={state.panelOpen}
          onClick={() => softphone.togglePanel()}
          data-testid="header-softphone"
        >
          <Badge
            variant="dot"
            overlap="circular"
            data-testid="softphone-dot"
            data-state={dot}
            sx={{
              '& .MuiBadge-badge': {
                bgcolor: DOT_COLORS[dot],
                width: 10,
                height: 10,
                borderRadius: '50%',
                boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
              },
            }}
          >
            <PhoneIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <MountWhenOpened when={state.panelOpen}>
        <SoftphonePanel anchor={anchor} open={state.panelOpen} extension={extension} />
      </MountWhenOpened>
    </>
  );
}
