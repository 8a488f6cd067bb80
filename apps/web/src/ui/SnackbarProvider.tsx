import { type ComponentType, createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { lazyNamed, MountWhenOpened } from './lazy';

export type SnackbarVariant = 'success' | 'warning' | 'error' | 'info';

export interface SnackbarMessage {
  key: number;
  message: string;
  variant: SnackbarVariant;
}

type Notify = (message: string, variant?: SnackbarVariant) => void;

const SnackbarContext = createContext<Notify>(() => {});

// The snackbar's code (Snackbar, Alert) loads with the first message, not with the first page.
const SnackbarView = lazyNamed(() => import('./SnackbarView'), 'SnackbarView');

const Unframed = ({ children }: { children: ReactNode }) => children;

/**
 * One snackbar at a time, top-center, 3 s; closed by its button, never by clicking away. `frame` surrounds the
 * snackbar (the app gives MUI's theme, which the sign-in pages do not load).
 */
export function SnackbarProvider({
  children,
  frame: Frame = Unframed,
}: {
  children: ReactNode;
  frame?: ComponentType<{ children: ReactNode }>;
}) {
  const [current, setCurrent] = useState<SnackbarMessage | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((message, variant = 'success') => {
    setCurrent({ key: Date.now() + Math.random(), message, variant });
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  return (
    <SnackbarContext.Provider value={notify}>
      {children}
      <MountWhenOpened when={current !== null}>
        <Frame>
          <SnackbarView current={current} open={open} onClose={close} />
        </Frame>
      </MountWhenOpened>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): Notify {
  return useContext(SnackbarContext);
}
