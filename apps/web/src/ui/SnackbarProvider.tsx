import { LIMITS } from '@atiende/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SnackbarVariant = 'success' | 'warning' | 'error' | 'info';

interface SnackbarMessage {
  key: number;
  message: string;
  variant: SnackbarVariant;
}

type Notify = (message: string, variant?: SnackbarVariant) => void;

const SnackbarContext = createContext<Notify>(() => {});

/** One snackbar at a time, top-center, 3 s; closed by its button, never by clicking away. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<SnackbarMessage | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((message, variant = 'success') => {
    setCurrent({ key: Date.now() + Math.random(), message, variant });
    setOpen(true);
  }, []);

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const value = useMemo(() => notify, [notify]);

  return (
    <SnackbarContext.Provider value={value}>
      {children}
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
              onClick={() => setOpen(false)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          }
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): Notify {
  return useContext(SnackbarContext);
}
