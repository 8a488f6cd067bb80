import type { Bot } from '@atiende/contracts';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { type BotChannelChoice, useBotChannelChoices, useSetBotChannels } from './api';

type Choice = Pick<BotChannelChoice, 'id' | 'name'> & Partial<Pick<BotChannelChoice, 'type' | 'enabled'>>;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/**
 * The channels whose new conversations the bot answers (`PUT bots/:id/channels`): a multi-select with chips and its
 * own save button; read-only users see the chips.
 */
export function BotChannels({ bot, readOnly }: { bot: Bot; readOnly: boolean }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const choices = useBotChannelChoices(!readOnly);
  const setChannels = useSetBotChannels(bot.id);
  // null: not edited, the bot's channels show (and follow the bot when it changes).
  const [draft, setDraft] = useState<number[] | null>(null);
  const [error, setError] = useState<string | undefined>();

  const stored = useMemo(() => bot.channels.map((channel) => channel.id), [bot.channels]);
  const selectedIds = draft ?? stored;
  const dirty = draft !== null && !sameIds(draft, stored);

  // The bot's own channels stay choosable even when the list does not name them (no permission to list channels).
  const options = useMemo<Choice[]>(() => {
    const listed: Choice[] = choices.data ?? [];
    const known = new Set(listed.map((choice) => choice.id));
    return [...listed, ...bot.channels.filter((channel) => !known.has(channel.id))];
  }, [choices.data, bot.channels]);
  const byId = useMemo(() => new Map(options.map((option) => [option.id, option])), [options]);
  const selected = selectedIds.map((id) => byId.get(id) ?? { id, name: `#${id}` });

  const label = (choice: Choice) =>
    choice.type ? `${choice.name} · ${t(`channelTypes.${choice.type}`)}` : choice.name;
  const chipIcon = (choice: Choice) =>
    choice.type ? <ChannelTypeIcon type={choice.type} fontSize="small" /> : undefined;

  const onSave = () => {
    if (draft === null) return;
    setChannels.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        setError(undefined);
        feedback.success(t('botBuilder.channelsSaved'));
      },
      onError: (failure) => {
        if (failure instanceof ApiError) {
          const field = Object.entries(failure.fields).find(([key]) => key.startsWith('channelIds'));
          setError(field?.[1]);
        }
        feedback.failure(failure);
      },
    });
  };

  const idle = selectedIds.length > 0 && (!bot.enabled || !bot.publishedVersion);

  return (
    <Section title={t('botBuilder.channels')} testId="bot-channels-section">
      {readOnly ? (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="bot-channels">
            {selected.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('botBuilder.noChannels')}
              </Typography>
            ) : (
              selected.map((choice) => (
                <Chip
                  key={choice.id}
                  icon={chipIcon(choice)}
                  label={label(choice)}
                  data-testid={`bot-channel-chip-${choice.id}`}
                />
              ))
            )}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('botBuilder.channelsHelp')}
          </Typography>
        </>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>
          <Autocomplete
            multiple
            filterSelectedOptions
            options={options}
            value={selected}
            loading={choices.isLoading}
            onChange={(_event, value) => {
              setDraft(value.map((choice) => choice.id));
              setError(undefined);
            }}
            getOptionLabel={label}
            getOptionKey={(option) => option.id}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            noOptionsText={t('botBuilder.noChannelOptions')}
            loadingText={t('common.loading')}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props} data-testid={`bot-channel-option-${option.id}`}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  {option.type ? <ChannelTypeIcon type={option.type} fontSize="small" color="primary" /> : null}
                  <span>{option.name}</span>
                  {option.type ? (
                    <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                      {t(`channelTypes.${option.type}`)}
                    </Typography>
                  ) : null}
                </Box>
              </li>
            )}
            renderValue={(value, getItemProps) =>
              value.map((choice, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return (
                  <Chip
                    key={key}
                    {...itemProps}
                    size="small"
                    icon={chipIcon(choice)}
                    label={label(choice)}
                    data-testid={`bot-channel-chip-${choice.id}`}
                  />
                );
              })
            }
            sx={{ flex: '1 1 360px', minWidth: 0 }}
            renderInput={(params) => (
              <TextField
                {...params}
                margin="none"
                label={t('botBuilder.channels')}
                error={Boolean(error)}
                helperText={error ?? t('botBuilder.channelsHelp')}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'bot-channels-input' },
                }}
              />
            )}
          />
          <Button
            variant="outlined"
            startIcon={<SaveIcon />}
            onClick={onSave}
            disabled={!dirty || setChannels.isPending}
            data-testid="bot-channels-save"
            sx={{ mt: 1 }}
          >
            {t('botBuilder.saveChannels')}
          </Button>
        </Box>
      )}
      {idle ? (
        <Alert severity="info" sx={{ mt: 1.5 }} data-testid="bot-channels-idle">
          {t('botBuilder.channelsIdle')}
        </Alert>
      ) : null}
    </Section>
  );
}
