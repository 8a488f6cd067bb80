import {
  CHANNEL_CONFIG_FIELDS,
  CHANNEL_DIRECTIONS,
  CHANNEL_TYPE_KEYS,
  CHANNEL_TYPES,
  type Channel,
  type ChannelTypeKey,
  type ConfigField,
  channelBodySchema,
} from '@atiende/contracts';
import SaveIcon from '@mui/icons-material/Save';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { CopyField } from '../../ui/CopyField';
import { FormField, SwitchField } from '../../ui/FormField';
import { formatDateTime } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { parseId } from '../../ui/params';
import { FORM_GRID, Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { AuditHistory } from '../audit/AuditHistory';
import { useChannel, useRegisterTelegramWebhook, useSaveChannel } from './api';
import { FailedInboundMessages } from './FailedInboundMessages';
import {
  type ChannelFormState,
  channelFormToBody,
  channelToForm,
  emptyChannelForm,
  type HoursRow,
  missingConfig,
  timezones,
  weekdayName,
} from './model';

/** The twelve channel types as cards. */
export function ChannelTypePicker({ onPick }: { onPick: (type: ChannelTypeKey) => void }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="channel-type-picker"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
    >
      {CHANNEL_TYPE_KEYS.map((key) => (
        <Card key={key} variant="outlined">
          <CardActionArea
            onClick={() => onPick(key)}
            data-testid={`channel-type-${key}`}
            sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}
          >
            <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 48, height: 48 }}>
              <ChannelTypeIcon type={key} />
            </Avatar>
            <Typography variant="subtitle2" sx={{ fontWeight: 700, textAlign: 'center' }}>
              {t(`channelTypes.${key}`)}
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

const INPUT_TYPES: Record<string, string> = { url: 'url', email: 'email', number: 'number', secret: 'password' };

function ConfigInput({
  field,
  value,
  onChange,
  error,
  secretSet,
}: {
  field: ConfigField;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  error?: string;
  secretSet: boolean;
}) {
  const { t } = useTranslation();
  const label = t(`channels.config.${field.key}`);
  if (field.kind === 'boolean') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <SwitchField
          label={label}
          checked={value === true}
          onChange={onChange}
          testId={`channel-config-${field.key}`}
        />
      </Box>
    );
  }
  return (
    <FormField
      name={`config.${field.key}`}
      label={label}
      type={INPUT_TYPES[field.kind]}
      required={field.required && !secretSet}
      value={typeof value === 'string' ? value : ''}
      onValueChange={onChange}
      error={error}
      helperText={
        field.kind === 'secret' ? (secretSet ? t('channels.secretConfigured') : t('channels.secretHint')) : undefined
      }
      autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
      maxLength={2000}
      testId={`channel-config-${field.key}`}
      // Hosts, ids, usernames and URLs read left to right whatever the page's direction.
      slotProps={{ htmlInput: { dir: 'auto' } }}
    />
  );
}

function HoursEditor({
  rows,
  onChange,
  error,
}: {
  rows: HoursRow[];
  onChange: (rows: HoursRow[]) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const update = (index: number, patch: Partial<HoursRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Box data-testid="channel-hours" sx={{ mt: 1 }}>
      {rows.map((row, index) => {
        const bad = row.enabled && row.from >= row.to;
        return (
          <Box
            key={row.day}
            data-testid={`channel-hours-day-${row.day}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'minmax(160px, 1fr) 140px 140px' },
              alignItems: 'center',
              columnGap: 2,
              py: 0.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <FormControlLabel
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              control={
                <Checkbox
                  checked={row.enabled}
                  onChange={(event) => update(index, { enabled: event.target.checked })}
                  slotProps={{ input: { 'data-testid': `channel-hours-enabled-${row.day}` } as object }}
                />
              }
              label={weekdayName(row.day, i18n.language)}
            />
            <FormField
              size="small"
              type="time"
              label={t('channels.hours.from')}
              value={row.from}
              disabled={!row.enabled}
              onValueChange={(value) => update(index, { from: value })}
              error={bad ? t('channels.hoursOrder') : undefined}
              testId={`channel-hours-from-${row.day}`}
            />
            <FormField
              size="small"
              type="time"
              label={t('channels.hours.to')}
              value={row.to}
              disabled={!row.enabled}
              onValueChange={(value) => update(index, { to: value })}
              error={bad ? ' ' : undefined}
              testId={`channel-hours-to-${row.day}`}
            />
            {row.enabled && row.extra?.length ? (
              <Typography variant="caption" sx={{ gridColumn: '1 / -1', color: 'text.secondary' }}>
                {t('channels.hours.extraSlots', {
                  slots: row.extra.map((slot) => `${slot.from}–${slot.to}`).join(', '),
                })}
              </Typography>
            ) : null}
          </Box>
        );
      })}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}

function ChannelForm({ initial, channel }: { initial: ChannelFormState; channel: Channel | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveChannel();
  const feedback = useApiFeedback();
  const [state, setState] = useState(initial);
  const zones = useMemo(() => timezones(state.timezone), [state.timezone]);
  const secretsSet = channel?.secretsSet ?? [];
  const body = useMemo(() => channelFormToBody(state), [state]);
  const form = useFormErrors({
    values: body,
    schema: channelBodySchema,
    // The provider's required settings (a secret already stored may stay blank).
    rules: () => {
      const found: FieldErrors = {};
      for (const field of missingConfig(state, secretsSet)) found[field] = t('channels.configRequired');
      return found;
    },
  });
  const { errors } = form;
  const { can } = usePermissions();
  const canEdit = can('editar-canal');
  const set =
    <K extends keyof ChannelFormState>(field: K) =>
    (value: ChannelFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = form.validate();
    if (Object.keys(found).length > 0) {
      form.show(found);
      feedback.notify(
        Object.keys(found).some((key) => key.startsWith('config.'))
          ? t('channels.configInvalid')
          : t('validation.fixErrors'),
        'error',
      );
      return;
    }
    form.reset();
    save.mutate(
      { id: channel?.id ?? null, body },
      {
        onSuccess: () => {
          feedback.success(t('channels.saved'));
          navigate('/app/channels');
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  const fields = CHANNEL_CONFIG_FIELDS[state.type];
  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="channel-form">
      <Section title={t('channels.sections.general')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            <ChannelTypeIcon type={state.type} />
          </Avatar>
          <Typography sx={{ fontWeight: 600 }} data-testid="channel-type-name">
            {t(`channelTypes.${state.type}`)}
          </Typography>
        </Box>
        <Box sx={FORM_GRID}>
          <FormField
            name="name"
            label={t('channels.fields.name')}
            required
            value={state.name}
            onValueChange={set('name')}
            error={errors.name}
            maxLength={120}
            testId="channel-field-name"
          />
          <TextField
            select
            margin="dense"
            label={t('channels.fields.direction')}
            value={state.direction}
            onChange={(event) => set('direction')(event.target.value as ChannelFormState['direction'])}
            error={Boolean(errors.direction)}
            helperText={errors.direction}
            slotProps={{ htmlInput: { 'data-testid': 'channel-field-direction' } }}
          >
            {CHANNEL_DIRECTIONS.map((direction) => (
              <MenuItem key={direction} value={direction}>
                {t(`channels.directions.${direction}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <SwitchField
          label={t('common.enabled')}
          checked={state.enabled}
          onChange={set('enabled')}
          testId="channel-field-enabled"
        />
      </Section>
      <Section title={t('channels.sections.config')} testId="channel-config">
        {fields.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('channels.noConfig')}</Typography>
        ) : (
          <Box sx={FORM_GRID}>
            {fields.map((field) => (
              <ConfigInput
                key={field.key}
                field={field}
                value={state.config[field.key] ?? ''}
                secretSet={secretsSet.includes(field.key)}
                error={errors[`config.${field.key}`]}
                onChange={(value) =>
                  setState((current) => ({ ...current, config: { ...current.config, [field.key]: value } }))
                }
              />
            ))}
          </Box>
        )}
        {errors.config ? <FormHelperText error>{errors.config}</FormHelperText> : null}
        {channel?.webhookUrl ? <ProviderWebhook channel={channel} /> : null}
      </Section>
      <Section title={t('channels.sections.hours')}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('channels.hours.help')}
        </Typography>
        <SwitchField
          label={t('channels.hours.enabled')}
          checked={state.hoursEnabled}
          onChange={set('hoursEnabled')}
          testId="channel-field-hoursEnabled"
        />
        <Autocomplete
          options={zones}
          value={state.timezone}
          disableClearable
          onChange={(_, value) => set('timezone')(value)}
          sx={{ maxWidth: 420 }}
          renderInput={(params) => (
            <TextField
              {...params}
              margin="dense"
              label={t('channels.hours.timezone')}
              error={Boolean(errors['businessHours.timezone'])}
              helperText={errors['businessHours.timezone']}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'channel-field-timezone' },
              }}
            />
          )}
        />
        <HoursEditor
          rows={state.hours}
          onChange={set('hours')}
          error={errors['businessHours.days'] ?? errors.businessHours}
        />
        <FormField
          name="unavailableMessage"
          label={t('channels.fields.unavailableMessage')}
          helperText={t('channels.unavailableHelp')}
          multiline
          minRows={3}
          fullWidth
          value={state.unavailableMessage}
          onValueChange={set('unavailableMessage')}
          error={errors.unavailableMessage}
          maxLength={1000}
          testId="channel-field-unavailableMessage"
        />
      </Section>
      {channel ? (
        <Section title={t('channels.relatedCampaigns')} testId="channel-campaigns">
          {channel.campaigns.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('channels.noCampaigns')}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, ps: 2.5 }}>
              {channel.campaigns.map((campaign) => (
                <li key={campaign.id}>
                  <Link component={RouterLink} to={`/app/campaigns/${campaign.id}/edit`}>
                    {campaign.name}
                  </Link>
                </li>
              ))}
            </Box>
          )}
        </Section>
      ) : null}
      {channel && (channel.type === 'webchat' || channel.widgets.length > 0) ? (
        <Section title={t('channels.widgets')} testId="channel-widgets">
          {channel.widgets.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>
              {t('channels.noWidgets')}{' '}
              {can('agregar-omniwidget') ? (
                <Link component={RouterLink} to="/app/omni-widgets/add" data-testid="channel-widgets-add">
                  {t('channels.addWidget')}
                </Link>
              ) : null}
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, ps: 2.5 }}>
              {channel.widgets.map((widget) => (
                <li key={widget.id} data-testid={`channel-widget-${widget.id}`}>
                  {can('editar-omniwidget') ? (
                    <Link component={RouterLink} to={`/app/omni-widgets/${widget.id}/edit`}>
                      {widget.name}
                    </Link>
                  ) : (
                    widget.name
                  )}
                </li>
              ))}
            </Box>
          )}
        </Section>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={save.isPending}
          data-testid="channel-save"
        >
          {t('common.save')}
        </Button>
      </Box>
      {channel && CHANNEL_TYPES[channel.type].keepsFailedInbound && canEdit ? (
        <FailedInboundMessages channelId={channel.id} />
      ) : null}
      {channel ? (
        <Section title={t('audit.title')}>
          <AuditHistory path={`channels/${channel.id}/audit`} title="" />
        </Section>
      ) : null}
    </Box>
  );
}

/** /app/channels/add (type picker, then the form) and /app/channels/:id/edit. */
export function ChannelFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const channel = useChannel(id);
  const [type, setType] = useState<ChannelTypeKey | null>(null);

  const gate = useEditGate(mode, id, channel, 'channel-not-found');
  if (gate) return gate;

  if (mode === 'create') {
    return (
      <PageContainer maxWidth={1000}>
        <PageHeader
          title={t('channels.add')}
          subtitle={type ? undefined : t('channels.pickType')}
          backTo="/app/channels"
          actions={
            type ? (
              <Button startIcon={<SwapHorizIcon />} onClick={() => setType(null)} data-testid="channel-change-type">
                {t('channels.changeType')}
              </Button>
            ) : null
          }
        />
        {type ? (
          <ChannelForm key={type} initial={emptyChannelForm(type)} channel={null} />
        ) : (
          <ChannelTypePicker onPick={setType} />
        )}
      </PageContainer>
    );
  }
  const data = channel.data as Channel;
  return (
    <PageContainer maxWidth={1000}>
      <PageHeader title={t('channels.editTitle', { name: data.name })} backTo="/app/channels" />
      {data.lastError ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="channel-last-error">
          <AlertTitle>{t('channels.errorFound')}</AlertTitle>
          {t('channels.lastError', { message: data.lastError })}
          {data.lastErrorAt ? ` (${formatDateTime(data.lastErrorAt, i18n.language)})` : null}
        </Alert>
      ) : null}
      <ChannelForm key={data.id} initial={channelToForm(data)} channel={data} />
    </PageContainer>
  );
}

/**
 * Where the provider calls Atiende for this channel: the URL to paste at Meta (WhatsApp), or a button that registers
 * it with Telegram (which then proves each call with a secret token).
 */
function ProviderWebhook({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const register = useRegisterTelegramWebhook(channel.id);
  const webhook = CHANNEL_TYPES[channel.type].webhook;
  const telegram = webhook?.registeredByAtiende ?? false;
  return (
    <Box sx={{ mt: 2 }} data-testid="channel-webhook">
      <Typography variant="subtitle2">{t('channels.webhook.title')}</Typography>
      <CopyField
        label={t('channels.webhook.url')}
        value={channel.webhookUrl ?? ''}
        testId="channel-webhook-url"
        helperText={t(`channels.webhook.${webhook?.help ?? 'metaHelp'}`)}
      />
      {telegram ? (
        <Button
          variant="outlined"
          sx={{ mt: 1 }}
          disabled={register.isPending}
          onClick={() =>
            register.mutate(undefined, {
              onSuccess: () => feedback.success(t('channels.webhook.registered')),
              onError: (error) => feedback.failure(error),
            })
          }
          data-testid="channel-webhook-register"
        >
          {t('channels.webhook.register')}
        </Button>
      ) : null}
    </Box>
  );
}
