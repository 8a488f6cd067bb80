import { type BotFlow, botFlowSchema } from '@atiende/contracts';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tryBotTurn } from './api';
import { appendTurn, EMPTY_TRY_CHAT, endingText, type TryChat, type TryEntry } from './tryChat';

/** Arrows point the other way in a right-to-left layout. */
const flipInRtl = { transform: (theme: Theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') };

export interface BotTryPanelProps {
  /** The flow as drawn in the editor (saved or not). */
  flow: BotFlow;
  /** Channels whose business hours the scheduled nodes may read (the bot's). */
  channels: readonly { id: number; name: string }[];
  /** To name the campaign a transfer goes to. */
  campaigns: readonly { id: number; name: string }[];
  /** The nodes a turn went by (the canvas lights them up). */
  onPath: (path: string[]) => void;
  /** The flow fails its schema: the editor marks the nodes. */
  onInvalid?: () => void;
  /** The saved bot (none while new): its secrets fill the web service nodes' `{{secreto.<name>}}`. */
  botId?: number;
}

function Bubble({ mine, children, testId }: { mine: boolean; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid={testId}
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '88%',
        px: 1.5,
        py: 0.75,
        borderRadius: '14px',
        ...(mine ? { borderEndEndRadius: '4px' } : { borderEndStartRadius: '4px' }),
        bgcolor: mine ? 'primary.main' : 'action.selected',
        color: mine ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {mine ? t('botBuilder.try.you') : t('botBuilder.try.bot')}{' '}
      </Box>
      {children}
    </Box>
  );
}

/**
 * The editor's test panel: a chat with the flow drawn (`POST bots/try`), one turn per message; lists show their
 * options as buttons, the ending as a line, the nodes each turn went by under it. Nothing is stored or sent.
 */
export function BotTryPanel({ flow, channels, campaigns, onPath, onInvalid, botId }: BotTryPanelProps) {
  const { t } = useTranslation();
  const [chat, setChat] = useState<TryChat>(EMPTY_TRY_CHAT);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [channelId, setChannelId] = useState(0);
  const [startedWith, setStartedWith] = useState<string | null>(null);
  // Each call's number: an answer to a call overtaken by a restart is dropped.
  const calls = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);
  const signature = useMemo(() => JSON.stringify(flow), [flow]);

  const entryCount = chat.entries.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls for each new line.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [entryCount, error]);

  const turn = async (from: TryChat, input: string | null, fromDraft = false) => {
    const check = botFlowSchema.safeParse(flow);
    if (!check.success) {
      const needsNode = check.error.issues.some(
        (issue) => issue.path.join('.') === 'nodes' && issue.code === 'too_small',
      );
      setError(needsNode ? t('bots.needsNode') : t('botBuilder.flowErrors'));
      onInvalid?.();
      return;
    }
    const call = ++calls.current;
    setBusy(true);
    setError(null);
    try {
      const answer = await tryBotTurn({
        flow,
        state: from.state,
        input,
        ...(channelId ? { channelId } : {}),
        ...(botId ? { botId } : {}),
      });
      if (call !== calls.current) return;
      setChat(appendTurn(from, input, answer));
      if (fromDraft) setDraft('');
      onPath(answer.path);
    } catch (failure) {
      if (call !== calls.current) return;
      setError(failure instanceof Error && failure.message ? failure.message : t('errors.unexpected'));
    } finally {
      if (call === calls.current) setBusy(false);
    }
  };

  const start = () => {
    setChat(EMPTY_TRY_CHAT);
    setDraft('');
    setStartedWith(signature);
    void turn(EMPTY_TRY_CHAT, null);
  };

  const started = chat.turns > 0;
  const open = started && chat.ending === null;
  const send = (text: string, fromDraft: boolean) => {
    if (!open || busy || !text.trim()) return;
    void turn(chat, text, fromDraft);
  };

  const renderEntry = (entry: TryEntry, index: number) => {
    switch (entry.kind) {
      case 'tester':
        return (
          <Bubble key={index} mine testId="bot-try-tester">
            <Typography variant="body2" component="span" dir="auto" sx={{ whiteSpace: 'pre-wrap' }}>
              {entry.text}
            </Typography>
          </Bubble>
        );
      case 'bot': {
        const { output } = entry;
        const live = open && !busy && entry.turn === chat.turns;
        return (
          <Bubble key={index} mine={false} testId="bot-try-bot">
            <Typography
              variant="body2"
              component="span"
              dir="auto"
              sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {output.text}
            </Typography>
            {output.kind === 'list' ? (
              <Box
                role="group"
                aria-label={output.button || output.text}
                sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 1 }}
              >
                {output.options.map((option) => (
                  <Button
                    key={option.id}
                    size="small"
                    variant="outlined"
                    disabled={!live}
                    onClick={() => send(option.title, false)}
                    data-testid={`bot-try-option-${option.id}`}
                    sx={{
                      bgcolor: 'background.paper',
                      textTransform: 'none',
                      justifyContent: 'flex-start',
                      textAlign: 'start',
                      flexDirection: 'column',
                      alignItems: 'flex-start',
                    }}
                  >
                    <span>{option.title}</span>
                    {option.description ? (
                      <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
                        {option.description}
                      </Typography>
                    ) : null}
                  </Button>
                ))}
              </Box>
            ) : null}
          </Bubble>
        );
      }
      case 'path':
        return (
          <Typography key={index} variant="caption" sx={{ color: 'text.secondary' }} data-testid="bot-try-path">
            {t('botBuilder.try.path')}{' '}
            <Box component="span" dir="ltr" sx={{ display: 'inline-block' }}>
              {entry.path.join(' → ')}
            </Box>
          </Typography>
        );
      case 'ending':
        return (
          <Alert key={index} severity="info" variant="outlined" sx={{ py: 0 }} data-testid="bot-try-ending">
            {endingText(entry.ending, campaigns, t)}
          </Alert>
        );
    }
  };

  return (
    <Box data-testid="bot-try-panel" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('botBuilder.try.help')}
      </Typography>
      {channels.length > 0 ? (
        <TextField
          select
          size="small"
          label={t('botBuilder.try.channel')}
          value={channelId}
          onChange={(event) => setChannelId(Number(event.target.value))}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'bot-try-channel' } }}
        >
          <MenuItem value={0}>{t('botBuilder.try.noChannel')}</MenuItem>
          {channels.map((channel) => (
            <MenuItem key={channel.id} value={channel.id}>
              {channel.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <Box>
        <Button
          variant={started ? 'outlined' : 'contained'}
          startIcon={started ? <RestartAltIcon /> : <PlayArrowIcon />}
          onClick={start}
          data-testid={started ? 'bot-try-restart' : 'bot-try-start'}
        >
          {started ? t('botBuilder.try.restart') : t('botBuilder.try.start')}
        </Button>
      </Box>
      <Box
        ref={scroller}
        role="log"
        aria-live="polite"
        aria-label={t('botBuilder.try.log')}
        aria-busy={busy}
        // Scrollable: reachable from the keyboard.
        tabIndex={0}
        data-testid="bot-try-log"
        sx={{
          height: { xs: 320, lg: 300 },
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          gap: 0.75,
          p: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.default',
        }}
      >
        {chat.entries.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', m: 'auto', textAlign: 'center' }}>
            {t('botBuilder.try.empty')}
          </Typography>
        ) : (
          chat.entries.map(renderEntry)
        )}
        {error ? (
          <Alert severity="error" sx={{ py: 0 }} data-testid="bot-try-error">
            {error}
          </Alert>
        ) : null}
      </Box>
      {open && startedWith !== null && startedWith !== signature ? (
        <Alert severity="warning" sx={{ py: 0 }} data-testid="bot-try-flow-changed">
          {t('botBuilder.try.flowChanged')}
        </Alert>
      ) : null}
      {started && !open ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="bot-try-ended">
          {t('botBuilder.try.ended')}
        </Typography>
      ) : null}
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          send(draft, true);
        }}
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}
      >
        <TextField
          size="small"
          fullWidth
          label={t('botBuilder.try.input')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          disabled={!open}
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'bot-try-input' } }}
        />
        <IconButton
          type="submit"
          color="primary"
          disabled={!open || busy || !draft.trim()}
          aria-label={t('botBuilder.try.send')}
          data-testid="bot-try-send"
        >
          <SendIcon sx={flipInRtl} />
        </IconButton>
      </Box>
    </Box>
  );
}
