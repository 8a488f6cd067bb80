import '../i18n';
import {
  type BusinessRule,
  businessRuleBodySchema,
  RULE_KINDS,
  RULE_MIN_EVERY_MINUTES,
  RULE_TRIGGER_EVENTS,
  type RuleKind,
  type RuleTriggerEvent,
} from '@atiende/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/Save';
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
import { type AutomationOptions, useAutomationOptions, useDeleteRule, useRule, useSaveRule } from '../api';
import { ConditionBuilder } from '../conditions/ConditionBuilder';
import { conditionErrorsAt, EMPTY_CONDITION_OPTIONS } from '../conditions/model';
import { NamedOptionPicker } from '../conditions/NamedOptionPicker';
import { RuleExecutionsSection } from '../executions/RuleExecutionsSection';
import { ActionsEditor } from './ActionsEditor';
import { emptyRuleForm, type RuleFormState, ruleFormToBody, ruleToForm } from './model';
import { RulePreview } from './RulePreview';

const LIST_PATH = '/app/business-rules';

/** /app/business-rules/add and /app/business-rules/:id/edit (with the rule's executions). */
export function BusinessRuleFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const rule = useRule(id);
  const gate = useEditGate(mode, id, rule, 'business-rule-not-found', t('automation.form.notFound'));
  if (gate) return gate;
  const data = rule.data ?? null;
  return (
    <PageContainer maxWidth={1200}>
      <RuleForm key={data?.id ?? 'new'} rule={data} />
      {data ? <RuleExecutionsSection ruleId={data.id} /> : null}
    </PageContainer>
  );
}

/** A new rule starts in the header's campaign when rules may be written for it, or in the only campaign offered. */
function useInitialCampaign(
  state: RuleFormState,
  setState: (update: (current: RuleFormState) => RuleFormState) => void,
  campaigns: AutomationOptions['campaigns'] | undefined,
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

function RuleForm({ rule }: { rule: BusinessRule | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const save = useSaveRule();
  const remove = useDeleteRule();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [state, setState] = useState<RuleFormState>(() => (rule ? ruleToForm(rule) : emptyRuleForm()));
  const campaigns = useAutomationOptions(null);
  const campaignOptions = useAutomationOptions(state.campaignId === '' ? null : state.campaignId);
  useInitialCampaign(state, setState, campaigns.data?.campaigns, rule === null);

  const body = useMemo(() => ruleFormToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: businessRuleBodySchema });
  const { errors } = form;
  const conditionErrors = useMemo(() => conditionErrorsAt(errors, 'conditions'), [errors]);

  // The chosen campaign's names and form fields; its list of campaigns is the one the campaign picker shows.
  const options = useMemo<AutomationOptions>(
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
    <K extends keyof RuleFormState>(field: K) =>
    (value: RuleFormState[K]) =>
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
          feedback.success(t('automation.form.saved'));
          navigate(LIST_PATH);
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
        feedback.success(t('automation.form.deleted'));
        navigate(LIST_PATH);
      },
      onError: (error) => feedback.failure(error),
    });
  };

  return (
    <>
      <PageHeader
        title={rule ? t('automation.form.editTitle', { name: rule.name }) : t('automation.form.addTitle')}
        backTo={LIST_PATH}
        actions={
          rule && can('editar-business-rule') ? (
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutlineIcon />}
              disabled={remove.isPending}
              onClick={() => setConfirmDelete(true)}
              data-testid="rule-delete"
            >
              {t('automation.form.delete')}
            </Button>
          ) : null
        }
      />
      <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="rule-form">
        <Section title={t('automation.form.sections.general')}>
          <Box sx={FORM_GRID}>
            <FormField
              name="name"
              label={t('automation.form.fields.name')}
              required
              value={state.name}
              onValueChange={set('name')}
              error={errors.name}
              maxLength={120}
              testId="rule-name"
              slotProps={{ htmlInput: { dir: 'auto' } }}
            />
            <NamedOptionPicker
              label={t('automation.form.fields.campaign')}
              required
              choices={campaignChoices}
              value={state.campaignId === '' ? null : state.campaignId}
              onChange={(id) => set('campaignId')(id ?? '')}
              error={errors.campaignId}
              helperText={t('automation.form.help.campaign')}
              testId="rule-campaign"
            />
          </Box>
          <FormField
            name="description"
            label={t('automation.form.fields.description')}
            multiline
            minRows={2}
            fullWidth
            value={state.description}
            onValueChange={set('description')}
            error={errors.description}
            maxLength={1000}
            testId="rule-description"
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <SwitchField
            label={t('common.enabled')}
            checked={state.enabled}
            onChange={set('enabled')}
            testId="rule-enabled"
          />
        </Section>

        <Section title={t('automation.form.sections.when')}>
          <WhenFields state={state} set={set} errors={errors} />
        </Section>

        <Section title={t('automation.form.sections.conditions')} testId="rule-conditions-section">
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {t('automation.form.help.conditions')}
          </Typography>
          {state.campaignId === '' ? (
            <Alert severity="info" sx={{ mb: 1.5 }}>
              {t('automation.form.help.chooseCampaign')}
            </Alert>
          ) : campaignOptions.isError ? (
            <Alert severity="warning" sx={{ mb: 1.5 }}>
              {t('automation.form.help.optionsFailed')}
            </Alert>
          ) : null}
          <ConditionBuilder
            value={state.conditions}
            onChange={set('conditions')}
            options={options}
            forSchedule={state.kind === 'automation'}
            errors={conditionErrors}
            testId="rule-conditions"
          />
          <RulePreview campaignId={state.campaignId} conditions={state.conditions} onErrors={form.show} />
        </Section>

        <Section title={t('automation.form.sections.actions')}>
          <ActionsEditor
            items={state.actions}
            onChange={set('actions')}
            options={options}
            campaignId={state.campaignId}
            errors={errors}
          />
        </Section>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={save.isPending}
            data-testid="rule-save"
          >
            {t('common.save')}
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={confirmDelete}
        title={t('automation.form.deleteTitle')}
        message={t('automation.form.deleteMessage', { name: rule?.name ?? '' })}
        confirmLabel={t('automation.form.delete')}
        destructive
        onCancel={() => setConfirmDelete(false)}
        onConfirm={deleteRule}
      />
    </>
  );
}

/** The rule's kind, and its event (trigger) or how often it runs (automation). */
function WhenFields({
  state,
  set,
  errors,
}: {
  state: RuleFormState;
  set: <K extends keyof RuleFormState>(field: K) => (value: RuleFormState[K]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const kindLabelId = useId();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2 }}>
      <FormControl>
        <FormLabel id={kindLabelId}>{t('automation.form.fields.kind')}</FormLabel>
        <RadioGroup
          aria-labelledby={kindLabelId}
          value={state.kind}
          onChange={(event) => set('kind')(event.target.value as RuleKind)}
        >
          {RULE_KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              value={kind}
              control={<Radio slotProps={{ input: { 'data-testid': `rule-kind-${kind}` } as object }} />}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography variant="body2">{t(`automation.kinds.${kind}`)}</Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t(`automation.kinds.${kind}Help`)}
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
            label={t('automation.form.fields.triggerEvent')}
            value={state.triggerEvent}
            onChange={(event) => set('triggerEvent')(event.target.value as RuleTriggerEvent)}
            error={Boolean(errors.triggerEvent)}
            helperText={errors.triggerEvent}
            slotProps={{ htmlInput: { 'data-testid': 'rule-triggerEvent' } }}
          >
            {RULE_TRIGGER_EVENTS.map((event) => (
              <MenuItem key={event} value={event}>
                {t(`automation.events.${event}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <FormField
            name="everyMinutes"
            type="number"
            required
            fullWidth
            label={t('automation.form.fields.everyMinutes')}
            value={state.everyMinutes}
            onValueChange={set('everyMinutes')}
            error={errors.everyMinutes}
            helperText={t('automation.form.help.everyMinutes', { min: RULE_MIN_EVERY_MINUTES })}
            testId="rule-everyMinutes"
            slotProps={{ htmlInput: { min: RULE_MIN_EVERY_MINUTES, step: 1 } }}
          />
        )}
      </Box>
    </Box>
  );
}
