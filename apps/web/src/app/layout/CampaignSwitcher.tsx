import CampaignIcon from '@mui/icons-material/Campaign';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutocompleteWhenUsed } from '../../ui/AutocompleteWhenUsed';
import { Tooltip } from '../../ui/Tooltip';
import { useSelectedCampaign } from '../campaign';

/** The field's look, the same before and after the Autocomplete arrives. */
export const campaignSwitcherSx = (compact: boolean): SxProps<Theme> => ({
  width: compact ? 260 : { sm: 220, md: 260 },
  mx: compact ? 0 : 1,
  '& .MuiOutlinedInput-root': { bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1 },
});

export function CampaignFieldIcon() {
  return <CampaignIcon fontSize="small" sx={{ color: 'text.secondary', ms: 0.5 }} />;
}

/**
 * Header campaign switcher: the user's campaigns (GET supervision/obtenerCampanas), filtered by name. The picker
 * becomes an Autocomplete (CampaignPicker.tsx) when first used.
 */
export function CampaignSwitcher() {
  const { t } = useTranslation();
  const { campaign, campaigns } = useSelectedCampaign();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!campaigns.data) return null;
  if (campaigns.data.length === 0) {
    return (
      <Tooltip title={t('campaignSwitcher.empty')}>
        <Box
          data-testid="campaign-switcher-empty"
          role="status"
          aria-label={t('campaignSwitcher.empty')}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, minWidth: 0, maxWidth: { xs: 40, md: 280 } }}
        >
          <WarningAmberIcon fontSize="small" />
          <Typography variant="caption" noWrap sx={{ display: { xs: 'none', md: 'block' } }}>
            {t('campaignSwitcher.empty')}
          </Typography>
        </Box>
      </Tooltip>
    );
  }
  const picker = (
    <AutocompleteWhenUsed
      load={() => import('./CampaignPicker')}
      value={campaign?.nombre}
      placeholder={t('campaignSwitcher.placeholder')}
      ariaLabel={t('campaignSwitcher.label')}
      testId="campaign-switcher"
      startAdornment={<CampaignFieldIcon />}
      popupButtonLabel={t('campaignSwitcher.open')}
      margin={compact ? 'dense' : 'none'}
      sx={campaignSwitcherSx(compact)}
    >
      {({ CampaignPicker }, start) => (
        <CampaignPicker compact={compact} start={start} onPicked={() => setAnchor(null)} />
      )}
    </AutocompleteWhenUsed>
  );
  if (!compact) return picker;
  return (
    <>
      <Tooltip title={campaign?.nombre ?? t('campaignSwitcher.label')}>
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('campaignSwitcher.label')}
          data-testid="campaign-switcher-button"
        >
          <Badge color="secondary" variant="dot" invisible={!campaign}>
            <CampaignIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ paper: { sx: { p: 1.5 } } }}
      >
        {picker}
      </Popover>
    </>
  );
}
