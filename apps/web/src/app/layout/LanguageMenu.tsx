import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed, MountWhenOpened } from '../../ui/lazy';

// The menu's code loads the first time it opens (the login page shows only the button).
const LanguageMenuList = lazyNamed(() => import('./LanguageMenuList'), 'LanguageMenuList');

/** Language switch (Español / English); persisted in localStorage and sent as X-Locale afterwards. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('header.language')}>
        <IconButton
          color="inherit"
          aria-label={t('header.language')}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="header-language"
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <MountWhenOpened when={anchor !== null}>
        <LanguageMenuList anchor={anchor} onClose={() => setAnchor(null)} />
      </MountWhenOpened>
    </>
  );
}
