import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useApiFeedback } from './useApiFeedback';

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
  const feedback = useApiFeedback();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      feedback.success(t('common.copied'));
    } catch {
      feedback.notify(t('common.copyFailed'), 'warning');
    }
  };
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
                  onClick={copy}
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
