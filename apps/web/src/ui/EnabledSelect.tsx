import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export type EnabledFilter = 'all' | 'true' | 'false';

/** The list filter "enabled": all, enabled, disabled (the API's `enabled` query). */
export function EnabledSelect({
  value,
  onChange,
  testId,
  label,
}: {
  value: EnabledFilter;
  onChange: (value: EnabledFilter) => void;
  testId: string;
  /** Default "Enabled". */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      margin="none"
      fullWidth={false}
      label={label ?? t('common.enabled')}
      value={value}
      onChange={(event) => onChange(event.target.value as EnabledFilter)}
      sx={{ minWidth: 150 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="all">{t('common.all')}</MenuItem>
      <MenuItem value="true">{t('common.enabled')}</MenuItem>
      <MenuItem value="false">{t('common.disabled')}</MenuItem>
    </TextField>
  );
}
