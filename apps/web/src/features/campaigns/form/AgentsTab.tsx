import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState';
import { Tooltip } from '../../../ui/Tooltip';
import { useChannelOptions } from '../../channels/api';
import { useColleagues } from '../api';
import { addAgents, toggleAgentChannel } from '../model';
import type { TabProps } from './shared';

export function AgentsPanel({ state, set, errors }: TabProps) {
  const { t } = useTranslation();
  const users = useColleagues();
  const channels = useChannelOptions();
  const [picked, setPicked] = useState<{ id: number; nombre: string }[]>([]);
  const names = new Map((channels.data?.data ?? []).map((channel) => [channel.id, channel]));
  const candidates = (users.data?.data ?? []).filter((user) => !state.agents.some((agent) => agent.userId === user.id));
  const noChannels = state.channelIds.length === 0;
  // The server's messages about one agent (`agents.<i>.userId`, `agents.<i>.channelIds`) show on its row.
  const rowError = (index: number) =>
    Object.entries(errors).find(([field]) => field === `agents.${index}` || field.startsWith(`agents.${index}.`))?.[1];
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="campaign-agents-hint">
        {t('campaigns.help.agents')}
      </Alert>
      {errors.agents ? <FormHelperText error>{errors.agents}</FormHelperText> : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Autocomplete
          multiple
          size="small"
          options={candidates}
          value={picked}
          disabled={noChannels}
          onChange={(_, value) => setPicked(value)}
          getOptionLabel={(option) => option.nombre}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={t('campaigns.noUsers')}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props} data-testid={`campaign-agent-option-${option.id}`}>
              {option.nombre}
            </li>
          )}
          sx={{ flex: '1 1 260px', maxWidth: 520 }}
          renderInput={(params) => (
            <TextField
              {...params}
              margin="none"
              label={t('campaigns.pickAgents')}
              helperText={noChannels ? t('campaigns.help.channelsFirst') : undefined}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'campaign-agent-picker' },
              }}
            />
          )}
        />
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={picked.length === 0 || noChannels}
          onClick={() => {
            set((current) => ({ ...current, agents: addAgents(current.agents, picked, current.channelIds) }));
            setPicked([]);
          }}
          data-testid="campaign-agent-add"
        >
          {t('campaigns.addAgents')}
        </Button>
      </Box>
      {state.agents.length === 0 ? (
        <EmptyState
          data-testid="campaign-agents-empty"
          icon={<PeopleOutlineIcon fontSize="inherit" />}
          title={t('campaigns.noAgents')}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>{t('campaigns.agent')}</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>{t('campaigns.agentChannels')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {state.agents.map((agent, index) => (
                <TableRow key={agent.userId} data-testid={`campaign-agent-${agent.userId}`}>
                  <TableCell sx={{ fontWeight: 600 }}>
                    {agent.nombre}
                    {rowError(index) ? <FormHelperText error>{rowError(index)}</FormHelperText> : null}
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                      {state.channelIds.map((channelId) => (
                        <FormControlLabel
                          key={channelId}
                          label={names.get(channelId)?.name ?? `#${channelId}`}
                          control={
                            <Checkbox
                              size="small"
                              checked={agent.channelIds.includes(channelId)}
                              onChange={(event) =>
                                set((current) => ({
                                  ...current,
                                  agents: toggleAgentChannel(
                                    current.agents,
                                    agent.userId,
                                    channelId,
                                    event.target.checked,
                                  ),
                                }))
                              }
                              slotProps={{
                                input: {
                                  'data-testid': `campaign-agent-${agent.userId}-channel-${channelId}`,
                                } as object,
                              }}
                            />
                          }
                        />
                      ))}
                    </Box>
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title={t('campaigns.removeAgent')}>
                      <IconButton
                        size="small"
                        color="error"
                        aria-label={t('campaigns.removeAgent')}
                        onClick={() =>
                          set((current) => ({
                            ...current,
                            agents: current.agents.filter((item) => item.userId !== agent.userId),
                          }))
                        }
                        data-testid={`campaign-agent-${agent.userId}-remove`}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
