import { CAMPAIGN_TYPES } from '@atiende/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormField, SwitchField } from '../../../ui/FormField';
import { FORM_GRID } from '../../../ui/Section';
import { useFormOptions } from '../../forms/api';
import { useColleagues } from '../api';
import type { CampaignFormState } from '../model';
import type { TabProps } from './shared';

export function CampaignTabPanel({ state, set, errors }: TabProps) {
  const { t } = useTranslation();
  const forms = useFormOptions();
  const users = useColleagues();
  const formOptions = forms.data?.data ?? [];
  // Keep the current form selectable even when it is disabled now.
  const hasCurrentForm = state.formId === null || formOptions.some((form) => form.id === state.formId);
  const patch = (values: Partial<CampaignFormState>) => set((current) => ({ ...current, ...values }));
  return (
    <Box>
      <Box sx={FORM_GRID}>
        <FormField
          name="name"
          label={t('campaigns.fields.name')}
          required
          value={state.name}
          onValueChange={(name) => patch({ name })}
          error={errors.name}
          maxLength={120}
          testId="campaign-field-name"
        />
        <TextField
          select
          margin="dense"
          label={t('campaigns.fields.type')}
          value={state.type}
          onChange={(event) => patch({ type: event.target.value as CampaignFormState['type'] })}
          error={Boolean(errors.type)}
          helperText={errors.type}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-field-type' } }}
        >
          {CAMPAIGN_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`campaignTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <FormField
        fullWidth
        multiline
        minRows={2}
        name="description"
        label={t('campaigns.fields.description')}
        value={state.description}
        onValueChange={(description) => patch({ description })}
        error={errors.description}
        maxLength={1000}
        testId="campaign-field-description"
      />
      <Box sx={FORM_GRID}>
        <TextField
          select
          margin="dense"
          label={t('campaigns.fields.formId')}
          value={state.formId ?? ''}
          onChange={(event) => patch({ formId: Number(event.target.value) || null })}
          error={Boolean(errors.formId)}
          helperText={errors.formId ?? t('campaigns.help.formId')}
          slotProps={{
            htmlInput: { 'data-testid': 'campaign-field-formId' },
            inputLabel: { shrink: true },
            select: { displayEmpty: true },
          }}
        >
          <MenuItem value="">
            <em>{t('common.none')}</em>
          </MenuItem>
          {!hasCurrentForm && state.formId !== null ? (
            <MenuItem value={state.formId}>{t('campaigns.currentForm', { id: state.formId })}</MenuItem>
          ) : null}
          {formOptions.map((form) => (
            <MenuItem key={form.id} value={form.id}>
              {form.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          margin="dense"
          label={t('campaigns.fields.responsibleUserId')}
          value={state.responsibleUserId ?? ''}
          onChange={(event) => patch({ responsibleUserId: Number(event.target.value) || null })}
          error={Boolean(errors.responsibleUserId)}
          helperText={errors.responsibleUserId}
          slotProps={{
            htmlInput: { 'data-testid': 'campaign-field-responsibleUserId' },
            inputLabel: { shrink: true },
            select: { displayEmpty: true },
          }}
        >
          <MenuItem value="">
            <em>{t('common.none')}</em>
          </MenuItem>
          {(users.data?.data ?? []).map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {user.nombre}
            </MenuItem>
          ))}
        </TextField>
        <FormField
          type="date"
          name="startDate"
          label={t('campaigns.fields.startDate')}
          value={state.startDate}
          onValueChange={(startDate) => patch({ startDate })}
          error={errors.startDate}
          testId="campaign-field-startDate"
        />
        <FormField
          type="date"
          name="endDate"
          label={t('campaigns.fields.endDate')}
          value={state.endDate}
          onValueChange={(endDate) => patch({ endDate })}
          error={errors.endDate}
          testId="campaign-field-endDate"
        />
      </Box>
      <SwitchField
        label={t('common.enabled')}
        checked={state.enabled}
        onChange={(enabled) => patch({ enabled })}
        testId="campaign-field-enabled"
      />
    </Box>
  );
}
