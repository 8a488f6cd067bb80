import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Tooltip } from './Tooltip';
import { useApiFeedback } from './useApiFeedback';

/** Copies a value to the clipboard and says whether it worked (copying can be refused by the browser). */
export function useCopyToClipboard(messages?: { copied: string; failed: string }): (value: string) => Promise<void> {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  return async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      feedback.success(messages?.copied ?? t('common.copied'));
    } catch {
      feedback.notify(messages?.failed ?? t('common.copyFailed'), 'warning');
    }
  };
}

/** A read-only value to paste elsewhere (a secret shown once, a webhook URL), with a copy button. Always LTR. */
export function CopyField({
  label,
  value,
  testId,
  helperText,
}: {
  label: string;
  value: string;
  testId: string;
  helperText?: string;
}) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard();
  return (
    <TextField
      margin="dense"
      fullWidth
      label={label}
      value={value}
      helperText={helperText}
      slotProps={{
        htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': testId, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('common.copy')}>
                <IconButton
                  aria-label={`${t('common.copy')}: ${label}`}
                  onClick={() => void copy(value)}
                  edge="end"
                  data-testid={`${testId}-copy`}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
