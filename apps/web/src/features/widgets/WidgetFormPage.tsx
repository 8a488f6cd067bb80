import './i18n';
import {
  type Channel,
  type OmniWidget,
  WIDGET_ICON_TYPES,
  WIDGET_POSITIONS,
  WIDGET_STYLES,
  widgetBodySchema,
} from '@atiende/contracts';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { useCopyToClipboard } from '../../ui/CopyField';
import { FormField, SwitchField } from '../../ui/FormField';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { FORM_GRID, Section } from '../../ui/Section';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useDraft } from '../../ui/useDraft';
import { useEditGate } from '../../ui/useEditGate';
import { useFormErrors } from '../../ui/useFormErrors';
import { AuditHistory } from '../audit/AuditHistory';
import { useChannelOptions } from '../channels/api';
import { useSaveWidget, useWidget, useWidgetImage, type WidgetImageKind } from './api';
import {
  emptyWidgetForm,
  moveChannel,
  originsError,
  previewChannels,
  toggleChannel,
  type WidgetFormState,
  widgetFormToBody,
  widgetToForm,
} from './model';
import { WidgetPreview } from './WidgetPreview';

/** The widget's channels: tick to show, arrows to order (the buttons follow this order). */
function ChannelPicker({
  value,
  channels,
  onChange,
  error,
}: {
  value: number[];
  channels: Channel[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const chosen = previewChannels(value, channels);
  const others = channels.filter((channel) => !value.includes(channel.id));
  if (channels.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{t('widgets.help.noChannels')}</Typography>;
  }
  return (
    <Box data-invalid={error ? 'true' : undefined}>
      <List dense data-testid="widget-channels" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}>
        {[...chosen, ...others].map((channel) => {
          const on = value.includes(channel.id);
          const index = value.indexOf(channel.id);
          return (
            <ListItem
              key={channel.id}
              divider
              secondaryAction={
                on ? (
                  <Box sx={{ display: 'flex' }}>
                    <Tooltip title={t('widgets.move.up')}>
                      <span>
                        <IconButton
                          size="small"
                          disabled={index === 0}
                          aria-label={`${t('widgets.move.up')}: ${channel.name}`}
                          onClick={() => onChange(moveChannel(value, channel.id, -1))}
                          data-testid={`widget-channel-up-${channel.id}`}
                        >
                          <ArrowUpwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('widgets.move.down')}>
                      <span>
                        <IconButton
                          size="small"
                          disabled={index === value.length - 1}
                          aria-label={`${t('widgets.move.down')}: ${channel.name}`}
                          onClick={() => onChange(moveChannel(value, channel.id, 1))}
                          data-testid={`widget-channel-down-${channel.id}`}
                        >
                          <ArrowDownwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Box>
                ) : null
              }
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Checkbox
                  edge="start"
                  checked={on}
                  onChange={(event) => onChange(toggleChannel(value, channel.id, event.target.checked))}
                  slotProps={{
                    input: { 'aria-label': channel.name, 'data-testid': `widget-channel-${channel.id}` } as object,
                  }}
                />
              </ListItemIcon>
              <ListItemIcon sx={{ minWidth: 34 }}>
                <ChannelTypeIcon type={channel.type} fontSize="small" color={on ? 'primary' : 'action'} />
              </ListItemIcon>
              <ListItemText
                primary={channel.name}
                secondary={`${t(`channelTypes.${channel.type}`)}${channel.enabled ? '' : ` · ${t('common.disabled')}`}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
      </List>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}

/** The copy-paste snippet in a read-only code box. */
function ScriptBox({ script }: { script: string }) {
  const { t } = useTranslation();
  const copyText = useCopyToClipboard({ copied: t('widgets.script.copied'), failed: t('widgets.script.copyFailed') });
  const copy = () => void copyText(script);
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('widgets.script.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          multiline
          minRows={2}
          margin="none"
          label={t('widgets.script.label')}
          value={script}
          slotProps={{
            htmlInput: {
              readOnly: true,
              dir: 'ltr',
              spellCheck: false,
              'data-testid': 'widget-script',
              style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 },
              onFocus: (event: { target: HTMLTextAreaElement }) => event.target.select(),
            },
          }}
        />
        <Button
          variant="outlined"
          onClick={copy}
          startIcon={<ContentCopyIcon />}
          sx={{ whiteSpace: 'nowrap', flex: 'none' }}
          data-testid="widget-script-copy"
        >
          {t('widgets.script.copy')}
        </Button>
      </Box>
    </Box>
  );
}

/** Object URL of a picked file while it waits to be uploaded (revoked when replaced). */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

function WidgetForm({ initial, widget }: { initial: WidgetFormState; widget: OmniWidget | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveWidget();
  const image = useWidgetImage();
  const feedback = useApiFeedback();
  const channelOptions = useChannelOptions();
  const channels = channelOptions.data?.data ?? [];
  // The widget as stored changes under the form when an image is uploaded: typed fields are kept.
  const [state, setState] = useDraft(initial);
  const body = useMemo(() => widgetFormToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: widgetBodySchema });
  const { errors } = form;
  // Images picked before the widget exists are uploaded right after it is created.
  const [pending, setPending] = useState<Record<WidgetImageKind, File | null>>({
    'business-image': null,
    'icon-image': null,
  });
  const pendingBusiness = useObjectUrl(pending['business-image']);
  const pendingIcon = useObjectUrl(pending['icon-image']);
  const set =
    <K extends keyof WidgetFormState>(field: K) =>
    (value: WidgetFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const upload = (kind: WidgetImageKind) => async (file: File) => {
    if (!widget) {
      setPending((current) => ({ ...current, [kind]: file }));
      return true;
    }
    try {
      await image.mutateAsync({ id: widget.id, kind, file });
      feedback.success(t('widgets.saved'));
      return true;
    } catch (error) {
      feedback.failure(error);
      return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: widget?.id ?? null, body: widgetBodySchema.parse(body) });
      for (const kind of ['business-image', 'icon-image'] as const) {
        const file = pending[kind];
        if (file) await image.mutateAsync({ id: saved.id, kind, file });
      }
      feedback.success(t('widgets.saved'));
      // A new widget opens in its edit page, where its embed code is.
      navigate(widget ? '/app/omni-widgets' : `/app/omni-widgets/${saved.id}/edit`);
    } catch (error) {
      feedback.failure(error, form.show);
    }
  };

  const shown = previewChannels(state.channelIds, channels);
  const businessImage = pendingBusiness ?? widget?.businessImageUrl ?? null;
  const iconImage = pendingIcon ?? widget?.iconImageUrl ?? null;

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="widget-form">
      <Section title={t('widgets.sections.general')}>
        <Box sx={FORM_GRID}>
          <FormField
            name="name"
            label={t('widgets.fields.name')}
            required
            value={state.name}
            onValueChange={set('name')}
            error={errors.name}
            maxLength={120}
            testId="widget-name"
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <FormField
            name="allowedOrigins"
            label={t('widgets.fields.allowedOrigins')}
            required
            multiline
            minRows={2}
            maxRows={6}
            value={state.allowedOrigins}
            onValueChange={set('allowedOrigins')}
            error={originsError(errors)}
            helperText={t('widgets.help.allowedOrigins')}
            maxLength={3100}
            placeholder="https://www.example.com"
            testId="widget-origin"
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
        </Box>
        <SwitchField
          label={t('common.enabled')}
          checked={state.enabled}
          onChange={set('enabled')}
          testId="widget-enabled"
        />
      </Section>

      <Section title={t('widgets.sections.channels')}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('widgets.help.channels')}
        </Typography>
        {channelOptions.isLoading ? (
          <PageLoader />
        ) : (
          <ChannelPicker
            value={state.channelIds}
            channels={channels}
            onChange={set('channelIds')}
            error={errors.channelIds}
          />
        )}
        <SwitchField
          label={t('widgets.fields.helpCenter')}
          checked={state.helpCenter}
          onChange={set('helpCenter')}
          testId="widget-help-center"
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('widgets.help.helpCenter')}
        </Typography>
      </Section>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Section title={t('widgets.sections.appearance')}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <TextField
              select
              margin="dense"
              label={t('widgets.fields.style')}
              value={state.style}
              onChange={(event) => set('style')(event.target.value as WidgetFormState['style'])}
              slotProps={{ htmlInput: { 'data-testid': 'widget-style' } }}
            >
              {WIDGET_STYLES.map((style) => (
                <MenuItem key={style} value={style}>
                  {t(`widgets.styles.${style}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              margin="dense"
              label={t('widgets.fields.position')}
              value={state.position}
              onChange={(event) => set('position')(event.target.value as WidgetFormState['position'])}
              slotProps={{ htmlInput: { 'data-testid': 'widget-position' } }}
            >
              {WIDGET_POSITIONS.map((position) => (
                <MenuItem key={position} value={position}>
                  {t(`widgets.positions.${position}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <FormField
            name="title"
            label={t('widgets.fields.title')}
            fullWidth
            value={state.title}
            onValueChange={set('title')}
            error={errors.title}
            helperText={t('widgets.help.title')}
            maxLength={120}
            testId="widget-title"
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <FormField
            name="subtitle"
            label={t('widgets.fields.subtitle')}
            fullWidth
            value={state.subtitle}
            onValueChange={set('subtitle')}
            error={errors.subtitle}
            maxLength={200}
            testId="widget-subtitle"
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <FormField
              name="primaryColor"
              type="color"
              label={t('widgets.fields.primaryColor')}
              value={state.primaryColor}
              onValueChange={set('primaryColor')}
              error={errors.primaryColor}
              testId="widget-color"
            />
            <TextField
              select
              margin="dense"
              label={t('widgets.fields.iconType')}
              value={state.iconType}
              onChange={(event) => set('iconType')(event.target.value as WidgetFormState['iconType'])}
              slotProps={{ htmlInput: { 'data-testid': 'widget-icon-type' } }}
            >
              {WIDGET_ICON_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`widgets.iconTypes.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
            {t('widgets.fields.businessImage')}
          </Typography>
          <ImageUpload
            src={businessImage}
            alt={state.name || t('widgets.fields.businessImage')}
            onUpload={upload('business-image')}
            testId="widget-business-image"
          />
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
            {t('widgets.fields.iconImage')}
          </Typography>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
            {t('widgets.help.iconImage')}
          </Typography>
          <ImageUpload
            src={iconImage}
            alt={t('widgets.fields.iconImage')}
            onUpload={upload('icon-image')}
            testId="widget-icon-image"
          />
          {widget ? null : (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
              {t('widgets.help.imagesLater')}
            </Typography>
          )}
        </Section>
        <Section title={t('widgets.sections.preview')} testId="widget-preview-section">
          <WidgetPreview state={state} channels={shown} businessImage={businessImage} iconImage={iconImage} />
        </Section>
      </Box>

      <Section title={t('widgets.sections.script')} testId="widget-script-section">
        {widget ? (
          <ScriptBox script={widget.script} />
        ) : (
          <Alert severity="info" data-testid="widget-script-after-save">
            {t('widgets.script.afterSave')}
          </Alert>
        )}
      </Section>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={save.isPending || image.isPending}
          data-testid="widget-save"
        >
          {t('common.save')}
        </Button>
      </Box>
      {widget ? (
        <Section title={t('audit.title')}>
          <AuditHistory path={`omni-widgets/${widget.id}/audit`} title="" />
        </Section>
      ) : null}
    </Box>
  );
}

/** /app/omni-widgets/add and /app/omni-widgets/:id/edit. */
export function WidgetFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const widget = useWidget(id);

  const gate = useEditGate(mode, id, widget, 'widget-not-found');
  if (gate) return gate;
  const data = widget.data ?? null;
  return (
    <PageContainer maxWidth={1200}>
      <PageHeader
        title={data ? t('widgets.editTitle', { name: data.name }) : t('widgets.add')}
        subtitle={t('widgets.subtitle')}
        backTo="/app/omni-widgets"
      />
      <WidgetForm key={data?.id ?? 'new'} initial={data ? widgetToForm(data) : emptyWidgetForm()} widget={data} />
    </PageContainer>
  );
}
