import { type DeskPhoneCredentials, deskPhoneBodySchema } from '@atiende/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { CopyField } from '../../ui/CopyField';
import { FormField } from '../../ui/FormField';
import { formatDateTime } from '../../ui/format';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useFormErrors } from '../../ui/useFormErrors';

/**
 * A desk phone's SIP account for an extension (docs/voice.md): issued by whoever edits users, shown once (nothing
 * reusable is stored), valid a year. The agent at that phone then dials 2600 and types the code Atiende shows them.
 */
export function DeskPhoneDialog({
  open,
  extension: initialExtension,
  onClose,
}: {
  open: boolean;
  extension: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const feedback = useApiFeedback();
  const [extension, setExtension] = useState(initialExtension ?? '');
  const form = useFormErrors({ values: { extension }, schema: deskPhoneBodySchema });
  const issue = useMutation({
    mutationFn: (body: { extension: string }) => unwrap(api.post<DeskPhoneCredentials>('voice/desk-phones', body)),
  });
  const issued = issue.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    issue.mutate({ extension: extension.trim() }, { onError: (error) => feedback.failure(error, form.show) });
  };

  const close = () => {
    issue.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {/* The form takes the paper's column layout, so the content scrolls and the actions stay in view. */}
      <Box
        component="form"
        ref={form.formRef}
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId}>{t('users.deskPhone.title')}</DialogTitle>
        <DialogContent>
          {issued ? (
            <Box data-testid="desk-phone-credentials">
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t('users.deskPhone.shownOnce', { date: formatDateTime(issued.expiresAt, i18n.language) })}
              </Alert>
              <CopyField
                label={t('users.deskPhone.registrar')}
                value={issued.registrar}
                testId="desk-phone-registrar"
              />
              <CopyField label={t('users.deskPhone.port')} value={String(issued.port)} testId="desk-phone-port" />
              <CopyField label={t('users.deskPhone.user')} value={issued.user} testId="desk-phone-user" />
              <CopyField
                label={t('users.deskPhone.authorizationUser')}
                value={issued.authorizationUser}
                testId="desk-phone-authorization-user"
              />
              <CopyField label={t('users.deskPhone.password')} value={issued.password} testId="desk-phone-password" />
              <CopyField label={t('users.deskPhone.realm')} value={issued.realm} testId="desk-phone-realm" />
              <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
                {t('users.deskPhone.next')}
              </Typography>
            </Box>
          ) : (
            <>
              <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
                {t('users.deskPhone.intro')}
              </Typography>
              <FormField
                label={t('users.deskPhone.extension')}
                value={extension}
                onValueChange={setExtension}
                error={form.errors.extension}
                name="extension"
                required
                fullWidth
                autoFocus
                testId="desk-phone-extension"
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} data-testid="desk-phone-close">
            {t('common.close')}
          </Button>
          {issued ? null : (
            <Button type="submit" variant="contained" disabled={issue.isPending} data-testid="desk-phone-issue">
              {t('users.deskPhone.issue')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
