import './i18n';
import {
  DIALER_TELEPHONY_ACTIONS,
  type Dialer,
  type DialerAction,
  type DialerStatus,
  dialerActionsOf,
} from '@atiende/contracts';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import StopIcon from '@mui/icons-material/Stop';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useDialerAction } from './api';

const STATUS_COLORS: Record<DialerStatus, 'default' | 'info' | 'primary' | 'warning' | 'success' | 'error'> = {
  created: 'default',
  initialization: 'info',
  running: 'primary',
  paused: 'warning',
  stopped: 'warning',
  finalized: 'success',
  failed: 'error',
};

/** A dialer's status as a coloured chip (its words always say it too). */
export function DialerStatusChip({ status, testId }: { status: DialerStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'created' ? 'outlined' : 'filled'}
      label={t(`dialers.statuses.${status}`)}
      data-testid={testId}
      data-status={status}
    />
  );
}

export const ACTION_ICONS: Record<DialerAction, ReactNode> = {
  start: <PlayArrowIcon />,
  pause: <PauseIcon />,
  stop: <StopIcon />,
  restart: <RestartAltIcon />,
  repeat: <ReplayIcon />,
  repeatFailed: <WarningAmberIcon />,
  play: <VolumeUpIcon />,
};

/** Whether an action is offered but cannot run now (it places calls and telephony is not configured). */
export function needsTelephony(action: DialerAction, telephonyConfigured: boolean): boolean {
  return !telephonyConfigured && DIALER_TELEPHONY_ACTIONS.includes(action);
}

/** The actions a dialer offers in its status (play in place of start for play-audio dialers). */
export function actionsOf(dialer: Pick<Dialer, 'status' | 'type'>): DialerAction[] {
  return dialerActionsOf(dialer.status, dialer.type);
}

/**
 * Every action asks first (a confirmation naming the dialer and what the action does), then runs; its outcome is
 * announced in the snackbar. `ask` opens the confirmation; `dialog` is rendered once by the page.
 */
export function useDialerActionFlow() {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const mutation = useDialerAction();
  const [pending, setPending] = useState<{ dialer: Pick<Dialer, 'id' | 'label'>; action: DialerAction } | null>(null);
  const ask = useCallback(
    (dialer: Pick<Dialer, 'id' | 'label'>, action: DialerAction) => setPending({ dialer, action }),
    [],
  );
  const destructive = pending?.action === 'stop' || pending?.action === 'restart';
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? t(`dialers.actions.${pending.action}`) : ''}
      message={pending ? t(`dialers.actions.confirm.${pending.action}`, { label: pending.dialer.label }) : ''}
      confirmLabel={pending ? t(`dialers.actions.${pending.action}`) : undefined}
      destructive={destructive}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        if (!pending) return;
        const { dialer, action } = pending;
        setPending(null);
        mutation.mutate(
          { id: dialer.id, action },
          {
            onSuccess: () => feedback.success(t(`dialers.actions.done.${action}`)),
            onError: (error) => feedback.failure(error),
          },
        );
      }}
    />
  );
  return { ask, dialog, running: mutation.isPending };
}

/** One of the dialer's counters: its label over its number. */
export function CountFigure({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: number;
  testId?: string;
  strong?: boolean;
}) {
  const { i18n } = useTranslation();
  return (
    <Box sx={{ minWidth: 96 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography
        variant={strong ? 'h5' : 'h6'}
        sx={{ fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value.toLocaleString(i18n.language)}
      </Typography>
    </Box>
  );
}
