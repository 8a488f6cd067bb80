import { THEME_COLORS } from '@atiende/contracts';
import CheckIcon from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import FormatTextdirectionLToRIcon from '@mui/icons-material/FormatTextdirectionLToR';
import FormatTextdirectionRToLIcon from '@mui/icons-material/FormatTextdirectionRToL';
import LightModeIcon from '@mui/icons-material/LightMode';
import PaletteIcon from '@mui/icons-material/Palette';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui/Tooltip';
import { updateAppearance, useAppearance } from '../appearance';
import { primaryMain } from '../palette';
import { useBusiness } from '../queries';

/** Theme colour, light/dark, ltr/rtl and the big-sidebar layout; persisted per browser. */
export function AppearanceMenu() {
  const { t } = useTranslation();
  const appearance = useAppearance();
  const { data: business } = useBusiness();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = appearance.color ?? business?.theme ?? 'red';
  const swatches = useMemo(() => THEME_COLORS.map((color) => ({ color, main: primaryMain(color, 'light') })), []);

  return (
    <>
      <Tooltip title={t('header.appearance')}>
        <IconButton
          color="inherit"
          aria-label={t('header.appearance')}
          aria-haspopup="dialog"
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="header-appearance"
        >
          <PaletteIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 2, width: 292 }} data-testid="appearance-panel">
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t('appearance.color')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1, mb: 2 }} role="radiogroup">
            {swatches.map(({ color, main }) => (
              <Tooltip key={color} title={t(`appearance.colors.${color}`)}>
                <ButtonBase
                  role="radio"
                  aria-checked={active === color}
                  aria-label={t(`appearance.colors.${color}`)}
                  data-testid={`appearance-color-${color}`}
                  onClick={() => updateAppearance({ color })}
                  sx={{
                    width: 40,
                    height: 40,
                    borderRadius: '50%',
                    bgcolor: main,
                    color: 'common.white',
                    outline: active === color ? 3 : 0,
                    outlineColor: 'text.primary',
                    outlineOffset: 2,
                  }}
                >
                  {active === color ? <CheckIcon fontSize="small" /> : null}
                </ButtonBase>
              </Tooltip>
            ))}
          </Box>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t('appearance.mode')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            value={appearance.mode}
            onChange={(_e, mode) => mode && updateAppearance({ mode })}
            sx={{ mb: 2 }}
          >
            <ToggleButton value="light" data-testid="appearance-mode-light">
              <LightModeIcon fontSize="small" sx={{ marginInlineEnd: 1 }} />
              {t('appearance.light')}
            </ToggleButton>
            <ToggleButton value="dark" data-testid="appearance-mode-dark">
              <DarkModeIcon fontSize="small" sx={{ marginInlineEnd: 1 }} />
              {t('appearance.dark')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t('appearance.direction')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            value={appearance.direction}
            onChange={(_e, direction) => direction && updateAppearance({ direction })}
            sx={{ mb: 2 }}
          >
            <ToggleButton value="ltr" data-testid="appearance-direction-ltr">
              <FormatTextdirectionLToRIcon fontSize="small" sx={{ marginInlineEnd: 1 }} />
              {t('appearance.ltr')}
            </ToggleButton>
            <ToggleButton value="rtl" data-testid="appearance-direction-rtl">
              <FormatTextdirectionRToLIcon fontSize="small" sx={{ marginInlineEnd: 1 }} />
              {t('appearance.rtl')}
            </ToggleButton>
          </ToggleButtonGroup>
          <FormControlLabel
            control={
              <Switch
                checked={appearance.bigSidebar}
                onChange={(e) => updateAppearance({ bigSidebar: e.target.checked })}
                slotProps={{ input: { 'data-testid': 'appearance-big-sidebar' } as object }}
              />
            }
            label={t('appearance.bigSidebar')}
          />
        </Box>
      </Popover>
    </>
  );
}
