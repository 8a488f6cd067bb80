import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ChannelTypeIcon } from '../../../ui/ChannelTypeIcon';
import { IdMultiSelect } from '../../../ui/IdMultiSelect';
import { useChannelOptions } from '../../channels/api';
import { withChannels } from '../model';
import { Hint, type TabProps } from './shared';

export function ChannelsPanel({ state, set, errors }: TabProps) {
  const { t } = useTranslation();
  const channels = useChannelOptions();
  const all = channels.data?.data ?? [];
  const selected = all.filter((channel) => state.channelIds.includes(channel.id));
  return (
    <Box>
      <Hint>{t('campaigns.help.channels')}</Hint>
      <IdMultiSelect
        label={t('campaigns.tabs.channels')}
        value={state.channelIds}
        options={all.map((channel) => ({
          id: channel.id,
          label: `${channel.name} · ${t(`channelTypes.${channel.type}`)}`,
        }))}
        onChange={(ids) => set((current) => withChannels(current, ids))}
        error={errors.channelIds}
        testId="campaign-channels"
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {selected.map((channel) => (
          <Paper
            key={channel.id}
            variant="outlined"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.75 }}
          >
            <ChannelTypeIcon type={channel.type} fontSize="small" color="primary" />
            <Typography variant="body2">{channel.name}</Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
