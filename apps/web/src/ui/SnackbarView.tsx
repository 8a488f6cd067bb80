import { LIMITS } from '@atiende/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import type { SnackbarMessage } from './SnackbarProvider';

/** The snackbar itself (top-center, 3 s, closed by its button, never by clicking away); loaded with the first one. */
export function SnackbarView({
  current,
  open,
  onClose,
}: {
  current: SnackbarMessage | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    onClose();
  };
  return (
    <Snackbar
      key={current?.key}
      open={open && current !== null}
      autoHideDuration={LIMITS.snackbarAutoHideMs}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        data-testid="snackbar"
        data-variant={current?.variant}
        severity={current?.variant ?? 'info'}
        variant="filled"
        sx={{ minWidth: 280, maxWidth: 560 }}
        action={
          <IconButton
            size="small"
            color="inherit"
            aria-label={t('common.close')}
            data-testid="snackbar-close"
            onClick={onClose}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        {current?.message}
      </Alert>
    </Snackbar>
  );
}
