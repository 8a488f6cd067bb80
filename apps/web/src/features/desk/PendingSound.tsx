import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { usePendingSoundCount } from './sound';

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * The new-ticket sound's trace: `data-count` grows with every play (browser tests read it), and screen readers
 * hear that a new pending ticket arrived.
 */
export function PendingSound() {
  const { t } = useTranslation();
  const count = usePendingSoundCount();
  return (
    <Box component="span" data-testid="pending-sound" data-count={count} aria-live="polite" sx={visuallyHidden}>
      {count > 0 ? `${t('desk.pending.newTicket')} (${count})` : ''}
    </Box>
  );
}
