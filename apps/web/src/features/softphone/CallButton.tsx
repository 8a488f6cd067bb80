import CallIcon from '@mui/icons-material/Call';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { normalizeDialNumber } from './bridge';
import { softphone, useSoftphone } from './softphone';

/** The number a phone contact is called at: its area code before it, unless it is international (+). */
export function dialableNumber(value: string, areaCode?: string | null): string {
  const number = normalizeDialNumber(value);
  return number.startsWith('+') ? number : `${normalizeDialNumber(areaCode ?? '')}${number}`;
}

/**
 * A small "call" button beside a customer's phone number (ticket view): opens the softphone panel and dials it.
 * Part of the softphone's lazy code (features load it with `lazyNamed(() => import('../softphone/SoftphoneLauncher'),
 * 'SoftphoneCallButton')` when the business has WebRTC and the user an extension); shows only while the softphone
 * runs and for a number it can dial.
 */
export function SoftphoneCallButton({ value, areaCode }: { value: string; areaCode?: string | null }) {
  const { t } = useTranslation();
  const { availability } = useSoftphone();
  const number = dialableNumber(value, areaCode);
  if (availability !== 'ready' || !/^\+?[0-9*#]{1,32}$/.test(number)) return null;
  const label = t('softphone.callNumber', { number });
  return (
    <IconButton
      size="small"
      color="success"
      aria-label={label}
      title={label}
      onClick={() => void softphone.dial(number, { openPanel: true })}
      data-testid="softphone-dial-contact"
      sx={{ p: 0.25, mx: 0.5, verticalAlign: 'middle' }}
    >
      <CallIcon fontSize="inherit" />
    </IconButton>
  );
}
