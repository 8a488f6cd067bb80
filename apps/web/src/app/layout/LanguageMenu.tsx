import { LOCALES, type Locale } from '@atiende/contracts';
import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../core/i18n';

/** Language switch (Español / English); persisted in localStorage and sent as X-Locale afterwards. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (locale: Locale) => {
    void changeLocale(locale);
    setAnchor(null);
  };
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
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((locale) => (
          <MenuItem
            key={locale}
            selected={i18n.language === locale}
            onClick={() => choose(locale)}
            data-testid={`language-option-${locale}`}
            lang={locale}
          >
            <ListItemIcon>{i18n.language === locale ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`languages.${locale}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
