import type { UserCampaign } from '@atiende/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignChanged } from '../../features/desk/agentStatus';
import { type FieldStart, useCarriedFocus } from '../../ui/AutocompleteWhenUsed';
import { filterCampaigns, useSelectedCampaign } from '../campaign';
import { CampaignFieldIcon, campaignSwitcherSx } from './CampaignSwitcher';

/** The header's campaign picker once used (CampaignSwitcher.tsx draws it until then), filtered by name. */
export function CampaignPicker({
  compact,
  start,
  onPicked,
}: {
  compact: boolean;
  start: FieldStart;
  onPicked: () => void;
}) {
  const { t } = useTranslation();
  const { campaign, select, campaigns } = useSelectedCampaign();
  const [open, setOpen] = useState(start.open);
  const [input, setInput] = useState(start.text || campaign?.nombre || '');
  const carriedFocus = useCarriedFocus(start);
  return (
    <Autocomplete<UserCampaign, false, false, false>
      size="small"
      options={campaigns.data ?? []}
      value={campaign}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      onChange={(_, value) => {
        select(value);
        // Spec: changing campaign makes the agent ready (A) in it, unless handling a ticket.
        if (value?.id !== campaign?.id) campaignChanged(value?.id ?? null);
        onPicked();
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
              {t(`campaignTypes.${option.tipo}`)} · {t(`campaignSwitcher.roles.${option.rol}`)}
            </Typography>
          </Box>
        </li>
      )}
      sx={campaignSwitcherSx(compact)}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={carriedFocus}
          margin={compact ? 'dense' : 'none'}
          placeholder={t('campaignSwitcher.placeholder')}
          aria-label={t('campaignSwitcher.label')}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <>
                  <CampaignFieldIcon />
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
}
