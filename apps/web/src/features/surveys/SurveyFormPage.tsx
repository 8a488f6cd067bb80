import './i18n';
import {
  SURVEY_EXPIRATION_FROM,
  SURVEY_RESPONSE_TYPES,
  type Survey,
  type SurveyExpirationFrom,
  type SurveyInput,
  type SurveyResponseType,
  surveyBodySchema,
} from '@atiende/contracts';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { CopyField } from '../../ui/CopyField';
import { FormField, SwitchField } from '../../ui/FormField';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { parseId } from '../../ui/params';
import { FORM_GRID, Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { useSaveSurvey, useSurvey } from './api';
import { changedKeys, emptySurveyForm, formToBody, type SurveyFormState, surveyToForm } from './model';
import { QuestionsEditor } from './QuestionsEditor';

/** A disabled field's help text in the normal secondary colour, not MUI's disabled grey. */
const READABLE_HELP = { '&.Mui-disabled': { color: 'text.secondary' } } as const;

const numberText = (value: number) => (Number.isFinite(value) ? String(value) : '');
const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** A key used by an earlier question: the later ones are marked on their own key field. */
export function duplicateKeyRules(body: SurveyInput, message: string): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  body.questions.forEach((question, index) => {
    if (seen.has(question.key)) errors[`questions.${index}.key`] = message;
    seen.add(question.key);
  });
  return errors;
}

/** The general link (anyone with it may answer) and the campaigns that send the survey when a ticket closes. */
function SurveyLinks({ survey, justSaved }: { survey: Survey; justSaved: boolean }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  return (
    <Section
      title={t('surveys.form.linkTitle')}
      testId="survey-links-section"
      action={
        can('ver-encuesta') ? (
          <Button
            size="small"
            component={RouterLink}
            to={`/app/surveys/${survey.id}/dashboard`}
            startIcon={<InsightsOutlinedIcon />}
            data-testid="survey-open-dashboard"
          >
            {t('surveys.dashboard.open')}
          </Button>
        ) : null
      }
    >
      {justSaved ? (
        <Alert severity="success" sx={{ mb: 1 }} data-testid="survey-saved-alert">
          {t('surveys.form.savedShare')}
        </Alert>
      ) : null}
      <CopyField
        label={t('surveys.form.publicUrl')}
        value={survey.publicUrl}
        testId="survey-public-url"
        helperText={t('surveys.form.publicUrlHelp')}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('surveys.form.campaigns')}
        </Typography>
        {survey.campaigns.length === 0 ? (
          <Typography variant="body2" data-testid="survey-campaigns">
            {t('surveys.form.noCampaigns')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} data-testid="survey-campaigns">
            {survey.campaigns.map((campaign) => (
              <Chip key={campaign.id} size="small" label={campaign.name} />
            ))}
          </Box>
        )}
      </Box>
    </Section>
  );
}

export function SurveyForm({ survey, justSaved }: { survey: Survey | null; justSaved: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const save = useSaveSurvey();
  const [state, setState] = useState<SurveyFormState>(() => (survey ? surveyToForm(survey) : emptySurveyForm()));
  const [saved, setSaved] = useState(justSaved);
  const body = useMemo(() => formToBody(state), [state]);
  const form = useFormErrors({
    values: body,
    schema: surveyBodySchema,
    rules: (values) => duplicateKeyRules(values, t('surveys.duplicateKey')),
  });
  const { errors } = form;
  const renamed = changedKeys(state.questions);

  const set =
    <K extends keyof SurveyFormState>(field: K) =>
    (value: SurveyFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = surveyBodySchema.safeParse(body);
    if (!form.check() || !parsed.success) {
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    save.mutate(
      { id: survey?.id ?? null, body: parsed.data },
      {
        onSuccess: (result) => {
          feedback.success(t('surveys.form.saved'));
          if (!survey) {
            navigate(`/app/surveys/${result.id}/edit`, { replace: true, state: { saved: true } });
            return;
          }
          // The saved keys are the questions' keys from now on.
          setState(surveyToForm(result));
          setSaved(true);
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="survey-form">
      {survey ? <SurveyLinks survey={survey} justSaved={saved} /> : null}
      <Section title={t('surveys.form.general')}>
        <FormField
          fullWidth
          required
          label={t('surveys.fields.name')}
          value={state.name}
          onValueChange={set('name')}
          error={errors.name}
          maxLength={120}
          testId="survey-name"
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        <FormField
          fullWidth
          multiline
          minRows={2}
          label={t('surveys.fields.description')}
          value={state.description}
          onValueChange={set('description')}
          error={errors.description}
          helperText={t('surveys.help.description')}
          maxLength={2000}
          testId="survey-description"
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        <FormField
          fullWidth
          multiline
          minRows={2}
          label={t('surveys.fields.confirmationMessage')}
          value={state.confirmationMessage}
          onValueChange={set('confirmationMessage')}
          error={errors.confirmationMessage}
          helperText={t('surveys.help.confirmationMessage')}
          maxLength={1000}
          testId="survey-confirmation"
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        <SwitchField
          label={t('surveys.fields.enabled')}
          checked={state.enabled}
          onChange={set('enabled')}
          testId="survey-enabled"
        />
      </Section>
      <Section title={t('surveys.form.appearance')}>
        <Box sx={FORM_GRID}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box
              component="input"
              type="color"
              value={/^#[0-9a-fA-F]{6}$/.test(state.primaryColor) ? state.primaryColor.toLowerCase() : '#1565c0'}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => set('primaryColor')(event.target.value)}
              aria-label={t('surveys.fields.primaryColorPicker')}
              data-testid="survey-color-picker"
              sx={{
                width: 48,
                height: 40,
                mt: 1,
                p: 0.25,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'background.paper',
                cursor: 'pointer',
                flexShrink: 0,
              }}
            />
            <FormField
              fullWidth
              label={t('surveys.fields.primaryColor')}
              value={state.primaryColor}
              onValueChange={set('primaryColor')}
              error={errors.primaryColor}
              helperText={t('surveys.help.primaryColor')}
              maxLength={7}
              testId="survey-color"
              slotProps={{ htmlInput: { dir: 'ltr', style: { fontFamily: 'monospace' } } }}
            />
          </Box>
          <Box>
            <SwitchField
              label={t('surveys.fields.displayBusinessLogo')}
              checked={state.displayBusinessLogo}
              onChange={set('displayBusinessLogo')}
              testId="survey-logo"
            />
            <FormField
              type="number"
              fullWidth
              label={t('surveys.fields.businessLogoHeight')}
              value={numberText(state.businessLogoHeight)}
              onValueChange={(value) => set('businessLogoHeight')(toNumber(value))}
              disabled={!state.displayBusinessLogo}
              error={errors.businessLogoHeight}
              helperText={t('surveys.help.businessLogoHeight')}
              testId="survey-logo-height"
              slotProps={{ htmlInput: { min: 16, max: 200 }, formHelperText: { sx: READABLE_HELP } }}
            />
          </Box>
        </Box>
      </Section>
      <Section title={t('surveys.form.answers')}>
        <FormControl component="fieldset" sx={{ mb: 1 }}>
          <FormLabel component="legend">{t('surveys.fields.responseType')}</FormLabel>
          <RadioGroup
            value={state.responseType}
            onChange={(event) => set('responseType')(event.target.value as SurveyResponseType)}
          >
            {SURVEY_RESPONSE_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                value={type}
                control={
                  <Radio
                    size="small"
                    slotProps={{ input: { 'data-testid': `survey-response-type-${type}` } as object }}
                  />
                }
                sx={{ alignItems: 'flex-start', my: 0.5 }}
                label={
                  <Box sx={{ pt: 0.75 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t(`surveys.responseTypes.${type}.label`)}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t(`surveys.responseTypes.${type}.help`)}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Box sx={FORM_GRID}>
          <FormField
            type="number"
            label={t('surveys.fields.expirationDays')}
            value={numberText(state.expirationDays)}
            onValueChange={(value) => set('expirationDays')(toNumber(value))}
            error={errors.expirationDays}
            helperText={t('surveys.help.expirationDays')}
            testId="survey-expiration-days"
            slotProps={{ htmlInput: { min: 0, max: 3650 } }}
          />
          <TextField
            select
            margin="dense"
            label={t('surveys.fields.expirationFrom')}
            value={state.expirationFrom}
            disabled={state.expirationDays === 0}
            onChange={(event) => set('expirationFrom')(event.target.value as SurveyExpirationFrom)}
            helperText={t('surveys.help.expirationFrom')}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'survey-expiration-from' } as object },
              // The help says why it is off: it stays readable (MUI greys a disabled field's help below contrast).
              formHelperText: { sx: READABLE_HELP },
            }}
          >
            {SURVEY_EXPIRATION_FROM.map((from) => (
              <MenuItem key={from} value={from} data-testid={`survey-expiration-from-option-${from}`}>
                {t(`surveys.expirationFrom.${from}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Section>
      <Section title={t('surveys.form.questions', { count: state.questions.length })}>
        {renamed.length > 0 ? (
          <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="survey-keys-changed">
            {t('surveys.form.keysChanged', { keys: renamed.map((item) => `${item.from} → ${item.to}`).join(', ') })}
          </Alert>
        ) : null}
        <QuestionsEditor
          questions={state.questions}
          onChange={set('questions')}
          errors={errors}
          color={state.primaryColor}
        />
      </Section>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        <Button component={RouterLink} to="/app/surveys" data-testid="survey-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={save.isPending}
          data-testid="survey-save"
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /app/surveys/add and /app/surveys/:id/edit. */
export function SurveyFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const survey = useSurvey(id);
  const gate = useEditGate(mode, id, survey, 'survey-not-found', t('surveys.form.notFound'));
  if (gate) return gate;
  const data = survey.data ?? null;
  const justSaved = (location.state as { saved?: boolean } | null)?.saved === true;
  return (
    <PageContainer maxWidth={1200}>
      <PageHeader
        title={data ? t('surveys.form.editTitle', { name: data.name }) : t('surveys.add')}
        subtitle={t('surveys.form.subtitle')}
        backTo="/app/surveys"
      />
      <SurveyForm key={data?.id ?? 'new'} survey={data} justSaved={justSaved} />
    </PageContainer>
  );
}
