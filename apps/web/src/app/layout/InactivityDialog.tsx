import { LIMITS } from '@atiende/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readString, WEB_STORAGE_KEYS } from '../../core/storage';
import { logout } from '../logout';
import { inactivityTimeoutMs, useBusiness } from '../queries';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Inactivity guard: when the time since the last activity exceeds the business inactivity_timeout (hours,
 * default 2) a dialog counts down 30 s and then closes the session; "DO NOT CLOSE" grants another period.
 *
 * For tests, localStorage `inactivityTimeoutMsOverride` (a number of milliseconds) replaces the timeout,
 * e.g. `localStorage.setItem('inactivityTimeoutMsOverride', '2000')` before loading /app.
 */
export function InactivityDialog() {
  const { t } = useTranslation();
  const { data: business } = useBusiness();
  const lastActivity = useRef(Date.now());
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const open = deadline !== null;

  useEffect(() => {
    const mark = () => {
      lastActivity.current = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, mark, { passive: true, capture: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, mark, { capture: true });
    };
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (deadline === null) {
        const limit = inactivityTimeoutMs(business, readString(WEB_STORAGE_KEYS.inactivityTimeoutMsOverride));
        if (current - lastActivity.current > limit) setDeadline(current + LIMITS.inactivityGraceMs);
      } else if (current >= deadline) {
        window.clearInterval(timer);
        setDeadline(null);
        void logout();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [business, deadline]);

  const keepOpen = () => {
    lastActivity.current = Date.now();
    setDeadline(null);
  };

  const seconds = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <Dialog open={open} data-testid="inactivity-dialog" aria-labelledby="inactivity-title">
      <DialogTitle id="inactivity-title">{t('session.inactivity.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('session.inactivity.message')}</DialogContentText>
        <Typography
          variant="h3"
          component="p"
          data-testid="inactivity-countdown"
          sx={{ textAlign: 'center', mt: 2, fontWeight: 700, color: 'error.main' }}
          aria-live="polite"
        >
          {seconds}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={keepOpen} data-testid="inactivity-keep" autoFocus>
          {t('session.inactivity.keep')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
