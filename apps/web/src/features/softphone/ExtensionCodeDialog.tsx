import './i18n';
import { type ExtensionCode, REALTIME_EVENTS } from '@atiende/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { onRealtimeEvent } from '../../app/realtime';

/** The code's digits in two groups of three, easier to read out and type (123 456). */
export function groupedCode(code: string): string {
  return code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/**
 * Desk phone registration (spec section 9, shown when the business does not use the browser softphone): a code to
 * type on the phone after dialling 2600. The phone's extension becomes the agent's; the server's new-extension event
 * says so here (and in the header's toast).
 */
export function ExtensionCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [registered, setRegistered] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const ask = useMutation({ mutationFn: () => unwrap(api.post<ExtensionCode>('voice/extension-code')) });
  const { mutate, reset } = ask;
  const code = ask.data;
  const expired = code ? Date.parse(code.expiresAt) <= now : false;

  // A new code each time the dialog opens (it replaces the last one).
  useEffect(() => {
    if (!open) return;
    setRegistered(null);
    reset();
    mutate();
  }, [open, mutate, reset]);
  useEffect(
    () =>
      onRealtimeEvent(REALTIME_EVENTS.newExtension, (payload) => {
        if (payload?.extension) setRegistered(payload.extension);
      }),
    [],
  );
  useEffect(() => {
    if (!open || !code) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open, code]);

  const time = code
    ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(code.expiresAt))
    : '';

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('softphone.deskPhone.title')}</DialogTitle>
      <DialogContent data-testid="extension-code-dialog">
        {registered ? (
          <Alert severity="success" data-testid="extension-code-done">
            {t('softphone.deskPhone.done', { extension: registered })}
          </Alert>
        ) : ask.isError ? (
          <Alert severity="error" data-testid="extension-code-error">
            {ask.error instanceof Error ? ask.error.message : t('errors.unexpected')}
          </Alert>
        ) : !code ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
            <CircularProgress size={18} />
            <Typography variant="body2">{t('softphone.deskPhone.loading')}</Typography>
          </Box>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('softphone.deskPhone.steps', { dial: code.dial })}
            </Typography>
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
              {t('softphone.deskPhone.code')}
            </Typography>
            <Typography
              variant="h3"
              component="p"
              dir="ltr"
              sx={{ fontFamily: 'monospace', letterSpacing: 4, textAlign: 'center', my: 1 }}
              data-testid="extension-code"
              data-code={code.code}
            >
              {groupedCode(code.code)}
            </Typography>
            {expired ? (
              <Alert severity="warning">{t('softphone.deskPhone.expired')}</Alert>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
                {t('softphone.deskPhone.expires', { time })}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {registered ? null : (
          <Button onClick={() => mutate()} disabled={ask.isPending} data-testid="extension-code-another">
            {t('softphone.deskPhone.another')}
          </Button>
        )}
        <Button onClick={onClose} variant="contained" data-testid="extension-code-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
