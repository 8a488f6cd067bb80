import {
  type Business,
  type DialogflowSettingsBody,
  dialogflowServiceAccountSchema,
  dialogflowSettingsBodySchema,
} from '@atiende/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormField } from '../../ui/FormField';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useDraft } from '../../ui/useDraft';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';

interface DialogflowForm {
  /** Write-only: never filled from the server; empty keeps the stored key. */
  credentials: string;
  apiBaseUrl: string;
}

type DialogflowRequest = Pick<DialogflowSettingsBody, 'credentials' | 'apiBaseUrl'> | { remove: true };

const toForm = (business: Business): DialogflowForm => ({
  credentials: '',
  apiBaseUrl: business.dialogflow.apiBaseUrl ?? '',
});

const toBody = (form: DialogflowForm) => ({
  credentials: form.credentials.trim() || undefined,
  apiBaseUrl: form.apiBaseUrl.trim() || null,
});

/** Whether a pasted text is a service account's JSON key (the server also checks its private key loads). */
function isServiceAccountKey(text: string): boolean {
  try {
    return dialogflowServiceAccountSchema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/**
 * The bots' Dialogflow settings in the business profile (`PUT empresa/dialogflow`): whether a service account key is
 * stored (and whose), a write-only field to paste a new one, the optional regional endpoint, and removing the key.
 * Its own form (outside the profile's): it saves on its own.
 */
export function DialogflowSettings({
  business,
  readOnly,
  onSaved,
}: {
  business: Business;
  readOnly: boolean;
  onSaved: (business: Business) => void;
}) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const status = business.dialogflow;
  const fromServer = useMemo(() => toForm(business), [business]);
  const [state, setState] = useDraft<DialogflowForm>(fromServer);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const body = useMemo(() => toBody(state), [state]);
  const form = useFormErrors({
    values: body,
    schema: dialogflowSettingsBodySchema,
    rules: (values): FieldErrors => {
      if (values.credentials) {
        return isServiceAccountKey(values.credentials) ? {} : { credentials: t('business.dialogflowKeyInvalid') };
      }
      return status.configured ? {} : { credentials: t('business.dialogflowKeyRequired') };
    },
  });
  const { errors } = form;

  const save = useMutation({
    mutationFn: (request: DialogflowRequest) => unwrap(api.put<Business>('empresa/dialogflow', request)),
    onSuccess: onSaved,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        // The key is never shown again: the field empties, the status says whose key is stored.
        setState(toForm(saved));
        form.reset();
        feedback.success(t('business.dialogflow.saved'));
      },
      onError: (error) => feedback.failure(error, form.show),
    });
  };

  const remove = () => {
    setConfirmRemove(false);
    save.mutate(
      { remove: true },
      {
        onSuccess: (saved) => {
          setState(toForm(saved));
          form.reset();
          feedback.success(t('business.dialogflow.removed'));
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  const kept = status.configured
    ? t('business.dialogflow.credentialsKept', { project: status.projectId ?? '', email: status.clientEmail ?? '' })
    : null;

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="dialogflow-form">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('business.dialogflow.help')}
      </Typography>
      {kept ? (
        <Alert severity="success" sx={{ mb: 1 }} data-testid="dialogflow-status">
          {kept}
        </Alert>
      ) : (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="dialogflow-status">
          {t('business.dialogflow.notConfigured')}
        </Alert>
      )}
      {readOnly ? null : (
        <FormField
          label={t('business.dialogflow.credentials')}
          value={state.credentials}
          onValueChange={(credentials) => setState((current) => ({ ...current, credentials }))}
          error={errors.credentials}
          helperText={kept ?? undefined}
          testId="dialogflow-credentials"
          name="dialogflow-credentials"
          multiline
          minRows={4}
          maxRows={12}
          fullWidth
          required={!status.configured}
          autoComplete="off"
          slotProps={{
            htmlInput: { spellCheck: false, autoCapitalize: 'off', maxLength: 20_000 },
          }}
          sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
        />
      )}
      <FormField
        type="url"
        label={t('business.dialogflow.apiBaseUrl')}
        value={state.apiBaseUrl}
        onValueChange={(apiBaseUrl) => setState((current) => ({ ...current, apiBaseUrl }))}
        error={errors.apiBaseUrl}
        testId="dialogflow-api-base-url"
        disabled={readOnly}
        fullWidth
        maxLength={500}
        placeholder="https://europe-west1-dialogflow.googleapis.com"
      />
      {readOnly ? null : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={save.isPending}
            data-testid="dialogflow-save"
          >
            {t('business.dialogflow.save')}
          </Button>
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => setConfirmRemove(true)}
            disabled={save.isPending || !status.configured}
            data-testid="dialogflow-remove"
          >
            {t('business.dialogflow.remove')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirmRemove}
        title={t('business.dialogflow.removeTitle')}
        message={t('business.dialogflow.removeMessage')}
        confirmLabel={t('business.dialogflow.remove')}
        destructive
        onCancel={() => setConfirmRemove(false)}
        onConfirm={remove}
      />
    </Box>
  );
}
