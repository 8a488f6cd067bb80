import { LOCALES, type Locale } from '@atiende/contracts';
import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../core/i18n';
import { MuiThemeWithoutBaseline } from '../MuiTheme';

/**
 * The languages (Español / English) under a language button (the header's, the sign-in pages'); loaded when it is
 * first opened, in MUI's theme of its own on the sign-in pages.
 */
export function LanguageMenuList({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const choose = (locale: Locale) => {
    void changeLocale(locale);
    onClose();
  };
  return (
    <MuiThemeWithoutBaseline>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
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
    </MuiThemeWithoutBaseline>
  );
}
