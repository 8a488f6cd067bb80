import './i18n';
import {
  DIALER_AUDIO_MAX_BYTES,
  DIALER_EDITABLE_STATUSES,
  DIALER_LIMITS,
  DIALER_MAX_SELECTED,
  DIALER_TYPES,
  type DialerDetail,
  type DialerOptions,
  type DialerType,
  dialerBodySchema,
  isBulkConditionField,
} from '@atiende/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { FormField } from '../../ui/FormField';
import { formatFileSize } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { FORM_GRID, Section } from '../../ui/Section';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import {
  AUDIENCE_DELAY_MS,
  AccountPicker as SharedAccountPicker,
  AudienceSummary as SharedAudienceSummary,
} from '../automation/components/AccountPicker';
import { useSettled } from '../automation/components/KeysetList';
import { ConditionBuilder } from '../automation/conditions/ConditionBuilder';
import { type ConditionOptions, conditionErrorsAt, EMPTY_CONDITION_OPTIONS } from '../automation/conditions/model';
import {
  type AudienceQuery,
  useDialer,
  useDialerAudience,
  useDialerCandidates,
  useDialerOptions,
  useSaveDialer,
  useUploadDialerAudio,
} from './api';
import {
  AUDIO_ACCEPT,
  type AudioDraft,
  audienceQueryOf,
  candidatesQueryOf,
  type DialerFormState,
  dialerToForm,
  EMPTY_DIALER_FORM,
  type FormAccounts,
  formToBody,
  NUMBER_FIELDS,
  setCampaign,
} from './model';
import { DIALERS_PATH, dialerViewPath } from './paths';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** /app/dialers/add and /app/dialers/:id/edit. */
export function DialerFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const dialer = useDialer(id);
  const options = useDialerOptions();
  const gate = useEditGate(mode, id, dialer, 'dialer-not-found', t('dialers.form.notFound'));
  if (gate) return gate;
  const data = dialer.data ?? null;
  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title={data ? t('dialers.form.editTitle', { label: data.label }) : t('dialers.form.addTitle')}
        subtitle={t('dialers.form.subtitle')}
        backTo={data ? dialerViewPath(data.id) : DIALERS_PATH}
      />
      {options.error && !options.data ? (
        <LoadError error={options.error} onRetry={options.refetch} testId="dialer-options-error" />
      ) : !options.data ? (
        <PageLoader />
      ) : (
        <DialerForm key={data?.id ?? 'new'} dialer={data} options={options.data} />
      )}
    </PageContainer>
  );
}

function DialerForm({ dialer, options }: { dialer: DialerDetail | null; options: DialerOptions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const save = useSaveDialer();
  const [state, setState] = useState<DialerFormState>(() => (dialer ? dialerToForm(dialer) : EMPTY_DIALER_FORM));
  const body = useMemo(() => formToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: dialerBodySchema });
  const { errors } = form;
  const locked = dialer !== null && dialer.startedAt !== null;
  const editable = dialer === null || DIALER_EDITABLE_STATUSES.includes(dialer.status);

  const set =
    <K extends keyof DialerFormState>(field: K) =>
    (value: DialerFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || !editable) return;
    if (!form.check()) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    save.mutate(
      { id: dialer?.id ?? null, body },
      {
        onSuccess: (saved) => {
          feedback.success(t('dialers.form.saved', { label: saved.label, count: saved.counts.registries }));
          navigate(dialerViewPath(saved.id));
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="dialer-form">
      {!editable ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="dialer-not-editable">
          {t('dialers.form.notEditable')}
        </Alert>
      ) : null}
      <Section title={t('dialers.form.general')}>
        {options.campaigns.length === 0 ? (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="dialer-no-campaigns">
            {t('dialers.form.noCampaigns')}
          </Alert>
        ) : null}
        <Box sx={FORM_GRID}>
          <TextField
            select
            margin="dense"
            fullWidth
            required
            label={t('dialers.fields.campaign')}
            value={state.campaignId ?? ''}
            disabled={locked}
            onChange={(event) => {
              const campaignId = Number(event.target.value);
              if (Number.isSafeInteger(campaignId)) setState((current) => setCampaign(current, campaignId));
            }}
            error={Boolean(errors.campaignId)}
            helperText={errors.campaignId}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'dialer-campaign' } as object },
              htmlInput: { 'data-testid': 'dialer-campaign-input' },
            }}
          >
            {options.campaigns.map((campaign) => (
              <MenuItem key={campaign.id} value={campaign.id} data-testid={`dialer-campaign-option-${campaign.id}`}>
                {campaign.name}
              </MenuItem>
            ))}
          </TextField>
          <FormField
            fullWidth
            required
            label={t('dialers.fields.label')}
            value={state.label}
            onValueChange={set('label')}
            error={errors.label}
            maxLength={120}
            testId="dialer-label"
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
        </Box>
        <TypeField value={state.type} onChange={set('type')} />
        {state.type === 'call_extension' ? (
          <FormField
            required
            label={t('dialers.fields.extension')}
            value={state.extension}
            onValueChange={set('extension')}
            error={errors.extension}
            helperText={t('dialers.help.extension')}
            maxLength={20}
            testId="dialer-extension"
            sx={{ maxWidth: 320 }}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
          />
        ) : null}
        {state.type === 'play_audio' ? (
          <AudioPicker audio={state.audio} onChange={set('audio')} error={errors.audio} />
        ) : null}
      </Section>
      <Section title={t('dialers.form.dialing')}>
        <Box sx={FORM_GRID}>
          {NUMBER_FIELDS.map((field) => (
            <FormField
              key={field}
              type="number"
              required
              fullWidth
              label={t(`dialers.fields.${field}`)}
              value={state[field]}
              onValueChange={set(field)}
              error={errors[field]}
              helperText={t(`dialers.help.${field}`)}
              testId={`dialer-${field}`}
              slotProps={{ htmlInput: { min: DIALER_LIMITS[field].min, max: DIALER_LIMITS[field].max, step: 1 } }}
            />
          ))}
        </Box>
        <Box sx={{ mt: 1 }}>
          <FormControlLabel
            label={t('dialers.fields.sendToQueue')}
            control={
              <Switch
                checked={state.sendToQueue}
                onChange={(event) => set('sendToQueue')(event.target.checked)}
                slotProps={{
                  input: {
                    'data-testid': 'dialer-send-to-queue',
                    'aria-describedby': 'dialer-send-to-queue-help',
                  } as object,
                }}
              />
            }
          />
          <FormHelperText id="dialer-send-to-queue-help" sx={{ mt: 0 }}>
            {t('dialers.help.sendToQueue')}
          </FormHelperText>
        </Box>
      </Section>
      <Section title={t('dialers.form.accounts')} testId="dialer-accounts-section">
        {locked ? (
          <Alert severity="info" sx={{ mb: 1.5 }} data-testid="dialer-accounts-locked">
            {t('dialers.form.accountsLocked')}
          </Alert>
        ) : null}
        <AccountsStep
          state={state}
          accounts={state.accounts}
          onChange={set('accounts')}
          errors={errors}
          options={options}
          locked={locked}
        />
      </Section>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        <Button
          component={RouterLink}
          to={dialer ? dialerViewPath(dialer.id) : DIALERS_PATH}
          data-testid="dialer-cancel"
        >
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
          disabled={save.isPending || !editable}
          data-testid="dialer-save"
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** The dialer's type as radio buttons, each with what it does. */
function TypeField({ value, onChange }: { value: DialerType; onChange: (type: DialerType) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl component="fieldset" sx={{ mt: 1.5, mb: 0.5, width: '100%' }}>
      <FormLabel component="legend" id={labelId}>
        {t('dialers.fields.type')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as DialerType)}
      >
        {DIALER_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            value={type}
            sx={{ alignItems: 'flex-start', my: 0.25 }}
            control={<Radio size="small" slotProps={{ input: { 'data-testid': `dialer-type-${type}` } as object }} />}
            label={
              <Box sx={{ pt: 0.75 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`dialers.types.${type}`)}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t(`dialers.typeHelp.${type}`)}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The play-audio file: picked, uploaded at once (the server checks its content), listened to, replaced or removed. */
function AudioPicker({
  audio,
  onChange,
  error,
}: {
  audio: AudioDraft | null;
  onChange: (audio: AudioDraft | null) => void;
  error: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const upload = useUploadDialerAudio();
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const localUrl = audio?.localUrl ?? null;
  // The picked file's URL lives as long as it is the one shown.
  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > DIALER_AUDIO_MAX_BYTES) {
      setProblem(t('dialers.audio.rules', { max: DIALER_AUDIO_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (uploaded) => onChange({ ...uploaded, localUrl: URL.createObjectURL(file) }),
      onError: (failure) => {
        setProblem(failure instanceof ApiError ? (failure.fields.file ?? failure.message) : failure.message);
        feedback.failure(failure);
      },
    });
  };

  const shown = problem ?? error;
  return (
    <Box sx={{ mt: 1 }} data-testid="dialer-audio" data-invalid={shown ? 'true' : undefined}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('dialers.fields.audio')} *
      </Typography>
      <input
        ref={input}
        type="file"
        tabIndex={-1}
        accept={AUDIO_ACCEPT}
        aria-label={t('dialers.fields.audio')}
        aria-describedby={helpId}
        data-testid="dialer-audio-file"
        style={VISUALLY_HIDDEN}
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        {audio ? (
          <Box sx={{ minWidth: 0, flex: '1 1 200px' }} data-testid="dialer-audio-name">
            <Typography component="bdi" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
              {audio.filename}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {formatFileSize(audio.size, i18n.language)}
            </Typography>
          </Box>
        ) : null}
        {localUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: a recorded message the user just picked; it has no captions.
          <audio controls src={localUrl} aria-label={t('dialers.audio.listen')} data-testid="dialer-audio-player" />
        ) : null}
        <Button
          variant="outlined"
          size="small"
          startIcon={upload.isPending ? <CircularProgress size={16} color="inherit" /> : <UploadFileIcon />}
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          aria-describedby={helpId}
          data-testid="dialer-audio-pick"
        >
          {t(upload.isPending ? 'dialers.audio.uploading' : audio ? 'dialers.audio.replace' : 'dialers.audio.pick')}
        </Button>
        {audio ? (
          <Tooltip title={t('dialers.audio.remove', { name: audio.filename })}>
            <IconButton
              onClick={() => onChange(null)}
              aria-label={t('dialers.audio.remove', { name: audio.filename })}
              data-testid="dialer-audio-remove"
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      <Typography id={helpId} variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t('dialers.audio.rules', { max: DIALER_AUDIO_MAX_BYTES / 1024 / 1024 })}
      </Typography>
      {shown ? (
        <FormHelperText error data-testid="dialer-audio-error">
          {shown}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/**
 * Whom it calls: the campaign's accounts with a phone that meet the conditions (customer fields, as bulk messaging's
 * accounts step), all of them or the selected ones, with the live count. Read-only once the dialer started.
 */
function AccountsStep({
  state,
  accounts,
  onChange,
  errors,
  options,
  locked,
}: {
  state: DialerFormState;
  accounts: FormAccounts;
  onChange: (accounts: FormAccounts) => void;
  errors: FieldErrors;
  options: DialerOptions;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const sendToLabel = useId();
  const conditionOptions = useMemo<ConditionOptions>(
    () => ({ ...EMPTY_CONDITION_OPTIONS, users: options.users, labels: options.labels }),
    [options.users, options.labels],
  );
  const onConditions = useCallback(
    (conditions: FormAccounts['conditions']) => onChange({ ...accounts, conditions }),
    [onChange, accounts],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the campaign and the accounts count.
  const audienceQuery = useMemo(() => audienceQueryOf(state), [state.campaignId, accounts]);
  const settledAudience = useSettled(audienceQuery, AUDIENCE_DELAY_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the campaign and the conditions list candidates.
  const candidates = useMemo(() => candidatesQueryOf(state), [state.campaignId, accounts.conditions]);
  return (
    <Box
      sx={locked ? { pointerEvents: 'none', opacity: 0.75 } : undefined}
      aria-disabled={locked || undefined}
      inert={locked || undefined}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('dialers.help.conditions')}
      </Typography>
      <ConditionBuilder
        subject="accounts"
        value={accounts.conditions}
        onChange={onConditions}
        options={conditionOptions}
        forSchedule
        fieldFilter={isBulkConditionField}
        defaultField="customer.firstName"
        errors={conditionErrorsAt(errors, 'accounts.conditions')}
        testId="dialer-conditions"
      />
      <FormControl component="fieldset" sx={{ mt: 1.5 }}>
        <FormLabel component="legend" id={sendToLabel}>
          {t('dialers.fields.sendTo')}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={sendToLabel}
          value={accounts.sendTo}
          onChange={(event) => onChange({ ...accounts, sendTo: event.target.value as FormAccounts['sendTo'] })}
        >
          {(['all', 'selected'] as const).map((sendTo) => (
            <FormControlLabel
              key={sendTo}
              value={sendTo}
              label={t(`dialers.sendTo.${sendTo}`)}
              control={<Radio slotProps={{ input: { 'data-testid': `dialer-send-to-${sendTo}` } as object }} />}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {locked ? null : <AudienceSummary query={settledAudience} pending={audienceQuery !== settledAudience} />}
      {accounts.sendTo === 'selected' && !locked ? (
        <AccountPicker
          query={candidates}
          selected={accounts.customerIds}
          onChange={(customerIds) => onChange({ ...accounts, customerIds })}
          error={errors['accounts.customerIds']}
        />
      ) : null}
      {errors.accounts ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-invalid="true" data-testid="dialer-accounts-error">
          {errors.accounts}
        </Alert>
      ) : null}
    </Box>
  );
}

/** The live count: how many accounts it would call now, and the matching ones without a phone. */
function AudienceSummary({ query, pending }: { query: AudienceQuery | null; pending: boolean }) {
  const { t } = useTranslation();
  const audience = useDialerAudience(query);
  const data = audience.data;
  return (
    <SharedAudienceSummary
      title={t('dialers.audience.title')}
      incomplete={t('dialers.audience.incomplete')}
      loadingLabel={t('dialers.audience.loading')}
      ready={query !== null}
      loading={pending || audience.isFetching}
      error={audience.error}
      figures={
        data
          ? [
              {
                label: t('dialers.audience.accounts'),
                value: data.accounts,
                testId: 'dialer-audience-accounts',
                strong: true,
              },
              {
                label: t('dialers.audience.withoutPhone'),
                value: data.withoutPhone,
                testId: 'dialer-audience-without-phone',
              },
            ]
          : null
      }
      testId="dialer-audience"
    />
  );
}

/** The matching accounts with a phone, searchable, a page more at a time, each with a checkbox. */
function AccountPicker(props: {
  query: AudienceQuery | null;
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  return (
    <SharedAccountPicker
      {...props}
      useList={useDialerCandidates}
      reachOf={(account) => account.phone}
      max={DIALER_MAX_SELECTED}
      textsKey="dialers.candidates"
      incompleteKey="dialers.audience.incomplete"
      testId="dialer-candidates"
      itemTestId="dialer-candidate"
    />
  );
}
