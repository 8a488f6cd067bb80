import { type CampaignConfig, DISTRIBUTION_ALGORITHMS, TICKET_COMBINATIONS } from '@atiende/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../app/queries';
import { FormField, SwitchField } from '../../../ui/FormField';
import { IdMultiSelect } from '../../../ui/IdMultiSelect';
import { FORM_GRID, Section } from '../../../ui/Section';
import { useCatalogueOptions } from '../../catalogues/api';
import { useSurveyChoices } from '../../surveys/api';
import { CONFIG_NUMBERS, CONFIG_SWITCHES } from '../model';
import { Hint, numberText, type TabProps } from './shared';

export function ConfigurationPanel({ state, set, errors }: TabProps) {
  const { t } = useTranslation();
  const skills = useCatalogueOptions('skill');
  const { can } = usePermissions();
  // Only those who may list surveys get the choices; the others still see (and may clear) the chosen one.
  const surveys = useSurveyChoices(can('ver-lista-encuestas'));
  const config = state.config;
  // The chosen survey stays listed (and named) when it was disabled since.
  const surveyChoices = surveys.data ?? [];
  const chosenMissing = config.surveyId !== null && !surveyChoices.some((survey) => survey.id === config.surveyId);
  const patch = (values: Partial<CampaignConfig>) =>
    set((current) => ({ ...current, config: { ...current.config, ...values } }));
  const err = (key: keyof CampaignConfig) => errors[`config.${key}`];
  const number = (key: keyof CampaignConfig, disabled = false) => (
    <FormField
      key={key}
      type="number"
      label={t(`campaigns.config.${key}`)}
      value={numberText(config[key] as number)}
      disabled={disabled}
      onValueChange={(value) => patch({ [key]: value === '' ? Number.NaN : Number(value) })}
      error={err(key)}
      helperText={t(`campaigns.configHelp.${key}`)}
      testId={`campaign-config-${key}`}
    />
  );
  const toggle = (key: keyof CampaignConfig) => (
    <Box key={key} sx={{ py: 0.5 }}>
      <SwitchField
        label={t(`campaigns.config.${key}`)}
        checked={config[key] === true}
        onChange={(value) => patch({ [key]: value })}
        testId={`campaign-config-${key}`}
      />
      <Typography
        variant="caption"
        component="p"
        sx={{ color: err(key) ? 'error.main' : 'text.secondary', ms: 6.5, mt: -0.5 }}
      >
        {err(key) ?? t(`campaigns.configHelp.${key}`)}
      </Typography>
    </Box>
  );
  return (
    <Box>
      <Section title={t('campaigns.configSections.service')}>
        <Box sx={FORM_GRID}>{CONFIG_NUMBERS.map((key) => number(key))}</Box>
      </Section>
      <Section title={t('campaigns.configSections.assignment')}>
        <Box sx={FORM_GRID}>
          <TextField
            select
            margin="dense"
            label={t('campaigns.config.distribution')}
            value={config.distribution}
            onChange={(event) => patch({ distribution: event.target.value as CampaignConfig['distribution'] })}
            error={Boolean(err('distribution'))}
            helperText={err('distribution') ?? t('campaigns.configHelp.distribution')}
            slotProps={{ htmlInput: { 'data-testid': 'campaign-config-distribution' } }}
          >
            {DISTRIBUTION_ALGORITHMS.map((algorithm) => (
              <MenuItem key={algorithm} value={algorithm}>
                {t(`campaigns.distributions.${algorithm}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            margin="dense"
            label={t('campaigns.config.ticketCombination')}
            value={config.ticketCombination}
            onChange={(event) =>
              patch({ ticketCombination: event.target.value as CampaignConfig['ticketCombination'] })
            }
            error={Boolean(err('ticketCombination'))}
            helperText={err('ticketCombination') ?? t('campaigns.configHelp.ticketCombination')}
            slotProps={{ htmlInput: { 'data-testid': 'campaign-config-ticketCombination' } }}
          >
            {TICKET_COMBINATIONS.map((combination) => (
              <MenuItem key={combination} value={combination}>
                {t(`campaigns.combinations.${combination}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <IdMultiSelect
          label={t('campaigns.config.requiredSkillIds')}
          value={config.requiredSkillIds}
          options={(skills.data?.data ?? []).map((skill) => ({ id: skill.id, label: skill.name }))}
          onChange={(requiredSkillIds) => patch({ requiredSkillIds })}
          error={err('requiredSkillIds')}
          testId="campaign-config-requiredSkillIds"
        />
        <Hint>{t('campaigns.configHelp.requiredSkillIds')}</Hint>
        {toggle('autoAssign')}
        {toggle('preferCustomerOwner')}
      </Section>
      <Section title={t('campaigns.configSections.tickets')}>
        {CONFIG_SWITCHES.filter((key) => key !== 'autoAssign' && key !== 'preferCustomerOwner').map((key) =>
          toggle(key),
        )}
        <FormField
          multiline
          minRows={2}
          fullWidth
          label={t('campaigns.config.closeMessage')}
          value={config.closeMessage}
          onValueChange={(closeMessage) => patch({ closeMessage })}
          error={err('closeMessage')}
          helperText={t('campaigns.configHelp.closeMessage')}
          maxLength={1000}
          testId="campaign-config-closeMessage"
        />
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('campaigns.config.surveyId')}
          value={config.surveyId ?? ''}
          onChange={(event) => patch({ surveyId: event.target.value === '' ? null : Number(event.target.value) })}
          error={Boolean(err('surveyId'))}
          helperText={
            err('surveyId') ??
            (surveys.isError ? t('campaigns.surveyChoicesFailed') : t('campaigns.configHelp.surveyId'))
          }
          slotProps={{
            inputLabel: { shrink: true },
            select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'campaign-survey-select' } as object },
          }}
        >
          <MenuItem value="" data-testid="campaign-survey-option-none">
            {t('campaigns.surveyNone')}
          </MenuItem>
          {surveyChoices.map((survey) => (
            <MenuItem key={survey.id} value={survey.id} data-testid={`campaign-survey-option-${survey.id}`}>
              {survey.name}
            </MenuItem>
          ))}
          {chosenMissing ? (
            <MenuItem value={config.surveyId ?? ''} data-testid={`campaign-survey-option-${config.surveyId}`}>
              {t('campaigns.surveyUnavailable', { id: config.surveyId })}
            </MenuItem>
          ) : null}
        </TextField>
        {config.surveyId !== null ? (
          <FormField
            multiline
            minRows={2}
            fullWidth
            label={t('campaigns.config.surveyMessage')}
            value={config.surveyMessage}
            onValueChange={(surveyMessage) => patch({ surveyMessage })}
            error={err('surveyMessage')}
            helperText={t('campaigns.configHelp.surveyMessage', { interpolation: { skipOnVariables: true } })}
            maxLength={1000}
            testId="campaign-config-surveyMessage"
          />
        ) : null}
      </Section>
      <Section title={t('campaigns.configSections.softphone')}>
        {toggle('softphoneAutoAnswer')}
        <Box sx={FORM_GRID}>{number('softphoneAutoAnswerTimeMs', !config.softphoneAutoAnswer)}</Box>
      </Section>
    </Box>
  );
}
