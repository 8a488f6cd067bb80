import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { IdMultiSelect } from '../../../ui/IdMultiSelect';
import { useColleagues } from '../api';
import { Hint, type TabProps } from './shared';

export function SupervisorsPanel({ state, set, errors }: TabProps) {
  const { t } = useTranslation();
  const users = useColleagues();
  return (
    <Box>
      <Hint>{t('campaigns.help.supervisors')}</Hint>
      <IdMultiSelect
        label={t('campaigns.tabs.supervisors')}
        value={state.supervisorIds}
        options={(users.data?.data ?? []).map((user) => ({ id: user.id, label: user.nombre }))}
        onChange={(supervisorIds) => set((current) => ({ ...current, supervisorIds }))}
        error={errors.supervisorIds}
        testId="campaign-supervisors"
      />
    </Box>
  );
}
