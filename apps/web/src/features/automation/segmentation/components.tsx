import type { Segmentation } from '@atiende/contracts';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';

/** When a segmentation runs, in words: its event, or every N hours from its start. */
export function SegmentationWhen({ segmentation }: { segmentation: Segmentation }) {
  const { t, i18n } = useTranslation();
  if (segmentation.kind === 'trigger') {
    return (
      <>
        <Typography variant="body2">
          {t(`automation.segmentation.triggers.${segmentation.triggerWhen ?? 'ticketUpdated'}`)}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('automation.segmentation.kinds.trigger')}
        </Typography>
      </>
    );
  }
  return (
    <>
      <Typography variant="body2">
        {t('automation.segmentation.list.every', {
          count: segmentation.frequencyHours ?? 0,
          start: formatDateTime(segmentation.startTime, i18n.language) || '—',
        })}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('automation.segmentation.kinds.automation')}
      </Typography>
    </>
  );
}
