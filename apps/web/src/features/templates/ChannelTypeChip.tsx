import type { ChannelTypeKey } from '@atiende/contracts';
import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';

/** The channel type of a template as a chip ("any channel" when none). */
export function ChannelTypeChip({ type }: { type: ChannelTypeKey | null }) {
  const { t } = useTranslation();
  return type ? (
    <Chip
      size="small"
      variant="outlined"
      icon={<ChannelTypeIcon type={type} fontSize="small" />}
      label={t(`channelTypes.${type}`)}
    />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      icon={<AllInclusiveIcon fontSize="small" />}
      label={t('templates.anyChannel')}
    />
  );
}
