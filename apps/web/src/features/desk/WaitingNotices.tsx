import type { OwnQueue, WaitingExplanation, WaitingReason } from '@atiende/contracts';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { useAgentStatusStore } from './agentStatus';
import { deskKeys } from './api';
import { ownQueueLines, type WaitingLine, waitingLines } from './waiting';

/** Waiting explanations change with agents' statuses too, which no ticket event reports: reread while shown. */
const REFRESH_MS = 15_000;

/** The lines as a list; a single line as plain text (a one-item bullet list reads oddly). */
function Lines({ lines, testId }: { lines: WaitingLine[]; testId: string }) {
  const { t } = useTranslation();
  if (lines.length === 1) {
    return (
      <Box data-testid={testId} data-key={lines[0].key}>
        {t(lines[0].key, lines[0].values)}
      </Box>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, ps: 2.5 }} data-testid={testId}>
      {lines.map((line) => (
        <li key={line.key} data-key={line.key}>
          {t(line.key, line.values)}
        </li>
      ))}
    </Box>
  );
}

/**
 * On a ticket that waits for an agent: its place in the campaign's queue and why nobody has it yet. Nothing for a
 * ticket that does not wait. Its query key sits under the ticket's, so whatever refreshes the ticket refreshes it.
 */
export function TicketWaitingNotice({ ticketId, waiting }: { ticketId: number; waiting: boolean }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['tickets', 'detail', ticketId, 'waiting'],
    queryFn: () => unwrap(api.get<WaitingExplanation | null>(`tickets/${ticketId}/waiting`)),
    enabled: waiting,
    refetchInterval: REFRESH_MS,
  });
  const explanation = query.data;
  if (!waiting || !explanation) return null;
  const blocked = explanation.reasons.length > 0;
  return (
    <Alert
      severity={blocked ? 'warning' : 'info'}
      icon={<HourglassEmptyIcon />}
      sx={{ mb: 2 }}
      data-testid="ticket-waiting"
      data-reasons={explanation.reasons.join(' ')}
    >
      <AlertTitle>{t('desk.waiting.title')}</AlertTitle>
      <Lines lines={waitingLines(explanation)} testId="ticket-waiting-lines" />
    </Alert>
  );
}

/** A queue's reasons as short chips (supervision). */
export function WaitingReasonChips({ reasons, testId }: { reasons: readonly WaitingReason[]; testId: string }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
      role="list"
      aria-label={t('desk.waiting.why')}
      data-testid={testId}
    >
      {reasons.map((reason) => (
        <Chip
          key={reason}
          role="listitem"
          size="small"
          color="warning"
          variant="outlined"
          label={t(`desk.waiting.short.${reason}`)}
          data-reason={reason}
        />
      ))}
    </Box>
  );
}

/** The agent's own view, in the pending drawer: why conversations in their campaigns do not reach them. */
export function OwnQueueNotice({ active }: { active: boolean }) {
  const { state } = useAgentStatusStore();
  const query = useQuery({
    queryKey: deskKeys.ownQueue,
    queryFn: () => unwrap(api.get<OwnQueue>('supervision/agente/cola')),
    enabled: active,
    refetchInterval: active ? REFRESH_MS : false,
  });
  if (!active || !query.data) return null;
  const lines = ownQueueLines(query.data, state?.estado ?? query.data.estado);
  if (lines.length === 0) return null;
  const blocked = lines.some((line) => line.key !== 'desk.waiting.own.waiting');
  return (
    <Alert severity={blocked ? 'warning' : 'info'} sx={{ mx: 2, mb: 1 }} data-testid="pending-own-queue">
      <Lines lines={lines} testId="pending-own-queue-lines" />
    </Alert>
  );
}
