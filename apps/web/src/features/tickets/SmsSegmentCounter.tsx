import { smsSegments } from '@atiende/contracts';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * How many SMS the reply will cost, under an SMS conversation's reply box: the segments, the characters used of
 * what they hold, and the encoding — an accent outside GSM-7 or an emoji switches the whole text to UCS-2, which
 * holds 70 characters a message instead of 160, so that is said too.
 */
export function SmsSegmentCounter({ text }: { text: string }) {
  const { t } = useTranslation();
  const count = smsSegments(text);
  const capacity = Math.max(count.segments, 1) * count.perSegment;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      data-testid="reply-sms-segments"
      data-segments={count.segments}
      data-encoding={count.encoding}
      aria-live="polite"
      sx={{ display: 'block', textAlign: 'end', mt: 0.5 }}
    >
      {t('tickets.reply.smsSegments', {
        count: count.segments,
        units: count.units,
        capacity,
        encoding: count.encoding,
      })}
      {count.encoding === 'UCS-2' ? ` ${t('tickets.reply.smsUnicode')}` : null}
    </Typography>
  );
}
