import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Enabled / disabled, the same chip in every list. */
export function EnabledChip({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={enabled ? 'success' : 'default'}
      variant={enabled ? 'filled' : 'outlined'}
      label={enabled ? t('common.enabled') : t('common.disabled')}
    />
  );
}
