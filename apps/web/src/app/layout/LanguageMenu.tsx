import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed, MountWhenOpened } from '../../ui/lazy';

// The menu's code loads the first time it opens (the login page shows only the button).
const LanguageMenuList = lazyNamed(() => import('./LanguageMenuList'), 'LanguageMenuList');

/**
 * Language switch (Español / English); persisted in localStorage and sent as X-Locale afterwards. The button's hint
 * is the browser's own tooltip unless `withTooltip` wraps it (the header, in the app's tooltip like its other buttons,
 * ui/Tooltip.tsx): the sign-in pages, drawn without MUI, keep the browser's.
 */
export function LanguageMenu({ withTooltip }: { withTooltip?: (button: ReactElement, title: string) => ReactElement }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = (
    <IconButton
      color="inherit"
      aria-label={t('header.language')}
      aria-haspopup="menu"
      aria-expanded={Boolean(anchor)}
      onClick={(e) => setAnchor(e.currentTarget)}
      title={withTooltip ? undefined : t('header.language')}
      data-testid="header-language"
    >
      <TranslateIcon />
    </IconButton>
  );
  return (
    <>
      {withTooltip ? withTooltip(button, t('header.language')) : button}
      <MountWhenOpened when={anchor !== null}>
        <LanguageMenuList anchor={anchor} onClose={() => setAnchor(null)} />
      </MountWhenOpened>
    </>
  );
}
