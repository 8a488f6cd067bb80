import '../i18n';
import { type SlaRule, slaRuleBodySchema } from '@atiende/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
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
import { ConditionBuilder } from '../conditions/ConditionBuilder';
import { conditionErrorsAt, EMPTY_CONDITION_OPTIONS } from '../conditions/model';
import { NamedOptionPicker } from '../conditions/NamedOptionPicker';
import { type SlaOptions, useDeleteSlaRule, useSaveSlaRule, useSlaOptions, useSlaRule } from './api';
import { emptySlaForm, type SlaFormState, slaFormToBody, slaRuleToForm } from './model';
import { SLA_LIST_PATH } from './paths';
import { SlaRecordsSection } from './SlaRecordsSection';
import { TargetsEditor } from './TargetsEditor';

/** /app/sla-rules/add and /app/sla-rules/:id/edit (with the rule's breaches). */
export function SlaRuleFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const rule = useSlaRule(id);
  const gate = useEditGate(mode, id, rule, 'sla-rule-not-found', t('automation.sla.form.notFound'));
  if (gate) return gate;
  const data = rule.data ?? null;
  return (
    <PageContainer maxWidth={1200}>
      <SlaRuleForm key={data?.id ?? 'new'} rule={data} />
      {data ? <SlaRecordsSection ruleId={data.id} /> : null}
    </PageContainer>
  );
}

/** A new rule starts in the header's campaign when SLA rules may be written for it, or in the only one offered. */
function useInitialCampaign(
  state: SlaFormState,
  setState: (update: (current: SlaFormState) => SlaFormState) => void,
  campaigns: SlaOptions['campaigns'] | undefined,
  enabled: boolean,
) {
  const { campaignId: selected } = useSelectedCampaign();
  const unset = state.campaignId === '';
  useEffect(() => {
    if (!enabled || !unset || !campaigns) return;
    const pick =
      campaigns.find((campaign) => campaign.id === selected) ?? (campaigns.length === 1 ? campaigns[0] : null);
    if (pick) setState((current) => (current.campaignId === '' ? { ...current, campaignId: pick.id } : current));
  }, [enabled, unset, campaigns, selected, setState]);
}

function SlaRuleForm({ rule }: { rule: SlaRule | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const save = useSaveSlaRule();
  const remove = useDeleteSlaRule();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [state, setState] = useState<SlaFormState>(() => (rule ? slaRuleToForm(rule) : emptySlaForm()));
  const campaigns = useSlaOptions(null);
  const campaignOptions = useSlaOptions(state.campaignId === '' ? null : state.campaignId);
  useInitialCampaign(state, setState, campaigns.data?.campaigns, rule === null);

  const body = useMemo(() => slaFormToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: slaRuleBodySchema });
  const { errors } = form;
  const conditionErrors = useMemo(() => conditionErrorsAt(errors, 'conditions'), [errors]);

  // The chosen campaign's names and form fields; its list of campaigns is the one the campaign picker shows.
  const options = useMemo<SlaOptions>(
    () => ({
      ...EMPTY_CONDITION_OPTIONS,
      ...(state.campaignId === '' ? {} : campaignOptions.data),
      campaigns: campaigns.data?.campaigns ?? campaignOptions.data?.campaigns ?? [],
    }),
    [state.campaignId, campaignOptions.data, campaigns.data],
  );
  const campaignChoices = useMemo(() => {
    const list = campaigns.data?.campaigns ?? [];
    // The rule's own campaign stays named even when the caller may no longer write rules for it.
    return rule && !list.some((campaign) => campaign.id === rule.campaign.id) ? [...list, rule.campaign] : list;
  }, [campaigns.data, rule]);

  const set =
    <K extends keyof SlaFormState>(field: K) =>
    (value: SlaFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    save.mutate(
      { id: rule?.id ?? null, body },
      {
        onSuccess: () => {
          feedback.success(t('automation.sla.saved'));
          navigate(SLA_LIST_PATH);
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  const deleteRule = () => {
    if (!rule) return;
    setConfirmDelete(false);
    remove.mutate(rule.id, {
      onSuccess: () => {
        feedback.success(t('automation.sla.deleted'));
        navigate(SLA_LIST_PATH);
      },
      onError: (error) => feedback.failure(error),
    });
  };

  return (
    <>
      <PageHeader
        title={rule ? t('automation.sla.form.editTitle', { name: rule.name }) : t('automation.sla.form.addTitle')}
        backTo={SLA_LIST_PATH}
        actions={
          rule && can('editar-sla-rule') ? (
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutlineIcon />}
              disabled={remove.isPending}
              onClick={() => setConfirmDelete(true)}
              data-testid="sla-rule-delete"
            >
              {t('automation.sla.form.delete')}
            </Button>
          ) : null
        }
      />
      <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="sla-rule-form">
        <Section title={t('automation.sla.form.sections.general')}>
          <Box sx={FORM_GRID}>
            <FormField
              name="name"
              label={t('automation.sla.form.fields.name')}
              required
              value={state.name}
              onValueChange={set('name')}
              error={errors.name}
              maxLength={120}
              testId="sla-rule-name"
              slotProps={{ htmlInput: { dir: 'auto' } }}
            />
            <NamedOptionPicker
              label={t('automation.sla.form.fields.campaign')}
              required
              choices={campaignChoices}
              value={state.campaignId === '' ? null : state.campaignId}
              onChange={(id) => set('campaignId')(id ?? '')}
              error={errors.campaignId}
              helperText={t('automation.sla.form.help.campaign')}
              testId="sla-rule-campaign"
            />
          </Box>
          <FormField
            name="description"
            label={t('automation.sla.form.fields.description')}
            multiline
            minRows={2}
            fullWidth
            value={state.description}
            onValueChange={set('description')}
            error={errors.description}
            maxLength={1000}
            testId="sla-rule-description"
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <Box sx={{ display: 'grid', gap: 0.5, mt: 1 }}>
            <SwitchField
              label={t('common.enabled')}
              checked={state.enabled}
              onChange={set('enabled')}
              testId="sla-rule-enabled"
            />
            <Box>
              <SwitchField
                label={t('automation.sla.form.fields.businessHours')}
                checked={state.businessHours}
                onChange={set('businessHours')}
                testId="sla-rule-business-hours"
              />
              <FormHelperText sx={{ mt: 0, mx: 0 }}>{t('automation.sla.form.help.businessHours')}</FormHelperText>
            </Box>
          </Box>
        </Section>

        <Section title={t('automation.sla.form.sections.conditions')} testId="sla-rule-conditions-section">
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {t('automation.sla.form.help.conditions')}
          </Typography>
          {state.campaignId === '' ? (
            <Alert severity="info" sx={{ mb: 1.5 }}>
              {t('automation.sla.form.help.chooseCampaign')}
            </Alert>
          ) : campaignOptions.isError ? (
            <Alert severity="warning" sx={{ mb: 1.5 }}>
              {t('automation.sla.form.help.optionsFailed')}
            </Alert>
          ) : null}
          <ConditionBuilder
            value={state.conditions}
            onChange={set('conditions')}
            options={options}
            forSchedule
            errors={conditionErrors}
            testId="sla-rule-conditions"
          />
        </Section>

        <Section title={t('automation.sla.form.sections.targets')} testId="sla-rule-targets-section">
          <TargetsEditor value={state.targets} onChange={set('targets')} errors={errors} />
        </Section>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={save.isPending}
            data-testid="sla-rule-save"
          >
            {t('common.save')}
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={confirmDelete}
        title={t('automation.sla.form.deleteTitle')}
        message={t('automation.sla.form.deleteMessage', { name: rule?.name ?? '' })}
        confirmLabel={t('automation.sla.form.delete')}
        destructive
        onCancel={() => setConfirmDelete(false)}
        onConfirm={deleteRule}
      />
    </>
  );
}
