import type { AgentStatusCode } from '@atiende/contracts';
import Chip from '@mui/material/Chip';
import { getContrastRatio } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { pauseKey, statusColor } from './model';

/** The translated label of a status, with the pause reason when there is one ("Pausa · Descanso"). */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (code: AgentStatusCode, pause: string | null) => {
    const status = t(`agentStatus.${code}`);
    if (code !== 'P' || !pause) return status;
    return `${status} · ${t(pauseKey(pause), { defaultValue: pause })}`;
  };
}

/**
 * The text on a status colour: white when it reaches WCAG AA for small text (4.5:1), else near-black (MUI's own
 * choice stops at 3:1, which left white on the spec's red for "Gestión" at 4.2:1).
 */
export function statusTextColor(color: string): string {
  return getContrastRatio(color, '#fff') >= 4.5 ? '#fff' : 'rgba(0, 0, 0, 0.87)';
}

/** A status chip in the spec's colour (AGENT_STATUS), text in the readable contrast colour. */
export function StatusChip({ code, pause, testId }: { code: AgentStatusCode; pause: string | null; testId?: string }) {
  const label = useStatusLabel();
  const color = statusColor(code);
  return (
    <Chip
      size="small"
      label={label(code, pause)}
      data-testid={testId}
      data-status={code}
      sx={(theme) => ({
        bgcolor: color,
        color: statusTextColor(color),
        fontWeight: 600,
        maxWidth: '100%',
        // The dark blue and grey stay visible on a dark background.
        border: theme.palette.mode === 'dark' ? `1px solid ${theme.palette.divider}` : undefined,
      })}
    />
  );
}
