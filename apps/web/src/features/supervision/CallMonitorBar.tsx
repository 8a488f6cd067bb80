import { CALL_MONITOR_MODES, type CallMonitorMode } from '@atiende/contracts';
import CallEndIcon from '@mui/icons-material/CallEnd';
import CampaignIcon from '@mui/icons-material/Campaign';
import HeadsetIcon from '@mui/icons-material/Headset';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../ui/SnackbarProvider';
import { type MonitorController, startCallMonitor } from './callMonitor';

const MODE_ICONS: Record<CallMonitorMode, ReactNode> = {
  listen: <HeadsetIcon fontSize="small" />,
  whisper: <RecordVoiceOverIcon fontSize="small" />,
  barge: <CampaignIcon fontSize="small" />,
};

export interface CallMonitoring {
  controller: MonitorController | null;
  /** The agent whose call the supervisor takes part in (their name, for the bar). */
  agentName: string;
  start(agent: { id: number; nombre: string }): Promise<void>;
  setMode(mode: CallMonitorMode): Promise<void>;
  stop(): void;
}

/** One session at a time per page: starting another ends the one before; leaving the page ends it. */
export function useCallMonitoring(): CallMonitoring {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const [controller, setController] = useState<MonitorController | null>(null);
  const [agentName, setAgentName] = useState('');
  const [, refresh] = useReducer((count: number) => count + 1, 0);
  const current = useRef<MonitorController | null>(null);

  useEffect(() => () => current.current?.stop(), []);

  // Ended by the agent's side (the call ended) or failed: the bar goes, with a word why.
  const status = controller?.status();
  useEffect(() => {
    if (!controller || (status !== 'ended' && status !== 'failed')) return;
    notify(t(status === 'failed' ? 'supervision.monitor.failed' : 'supervision.monitor.ended'), 'info');
    current.current = null;
    setController(null);
  }, [controller, status, notify, t]);

  const start = useCallback(
    async (agent: { id: number; nombre: string }) => {
      current.current?.stop();
      current.current = null;
      setController(null);
      try {
        const started = await startCallMonitor(agent.id, 'listen', refresh);
        current.current = started;
        setAgentName(agent.nombre);
        setController(started);
      } catch (error) {
        notify(error instanceof Error ? error.message : t('errors.unexpected'), 'error');
      }
    },
    [notify, t],
  );

  const setMode = useCallback(
    async (mode: CallMonitorMode) => {
      try {
        await current.current?.setMode(mode);
      } catch (error) {
        const denied = error instanceof DOMException && error.name === 'NotAllowedError';
        notify(denied ? t('supervision.monitor.microphone') : (error as Error).message, 'error');
      }
    },
    [notify, t],
  );

  const stop = useCallback(() => {
    current.current?.stop();
    current.current = null;
    setController(null);
  }, []);

  return { controller, agentName, start, setMode, stop };
}

/** The session in progress: whose call, its state, the mode (listen, whisper, barge) and the way out. */
export function CallMonitorBar({ monitoring }: { monitoring: CallMonitoring }) {
  const { t } = useTranslation();
  const { controller } = monitoring;
  if (!controller) return null;
  const mode = controller.mode();
  const status = controller.status();
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('supervision.monitor.title', { name: monitoring.agentName })}
      data-testid="call-monitor"
      data-agent={controller.agentId}
      data-mode={mode}
      data-status={status}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        mb: 2,
        borderColor: 'success.main',
        position: 'sticky',
        top: 72,
        zIndex: 2,
      }}
    >
      <HeadsetIcon sx={{ color: 'success.main' }} aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
          {t('supervision.monitor.title', { name: monitoring.agentName })}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="call-monitor-help">
          {t(`supervision.monitor.help.${mode}`)}
        </Typography>
      </Box>
      <Chip
        size="small"
        variant="outlined"
        color={status === 'live' ? 'success' : 'default'}
        label={t(`supervision.monitor.status.${status}`)}
        data-testid="call-monitor-status"
      />
      <Box sx={{ flexGrow: 1 }} />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={mode}
        aria-label={t('supervision.monitor.mode')}
        onChange={(_, next: CallMonitorMode | null) => {
          if (next && next !== mode) void monitoring.setMode(next);
        }}
      >
        {CALL_MONITOR_MODES.map((option) => (
          <ToggleButton key={option} value={option} data-testid={`call-monitor-${option}`} sx={{ gap: 0.75 }}>
            {MODE_ICONS[option]}
            {t(`supervision.monitor.modes.${option}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Button
        variant="outlined"
        color="error"
        size="small"
        startIcon={<CallEndIcon />}
        onClick={monitoring.stop}
        data-testid="call-monitor-stop"
      >
        {t('supervision.monitor.stop')}
      </Button>
    </Paper>
  );
}
