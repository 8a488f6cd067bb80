import '../i18n';
import {
  SEGMENTATION_KINDS,
  SEGMENTATION_TRIGGERS,
  type Segmentation,
  type SegmentationTrigger,
  segmentationBodySchema,
} from '@atiende/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/Save';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSelectedCampaign } from '../../../app/campaign';
import { usePermissions } from '../../../app/queries';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormField, SwitchField } from '../../../ui/FormField';
import { PageContainer, PageHeader } from '../../../ui/PageHeader';
import { parseId } from '../../../ui/params';
import { FORM_GRID, Section } from '../../../ui/Section';
import { useApiFeedback } from '../../../ui/useApiFeedback';
import { useEditGate } from '../../../ui/useEditGate';
import { useFormErrors } from '../../../ui/useFormErrors';
import {
  type AutomationOptions,
  useDeleteSegmentation,
  useSaveSegmentation,
  useSegmentation,
  useSegmentationOptions,
} from '../api';
import { EMPTY_CONDITION_OPTIONS, type NamedOption } from '../conditions/model';
import { NamedOptionPicker } from '../conditions/NamedOptionPicker';
import {
  emptySegmentationForm,
  type SegmentationFormState,
  type SegmentationKind,
  segmentationFormToBody,
  segmentationToForm,
} from './model';
import { SEGMENTATION_LIST_PATH, segmentationViewPath } from './paths';
import { SegmentsEditor } from './SegmentsEditor';

/** /app/segmentation/add and /app/segmentation/:id/edit. */
export function SegmentationFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const segmentation = useSegmentation(id);
  const gate = useEditGate(
    mode,
    id,
    segmentation,
    'segmentation-not-found',
    t('automation.segmentation.form.notFound'),
  );
  if (gate) return gate;
  const data = segmentation.data ?? null;
  return (
    <PageContainer maxWidth={1200}>
      <SegmentationForm key={data?.id ?? 'new'} segmentation={data} />
    </PageContainer>
  );
}

/** A new segmentation starts in the header's campaign when the caller manages it, or in the only campaign offered. */
function useInitialCampaign(
  state: SegmentationFormState,
  setState: (update: (current: SegmentationFormState) => SegmentationFormState) => void,
  campaigns: readonly NamedOption[] | undefined,
  enabled: boolean,
) {
  const { campaignId: selected } = useSelectedCampaign();
  const unset = state.baseCampaignId === '';
  useEffect(() => {
    if (!enabled || !unset || !campaigns) return;
    const pick =
      campaigns.find((campaign) => campaign.id === selected) ?? (campaigns.length === 1 ? campaigns[0] : null);
    if (pick) {
      setState((current) => (current.baseCampaignId === '' ? { ...current, baseCampaignId: pick.id } : current));
    }
  }, [enabled, unset, campaigns, selected, setState]);
}

/** The list with the named references it lacks added (the saved ones stay named when no longer offered). */
function withSaved(list: readonly NamedOption[], saved: readonly NamedOption[]): NamedOption[] {
  const out = [...list];
  for (const item of saved) if (!out.some((option) => option.id === item.id)) out.push(item);
  return out;
}

function SegmentationForm({ segmentation }: { segmentation: Segmentation | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const save = useSaveSegmentation();
  const remove = useDeleteSegmentation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [state, setState] = useState<SegmentationFormState>(() =>
    segmentation ? segmentationToForm(segmentation) : emptySegmentationForm(),
  );
  const baseId = state.baseCampaignId === '' ? null : state.baseCampaignId;
  const campaigns = useSegmentationOptions(null);
  const baseOptions = useSegmentationOptions(baseId);
  useInitialCampaign(state, setState, campaigns.data?.campaigns, segmentation === null);

  const body = useMemo(() => segmentationFormToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: segmentationBodySchema });
  const { errors } = form;

  // The campaigns the caller manages; the saved base and destinations stay named even when no longer offered.
  const managed = campaigns.data?.campaigns;
  const baseChoices = useMemo(
    () => (segmentation ? withSaved(managed ?? [], [segmentation.baseCampaign]) : (managed ?? [])),
    [managed, segmentation],
  );
  const campaignChoices = useMemo(
    () =>
      segmentation
        ? withSaved(managed ?? [], [
            segmentation.baseCampaign,
            ...segmentation.segments.map((segment) => segment.destinationCampaign),
          ])
        : (managed ?? []),
    [managed, segmentation],
  );
  const baseCampaign = campaignChoices.find((campaign) => campaign.id === baseId) ?? null;
  const destinations = useMemo(
    () => campaignChoices.filter((campaign) => campaign.id !== baseId),
    [campaignChoices, baseId],
  );
  // The conditions offer the base campaign's names and form fields; campaigns by name are all those offered.
  const builderOptions = useMemo<AutomationOptions>(
    () => ({
      ...EMPTY_CONDITION_OPTIONS,
      ...(baseId === null ? {} : baseOptions.data),
      campaigns: campaignChoices,
    }),
    [baseId, baseOptions.data, campaignChoices],
  );

  const set =
    <K extends keyof SegmentationFormState>(field: K) =>
    (value: SegmentationFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    save.mutate(
      { id: segmentation?.id ?? null, body },
      {
        onSuccess: () => {
          feedback.success(t('automation.segmentation.saved'));
          navigate(SEGMENTATION_LIST_PATH);
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  const deleteSegmentation = () => {
    if (!segmentation) return;
    setConfirmDelete(false);
    remove.mutate(segmentation.id, {
      onSuccess: () => {
        feedback.success(t('automation.segmentation.deleted'));
        navigate(SEGMENTATION_LIST_PATH);
      },
      onError: (error) => feedback.failure(error),
    });
  };

  return (
    <>
      <PageHeader
        title={
          segmentation
            ? t('automation.segmentation.form.editTitle', { name: segmentation.name })
            : t('automation.segmentation.form.addTitle')
        }
        backTo={SEGMENTATION_LIST_PATH}
        actions={
          segmentation ? (
            <>
              {can('ver-segmentacion') ? (
                <Button
                  component={RouterLink}
                  to={segmentationViewPath(segmentation.id)}
                  variant="outlined"
                  startIcon={<VisibilityOutlinedIcon />}
                  data-testid="segmentation-view"
                >
                  {t('automation.segmentation.form.view')}
                </Button>
              ) : null}
              {can('editar-segmentacion') ? (
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<DeleteOutlineIcon />}
                  disabled={remove.isPending}
                  onClick={() => setConfirmDelete(true)}
                  data-testid="segmentation-delete"
                >
                  {t('automation.segmentation.form.delete')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="segmentation-form">
        <Section title={t('automation.segmentation.form.sections.general')}>
          <Box sx={FORM_GRID}>
            <FormField
              name="name"
              label={t('automation.segmentation.form.fields.name')}
              required
              value={state.name}
              onValueChange={set('name')}
              error={errors.name}
              maxLength={120}
              testId="segmentation-name"
              slotProps={{ htmlInput: { dir: 'auto' } }}
            />
            <NamedOptionPicker
              label={t('automation.segmentation.form.fields.baseCampaign')}
              required
              choices={baseChoices}
              value={baseId}
              onChange={(id) => set('baseCampaignId')(id ?? '')}
              error={errors.baseCampaignId}
              helperText={t('automation.segmentation.form.help.baseCampaign')}
              testId="segmentation-base"
            />
          </Box>
          <FormField
            name="description"
            label={t('automation.segmentation.form.fields.description')}
            multiline
            minRows={2}
            fullWidth
            value={state.description}
            onValueChange={set('description')}
            error={errors.description}
            maxLength={1000}
            testId="segmentation-description"
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <SwitchField
            label={t('common.enabled')}
            checked={state.enabled}
            onChange={set('enabled')}
            testId="segmentation-enabled"
          />
        </Section>

        <Section title={t('automation.segmentation.form.sections.when')}>
          <WhenFields state={state} set={set} errors={errors} />
        </Section>

        <Section title={t('automation.segmentation.form.sections.segments')} testId="segmentation-segments-section">
          {baseId === null ? (
            <Alert severity="info" sx={{ mb: 1.5 }}>
              {t('automation.segmentation.form.help.chooseCampaign')}
            </Alert>
          ) : baseOptions.isError ? (
            <Alert severity="warning" sx={{ mb: 1.5 }}>
              {t('automation.segmentation.form.help.optionsFailed')}
            </Alert>
          ) : null}
          <SegmentsEditor
            segments={state.segments}
            onChange={set('segments')}
            options={builderOptions}
            destinations={destinations}
            baseCampaign={baseCampaign}
            errors={errors}
          />
        </Section>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={save.isPending}
            data-testid="segmentation-save"
          >
            {t('common.save')}
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={confirmDelete}
        title={t('automation.segmentation.form.deleteTitle')}
        message={t('automation.segmentation.form.deleteMessage', { name: segmentation?.name ?? '' })}
        confirmLabel={t('automation.segmentation.form.delete')}
        destructive
        onCancel={() => setConfirmDelete(false)}
        onConfirm={deleteSegmentation}
      />
    </>
  );
}

/** The segmentation's kind, and its event (trigger) or its start and frequency (automation). */
function WhenFields({
  state,
  set,
  errors,
}: {
  state: SegmentationFormState;
  set: <K extends keyof SegmentationFormState>(field: K) => (value: SegmentationFormState[K]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const kindLabelId = useId();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2 }}>
      <FormControl>
        <FormLabel id={kindLabelId}>{t('automation.segmentation.form.fields.kind')}</FormLabel>
        <RadioGroup
          aria-labelledby={kindLabelId}
          value={state.kind}
          onChange={(event) => set('kind')(event.target.value as SegmentationKind)}
        >
          {SEGMENTATION_KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              value={kind}
              control={<Radio slotProps={{ input: { 'data-testid': `segmentation-kind-${kind}` } as object }} />}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography variant="body2">{t(`automation.segmentation.kinds.${kind}`)}</Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t(`automation.segmentation.kinds.${kind}Help`)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Box>
        {state.kind === 'trigger' ? (
          <TextField
            select
            fullWidth
            margin="dense"
            required
            label={t('automation.segmentation.form.fields.triggerWhen')}
            value={state.triggerWhen}
            onChange={(event) => set('triggerWhen')(event.target.value as SegmentationTrigger)}
            error={Boolean(errors.triggerWhen)}
            helperText={errors.triggerWhen}
            slotProps={{ htmlInput: { 'data-testid': 'segmentation-triggerWhen' } }}
          >
            {SEGMENTATION_TRIGGERS.map((event) => (
              <MenuItem key={event} value={event}>
                {t(`automation.segmentation.triggers.${event}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <>
            <FormField
              name="startTime"
              type="datetime-local"
              required
              fullWidth
              label={t('automation.segmentation.form.fields.startTime')}
              value={state.startTime}
              onValueChange={set('startTime')}
              error={errors.startTime}
              helperText={t('automation.segmentation.form.help.startTime')}
              testId="segmentation-startTime"
            />
            <FormField
              name="frequencyHours"
              type="number"
              required
              fullWidth
              label={t('automation.segmentation.form.fields.frequencyHours')}
              value={state.frequencyHours}
              onValueChange={set('frequencyHours')}
              error={errors.frequencyHours}
              helperText={t('automation.segmentation.form.help.frequencyHours', { min: 1, max: 720 })}
              testId="segmentation-frequencyHours"
              slotProps={{ htmlInput: { min: 1, max: 720, step: 1 } }}
            />
          </>
        )}
      </Box>
    </Box>
  );
}
