import './i18n';
import { DATE_PRESETS, type DatePreset, REPORT_PERIODICITIES, REPORT_TYPES, type ReportType } from '@atiende/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
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
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useBusiness } from '../../app/queries';
import { DetailList } from '../../ui/DetailList';
import { DateTimeField } from '../../ui/dates';
import { FormField } from '../../ui/FormField';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { StatusPage } from '../../ui/StatusPage';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { presetKey } from '../analytics/model';
import { autoDownloads, useCreateReport, useProgrammedReports, useReportOptions, useSaveProgrammed } from './api';
import { OptionMultiSelect, RecipientsField } from './components';
import {
  createBody,
  describeSchedule,
  EMPTY_WIZARD,
  errorsOfStep,
  firstStepWithErrors,
  hourLabel,
  listError,
  PROGRAMMED_PRESETS,
  programmedBody,
  setPeriodicity,
  setProgrammed,
  stateFromProgrammed,
  WEEKDAYS_FROM_MONDAY,
  WIZARD_STEPS,
  type WizardState,
  type WizardStep,
  weekdayName,
  wizardBody,
  wizardSchema,
} from './model';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const MONTH_DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/**
 * /app/reports/add: the report wizard (what, whose, which period, check) that generates a report now or saves a
 * programmed one; `?programmed=<id>` edits a programmed report, `?mode=programmed` starts with the switch on.
 */
export function ReportWizardPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const editId = parseId(search.get('programmed') ?? undefined);
  const programmed = useProgrammedReports();

  if (editId === null)
    return <ReportWizard initial={setProgrammed(EMPTY_WIZARD, search.get('mode') === 'programmed')} />;
  if (programmed.error && !programmed.data) {
    return <StatusPage title={t('reports.wizard.notFound')} description={programmed.error.message} />;
  }
  if (!programmed.data) return <PageLoader />;
  const report = programmed.data.find((item) => item.id === editId);
  if (!report) {
    return (
      <StatusPage
        title={t('reports.wizard.notFound')}
        description={t('pages.notFound.description')}
        data-testid="report-not-found"
      />
    );
  }
  return (
    <ReportWizard
      key={report.id}
      initial={stateFromProgrammed(report)}
      editId={report.id}
      known={{
        campaigns: new Map(report.campaigns.map((item) => [item.id, item.name])),
        agents: new Map(report.agents.map((item) => [item.id, item.name])),
      }}
    />
  );
}

interface KnownNames {
  campaigns: ReadonlyMap<number, string>;
  agents: ReadonlyMap<number, string>;
}

function ReportWizard({ initial, editId, known }: { initial: WizardState; editId?: number; known?: KnownNames }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const timeZone = useBusiness().data?.configuracion.time_zone ?? '';
  const [state, setState] = useState<WizardState>(initial);
  const [stepIndex, setStepIndex] = useState(0);
  const step = WIZARD_STEPS[stepIndex];
  const body = wizardBody(state);
  const form = useFormErrors({ values: body, schema: wizardSchema(state) });
  const errors = form.errors;
  const create = useCreateReport();
  const save = useSaveProgrammed();
  const busy = create.isPending || save.isPending;

  const campaignsKey = [...state.campaigns].sort((a, b) => a - b);
  const options = useReportOptions({
    includeCampaigns: state.includeCampaigns,
    includeAgents: state.includeAgents,
    campaigns: campaignsKey,
  });
  const offered = options.data;
  const selfOnly = offered?.selfOnly ?? false;

  // Agents of campaigns no longer chosen (or disabled ones no longer offered) leave the selection once the
  // options for the current campaigns are there.
  useEffect(() => {
    if (!offered || options.isPlaceholderData) return;
    const ids = new Set(offered.agents.map((agent) => agent.id));
    setState((current) => {
      const agents = current.agents.filter((id) => ids.has(id));
      return agents.length === current.agents.length ? current : { ...current, agents };
    });
  }, [offered, options.isPlaceholderData]);

  const set = (patch: Partial<WizardState>) => setState((current) => ({ ...current, ...patch }));
  const stepErrorsOf = (all: FieldErrors, target: WizardStep) => Object.keys(errorsOfStep(all, target)).length > 0;

  const showServerErrors = (fields: FieldErrors) => {
    form.show(fields);
    const first = firstStepWithErrors(fields);
    if (first) setStepIndex(WIZARD_STEPS.indexOf(first));
  };

  const finish = () => {
    const all = form.validate();
    if (Object.keys(all).length > 0) {
      showServerErrors(all);
      return;
    }
    if (state.programmed) {
      save.mutate(
        { id: editId, body: programmedBody(state) },
        {
          onSuccess: () => {
            feedback.success(t('reports.wizard.saved'));
            navigate('/app/reports?tab=programmed');
          },
          onError: (error) => feedback.failure(error, showServerErrors),
        },
      );
      return;
    }
    create.mutate(createBody(state), {
      onSuccess: (created) => {
        autoDownloads.add(created.id);
        feedback.notify(t('reports.requested', { name: created.name }), 'info');
        navigate('/app/reports?tab=generated');
      },
      onError: (error) => feedback.failure(error, showServerErrors),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (step === 'summary') {
      finish();
      return;
    }
    const found = errorsOfStep(form.validate(), step);
    form.show(found);
    if (Object.keys(found).length === 0) setStepIndex(stepIndex + 1);
  };

  const title = editId
    ? t('reports.wizard.editTitle')
    : state.programmed
      ? t('reports.wizard.programTitle')
      : t('reports.wizard.title');

  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title={title}
        subtitle={t('reports.wizard.subtitle')}
        backTo={editId || state.programmed ? '/app/reports?tab=programmed' : '/app/reports'}
      />
      <Stepper
        activeStep={stepIndex}
        alternativeLabel
        aria-label={t('reports.wizard.steps.label')}
        sx={{ mb: 3 }}
        data-testid="report-stepper"
      >
        {WIZARD_STEPS.map((item, index) => (
          <Step key={item} completed={index < stepIndex}>
            <StepLabel
              error={stepErrorsOf(errors, item)}
              data-testid={`report-step-${item}`}
              aria-current={index === stepIndex ? 'step' : undefined}
            >
              {t(`reports.wizard.steps.${item}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card variant="outlined">
        <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="report-wizard">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }} data-testid="report-step-title">
              {t(`reports.wizard.steps.${step}`)}
            </Typography>
            {step === 'basics' ? <BasicsStep state={state} set={set} errors={errors} /> : null}
            {step === 'scope' ? (
              <ScopeStep
                state={state}
                set={set}
                errors={errors}
                options={offered}
                loading={options.isLoading}
                known={known}
              />
            ) : null}
            {step === 'period' ? (
              <PeriodStep
                state={state}
                setState={setState}
                set={set}
                errors={errors}
                timeZone={timeZone}
                locked={editId !== undefined}
              />
            ) : null}
            {step === 'summary' ? (
              <SummaryStep state={state} names={namesOf(offered, known)} selfOnly={selfOnly} timeZone={timeZone} />
            ) : null}
          </CardContent>
          <Divider />
          <Box sx={{ display: 'flex', gap: 1, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button component={RouterLink} to={editId ? '/app/reports?tab=programmed' : '/app/reports'}>
              {t('common.cancel')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <Button
              disabled={stepIndex === 0 || busy}
              onClick={() => setStepIndex(stepIndex - 1)}
              data-testid="report-back"
            >
              {t('reports.wizard.back')}
            </Button>
            {step === 'summary' ? (
              <Button
                type="submit"
                variant="contained"
                disabled={busy}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                data-testid={state.programmed ? 'report-save' : 'report-generate'}
              >
                {state.programmed ? t('reports.wizard.save') : t('reports.wizard.generate')}
              </Button>
            ) : (
              <Button type="submit" variant="contained" data-testid="report-next">
                {t('reports.wizard.next')}
              </Button>
            )}
          </Box>
        </Box>
      </Card>
    </PageContainer>
  );
}

interface StepProps {
  state: WizardState;
  set: (patch: Partial<WizardState>) => void;
  errors: FieldErrors;
}

function BasicsStep({ state, set, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        label={t('reports.wizard.fields.name')}
        value={state.name}
        onValueChange={(name) => set({ name })}
        error={errors.name}
        required
        fullWidth
        maxLength={120}
        autoFocus
        testId="report-name"
      />
      <FormControl error={Boolean(errors.type)} required sx={{ mt: 2, width: '100%' }} component="fieldset">
        <FormLabel component="legend" sx={{ mb: 1 }}>
          {t('reports.wizard.fields.type')}
        </FormLabel>
        <RadioGroup
          value={state.type}
          onChange={(event) => set({ type: event.target.value as ReportType })}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1 }}
        >
          {REPORT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              value={type}
              control={
                <Radio
                  slotProps={{
                    input: {
                      'aria-describedby': `report-type-${type}-description`,
                      'data-testid': `report-type-${type}`,
                    } as object,
                  }}
                />
              }
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`reports.types.${type}`)}
                  </Typography>
                  <Typography
                    variant="caption"
                    sx={{ color: 'text.secondary', display: 'block' }}
                    id={`report-type-${type}-description`}
                  >
                    {t(`reports.typeDescriptions.${type}`)}
                  </Typography>
                </Box>
              }
              sx={{
                m: 0,
                alignItems: 'flex-start',
                border: 1,
                borderColor: state.type === type ? 'primary.main' : 'divider',
                borderRadius: 1,
                px: 1,
                py: 0.5,
                '& .MuiRadio-root': { mt: 0.25 },
              }}
            />
          ))}
        </RadioGroup>
        {errors.type ? <FormHelperText data-testid="report-type-error">{errors.type}</FormHelperText> : null}
      </FormControl>
    </>
  );
}

function ScopeStep({
  state,
  set,
  errors,
  options,
  loading,
  known,
}: StepProps & {
  options:
    | {
        campaigns: { id: number; name: string; enabled: boolean }[];
        agents: { id: number; name: string; enabled: boolean }[];
        selfOnly: boolean;
      }
    | undefined;
  loading: boolean;
  known?: KnownNames;
}) {
  const { t } = useTranslation();
  const campaigns = options?.campaigns ?? [];
  const agents = options?.agents ?? [];
  const noCampaign = state.campaigns.length === 0;
  const enabledIds = (list: { id: number; enabled: boolean }[]) =>
    new Set(list.filter((item) => item.enabled).map((item) => item.id));
  return (
    <>
      {options?.selfOnly ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="report-self-only">
          {t('reports.wizard.help.selfOnly')}
        </Alert>
      ) : null}
      {loading ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
          {t('reports.wizard.optionsLoading')}
        </Typography>
      ) : null}
      <OptionMultiSelect
        label={t('reports.wizard.fields.campaigns')}
        value={state.campaigns}
        options={campaigns}
        known={known?.campaigns}
        onChange={(ids) => set({ campaigns: ids })}
        error={errors.campaigns}
        disabledLabel={(name) => t('reports.wizard.disabledCampaign', { name })}
        required
        testId="report-campaigns"
      />
      <FormControlLabel
        label={t('reports.wizard.fields.includeCampaigns')}
        control={
          <Checkbox
            checked={state.includeCampaigns}
            onChange={(event) => {
              const include = event.target.checked;
              // Without disabled campaigns, the disabled ones chosen leave the selection.
              const keep = enabledIds(campaigns);
              set({
                includeCampaigns: include,
                campaigns: include
                  ? state.campaigns
                  : state.campaigns.filter((id) => keep.has(id) || !campaigns.some((item) => item.id === id)),
              });
            }}
            slotProps={{ input: { 'data-testid': 'report-include-campaigns' } as object }}
          />
        }
      />
      {options?.selfOnly ? null : (
        <>
          <OptionMultiSelect
            label={t('reports.wizard.fields.agents')}
            value={state.agents}
            options={agents}
            known={known?.agents}
            onChange={(ids) => set({ agents: ids })}
            error={listError(errors, 'agents')}
            helperText={noCampaign ? t('reports.wizard.help.selectCampaign') : t('reports.wizard.help.allAgents')}
            disabled={noCampaign}
            disabledLabel={(name) => t('reports.wizard.disabledAgent', { name })}
            testId="report-agents"
          />
          <FormControlLabel
            label={t('reports.wizard.fields.includeAgents')}
            disabled={noCampaign}
            control={
              <Checkbox
                checked={state.includeAgents}
                onChange={(event) => {
                  const include = event.target.checked;
                  const keep = enabledIds(agents);
                  set({
                    includeAgents: include,
                    agents: include ? state.agents : state.agents.filter((id) => keep.has(id)),
                  });
                }}
                slotProps={{ input: { 'data-testid': 'report-include-agents' } as object }}
              />
            }
          />
        </>
      )}
    </>
  );
}

/** A select of a few fixed values (test id on the element that opens it, options `<testId>-option-<value>`). */
function SelectField<V extends string | number>({
  label,
  value,
  values,
  labelOf,
  onChange,
  error,
  helperText,
  testId,
}: {
  label: string;
  value: V;
  values: readonly V[];
  labelOf: (value: V) => string;
  onChange: (value: V) => void;
  error?: string;
  helperText?: ReactNode;
  testId: string;
}) {
  return (
    <TextField
      select
      margin="dense"
      fullWidth
      label={label}
      value={value}
      onChange={(event) => {
        const raw = event.target.value;
        onChange((typeof value === 'number' ? Number(raw) : raw) as V);
      }}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {values.map((item) => (
        <MenuItem key={item} value={item} data-testid={`${testId}-option-${item}`}>
          {labelOf(item)}
        </MenuItem>
      ))}
    </TextField>
  );
}

const GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

function PeriodStep({
  state,
  set,
  setState,
  errors,
  timeZone,
  locked,
}: StepProps & {
  setState: (update: (current: WizardState) => WizardState) => void;
  timeZone: string;
  /** Editing a programmed report: it stays programmed. */
  locked: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const presets: readonly DatePreset[] = state.programmed ? PROGRAMMED_PRESETS : DATE_PRESETS;
  return (
    <>
      {timeZone ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }} data-testid="report-time-zone">
          {t('reports.wizard.help.timeZone', { timeZone })}
        </Typography>
      ) : null}
      <FormControlLabel
        label={t('reports.wizard.fields.programmed')}
        disabled={locked}
        control={
          <Switch
            checked={state.programmed}
            onChange={(event) => setState((current) => setProgrammed(current, event.target.checked))}
            slotProps={{ input: { 'data-testid': 'report-programmed' } as object }}
          />
        }
      />
      <SelectField
        label={t('reports.wizard.fields.preset')}
        value={state.preset}
        values={presets}
        labelOf={(preset) => t(presetKey(preset))}
        onChange={(preset) => set({ preset })}
        error={errors.preset}
        helperText={state.programmed ? t('reports.wizard.help.programmed') : undefined}
        testId="report-preset"
      />
      {state.preset === 'custom' && !state.programmed ? (
        <Box sx={GRID}>
          <DateTimeField
            kind="date"
            label={t('reports.wizard.fields.sinceDate')}
            value={state.sinceDate}
            onValueChange={(sinceDate) => set({ sinceDate })}
            error={errors.sinceDate}
            required
            fullWidth
            testId="report-since-date"
          />
          <DateTimeField
            kind="time"
            label={t('reports.wizard.fields.sinceTime')}
            value={state.sinceTime}
            onValueChange={(sinceTime) => set({ sinceTime })}
            error={errors.sinceTime}
            fullWidth
            testId="report-since-time"
          />
          <DateTimeField
            kind="date"
            label={t('reports.wizard.fields.untilDate')}
            value={state.untilDate}
            onValueChange={(untilDate) => set({ untilDate })}
            error={errors.untilDate}
            helperText={t('reports.wizard.help.untilExcluded')}
            required
            fullWidth
            testId="report-until-date"
          />
          <DateTimeField
            kind="time"
            label={t('reports.wizard.fields.untilTime')}
            value={state.untilTime}
            onValueChange={(untilTime) => set({ untilTime })}
            error={errors.untilTime}
            fullWidth
            testId="report-until-time"
          />
        </Box>
      ) : null}
      {state.programmed ? (
        <>
          <Box sx={GRID}>
            <SelectField
              label={t('reports.wizard.fields.periodicity')}
              value={state.periodicity}
              values={REPORT_PERIODICITIES}
              labelOf={(periodicity) => t(`reports.periodicities.${periodicity}`)}
              onChange={(periodicity) => setState((current) => setPeriodicity(current, periodicity))}
              error={errors.periodicity}
              testId="report-periodicity"
            />
            {state.periodicity === 'weekly' ? (
              <SelectField
                label={t('reports.wizard.fields.weekday')}
                value={state.weekday}
                values={WEEKDAYS_FROM_MONDAY}
                labelOf={(day) => weekdayName(day, locale)}
                onChange={(weekday) => set({ weekday })}
                error={errors.weekday}
                testId="report-weekday"
              />
            ) : null}
            {state.periodicity === 'monthly' ? (
              <SelectField
                label={t('reports.wizard.fields.monthDay')}
                value={state.monthDay}
                values={MONTH_DAYS}
                labelOf={String}
                onChange={(monthDay) => set({ monthDay })}
                error={errors.monthDay}
                helperText={state.monthDay > 28 ? t('reports.wizard.help.monthDay') : undefined}
                testId="report-month-day"
              />
            ) : null}
            <SelectField
              label={t('reports.wizard.fields.hour')}
              value={state.hour}
              values={HOURS}
              labelOf={hourLabel}
              onChange={(hour) => set({ hour })}
              error={errors.hour}
              testId="report-hour"
            />
          </Box>
          <Alert severity="info" icon={false} sx={{ my: 1 }} data-testid="report-schedule-preview">
            {describeSchedule(state, t, locale)}
            {timeZone ? ` · ${timeZone}` : ''}
          </Alert>
          <RecipientsField
            label={t('reports.wizard.fields.recipients')}
            value={state.recipients}
            onChange={(recipients) => set({ recipients })}
            error={listError(errors, 'recipients')}
            helperText={t('reports.wizard.help.recipients')}
            testId="report-recipients"
          />
          <FormControlLabel
            label={t('reports.wizard.fields.enabled')}
            control={
              <Switch
                checked={state.enabled}
                onChange={(event) => set({ enabled: event.target.checked })}
                slotProps={{ input: { 'data-testid': 'report-enabled' } as object }}
              />
            }
          />
        </>
      ) : null}
    </>
  );
}

interface Names {
  campaigns: Map<number, string>;
  agents: Map<number, string>;
}

function namesOf(
  options: { campaigns: { id: number; name: string }[]; agents: { id: number; name: string }[] } | undefined,
  known: KnownNames | undefined,
): Names {
  const campaigns = new Map(known?.campaigns);
  const agents = new Map(known?.agents);
  for (const item of options?.campaigns ?? []) campaigns.set(item.id, item.name);
  for (const item of options?.agents ?? []) agents.set(item.id, item.name);
  return { campaigns, agents };
}

function SummaryStep({
  state,
  names,
  selfOnly,
  timeZone,
}: {
  state: WizardState;
  names: Names;
  selfOnly: boolean;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const list = (ids: number[], map: Map<number, string>) => ids.map((id) => map.get(id) ?? `#${id}`).join(', ');
  const yesNo = (value: boolean) => (value ? t('reports.wizard.summary.yes') : t('reports.wizard.summary.no'));
  const period =
    state.preset === 'custom' && !state.programmed
      ? `${state.sinceDate} ${state.sinceTime} – ${state.untilDate} ${state.untilTime}`
      : t(presetKey(state.preset));
  const rows = [
    { label: t('reports.wizard.fields.name'), value: state.name.trim(), testId: 'report-summary-name' },
    {
      label: t('reports.wizard.fields.type'),
      value: state.type ? t(`reports.types.${state.type}`) : '',
      testId: 'report-summary-type',
    },
    {
      label: t('reports.wizard.fields.campaigns'),
      value: list(state.campaigns, names.campaigns),
      testId: 'report-summary-campaigns',
    },
    {
      label: t('reports.wizard.fields.agents'),
      value: selfOnly
        ? t('reports.wizard.summary.selfOnly')
        : state.agents.length > 0
          ? list(state.agents, names.agents)
          : t('reports.wizard.summary.allAgents'),
      testId: 'report-summary-agents',
    },
    {
      label: t('reports.wizard.summary.includeDisabled'),
      value: `${t('reports.wizard.fields.campaigns')}: ${yesNo(state.includeCampaigns)} · ${t('reports.wizard.fields.agents')}: ${yesNo(state.includeAgents)}`,
    },
    {
      label: t('reports.wizard.fields.preset'),
      value: timeZone ? `${period} (${timeZone})` : period,
      testId: 'report-summary-period',
    },
    ...(state.programmed
      ? [
          {
            label: t('reports.wizard.summary.schedule'),
            value: describeSchedule(state, t, locale),
            testId: 'report-summary-schedule',
          },
          {
            label: t('reports.wizard.fields.recipients'),
            value: state.recipients.length > 0 ? state.recipients.join(', ') : t('reports.noRecipients'),
            testId: 'report-summary-recipients',
          },
          { label: t('reports.wizard.fields.enabled'), value: yesNo(state.enabled) },
        ]
      : []),
  ];
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('reports.wizard.summary.title')}
      </Typography>
      <DetailList rows={rows} />
    </>
  );
}
