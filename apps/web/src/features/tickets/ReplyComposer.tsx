import {
  ATTACHMENT_MAX_BYTES,
  channelTypeOf,
  MAX_REPLY_ATTACHMENTS,
  type Ticket,
  WEBCHAT_TYPING_EVENT,
} from '@atiende/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import SendIcon from '@mui/icons-material/Send';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { onRealtimeEvent } from '../../app/realtime';
import { useSession } from '../../core/session';
import { FormField } from '../../ui/FormField';
import { formatFileSize } from '../../ui/format';
import { lazyNamed } from '../../ui/lazy';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { filterOffered, type OfferedTemplate, SlashTemplateList, useTicketTemplates } from '../templates';
import { useSendReply, useUploadAttachment } from './api';
import { FileLabel } from './components';
import { closedReplyWindow, isSendShortcut, latestInteractionId, uploadedAttachment } from './model';
import { SmsSegmentCounter } from './SmsSegmentCounter';

// The WhatsApp templates' dialog (its texts in both languages, the bubble preview) loads when first opened.
const WhatsappTemplateDialog = lazyNamed(() => import('./WhatsappTemplateDialog'), 'WhatsappTemplateDialog');

/** A file of the reply: uploading (no id yet) or uploaded as the ticket's attachment. */
interface ReplyFile {
  key: string;
  name: string;
  size: number;
  attachmentId: number | null;
}

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
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const send = useSendReply(ticket.id);
  const upload = useUploadAttachment(ticket.id);
  const { user } = useSession();
  const fileInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<ReplyFile[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [interactionId, setInteractionId] = useState<number | undefined>(() => latestInteractionId(ticket));
  const [whatsappTemplateOpen, setWhatsappTemplateOpen] = useState(false);
  const customerTyping = useCustomerTyping(ticket.id);
  const notifyTyping = useTypingNotice(ticket, interactionId);

  useEffect(() => {
    setInteractionId((current) =>
      current && ticket.interactions.some((interaction) => interaction.id === current)
        ? current
        : latestInteractionId(ticket),
    );
  }, [ticket]);

  const uploading = files.some((file) => file.attachmentId === null);
  const conversation = ticket.interactions.find((interaction) => interaction.id === interactionId);
  const windowHours = closedReplyWindow(conversation, Date.now());
  // WhatsApp conversations can always take an approved template (the way to write after the 24-hour window).
  const capabilities = channelTypeOf(conversation?.channel.typeName)?.composer;
  const whatsapp = capabilities?.templates ?? false;
  // Instagram takes files only by public link: the server would refuse them, so the button says so first.
  const takesFiles = capabilities?.files ?? true;

  /** Each chosen file is uploaded at once as the ticket's attachment; the reply then names it. */
  const addFiles = (chosen: File[]) => {
    const room = MAX_REPLY_ATTACHMENTS - files.length;
    if (chosen.length > room) feedback.notify(t('tickets.reply.tooManyFiles', { max: MAX_REPLY_ATTACHMENTS }), 'error');
    for (const file of chosen.slice(0, Math.max(room, 0))) {
      if (file.size > ATTACHMENT_MAX_BYTES) {
        feedback.notify(t('tickets.attachments.tooLarge'), 'error');
        continue;
      }
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      setFiles((current) => [...current, { key, name: file.name, size: file.size, attachmentId: null }]);
      setError(undefined);
      upload.mutate(file, {
        onSuccess: (updated) => {
          const stored = user ? uploadedAttachment(updated, user.id) : null;
          setFiles((current) =>
            stored
              ? current.map((item) =>
                  item.key === key ? { ...item, name: stored.fileName, attachmentId: stored.id } : item,
                )
              : current.filter((item) => item.key !== key),
          );
        },
        onError: (failure) => {
          setFiles((current) => current.filter((item) => item.key !== key));
          feedback.failure(failure);
        },
      });
    }
  };

  const submit = () => {
    if (send.isPending || uploading) return;
    if (!text.trim() && files.length === 0) {
      setError(t('tickets.reply.empty'));
      return;
    }
    send.mutate(
      { text, interactionId, attachmentIds: files.flatMap((file) => (file.attachmentId ? [file.attachmentId] : [])) },
      {
        onSuccess: () => {
          feedback.success(t('tickets.reply.sent'));
          setText('');
          setFiles([]);
        },
        onError: (failure) =>
          feedback.failure(failure, (fields) => setError(fields.text ?? fields.interactionId ?? fields.attachmentIds)),
      },
    );
  };

  // Typing `/` and a few letters offers the templates whose name or text match; Enter takes the first.
  const slash = /^\/(\S*)$/.exec(text);
  const slashTemplates = useTicketTemplates(ticket.id, Boolean(slash));
  const slashShown = slash ? filterOffered(slashTemplates.data ?? [], slash[1]).slice(0, 6) : [];
  const pickSlash = (template: OfferedTemplate) => {
    setText(template.filled);
    setError(undefined);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (slash && event.key === 'Enter' && !event.altKey && slashShown[0]) {
      event.preventDefault();
      pickSlash(slashShown[0]);
      return;
    }
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
      {windowHours ? (
        <Alert severity="warning" sx={{ my: 1 }} data-testid="reply-window-closed">
          {t('tickets.reply.windowClosed', { hours: windowHours })}
          {whatsapp
            ? ` ${t('tickets.reply.windowClosedTemplate', { button: t('whatsappTemplates.send.button') })}`
            : null}
        </Alert>
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
      {capabilities?.smsSegments ? <SmsSegmentCounter text={text} /> : null}
      {slash ? (
        <SlashTemplateList templates={slashShown} loading={slashTemplates.isLoading} onPick={pickSlash} />
      ) : null}
      {files.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid="reply-files">
          {files.map((file) => (
            <Chip
              key={file.key}
              size="small"
              variant="outlined"
              icon={file.attachmentId ? <AttachFileIcon /> : <CircularProgress size={14} />}
              label={
                <FileLabel
                  name={file.name}
                  detail={file.attachmentId ? formatFileSize(file.size, i18n.language) : t('tickets.reply.uploading')}
                />
              }
              onDelete={
                file.attachmentId
                  ? () => setFiles((current) => current.filter((item) => item.key !== file.key))
                  : undefined
              }
              deleteIcon={<CancelIcon role="button" aria-label={t('tickets.reply.removeFile', { name: file.name })} />}
              data-testid={file.attachmentId ? `reply-file-${file.attachmentId}` : 'reply-file-uploading'}
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="reply-file-input"
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <Tooltip title={t(takesFiles ? 'tickets.reply.attach' : 'tickets.reply.noFiles')}>
          <span>
            <IconButton
              onClick={() => fileInput.current?.click()}
              disabled={files.length >= MAX_REPLY_ATTACHMENTS || !takesFiles}
              aria-label={t('tickets.reply.attach')}
              data-testid="reply-attach"
            >
              <AttachFileIcon />
            </IconButton>
          </span>
        </Tooltip>
        {templates?.((filled) => {
          setText((current) => (current.trim() ? `${current}\n${filled}` : filled));
          setError(undefined);
        })}
        {whatsapp ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<WhatsAppIcon />}
            onClick={() => setWhatsappTemplateOpen(true)}
            aria-haspopup="dialog"
            data-testid="reply-whatsapp-template"
          >
            {t('whatsappTemplates.send.button')}
          </Button>
        ) : null}
        <Button
          variant="contained"
          onClick={submit}
          disabled={send.isPending || uploading}
          startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          data-testid="reply-send"
          // At the end of the row, also when the row wraps on a narrow column.
          sx={{ marginInlineStart: 'auto' }}
        >
          {t('tickets.reply.send')}
        </Button>
      </Box>
      {whatsappTemplateOpen && conversation ? (
        <Suspense fallback={null}>
          <WhatsappTemplateDialog
            ticketId={ticket.id}
            conversation={conversation}
            onClose={() => setWhatsappTemplateOpen(false)}
          />
        </Suspense>
      ) : null}
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
    const stop = onRealtimeEvent(WEBCHAT_TYPING_EVENT, (event) => {
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
    channelTypeOf(ticket.interactions.find((interaction) => interaction.id === interactionId)?.channel.typeName)
      ?.composer.typingNotice ?? false;
  return () => {
    if (!webchat || Date.now() - last.current < TYPING_NOTICE_EVERY_MS) return;
    last.current = Date.now();
    void api.post(`tickets/${ticket.id}/webchat-typing`, {}).catch(() => undefined);
  };
}
