import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useTranslation } from 'react-i18next';
import './i18n';
import { SoftphoneView } from './SoftphoneView';
import { softphone, useSoftphone } from './softphone';

/**
 * The softphone panel, under the header's phone button (Popper flips its placement in right-to-left layouts). It is
 * not modal: the agent keeps working on the ticket during a call. Escape or the close button close it.
 */
export function SoftphonePanel({
  anchor,
  open,
  extension,
}: {
  anchor: HTMLElement | null;
  open: boolean;
  extension: string;
}) {
  const { t } = useTranslation();
  const state = useSoftphone();
  return (
    <Popper
      open={open && anchor !== null}
      anchorEl={anchor}
      placement="bottom-end"
      modifiers={[{ name: 'offset', options: { offset: [0, 8] } }]}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
    >
      <Paper
        elevation={8}
        role="dialog"
        aria-label={t('softphone.title')}
        data-testid="softphone-panel"
        sx={{
          width: 340,
          maxWidth: 'calc(100vw - 16px)',
          maxHeight: 'calc(100vh - 80px)',
          overflowY: 'auto',
          p: 2,
        }}
      >
        <SoftphoneView state={state} actions={softphone} extension={extension} />
      </Paper>
    </Popper>
  );
}
