import { BOT_SECRET_NAME, type Bot } from '@atiende/contracts';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import SaveIcon from '@mui/icons-material/Save';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useSetBotSecrets } from './api';
import { secretPlaceholder } from './labels';

/** How many secrets a bot keeps (contracts' `botSecretsBodySchema`). */
const MAX_SECRETS = 30;
const MAX_VALUE = 4000;

/**
 * The bot's web service secrets (`PUT bots/:id/secrets`): the names stored, each removable, and a form that adds
 * one or replaces its value. Values are write-only: never shown, never prefilled. Read-only users see the names.
 */
export function BotSecrets({ bot, readOnly }: { bot: Bot; readOnly: boolean }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const setSecrets = useSetBotSecrets(bot.id);
  const helpId = useId();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [visible, setVisible] = useState(false);
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<string | null>(null);

  const names = bot.secretNames;
  const trimmedName = name.trim();
  const replaces = names.includes(trimmedName);
  const nameError = !trimmedName
    ? checked
      ? t('validation.required')
      : undefined
    : !BOT_SECRET_NAME.test(trimmedName)
      ? t('botBuilder.secrets.nameFormat')
      : !replaces && names.length >= MAX_SECRETS
        ? t('bots.tooManySecrets')
        : serverError;
  const valueError = checked && !value ? t('validation.required') : undefined;

  const failed = (failure: unknown) => {
    if (failure instanceof ApiError) {
      setServerError(Object.entries(failure.fields).find(([key]) => key.startsWith('secrets'))?.[1]);
    }
    feedback.failure(failure);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!trimmedName || !value || !BOT_SECRET_NAME.test(trimmedName)) return;
    if (!replaces && names.length >= MAX_SECRETS) return;
    setSecrets.mutate(
      { [trimmedName]: value },
      {
        onSuccess: () => {
          setName('');
          setValue('');
          setVisible(false);
          setChecked(false);
          setServerError(undefined);
          feedback.success(t('botBuilder.secrets.saved', { name: trimmedName }));
        },
        onError: failed,
      },
    );
  };

  const onRemove = () => {
    const target = removing;
    setRemoving(null);
    if (!target) return;
    setSecrets.mutate(
      { [target]: null },
      {
        onSuccess: () => feedback.success(t('botBuilder.secrets.removed', { name: target })),
        onError: failed,
      },
    );
  };

  return (
    <Section title={t('botBuilder.secrets.title')} testId="bot-secrets-section">
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('botBuilder.secrets.help', { example: secretPlaceholder(t('botBuilder.secrets.exampleName')) })}
      </Typography>
      {names.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="bot-secrets-empty">
          {t('botBuilder.secrets.empty')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('botBuilder.secrets.listLabel')}
          data-testid="bot-secrets"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}
        >
          {names.map((secret) => (
            <Box
              component="li"
              key={secret}
              data-testid={`bot-secret-${secret}`}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                minHeight: 40,
                px: 1,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
              }}
            >
              <KeyOutlinedIcon fontSize="small" color="action" aria-hidden />
              <Box
                component="span"
                dir="ltr"
                sx={{ fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere', flexGrow: 1 }}
              >
                {secret}
              </Box>
              <Chip size="small" variant="outlined" label={t('botBuilder.secrets.stored')} />
              {readOnly ? null : (
                <IconButton
                  size="small"
                  color="error"
                  aria-label={t('botBuilder.secrets.remove', { name: secret })}
                  onClick={() => setRemoving(secret)}
                  disabled={setSecrets.isPending}
                  data-testid={`bot-secret-remove-${secret}`}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      {readOnly ? null : (
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label={t('botBuilder.secrets.formLabel')}
          aria-describedby={helpId}
          data-testid="bot-secret-form"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, mt: 2 }}
        >
          <TextField
            label={t('botBuilder.secrets.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setServerError(undefined);
            }}
            error={Boolean(nameError)}
            helperText={
              nameError ??
              (replaces ? t('botBuilder.secrets.replaces', { name: trimmedName }) : t('botBuilder.secrets.nameHelp'))
            }
            required
            size="small"
            margin="none"
            sx={{ flex: '1 1 220px', minWidth: 0 }}
            slotProps={{
              htmlInput: {
                'data-testid': 'bot-secret-name',
                dir: 'ltr',
                maxLength: 40,
                autoComplete: 'off',
                spellCheck: false,
                autoCapitalize: 'none',
              },
            }}
          />
          <TextField
            label={t('botBuilder.secrets.value')}
            type={visible ? 'text' : 'password'}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setServerError(undefined);
            }}
            error={Boolean(valueError)}
            helperText={valueError ?? t('botBuilder.secrets.valueHelp')}
            required
            size="small"
            margin="none"
            sx={{ flex: '2 1 280px', minWidth: 0 }}
            slotProps={{
              htmlInput: {
                'data-testid': 'bot-secret-value',
                dir: 'ltr',
                maxLength: MAX_VALUE,
                autoComplete: 'new-password',
                spellCheck: false,
                autoCapitalize: 'none',
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      edge="end"
                      aria-label={visible ? t('botBuilder.secrets.hideValue') : t('botBuilder.secrets.showValue')}
                      aria-pressed={visible}
                      onClick={() => setVisible((shown) => !shown)}
                      data-testid="bot-secret-visibility"
                    >
                      {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button
            type="submit"
            variant="outlined"
            startIcon={<SaveIcon />}
            disabled={setSecrets.isPending}
            data-testid="bot-secret-save"
            sx={{ mt: 0.25 }}
          >
            {t('botBuilder.secrets.save')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('botBuilder.secrets.removeTitle', { name: removing ?? '' })}
        message={t('botBuilder.secrets.removeMessage', { example: secretPlaceholder(removing ?? '') })}
        confirmLabel={t('botBuilder.secrets.removeConfirm')}
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={onRemove}
      />
    </Section>
  );
}
