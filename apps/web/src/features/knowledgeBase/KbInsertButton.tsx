import MenuBookIcon from '@mui/icons-material/MenuBook';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/queries';
import { lazyNamed, MountWhenOpened } from '../../ui/lazy';
import { Tooltip } from '../../ui/Tooltip';

// The dialog (its texts, the search and the highlights) loads when first opened: the ticket view stays light.
const KbInsertDialog = lazyNamed(() => import('./KbInsertDialog'), 'KbInsertDialog');

/**
 * The reply composer's knowledge-base button (for users who may read articles): opens a search whose hits insert an
 * article's public link or its text through `onInsert`.
 */
export function KbInsertButton({ onInsert, disabled }: { onInsert: (text: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!can('knowledgebase-ver-articulo')) return null;
  // The app's own label of the module (its texts load with the dialog).
  const label = t('menu.items.knowledgeBase');
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            onClick={() => setOpen(true)}
            disabled={disabled}
            aria-label={label}
            aria-haspopup="dialog"
            data-testid="kb-insert-open"
          >
            <MenuBookIcon />
          </IconButton>
        </span>
      </Tooltip>
      <MountWhenOpened when={open}>
        <KbInsertDialog
          open={open}
          onClose={() => setOpen(false)}
          onInsert={(text) => {
            onInsert(text);
            setOpen(false);
          }}
        />
      </MountWhenOpened>
    </>
  );
}
