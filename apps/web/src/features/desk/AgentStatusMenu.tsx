import { AGENT_STATUS, type AgentStatusCode, REALTIME_EVENTS } from '@atiende/contracts';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { onRealtimeEvent } from '../../app/realtime';
import { setPaused } from '../../core/session';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import {
  reportAgentStatus,
  settleStatusOnLoad,
  useAgentStatusStore,
  useForcedStatus,
  useIsDeskAgent,
} from './agentStatus';
import { deskKeys, fetchStateList } from './api';
import { formatDuration, type StatusMenuEntry, statusMenu } from './model';

/** A status's human label: the status name, or the pause reason (translated, else the server's etiqueta). */
export function statusLabel(t: TFunction, estado: AgentStatusCode, pausa?: string | null, etiqueta?: string): string {
  if (estado === 'P' && pausa) {
    return t(`desk.status.pauseReasons.${pausa.replace(/ /g, '_')}`, { defaultValue: etiqueta ?? pausa });
  }
  return t(`agentStatus.${estado}`);
}

/** What a status means for the agent's work, in one line (shown under each option and in the chip's tooltip). */
export function statusMeaning(t: TFunction, estado: AgentStatusCode): string {
  return t(`desk.status.meaning.${estado}`);
}

export function StatusDot({ code, size = 14, testId }: { code: AgentStatusCode; size?: number; testId?: string }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      data-status={code}
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: AGENT_STATUS[code].color,
        border: 2,
        borderColor: 'common.white',
        boxShadow: 1,
        flexShrink: 0,
      }}
    />
  );
}

function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function StatusControl() {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const navigate = useNavigate();
  const { state } = useAgentStatusStore();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow();
  const states = useQuery({
    queryKey: deskKeys.states,
    queryFn: fetchStateList,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useForcedStatus();

  // Profile (re)load: the spec's "profile reload sets A when not paused".
  useEffect(() => {
    void settleStatusOnLoad();
  }, []);

  // A supervisor's change is also told in words.
  useEffect(
    () =>
      onRealtimeEvent(REALTIME_EVENTS.forcedStatus, (event) => {
        if (!event?.estado?.nombre || event.estado.nombre === 'D') return;
        feedback.notify(
          t('desk.status.forced', {
            name: event.forzadoPor?.nombre ?? '',
            status: statusLabel(t, event.estado.nombre, event.estado.pausa),
          }),
          'info',
        );
      }),
    [feedback, t],
  );

  const code: AgentStatusCode = state?.estado ?? 'D';
  const label = statusLabel(t, code, state?.pausa);
  const since = state ? Date.parse(state.since) : Number.NaN;
  const elapsed = Number.isFinite(since) ? formatDuration(now - since) : '';
  const entries = state ? statusMenu(state, states.data ?? []) : [];

  const choose = async (entry: StatusMenuEntry) => {
    if (!entry.enabled || busy) return;
    setBusy(true);
    try {
      if (entry.kind === 'pause') {
        await reportAgentStatus({ estado: 'P', pausa: entry.nombre });
        setAnchor(null);
        setPaused(true);
        void navigate('/lockscreen', { replace: true });
      } else {
        await reportAgentStatus({ estado: entry.code });
        setAnchor(null);
      }
    } catch (error) {
      feedback.failure(error);
    } finally {
      setBusy(false);
    }
  };

  const entryLabel = (entry: StatusMenuEntry) =>
    entry.kind === 'pause' ? statusLabel(t, 'P', entry.nombre, entry.etiqueta) : t(`agentStatus.${entry.code}`);
  const firstPause = entries.findIndex((entry) => entry.kind === 'pause');

  return (
    <>
      <Tooltip
        title={`${t('desk.status.current', { status: label })}${elapsed ? ` · ${elapsed}` : ''}. ${statusMeaning(t, code)}`}
      >
        <Chip
          clickable
          variant="outlined"
          icon={<StatusDot code={code} testId="agent-status-dot" />}
          label={label}
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={`${t('desk.status.menu')}: ${label}`}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          data-testid="agent-status-button"
          disabled={!state}
          sx={{
            color: 'inherit',
            borderColor: 'currentColor',
            maxWidth: { xs: 40, sm: 180 },
            marginInlineEnd: 0.5,
            '& .MuiChip-icon': { marginInlineStart: '6px', marginInlineEnd: { xs: 0, sm: '-4px' } },
            '& .MuiChip-label': { display: { xs: 'none', sm: 'block' }, fontWeight: 600 },
          }}
        />
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ paper: { 'data-testid': 'agent-status-menu', sx: { minWidth: 240 } } as object }}
      >
        <Box sx={{ px: 2, py: 1 }} aria-live="polite">
          <Typography variant="subtitle2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <StatusDot code={code} size={12} />
            {label}
          </Typography>
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
            data-testid="agent-status-elapsed"
          >
            {t('desk.status.inStatus')}: {elapsed}
          </Typography>
        </Box>
        <Divider />
        {entries.flatMap((entry, index) => {
          const key = entry.kind === 'pause' ? `pause-${entry.nombre}` : entry.code;
          const testKey = entry.kind === 'pause' ? entry.label : entry.code;
          const item = (
            <MenuItem
              key={key}
              dense
              disabled={!entry.enabled || busy}
              selected={entry.current}
              onClick={() => void choose(entry)}
              data-testid={`agent-status-option-${testKey}`}
            >
              <ListItemIcon>
                <StatusDot code={entry.kind === 'pause' ? 'P' : entry.code} size={12} />
              </ListItemIcon>
              <ListItemText
                primary={entryLabel(entry)}
                secondary={entry.kind === 'pause' ? undefined : statusMeaning(t, entry.code)}
                slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 260 } } }}
              />
              {entry.current ? <CheckIcon fontSize="small" sx={{ marginInlineStart: 1 }} /> : null}
            </MenuItem>
          );
          if (index !== firstPause) return [item];
          return [
            <ListSubheader key="pauses-title" sx={{ lineHeight: 2.5, bgcolor: 'inherit' }}>
              {t('desk.status.pauses')}
              <Typography variant="caption" component="div" sx={{ lineHeight: 1.4, pb: 0.5, color: 'text.secondary' }}>
                {statusMeaning(t, 'P')}
              </Typography>
            </ListSubheader>,
            item,
          ];
        })}
      </Menu>
    </>
  );
}

/**
 * The header's status dot and menu (spec sections 4 and 6): only agents who may change their status see it; it
 * settles the status at load and follows supervisors' forced changes.
 */
export function AgentStatusMenu() {
  const agent = useIsDeskAgent();
  return agent ? <StatusControl /> : null;
}
