import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_ICONS } from '../../../app/menu';
import { FormField, SwitchField } from '../../../ui/FormField';
import { Tooltip } from '../../../ui/Tooltip';
import { type CustomTabRow, rowUid } from '../model';
import { Hint, type TabProps } from './shared';

const ICON_KEYS = Object.keys(INTEGRATION_ICONS);

export function CustomTabsPanel({ state, set, errors }: TabProps) {
  const { t } = useTranslation();
  const update = (index: number, values: Partial<CustomTabRow>) =>
    set((current) => ({
      ...current,
      customTabs: current.customTabs.map((tab, i) => (i === index ? { ...tab, ...values } : tab)),
    }));
  return (
    <Box>
      <Hint>{t('campaigns.help.customTabs')}</Hint>
      {state.customTabs.map((tab, index) => {
        const err = (name: string) => errors[`customTabs.${index}.${name}`];
        return (
          <Card key={tab.uid} variant="outlined" sx={{ mb: 1.5 }} data-testid={`campaign-customtab-${index}`}>
            <CardContent sx={{ pb: '12px !important' }}>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1.2fr 2fr 1fr 0.8fr auto auto' },
                }}
              >
                <FormField
                  label={t('campaigns.customTab.name')}
                  required
                  value={tab.name}
                  onValueChange={(name) => update(index, { name })}
                  error={err('name')}
                  maxLength={60}
                  testId={`campaign-customtab-${index}-name`}
                />
                <FormField
                  label={t('campaigns.customTab.url')}
                  required
                  type="url"
                  value={tab.url}
                  onValueChange={(url) => update(index, { url })}
                  error={err('url')}
                  maxLength={500}
                  testId={`campaign-customtab-${index}-url`}
                  slotProps={{ htmlInput: { dir: 'ltr' } }}
                />
                <TextField
                  select
                  margin="dense"
                  label={t('campaigns.customTab.icon')}
                  value={tab.icon}
                  onChange={(event) => update(index, { icon: event.target.value })}
                  error={Boolean(err('icon'))}
                  helperText={err('icon')}
                  slotProps={{ htmlInput: { 'data-testid': `campaign-customtab-${index}-icon` } }}
                >
                  {(ICON_KEYS.includes(tab.icon) ? ICON_KEYS : [tab.icon, ...ICON_KEYS]).map((key) => {
                    const Item = INTEGRATION_ICONS[key];
                    return (
                      <MenuItem key={key} value={key}>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                          {Item ? <Item fontSize="small" /> : null}
                          {key}
                        </Box>
                      </MenuItem>
                    );
                  })}
                </TextField>
                <FormField
                  label={t('campaigns.customTab.height')}
                  type="number"
                  value={tab.height}
                  onValueChange={(height) => update(index, { height })}
                  error={err('height')}
                  testId={`campaign-customtab-${index}-height`}
                />
                <Box sx={{ pt: 1.5 }}>
                  <SwitchField
                    label={t('common.enabled')}
                    checked={tab.enabled}
                    onChange={(enabled) => update(index, { enabled })}
                    testId={`campaign-customtab-${index}-enabled`}
                  />
                </Box>
                <Tooltip title={t('campaigns.customTab.remove')}>
                  <IconButton
                    color="error"
                    sx={{ mt: 1.5, justifySelf: 'start' }}
                    aria-label={t('campaigns.customTab.remove')}
                    onClick={() =>
                      set((current) => ({ ...current, customTabs: current.customTabs.filter((_, i) => i !== index) }))
                    }
                    data-testid={`campaign-customtab-${index}-remove`}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Tooltip>
              </Box>
            </CardContent>
          </Card>
        );
      })}
      {errors.customTabs ? <FormHelperText error>{errors.customTabs}</FormHelperText> : null}
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={() =>
          set((current) => ({
            ...current,
            customTabs: [
              ...current.customTabs,
              { uid: rowUid(), name: '', url: 'https://', icon: 'web', height: '600', enabled: true },
            ],
          }))
        }
        data-testid="campaign-customtab-add"
      >
        {t('campaigns.customTab.add')}
      </Button>
    </Box>
  );
}
