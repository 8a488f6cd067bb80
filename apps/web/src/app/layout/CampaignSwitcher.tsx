import type { UserCampaign } from '@atiende/contracts';
import CampaignIcon from '@mui/icons-material/Campaign';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignChanged } from '../../features/desk/agentStatus';
import { filterCampaigns, useSelectedCampaign } from '../campaign';

/** Header campaign switcher: the user's campaigns (GET supervision/obtenerCampanas), filtered by name. */
export function CampaignSwitcher() {
  const { t } = useTranslation();
  const { campaign, select, campaigns } = useSelectedCampaign();
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
    <Autocomplete<UserCampaign, false, false, false>
      size="small"
      options={campaigns.data}
      value={campaign}
      onChange={(_, value) => {
        select(value);
        // Spec: changing campaign makes the agent ready (A) in it, unless handling a ticket.
        if (value?.id !== campaign?.id) campaignChanged(value?.id ?? null);
        setAnchor(null);
      }}
      getOptionLabel={(option) => option.nombre}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      filterOptions={(options, state) => filterCampaigns(options, state.inputValue)}
      noOptionsText={t('campaignSwitcher.noMatch')}
      openText={t('campaignSwitcher.open')}
      closeText={t('common.close')}
      clearText={t('campaignSwitcher.clear')}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} data-testid={`campaign-option-${option.id}`}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {option.nombre}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t(`campaigns.types.${option.tipo}`)} · {t(`campaignSwitcher.roles.${option.rol}`)}
            </Typography>
          </Box>
        </li>
      )}
      sx={{
        width: compact ? 260 : { sm: 220, md: 260 },
        mx: compact ? 0 : 1,
        '& .MuiOutlinedInput-root': { bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1 },
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          margin={compact ? 'dense' : 'none'}
          placeholder={t('campaignSwitcher.placeholder')}
          aria-label={t('campaignSwitcher.label')}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <>
                  <CampaignIcon fontSize="small" sx={{ color: 'text.secondary', ms: 0.5 }} />
                  {params.slotProps.input.startAdornment}
                </>
              ),
            },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'campaign-switcher' },
          }}
        />
      )}
    />
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
