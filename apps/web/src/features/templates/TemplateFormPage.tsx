import {
  CHANNEL_TYPE_KEYS,
  type ChannelTypeKey,
  type MessageTemplate,
  TEMPLATE_VARIABLES,
  type TemplateVariable,
  templateBodySchema,
} from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { FormField, SwitchField } from '../../ui/FormField';
import { IdMultiSelect } from '../../ui/IdMultiSelect';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { parseId } from '../../ui/params';
import { FORM_GRID, Section } from '../../ui/Section';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { useFormErrors } from '../../ui/useFormErrors';
import { AuditHistory } from '../audit/AuditHistory';
import { useCampaignChoices, useSaveTemplate, useTemplate } from './api';
import {
  emptyTemplateForm,
  insertVariable,
  previewParts,
  sampleValues,
  type TemplateFormState,
  templateFormToBody,
  templateToForm,
  unknownVariables,
  variableLabelKey,
  variableToken,
} from './model';

const BODY_MAX = 4000;

/** Chips that insert `{{variable}}` in the message at the cursor. */
function VariableToolbar({ onInsert }: { onInsert: (name: TemplateVariable) => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="toolbar"
      aria-label={t('templates.help.variables')}
      data-testid="template-variables"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1 }}
    >
      {TEMPLATE_VARIABLES.map((name) => (
        <Tooltip key={name} title={<span dir="ltr">{variableToken(name)}</span>}>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            icon={<AddIcon />}
            label={t(variableLabelKey(name))}
            // Keep the focus (and the selection) in the message while clicking.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(name)}
            data-testid={`template-variable-${name}`}
          />
        </Tooltip>
      ))}
    </Box>
  );
}

/** The message with sample values; variables are highlighted, unknown ones in the error colour. */
function Preview({ body }: { body: string }) {
  const { t, i18n } = useTranslation();
  const parts = useMemo(() => previewParts(body, sampleValues(i18n.language)), [body, i18n.language]);
  const unknown = useMemo(() => unknownVariables(body), [body]);
  return (
    <Box>
      <Paper
        variant="outlined"
        data-testid="template-preview"
        dir="auto"
        sx={(theme) => ({
          p: 2,
          minHeight: 120,
          borderRadius: 3,
          borderStartStartRadius: 4,
          bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.06),
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        })}
      >
        {body.trim() ? (
          parts.map((part, index) =>
            part.kind === 'text' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts are rebuilt from the text on every change.
              <span key={index}>{part.text}</span>
            ) : (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                key={index}
                component="mark"
                data-variable={part.name}
                sx={(theme) => ({
                  px: 0.5,
                  borderRadius: 1,
                  color: part.known ? 'text.primary' : 'error.main',
                  bgcolor: part.known
                    ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.35 : 0.16)
                    : alpha(theme.palette.error.main, 0.12),
                  textDecoration: part.known ? 'none' : 'underline wavy',
                })}
              >
                {part.text}
              </Box>
            ),
          )
        ) : (
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            {t('templates.help.previewEmpty')}
          </Typography>
        )}
      </Paper>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.75 }}>
        {t('templates.help.preview')}
      </Typography>
      {unknown.length > 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="template-unknown-variables">
          {t('templates.help.unknown', { names: unknown.join(', ') })}
        </Alert>
      ) : null}
    </Box>
  );
}

function TemplateForm({ template }: { template: MessageTemplate | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const save = useSaveTemplate();
  const choices = useCampaignChoices(can('ver-menu-campanas'));
  const [state, setState] = useState<TemplateFormState>(() =>
    template ? templateToForm(template) : emptyTemplateForm(),
  );
  const body = useMemo(() => templateFormToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: templateBodySchema });
  const { errors } = form;
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const set =
    <K extends keyof TemplateFormState>(field: K) =>
    (value: TemplateFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  // After a variable is inserted, the cursor goes right after it.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const input = bodyRef.current;
    if (caret === null || !input) return;
    pendingCaret.current = null;
    input.focus();
    input.setSelectionRange(caret, caret);
  });

  const insert = (name: TemplateVariable) => {
    const input = bodyRef.current;
    const next = insertVariable(state.body, input?.selectionStart, input?.selectionEnd, name);
    pendingCaret.current = next.caret;
    set('body')(next.text);
  };

  // The template's own campaigns stay choosable (and named) even when the list does not include them.
  const options = useMemo(() => {
    const byId = new Map<number, string>();
    for (const campaign of choices.data ?? []) byId.set(campaign.id, campaign.name);
    for (const campaign of template?.campaigns ?? []) if (!byId.has(campaign.id)) byId.set(campaign.id, campaign.name);
    return [...byId].map(([id, label]) => ({ id, label }));
  }, [choices.data, template]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    save.mutate(
      { id: template?.id ?? null, body },
      {
        onSuccess: () => {
          feedback.success(t('templates.saved'));
          navigate('/app/templates');
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="template-form">
      <Section title={t('templates.sections.general')}>
        <Box sx={FORM_GRID}>
          <FormField
            name="name"
            label={t('templates.fields.name')}
            required
            value={state.name}
            onValueChange={set('name')}
            error={errors.name}
            maxLength={120}
            testId="template-name"
          />
          <TextField
            select
            margin="dense"
            label={t('templates.fields.channelType')}
            value={state.channelType}
            onChange={(event) => set('channelType')(event.target.value as ChannelTypeKey | '')}
            error={Boolean(errors.channelType)}
            helperText={errors.channelType ?? t('templates.help.channelType')}
            slotProps={{
              htmlInput: { 'data-testid': 'template-channelType' },
              inputLabel: { shrink: true },
              select: { displayEmpty: true },
            }}
          >
            <MenuItem value="">
              <ListItemIcon sx={{ minWidth: 32 }}>
                <AllInclusiveIcon fontSize="small" />
              </ListItemIcon>
              {t('templates.anyChannel')}
            </MenuItem>
            {CHANNEL_TYPE_KEYS.map((key) => (
              <MenuItem key={key} value={key}>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <ChannelTypeIcon type={key} fontSize="small" />
                </ListItemIcon>
                {t(`channelTypes.${key}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <SwitchField
          label={t('common.enabled')}
          checked={state.enabled}
          onChange={set('enabled')}
          testId="template-enabled"
        />
      </Section>
      <Section title={t('templates.sections.campaigns')} testId="template-availability">
        <SwitchField
          label={t('templates.fields.allCampaigns')}
          checked={state.allCampaigns}
          onChange={set('allCampaigns')}
          testId="template-allCampaigns"
        />
        {state.allCampaigns ? null : (
          <Box sx={{ maxWidth: 640 }}>
            <IdMultiSelect
              label={t('templates.fields.campaignIds')}
              value={state.campaignIds}
              options={options}
              onChange={set('campaignIds')}
              error={errors.campaignIds}
              required
              testId="template-campaigns"
            />
            {errors.campaignIds ? null : (
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {t('templates.help.campaigns')}
              </Typography>
            )}
          </Box>
        )}
      </Section>
      <Section title={t('templates.sections.message')}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {t('templates.help.variables')}
            </Typography>
            <VariableToolbar onInsert={insert} />
            <FormField
              name="body"
              label={t('templates.fields.body')}
              required
              multiline
              minRows={7}
              fullWidth
              value={state.body}
              onValueChange={set('body')}
              inputRef={bodyRef}
              error={errors.body}
              helperText={t('templates.help.characters', { count: state.body.length, max: BODY_MAX })}
              maxLength={BODY_MAX}
              testId="template-body"
              // The message follows its own writing direction, whatever the page's.
              slotProps={{ htmlInput: { dir: 'auto' } }}
            />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              {t('templates.sections.preview')}
            </Typography>
            <Preview body={state.body} />
          </Box>
        </Box>
      </Section>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={save.isPending}
          data-testid="template-save"
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /app/templates/add and /app/templates/:id/edit (with the change history). */
export function TemplateFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const template = useTemplate(id);
  const gate = useEditGate(mode, id, template, 'template-not-found', t('templates.notFound'));
  if (gate) return gate;
  const data = template.data ?? null;
  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title={data ? t('templates.editTitle', { name: data.name }) : t('templates.add')}
        backTo="/app/templates"
      />
      <TemplateForm key={data?.id ?? 'new'} template={data} />
      {data ? (
        <Section title={t('audit.title')}>
          <AuditHistory path={`templates/${data.id}/audit`} title="" />
        </Section>
      ) : null}
    </PageContainer>
  );
}
