import { CHANNEL_TYPE_CODES, type Ticket, WEBCHAT_TYPING_EVENT, type WebchatTypingEvent } from '@atiende/contracts';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { onRealtimeEvent } from '../../app/realtime';
import { FormField } from '../../ui/FormField';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useSendReply } from './api';
import { isSendShortcut, latestInteractionId } from './model';

/**
 * The reply to the customer: written here, sent through the conversation's channel (ALT+ENTER or the button).
 * `templates` is the template picker, which inserts a filled template at the cursor.
 */
export function ReplyComposer({
  ticket,
  templates,
}: {
  ticket: Ticket;
  templates?: (insert: (text: string) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const send = useSendReply(ticket.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [interactionId, setInteractionId] = useState<number | undefined>(() => latestInteractionId(ticket));
  const customerTyping = useCustomerTyping(ticket.id);
  const notifyTyping = useTypingNotice(ticket, interactionId);

  useEffect(() => {
    setInteractionId((current) =>
      current && ticket.interactions.some((interaction) => interaction.id === current)
        ? current
        : latestInteractionId(ticket),
    );
  }, [ticket]);

  const submit = () => {
    if (send.isPending) return;
    if (!text.trim()) {
      setError(t('tickets.reply.empty'));
      return;
    }
    send.mutate(
      { text, interactionId },
      {
        onSuccess: () => {
          feedback.success(t('tickets.reply.sent'));
          setText('');
        },
        onError: (failure) => feedback.failure(failure, (fields) => setError(fields.text ?? fields.interactionId)),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (isSendShortcut(event)) {
      event.preventDefault();
      submit();
    }
  };

  if (ticket.interactions.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="reply-no-conversation" sx={{ py: 2 }}>
        {t('tickets.reply.noConversation')}
      </Typography>
    );
  }

  return (
    <Box data-testid="reply-composer">
      {ticket.interactions.length > 1 ? (
        <TextField
          select
          size="small"
          fullWidth
          margin="dense"
          label={t('tickets.reply.conversation')}
          value={interactionId ?? ''}
          onChange={(event) => setInteractionId(Number(event.target.value))}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'reply-interaction' } as object } }}
        >
          {ticket.interactions.map((interaction) => (
            <MenuItem
              key={interaction.id}
              value={interaction.id}
              data-testid={`reply-interaction-option-${interaction.id}`}
            >
              {interaction.channel.name} · <bdi>{interaction.contactValue}</bdi>
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {customerTyping ? (
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="reply-customer-typing"
          sx={{ display: 'block' }}
        >
          {t('tickets.reply.customerTyping')}
        </Typography>
      ) : null}
      <FormField
        fullWidth
        multiline
        minRows={3}
        maxRows={12}
        label={t('tickets.reply.body')}
        helperText={t('tickets.reply.shortcut')}
        value={text}
        onValueChange={(value) => {
          setText(value);
          setError(undefined);
          notifyTyping();
        }}
        onKeyDown={onKeyDown}
        error={error}
        testId="reply-body"
        maxLength={20_000}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        {templates?.((filled) => {
          setText((current) => (current.trim() ? `${current}\n${filled}` : filled));
          setError(undefined);
        })}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          onClick={submit}
          disabled={send.isPending}
          startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          data-testid="reply-send"
        >
          {t('tickets.reply.send')}
        </Button>
      </Box>
    </Box>
  );
}

/** How long "the customer is typing" stays after the last notice. */
const TYPING_SHOWN_MS = 4000;
/** The agent's own typing is announced at most this often. */
const TYPING_NOTICE_EVERY_MS = 3000;

/** True while the web-chat visitor of this ticket is typing (live notices, unsequenced). */
function useCustomerTyping(ticketId: number): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const stop = onRealtimeEvent<WebchatTypingEvent>(WEBCHAT_TYPING_EVENT, (event) => {
      if (event?.casoId !== ticketId) return;
      setTyping(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    });
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, [ticketId]);
  return typing;
}

/** Tells a web-chat visitor the agent is writing (throttled; other channels have no typing notice). */
function useTypingNotice(ticket: Ticket, interactionId: number | undefined): () => void {
  const last = useRef(0);
  const webchat =
    ticket.interactions.find((interaction) => interaction.id === interactionId)?.channel.typeCode ===
    CHANNEL_TYPE_CODES.webchat;
  return () => {
    if (!webchat || Date.now() - last.current < TYPING_NOTICE_EVERY_MS) return;
    last.current = Date.now();
    void api.post(`tickets/${ticket.id}/webchat-typing`, {}).catch(() => undefined);
  };
}
