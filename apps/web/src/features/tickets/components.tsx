import {
  API_BASE,
  type FormField,
  type Interaction,
  type InteractionMessage,
  isWebchatVisitorId,
  taskDue,
} from '@atiende/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import BlockIcon from '@mui/icons-material/Block';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadApiFile } from '../../api/download';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { formatDateTime, formatFileSize } from '../../ui/format';
import { lazyNamed } from '../../ui/lazy';
import { PageLoader } from '../../ui/PageLoader';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import type { DynamicFormDetail } from '../forms/api';
import { compactValues, type FormValues, initialValues, listsToMap } from '../forms/model';
import type { FormValuesValidator } from '../forms/validation';
import type { TaskInput } from './api';
import {
  bubbleSide,
  deliveryKey,
  localDateTimeToIso,
  PRIORITY_COLORS,
  priorityKey,
  STATUS_COLORS,
  statusKey,
} from './model';
import type { TaskFieldsProps } from './TaskFields';

/** A call's card loads with its texts only where a ticket has calls (telephony channels). */
const CallBody = lazyNamed(() => import('./call/CallBody'), 'CallBody');

export function StatusChip({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status] ?? 'default'}
      variant={status === 4 ? 'outlined' : 'filled'}
      label={t(`tickets.status.${statusKey(status)}`)}
      data-testid={testId}
      data-status={status}
    />
  );
}

export function PriorityChip({ priority }: { priority: number }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={PRIORITY_COLORS[priority] ?? 'default'}
      label={t(`tickets.priority.${priorityKey(priority)}`)}
      data-priority={priority}
    />
  );
}

/** "upcoming" (within 15 minutes) or "late" (past due) chip of a next task; nothing otherwise. */
export function DueChip({ nextTaskAt, due }: { nextTaskAt: string | null; due?: 'late' | 'upcoming' | null }) {
  const { t } = useTranslation();
  const state = due === undefined ? taskDue(nextTaskAt) : due;
  if (!state) return null;
  return (
    <Chip
      size="small"
      color={state === 'late' ? 'error' : 'warning'}
      label={t(`tickets.due.${state}`)}
      data-testid={`task-due-${state}`}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Task composer

export interface TaskDraft {
  values: FormValues;
  notes: string;
  /** datetime-local value. */
  next: string;
}

export function emptyTaskDraft(fields: readonly FormField[] | undefined): TaskDraft {
  return { values: initialValues(fields ?? []), notes: '', next: '' };
}

/**
 * Client-side validation with the shared schema (`validateValues`, loadedFormValuesValidator(): null before it has
 * loaded, when the server alone checks the values) plus the form's notes / next-task requirements.
 */
export function validateTaskDraft(
  detail: DynamicFormDetail | null,
  draft: TaskDraft,
  t: TFunction,
  validateValues: FormValuesValidator | null,
): Record<string, string> {
  const errors: Record<string, string> =
    detail && validateValues
      ? validateValues(detail.form.fields, listsToMap(detail.lists), compactValues(draft.values), t)
      : {};
  if (detail?.form.requireNotes && !draft.notes.trim()) errors.notes = t('tickets.task.notesRequired');
  if (detail?.form.requireNextTask && !draft.next) errors.nextTaskAt = t('tickets.task.nextRequired');
  if (draft.next && !localDateTimeToIso(draft.next)) errors.nextTaskAt = t('validation.date');
  return errors;
}

/** What the task's error keys point into: the form's values by field key, `notes` and `nextTaskAt`. */
export function taskDraftValues(draft: TaskDraft): Record<string, unknown> {
  return { ...draft.values, notes: draft.notes, nextTaskAt: draft.next };
}

export function draftToTask(draft: TaskDraft): TaskInput {
  return {
    values: compactValues(draft.values),
    notes: draft.notes.trim() || null,
    nextTaskAt: localDateTimeToIso(draft.next),
  };
}

// The task inputs (the campaign's dynamic form, notes, next task) load when they first show: the ticket opens on its
// conversation, and the form renderer's code comes with the task tab.
const LazyTaskFields = lazyNamed(() => import('./TaskFields'), 'TaskFields');

/** The task inputs: the campaign's dynamic form, notes and the next task date-time. */
export function TaskFields(props: TaskFieldsProps) {
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyTaskFields {...props} />
    </Suspense>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Conversations (interactions) in the timeline

const DELIVERY_ICONS = {
  queued: ScheduleIcon,
  sent: DoneIcon,
  delivered: DoneAllIcon,
  read: DoneAllIcon,
  failed: ErrorOutlineIcon,
} as const;

/** An outgoing message's delivery status (queued, sent, delivered, read, failed) as an icon with its name. */
export function DeliveryStatusIcon({ message }: { message: InteractionMessage }) {
  const { t } = useTranslation();
  const key = deliveryKey(message.direction, message.deliveryStatus);
  if (!key) return null;
  const Icon = DELIVERY_ICONS[key];
  const label = t(`desk.conversation.delivery.${key}`);
  return (
    <Tooltip title={label}>
      <Icon
        role="img"
        aria-label={label}
        data-testid={`message-delivery-${message.id}`}
        data-delivery={key}
        sx={{
          fontSize: 16,
          color: key === 'read' ? 'info.main' : key === 'failed' ? 'error.main' : 'text.secondary',
        }}
      />
    </Tooltip>
  );
}

/** Shows a remote image the agent asked for (the marker's URL must be http(s)); other clicks pass through. */
export function revealRemoteImage(event: { target: EventTarget | null }) {
  const marker = event.target instanceof Element ? event.target.closest('[data-remote-image]') : null;
  const src = marker?.getAttribute('data-remote-image') ?? '';
  if (!marker || !remoteImageUrl(src)) return;
  const image = document.createElement('img');
  image.src = src;
  image.alt = marker.getAttribute('data-alt') ?? '';
  image.referrerPolicy = 'no-referrer';
  marker.replaceWith(image);
}

export function remoteImageUrl(src: string): boolean {
  return /^https?:\/\/[^\s"'<>]+$/i.test(src);
}

/** "edited" beside a message's time; its tooltip says when, and what the customer had written before. */
function EditedMark({ message }: { message: InteractionMessage }) {
  const { t, i18n } = useTranslation();
  if (!message.editedAt) return null;
  const lines = [
    t('desk.conversation.editedAt', { time: formatDateTime(message.editedAt, i18n.language) }),
    ...message.edits.map((edit) =>
      t('desk.conversation.earlierVersion', { time: formatDateTime(edit.replacedAt, i18n.language), text: edit.text }),
    ),
  ];
  return (
    <Tooltip
      title={
        <Box component="span" dir="auto" sx={{ whiteSpace: 'pre-line' }}>
          {lines.join('\n')}
        </Box>
      }
    >
      <Typography
        variant="caption"
        component="span"
        tabIndex={0}
        data-testid={`message-edited-${message.id}`}
        sx={{ color: 'text.secondary', fontStyle: 'italic', flexShrink: 0 }}
      >
        {t('desk.conversation.edited')}
      </Typography>
    </Tooltip>
  );
}

/** What is left of a message the customer deleted: a marker instead of its content (kept on the server for audit). */
function DeletedBody({ message }: { message: InteractionMessage }) {
  const { t, i18n } = useTranslation();
  return (
    <Tooltip title={t('desk.conversation.deletedAt', { time: formatDateTime(message.deletedAt ?? '', i18n.language) })}>
      <Box
        tabIndex={0}
        data-testid={`message-deleted-${message.id}`}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          borderStartStartRadius: 4,
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
          color: 'text.secondary',
          typography: 'body2',
          fontStyle: 'italic',
        }}
      >
        <BlockIcon sx={{ fontSize: 16 }} aria-hidden />
        {t('desk.conversation.deleted')}
      </Box>
    </Tooltip>
  );
}

/** One message: incoming on the inline-start side, outgoing on the inline-end side, with sender, time and body. */
export function MessageBubble({ message, contactValue }: { message: InteractionMessage; contactValue: string }) {
  const { t, i18n } = useTranslation();
  const side = bubbleSide(message.direction);
  const outgoing = side === 'end';
  // CSS content needs quotes escaped; the label is ours (translations), never message text.
  const remoteImageLabel = t('tickets.remoteImage').replace(/["\\]/g, '');
  const sender = outgoing
    ? (message.author?.nombre ?? message.senderName ?? t('desk.conversation.agent'))
    : (message.senderName ?? contactValue ?? t('desk.conversation.customer'));
  const deleted = message.deletedAt !== null;
  return (
    <Box
      data-testid={`ticket-message-${message.id}`}
      data-direction={outgoing ? 'outgoing' : 'incoming'}
      data-state={deleted ? 'deleted' : message.editedAt ? 'edited' : undefined}
      sx={{
        alignSelf: outgoing ? 'flex-end' : 'flex-start',
        maxWidth: '85%',
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: outgoing ? 'flex-end' : 'flex-start',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, px: 0.5, mb: 0.25, maxWidth: '100%' }}>
        <Typography variant="caption" noWrap sx={{ fontWeight: 700, minWidth: 0 }}>
          {sender}
        </Typography>
        <Typography
          variant="caption"
          component="time"
          dir="auto"
          dateTime={message.createdAt}
          sx={{ color: 'text.secondary', flexShrink: 0 }}
        >
          {formatDateTime(message.createdAt, i18n.language)}
        </Typography>
        {deleted ? null : <EditedMark message={message} />}
      </Box>
      {deleted ? (
        <DeletedBody message={message} />
      ) : message.call ? (
        <Suspense>
          <CallBody call={message.call} />
        </Suspense>
      ) : (
        <Box
          sx={(theme) => ({
            px: 1.5,
            py: 1,
            borderRadius: 2,
            ...(outgoing ? { borderStartEndRadius: 4 } : { borderStartStartRadius: 4 }),
            bgcolor: outgoing
              ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.28 : 0.12)
              : theme.palette.action.hover,
            border: 1,
            borderColor: outgoing ? alpha(theme.palette.primary.main, 0.3) : 'divider',
            typography: 'body2',
            overflowWrap: 'anywhere',
            minWidth: 0,
            maxWidth: '100%',
            '& p': { my: 0.25 },
            '& p:first-of-type': { mt: 0 },
            '& p:last-of-type': { mb: 0 },
            '& img': { maxWidth: '100%', height: 'auto' },
            '& a': { color: 'primary.main' },
            '& blockquote': { m: 0, paddingInlineStart: 1, borderInlineStart: 3, borderColor: 'divider' },
            // Remote images wait for a click (the server leaves a marker instead of the <img>).
            '& [data-remote-image]': {
              display: 'inline-block',
              cursor: 'pointer',
              px: 1,
              py: 0.25,
              borderRadius: 1,
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              color: 'text.secondary',
            },
            '& [data-remote-image]::before': { content: `"${remoteImageLabel}"` },
          })}
          dir="auto"
          onClick={revealRemoteImage}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: message html is sanitised by the server when it is stored.
          dangerouslySetInnerHTML={{ __html: message.html }}
        />
      )}
      {message.attachments.length > 0 ? <MessageFiles message={message} /> : null}
      {outgoing ? (
        <Box sx={{ px: 0.5, mt: 0.25, display: 'flex' }}>
          <DeliveryStatusIcon message={message} />
        </Box>
      ) : null}
    </Box>
  );
}

/** A file's name (in its own direction) and a detail such as its size (left to right, so "41 B" stays whole). */
export function FileLabel({ name, detail }: { name: string; detail: string }) {
  return (
    <>
      <bdi>{name}</bdi> · <bdi dir="ltr">{detail}</bdi>
    </>
  );
}

/** The files a message carried: each downloads (always as a file) through the ticket's attachment route. */
function MessageFiles({ message }: { message: InteractionMessage }) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5, maxWidth: '100%' }}
      data-testid={`ticket-message-files-${message.id}`}
    >
      {message.attachments.map((file) => (
        <Chip
          key={file.id}
          size="small"
          variant="outlined"
          icon={<AttachFileIcon />}
          label={<FileLabel name={file.name} detail={formatFileSize(file.size, i18n.language)} />}
          onClick={() =>
            void downloadApiFile(file.url.slice(API_BASE.length + 1), {}, file.name).catch((error: unknown) =>
              feedback.failure(error),
            )
          }
          aria-label={`${t('tickets.attachments.download')}: ${file.name}`}
          data-testid={`ticket-message-file-${file.id}`}
          sx={{ maxWidth: '100%' }}
        />
      ))}
    </Box>
  );
}

/** A conversation through one channel and contact datum: its header, then its messages oldest first. */
export function InteractionItem({ interaction }: { interaction: Interaction }) {
  const { t } = useTranslation();
  const channelType = t(`channelTypes.${interaction.channel.typeName}`, {
    defaultValue: interaction.channel.typeName,
  });
  return (
    <Box data-testid={`ticket-interaction-${interaction.id}`} sx={{ display: 'flex', gap: 1.5 }}>
      <Tooltip title={channelType}>
        <Avatar
          sx={{ width: 28, height: 28, bgcolor: 'secondary.main', color: 'secondary.contrastText', mt: 0.25 }}
          role="img"
          aria-label={channelType}
        >
          <ChannelTypeIcon type={interaction.channel.typeName} sx={{ fontSize: 16 }} />
        </Avatar>
      </Tooltip>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t('desk.conversation.title', { channel: interaction.channel.name })}
          </Typography>
          {/* A web-chat visitor's technical id says nothing to the agent: the customer panel names them. */}
          {isWebchatVisitorId(interaction.contactValue) ? null : (
            <Typography
              variant="body2"
              dir="ltr"
              sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
              aria-label={`${t('desk.conversation.contact')}: ${interaction.contactValue}`}
            >
              {interaction.contactValue}
            </Typography>
          )}
          <Typography variant="caption" component="bdi" sx={{ color: 'text.secondary' }}>
            {t('desk.conversation.messages', { count: interaction.messages.length })}
          </Typography>
        </Box>
        {interaction.messages.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('desk.conversation.empty')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
            {interaction.messages.map((message) => (
              <MessageBubble key={message.id} message={message} contactValue={interaction.contactValue} />
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
