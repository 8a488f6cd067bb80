import type { InternalChatContact, InternalChatMessage } from '@atiende/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { markConversationRead, useConversation, useLoadOlder, useSendChatMessage } from './api';
import { ContactAvatar } from './ContactList';
import { setOpenPeer } from './hooks';
import { messageTime, sendsOnEnter } from './model';

/** Arrows point the other way in a right-to-left layout. */
const flipInRtl = { transform: (theme: Theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') };

/** How close to the bottom (px) still counts as "reading the latest": new messages then scroll into view. */
const STICK_DISTANCE = 48;

function MessageBubble({ message, locale }: { message: InternalChatMessage; locale: string }) {
  const { t } = useTranslation();
  const mine = message.direction === 'out';
  const read = message.estado === 1;
  return (
    <Box
      data-testid={`chat-message-${message.id}`}
      data-direction={message.direction}
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '82%',
        px: 1.5,
        py: 0.75,
        borderRadius: '14px',
        ...(mine ? { borderEndEndRadius: '4px' } : { borderEndStartRadius: '4px' }),
        bgcolor: mine ? 'primary.main' : 'action.selected',
        color: mine ? 'primary.contrastText' : 'text.primary',
      }}
    >
      {/* Plain text, never HTML: React escapes it; line breaks are kept; its own writing direction. */}
      <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.message}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 0.25, opacity: 0.8 }}>
        <Typography variant="caption" component="time" dir="auto" dateTime={message.datetime} sx={{ lineHeight: 1.2 }}>
          {messageTime(message.datetime, locale)}
        </Typography>
        {mine ? (
          <Box
            component="span"
            role="img"
            aria-label={read ? t('internalChat.read') : t('internalChat.sent')}
            title={read ? t('internalChat.read') : t('internalChat.sent')}
            data-testid={`chat-tick-${message.id}`}
            data-read={read ? 'true' : 'false'}
            sx={{ display: 'inline-flex', fontSize: 16 }}
          >
            {read ? <DoneAllIcon fontSize="inherit" /> : <DoneIcon fontSize="inherit" />}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

/** One conversation: messages as bubbles (mine on the inline-end side), older pages on demand, the message box. */
export function ConversationView({ me, peer, onBack }: { me: number; peer: InternalChatContact; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useApiFeedback();
  const conversation = useConversation(me, peer.id);
  const older = useLoadOlder(me, peer.id);
  const send = useSendChatMessage(me, peer.id);
  const [draft, setDraft] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  // Opening the conversation reads it; while it is open, arriving messages are read too (see hooks.ts).
  useEffect(() => {
    setOpenPeer(peer.id);
    void markConversationRead(queryClient, me, peer.id);
    return () => setOpenPeer(null);
  }, [queryClient, me, peer.id]);

  const messages = conversation.data?.messages ?? [];
  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;

  // Older messages above: keep what was on screen in place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || heightBeforeOlder.current === null) return;
    element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [firstId]);
  // A new message at the bottom: follow it when the reader was at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  const loadOlder = () => {
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    older.mutate(undefined, {
      onError: (error) => {
        heightBeforeOlder.current = null;
        feedback.failure(error);
      },
    });
  };

  const submit = () => {
    const text = draft.trim();
    if (!text || send.isPending) return;
    atBottom.current = true;
    setDraft('');
    send.mutate(text, {
      onError: (error) => {
        setDraft((current) => current || text);
        feedback.failure(error);
      },
    });
  };

  let body: ReactNode;
  if (conversation.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('internalChat.conversationWith', { name: peer.nombre })} />
      </Box>
    );
  } else if (conversation.isError) {
    body = (
      <EmptyState
        data-testid="chat-load-error"
        icon={<ErrorOutlineIcon fontSize="inherit" />}
        title={t('internalChat.loadError')}
        description={conversation.error.message}
        action={
          <Button variant="outlined" onClick={() => void conversation.refetch()}>
            {t('internalChat.retry')}
          </Button>
        }
      />
    );
  } else if (messages.length === 0) {
    body = (
      <EmptyState
        data-testid="chat-start"
        icon={<ForumOutlinedIcon fontSize="inherit" />}
        title={t('internalChat.startConversation')}
      />
    );
  } else {
    body = (
      <>
        {conversation.data?.hasOlder ? (
          <Button
            size="small"
            onClick={loadOlder}
            disabled={older.isPending}
            sx={{ alignSelf: 'center', mb: 1 }}
            data-testid="chat-load-older"
          >
            {t('internalChat.loadOlder')}
          </Button>
        ) : null}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} locale={i18n.language} />
        ))}
      </>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }} data-testid="chat-conversation">
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <IconButton onClick={onBack} aria-label={t('internalChat.back')} data-testid="chat-back">
          <ArrowBackIcon sx={flipInRtl} />
        </IconButton>
        <ContactAvatar contact={peer} size={32} />
        <Typography variant="subtitle1" component="h3" noWrap sx={{ fontWeight: 600 }} data-testid="chat-peer-name">
          <bdi>{peer.nombre}</bdi>
        </Typography>
      </Box>
      <Box
        ref={scroller}
        role="log"
        aria-live="polite"
        aria-label={t('internalChat.conversationWith', { name: peer.nombre })}
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_DISTANCE;
        }}
        sx={{ flexGrow: 1, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 0.75, p: 2 }}
        data-testid="chat-messages"
      >
        {body}
      </Box>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
      >
        <TextField
          multiline
          maxRows={5}
          fullWidth
          size="small"
          autoFocus
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (
              sendsOnEnter({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })
            ) {
              event.preventDefault();
              submit();
            }
          }}
          placeholder={t('internalChat.typeMessage')}
          helperText={t('internalChat.inputHint')}
          slotProps={{
            htmlInput: { maxLength: 4000, 'aria-label': t('internalChat.typeMessage'), 'data-testid': 'chat-input' },
          }}
        />
        <IconButton
          type="submit"
          color="primary"
          disabled={!draft.trim() || send.isPending}
          aria-label={t('internalChat.send')}
          data-testid="chat-send"
        >
          <SendIcon sx={flipInRtl} />
        </IconButton>
      </Box>
    </Box>
  );
}
