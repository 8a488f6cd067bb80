import './i18n';
import {
  BULK_FREQUENCIES,
  BULK_MAX_SELECTED,
  type BulkFrequencyKind,
  type BulkOptions,
  type BulkVariable,
  bulkAudienceQuerySchema,
  isBulkConditionField,
} from '@atiende/contracts';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePermissions } from '../../app/queries';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { DetailList } from '../../ui/DetailList';
import { DateTimeField } from '../../ui/dates';
import { FormField } from '../../ui/FormField';
import { LoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import {
  AUDIENCE_DELAY_MS,
  AccountPicker as SharedAccountPicker,
  AudienceSummary as SharedAudienceSummary,
} from '../automation/components/AccountPicker';
import { useSettled } from '../automation/components/KeysetList';
import { ConditionBuilder } from '../automation/conditions/ConditionBuilder';
import { type ConditionOptions, conditionErrorsAt, EMPTY_CONDITION_OPTIONS } from '../automation/conditions/model';
import { insertVariable } from '../templates/model';
import { type AudienceQuery, useBulkAccounts, useBulkAudience, useBulkOptions, useCreateBulk } from './api';
import {
  EmailPreview,
  frequencyText,
  SmsPreview,
  UnknownVariables,
  VariableChips,
  WhatsappPreview,
} from './components';
import {
  type Chosen,
  chosenOf,
  contentErrors,
  countConditions,
  EMPTY_WIZARD,
  errorsOfStep,
  firstStepWithErrors,
  setCampaign,
  setChannel,
  setTemplate,
  WIZARD_STEPS,
  type WizardAccounts,
  type WizardState,
  type WizardStep,
  wizardBody,
  wizardSchema,
} from './model';
import { BULK_LIST_PATH, bulkViewPath } from './paths';

const MESSAGE_MAX = 4000;

/** /app/bulk-messaging/add: the four-step wizard (basic config, message config, accounts config, check data). */
export function BulkWizardPage() {
  const { t } = useTranslation();
  const options = useBulkOptions();
  return (
    <PageContainer maxWidth={1100}>
      <PageHeader title={t('bulk.wizard.title')} subtitle={t('bulk.wizard.subtitle')} backTo={BULK_LIST_PATH} />
      {options.error && !options.data ? (
        <LoadError error={options.error} onRetry={options.refetch} testId="bulk-options-error" />
      ) : !options.data ? (
        <PageLoader />
      ) : (
        <BulkWizard options={options.data} />
      )}
    </PageContainer>
  );
}

function BulkWizard({ options }: { options: BulkOptions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const [state, setState] = useState<WizardState>(EMPTY_WIZARD);
  const [stepIndex, setStepIndex] = useState(0);
  const step = WIZARD_STEPS[stepIndex];
  const chosen = chosenOf(state, options);
  const channelType = chosen.channel?.type ?? null;
  const body = useMemo(() => wizardBody(state, channelType), [state, channelType]);
  const rules = useCallback((values: typeof body) => contentErrors(values, channelType, t), [channelType, t]);
  const form = useFormErrors({ values: body, schema: wizardSchema, rules });
  const { errors } = form;
  const create = useCreateBulk();

  const showErrors = (found: FieldErrors) => {
    form.show(found);
    const first = firstStepWithErrors(found);
    if (first) setStepIndex(WIZARD_STEPS.indexOf(first));
  };

  const save = () => {
    const all = form.validate();
    if (Object.keys(all).length > 0) {
      showErrors(all);
      return;
    }
    create.mutate(body, {
      onSuccess: (created) => {
        feedback.success(t('bulk.wizard.saved', { name: created.name }));
        navigate(can('editar-mensaje-masivo') ? bulkViewPath(created.id) : BULK_LIST_PATH);
      },
      onError: (error) => feedback.failure(error, showErrors),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (step === 'check') {
      save();
      return;
    }
    const found = errorsOfStep(form.validate(), step);
    form.show(found);
    if (Object.keys(found).length === 0) setStepIndex(stepIndex + 1);
  };

  const set = (patch: Partial<WizardState>) => setState((current) => ({ ...current, ...patch }));
  const stepHasErrors = (item: WizardStep) => Object.keys(errorsOfStep(errors, item)).length > 0;

  return (
    <>
      <Stepper
        activeStep={stepIndex}
        alternativeLabel
        aria-label={t('bulk.wizard.steps.label')}
        sx={{ mb: 3 }}
        data-testid="bulk-stepper"
      >
        {WIZARD_STEPS.map((item, index) => (
          <Step key={item} completed={index < stepIndex}>
            <StepLabel
              error={stepHasErrors(item)}
              data-testid={`bulk-step-${item}`}
              aria-current={index === stepIndex ? 'step' : undefined}
            >
              {t(`bulk.wizard.steps.${item}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card variant="outlined">
        <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="bulk-wizard">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }} data-testid="bulk-step-title">
              {t(`bulk.wizard.steps.${step}`)}
            </Typography>
            {step === 'basic' ? (
              <BasicStep
                state={state}
                setState={setState}
                set={set}
                errors={errors}
                options={options}
                chosen={chosen}
              />
            ) : null}
            {step === 'message' ? <MessageStep state={state} set={set} errors={errors} chosen={chosen} /> : null}
            {step === 'accounts' ? <AccountsStep state={state} set={set} errors={errors} options={options} /> : null}
            {step === 'check' ? <CheckStep state={state} chosen={chosen} /> : null}
          </CardContent>
          <Divider />
          <Box sx={{ display: 'flex', gap: 1, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button component={RouterLink} to={BULK_LIST_PATH} data-testid="bulk-cancel">
              {t('common.cancel')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <Button
              disabled={stepIndex === 0 || create.isPending}
              onClick={() => setStepIndex(stepIndex - 1)}
              data-testid="bulk-back"
            >
              {t('bulk.wizard.back')}
            </Button>
            {step === 'check' ? (
              <Button
                type="submit"
                variant="contained"
                disabled={create.isPending}
                startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
                data-testid="bulk-save"
              >
                {t('bulk.wizard.save')}
              </Button>
            ) : (
              <Button type="submit" variant="contained" data-testid="bulk-next">
                {t('bulk.wizard.next')}
              </Button>
            )}
          </Box>
        </Box>
      </Card>
    </>
  );
}

interface StepProps {
  state: WizardState;
  set: (patch: Partial<WizardState>) => void;
  errors: FieldErrors;
}

/**
 * A select of ids or keys: the test id goes on the element that opens it (focus it and press Enter or ArrowDown),
 * each option is `<testId>-option-<value>`.
 */
function SelectField<V extends string | number>({
  label,
  value,
  items,
  onChange,
  error,
  helperText,
  required,
  disabled,
  testId,
}: {
  label: string;
  value: V | null;
  items: readonly { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <TextField
      select
      margin="dense"
      fullWidth
      label={label}
      value={value ?? ''}
      required={required}
      disabled={disabled}
      onChange={(event) => {
        const raw = String(event.target.value);
        const found = items.find((item) => String(item.value) === raw);
        if (found) onChange(found.value);
      }}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        select: { SelectDisplayProps: { 'data-testid': testId } as object },
        htmlInput: { 'data-testid': `${testId}-input` },
      }}
    >
      {items.map((item) => (
        <MenuItem key={item.value} value={item.value} data-testid={`${testId}-option-${item.value}`}>
          {item.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 } as const;

function BasicStep({
  state,
  set,
  setState,
  errors,
  options,
  chosen,
}: StepProps & {
  setState: (update: (current: WizardState) => WizardState) => void;
  options: BulkOptions;
  chosen: Chosen;
}) {
  const { t } = useTranslation();
  const campaigns = options.campaigns;
  const channels = chosen.campaign?.channels ?? [];
  const templates = chosen.channel?.templates ?? [];
  const type = chosen.channel?.type;
  return (
    <>
      {campaigns.length === 0 ? (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="bulk-no-campaigns">
          {t('bulk.wizard.help.noCampaigns')}
        </Alert>
      ) : null}
      <FormField
        label={t('bulk.fields.name')}
        value={state.name}
        onValueChange={(name) => set({ name })}
        error={errors.name}
        required
        fullWidth
        maxLength={120}
        autoFocus
        testId="bulk-name"
      />
      <Box sx={GRID}>
        <SelectField
          label={t('bulk.fields.campaign')}
          value={state.campaignId}
          items={campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name }))}
          onChange={(campaignId) => setState((current) => setCampaign(current, campaignId))}
          error={errors.campaignId}
          required
          testId="bulk-campaign"
        />
        <SelectField
          label={t('bulk.fields.channel')}
          value={state.channelId}
          items={channels.map((channel) => ({
            value: channel.id,
            label: (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <ChannelTypeIcon type={channel.type} fontSize="small" aria-hidden />
                {channel.name}
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                  {t(`channelTypes.${channel.type}`)}
                </Typography>
              </Box>
            ),
          }))}
          onChange={(channelId) => setState((current) => setChannel(current, channelId))}
          error={errors.channelId}
          helperText={
            state.campaignId === null
              ? t('bulk.wizard.help.campaignFirst')
              : channels.length === 0
                ? t('bulk.wizard.help.noChannels')
                : t('bulk.wizard.help.channel')
          }
          disabled={state.campaignId === null}
          required
          testId="bulk-channel"
        />
      </Box>
      {type === 'whatsapp' ? (
        <SelectField
          label={t('bulk.fields.template')}
          value={state.whatsappTemplateId}
          items={templates.map((template) => ({
            value: template.id,
            label: `${template.name} (${template.language})`,
          }))}
          onChange={(id) =>
            setState((current) => setTemplate(current, templates.find((item) => item.id === id) ?? null))
          }
          error={errors.whatsappTemplateId}
          helperText={templates.length === 0 ? t('bulk.wizard.help.noTemplates') : t('bulk.wizard.help.template')}
          required
          testId="bulk-template"
        />
      ) : null}
      {type === 'email' ? (
        <FormField
          label={t('bulk.fields.subject')}
          value={state.subject}
          onValueChange={(subject) => set({ subject })}
          error={errors.subject}
          required
          fullWidth
          maxLength={200}
          testId="bulk-subject"
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
      ) : null}
      {type === 'sms' || type === 'email' ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('bulk.wizard.help.messageNext')}
        </Typography>
      ) : null}
      <Box sx={{ mt: 2 }}>
        <FormControlLabel
          label={t('bulk.fields.activeTickets')}
          control={
            <Switch
              checked={state.activeTickets}
              onChange={(event) => set({ activeTickets: event.target.checked })}
              slotProps={{
                input: {
                  'data-testid': 'bulk-active-tickets',
                  'aria-describedby': 'bulk-active-tickets-help',
                } as object,
              }}
            />
          }
        />
        <FormHelperText id="bulk-active-tickets-help" sx={{ mt: 0, mb: 1 }}>
          {t('bulk.wizard.help.activeTickets')}
        </FormHelperText>
      </Box>
      <FrequencyFields state={state} set={set} errors={errors} />
    </>
  );
}

function FrequencyFields({ state, set, errors }: StepProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl component="fieldset" sx={{ mt: 1, width: '100%' }}>
      <FormLabel component="legend" id={labelId}>
        {t('bulk.fields.frequency')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={state.frequency}
        onChange={(event) => set({ frequency: event.target.value as BulkFrequencyKind })}
      >
        {BULK_FREQUENCIES.map((kind) => (
          <FormControlLabel
            key={kind}
            value={kind}
            label={t(`bulk.frequencies.${kind}`)}
            control={<Radio slotProps={{ input: { 'data-testid': `bulk-frequency-${kind}` } as object }} />}
          />
        ))}
      </RadioGroup>
      <FormHelperText sx={{ mx: 0 }}>{t(`bulk.wizard.help.frequency.${state.frequency}`)}</FormHelperText>
      {state.frequency === 'permanent' ? (
        <FormField
          type="number"
          label={t('bulk.fields.everyHours')}
          value={state.everyHours}
          onValueChange={(everyHours) => set({ everyHours })}
          error={errors['frequency.everyHours'] ?? errors.frequency}
          required
          sx={{ maxWidth: 260 }}
          testId="bulk-every-hours"
          slotProps={{ htmlInput: { min: 1, max: 720, step: 1 } }}
        />
      ) : null}
      {state.frequency === 'programmed' ? (
        <Box sx={{ maxWidth: 320 }}>
          <DateTimeField
            kind="datetime"
            label={t('bulk.fields.programmedAt')}
            value={state.programmedAt}
            onValueChange={(programmedAt) => set({ programmedAt })}
            error={errors['frequency.at'] ?? errors.frequency}
            helperText={t('bulk.wizard.help.programmedAt', {
              timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            })}
            required
            fullWidth
            testId="bulk-programmed-at"
          />
        </Box>
      ) : null}
    </FormControl>
  );
}

/** A text field with the variable chips above it: a chip inserts its variable at the cursor. */
function TextWithVariables({
  label,
  value,
  onChange,
  error,
  helperText,
  minRows,
  maxLength,
  required,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helperText?: ReactNode;
  minRows: number;
  maxLength: number;
  required?: boolean;
  testId: string;
}) {
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  // After a variable is inserted, the cursor goes right after it.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const input = inputRef.current;
    if (caret === null || !input) return;
    pendingCaret.current = null;
    input.focus();
    input.setSelectionRange(caret, caret);
  });
  const insert = (name: BulkVariable) => {
    const input = inputRef.current;
    const next = insertVariable(value, input?.selectionStart, input?.selectionEnd, name);
    pendingCaret.current = next.caret;
    onChange(next.text);
  };
  return (
    <Box sx={{ mb: 1 }}>
      <VariableChips onInsert={insert} testId={`${testId}-variable`} />
      <FormField
        label={label}
        value={value}
        onValueChange={onChange}
        error={error}
        helperText={helperText}
        required={required}
        multiline
        minRows={minRows}
        fullWidth
        inputRef={inputRef}
        maxLength={maxLength}
        testId={testId}
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
      <UnknownVariables text={value} testId={`${testId}-unknown`} />
    </Box>
  );
}

function MessageStep({ state, set, errors, chosen }: StepProps & { chosen: Chosen }) {
  const { t } = useTranslation();
  const type = chosen.channel?.type;
  const setValue = (index: number, value: string) =>
    set({ templateValues: state.templateValues.map((item, at) => (at === index ? value : item)) });
  return (
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
          {t('bulk.wizard.help.variables')}
        </Typography>
        {type === 'whatsapp' ? (
          chosen.template && state.templateValues.length > 0 ? (
            state.templateValues.map((value, index) => (
              <TextWithVariables
                // biome-ignore lint/suspicious/noArrayIndexKey: one field per numbered variable, in order.
                key={index}
                label={t('bulk.fields.templateValue', { number: index + 1 })}
                value={value}
                onChange={(next) => setValue(index, next)}
                error={errors[`templateValues.${index}`]}
                minRows={1}
                maxLength={1000}
                required
                testId={`bulk-value-${index + 1}`}
              />
            ))
          ) : (
            <Alert severity="info" data-testid="bulk-no-values">
              {chosen.template ? t('bulk.wizard.help.noValues') : t('bulk.preview.noTemplate')}
            </Alert>
          )
        ) : null}
        {type === 'sms' || type === 'email' ? (
          <TextWithVariables
            label={t('bulk.fields.message')}
            value={state.message}
            onChange={(message) => set({ message })}
            error={errors.message}
            helperText={t('bulk.wizard.help.characters', { count: state.message.length, max: MESSAGE_MAX })}
            minRows={6}
            maxLength={MESSAGE_MAX}
            required
            testId="bulk-message"
          />
        ) : null}
        {!type ? (
          <Alert severity="info" data-testid="bulk-no-channel">
            {t('bulk.wizard.help.channelFirst')}
          </Alert>
        ) : null}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('bulk.preview.title')}
        </Typography>
        {type === 'whatsapp' ? <WhatsappPreview template={chosen.template} values={state.templateValues} /> : null}
        {type === 'sms' ? <SmsPreview message={state.message} /> : null}
        {type === 'email' ? <EmailPreview subject={state.subject} message={state.message} /> : null}
      </Box>
    </Box>
  );
}

/** Who would receive it as the wizard stands (null until the campaign, the channel and the conditions are valid). */
function audienceQueryOf(state: WizardState): AudienceQuery | null {
  if (state.campaignId === null || state.channelId === null) return null;
  const { accounts } = state;
  const query = {
    campaignId: state.campaignId,
    channelId: state.channelId,
    accounts: { ...accounts, customerIds: accounts.sendTo === 'selected' ? accounts.customerIds : [] },
  };
  return bulkAudienceQuerySchema.safeParse(query).success ? query : null;
}

/** The accounts step's candidates query: the accounts matching now, all of them (to select from). */
function candidatesQuery(state: WizardState): AudienceQuery | null {
  if (state.campaignId === null || state.channelId === null) return null;
  const query = {
    campaignId: state.campaignId,
    channelId: state.channelId,
    accounts: {
      conditions: state.accounts.conditions,
      campaignAccountsOnly: state.accounts.campaignAccountsOnly,
      sendTo: 'all' as const,
      customerIds: [],
    },
  };
  return bulkAudienceQuerySchema.safeParse(query).success ? query : null;
}

function AccountsStep({ state, set, errors, options }: StepProps & { options: BulkOptions }) {
  const { t } = useTranslation();
  const accounts = state.accounts;
  const setAccounts = (patch: Partial<WizardAccounts>) => set({ accounts: { ...accounts, ...patch } });
  const conditionOptions = useMemo<ConditionOptions>(
    () => ({ ...EMPTY_CONDITION_OPTIONS, users: options.users ?? [], labels: options.labels ?? [] }),
    [options.users, options.labels],
  );
  const onConditions = useCallback(
    (conditions: WizardAccounts['conditions']) =>
      set({ accounts: { ...accounts, conditions, customerIds: accounts.customerIds } }),
    [set, accounts],
  );
  const sendToLabel = useId();
  // The matching count: asked once the changes settle, with what would be sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the campaign, the channel and the accounts count.
  const audienceQuery = useMemo(() => audienceQueryOf(state), [state.campaignId, state.channelId, accounts]);
  const settledAudience = useSettled(audienceQuery, AUDIENCE_DELAY_MS);
  const candidates = useMemo(() => candidatesQuery(state), [state]);

  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('bulk.wizard.help.conditions')}
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
        testId="bulk-conditions"
      />
      <Box sx={{ mt: 2 }}>
        <FormControlLabel
          label={t('bulk.fields.campaignAccountsOnly')}
          control={
            <Switch
              checked={accounts.campaignAccountsOnly}
              onChange={(event) => setAccounts({ campaignAccountsOnly: event.target.checked, customerIds: [] })}
              slotProps={{ input: { 'data-testid': 'bulk-campaign-accounts-only' } as object }}
            />
          }
        />
      </Box>
      <FormControl component="fieldset" sx={{ mt: 1 }}>
        <FormLabel component="legend" id={sendToLabel}>
          {t('bulk.fields.sendTo')}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={sendToLabel}
          value={accounts.sendTo}
          onChange={(event) => setAccounts({ sendTo: event.target.value as WizardAccounts['sendTo'] })}
        >
          {(['all', 'selected'] as const).map((sendTo) => (
            <FormControlLabel
              key={sendTo}
              value={sendTo}
              label={t(`bulk.sendTo.${sendTo}`)}
              control={<Radio slotProps={{ input: { 'data-testid': `bulk-send-to-${sendTo}` } as object }} />}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <AudienceSummary query={settledAudience} pending={audienceQuery !== settledAudience} />
      {accounts.sendTo === 'selected' ? (
        <AccountPicker
          query={candidates}
          selected={accounts.customerIds}
          onChange={(customerIds) => setAccounts({ customerIds })}
          error={errors['accounts.customerIds']}
        />
      ) : null}
    </>
  );
}

/** The live count: who would receive it now, and who is left out (no contact datum, opted out). */
function AudienceSummary({ query, pending }: { query: AudienceQuery | null; pending: boolean }) {
  const { t } = useTranslation();
  const audience = useBulkAudience(query);
  const data = audience.data;
  return (
    <SharedAudienceSummary
      title={t('bulk.audience.title')}
      incomplete={t('bulk.audience.incomplete')}
      loadingLabel={t('bulk.audience.loading')}
      ready={query !== null}
      loading={pending || audience.isFetching}
      error={audience.error}
      figures={
        data
          ? [
              {
                label: t('bulk.audience.recipients'),
                value: data.recipients,
                testId: 'bulk-audience-recipients',
                strong: true,
              },
              {
                label: t('bulk.audience.withoutContact'),
                value: data.withoutContact,
                testId: 'bulk-audience-without-contact',
              },
              { label: t('bulk.audience.optedOut'), value: data.optedOut, testId: 'bulk-audience-opted-out' },
            ]
          : null
      }
      testId="bulk-audience"
    />
  );
}

/** The matching accounts, searchable and a page more at a time, each with a checkbox (up to BULK_MAX_SELECTED). */
function AccountPicker(props: {
  query: AudienceQuery | null;
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  return (
    <SharedAccountPicker
      {...props}
      useList={useBulkAccounts}
      reachOf={(account) => account.contact}
      max={BULK_MAX_SELECTED}
      textsKey="bulk.accounts"
      incompleteKey="bulk.audience.incomplete"
      testId="bulk-accounts"
      itemTestId="bulk-account"
    />
  );
}

function CheckStep({ state, chosen }: { state: WizardState; chosen: Chosen }) {
  const { t, i18n } = useTranslation();
  const type = chosen.channel?.type;
  const body = wizardBody(state, type ?? null);
  const yesNo = (value: boolean) => (value ? t('bulk.summary.yes') : t('bulk.summary.no'));
  const conditions = countConditions(state.accounts.conditions);
  const rows = [
    { label: t('bulk.fields.name'), value: state.name.trim(), testId: 'bulk-summary-name' },
    { label: t('bulk.fields.campaign'), value: chosen.campaign?.name ?? '', testId: 'bulk-summary-campaign' },
    {
      label: t('bulk.fields.channel'),
      value: chosen.channel ? (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <ChannelTypeIcon type={chosen.channel.type} fontSize="small" aria-hidden />
          {chosen.channel.name} ({t(`channelTypes.${chosen.channel.type}`)})
        </Box>
      ) : (
        ''
      ),
      testId: 'bulk-summary-channel',
    },
    ...(type === 'whatsapp'
      ? [
          {
            label: t('bulk.fields.template'),
            value: chosen.template ? `${chosen.template.name} (${chosen.template.language})` : '',
            testId: 'bulk-summary-template',
          },
          ...state.templateValues.map((value, index) => ({
            label: t('bulk.fields.templateValue', { number: index + 1 }),
            value: <bdi>{value}</bdi>,
            testId: `bulk-summary-value-${index + 1}`,
          })),
        ]
      : []),
    ...(type === 'email'
      ? [{ label: t('bulk.fields.subject'), value: state.subject, testId: 'bulk-summary-subject' }]
      : []),
    ...(type === 'sms' || type === 'email'
      ? [
          {
            label: t('bulk.fields.message'),
            value: (
              <Typography variant="body1" dir="auto" sx={{ whiteSpace: 'pre-wrap' }}>
                {state.message}
              </Typography>
            ),
            testId: 'bulk-summary-message',
          },
        ]
      : []),
    { label: t('bulk.fields.activeTickets'), value: yesNo(state.activeTickets), testId: 'bulk-summary-active-tickets' },
    {
      label: t('bulk.fields.frequency'),
      value: frequencyText(body.frequency ?? { kind: 'none' }, t, i18n.language),
      testId: 'bulk-summary-frequency',
    },
    {
      label: t('bulk.summary.conditions'),
      value:
        conditions === 0
          ? t('bulk.summary.noConditions')
          : t(`bulk.summary.conditionsCount.${state.accounts.conditions.match}`, { count: conditions }),
      testId: 'bulk-summary-conditions',
    },
    {
      label: t('bulk.fields.campaignAccountsOnly'),
      value: yesNo(state.accounts.campaignAccountsOnly),
      testId: 'bulk-summary-campaign-accounts-only',
    },
    {
      label: t('bulk.fields.sendTo'),
      value:
        state.accounts.sendTo === 'selected'
          ? t('bulk.summary.selected', { count: state.accounts.customerIds.length })
          : t('bulk.sendTo.all'),
      testId: 'bulk-summary-send-to',
    },
  ];
  return (
    <>
      <Alert severity="warning" icon={<WarningAmberIcon />} sx={{ mb: 2 }} data-testid="bulk-warning" role="alert">
        <AlertTitle>{t('bulk.wizard.warning.title')}</AlertTitle>
        {t('bulk.wizard.warning.text')}
      </Alert>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <DetailList rows={rows} />
          <AudienceSummary query={audienceQueryOf(state)} pending={false} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {t('bulk.preview.title')}
          </Typography>
          {type === 'whatsapp' ? <WhatsappPreview template={chosen.template} values={state.templateValues} /> : null}
          {type === 'sms' ? <SmsPreview message={state.message} /> : null}
          {type === 'email' ? <EmailPreview subject={state.subject} message={state.message} /> : null}
        </Box>
      </Box>
    </>
  );
}
