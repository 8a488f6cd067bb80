import { LIMITS } from '@atiende/contracts';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../logout';
import { onSessionReplaced } from '../sessionEvents';

/** "Multiple sessions detected": this (older) session closes after 5 s. */
export function MultiSessionDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => onSessionReplaced(() => setOpen(true)), []);

  useEffect(() => {
    if (!open) return;
    const started = Date.now();
    const tick = window.setInterval(() => setElapsed(Date.now() - started), 100);
    const done = window.setTimeout(() => {
      void logout({ callServer: false });
    }, LIMITS.multiSessionLogoutMs);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(done);
    };
  }, [open]);

  const seconds = Math.max(0, Math.ceil((LIMITS.multiSessionLogoutMs - elapsed) / 1000));
  return (
    <Dialog open={open} data-testid="multi-session-dialog" aria-labelledby="multi-session-title">
      <DialogTitle id="multi-session-title">{t('session.multiple.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('session.multiple.message', { seconds })}</DialogContentText>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (elapsed / LIMITS.multiSessionLogoutMs) * 100)}
          sx={{ mt: 2 }}
          aria-label={t('session.multiple.title')}
        />
      </DialogContent>
    </Dialog>
  );
}
