import {
  NEW_INBOUND_EVENT,
  REALTIME_EVENTS,
  STORAGE_KEYS,
  type Ticket,
  type TicketNote,
  type TicketTask,
} from '@atiende/contracts';
import AddTaskIcon from '@mui/icons-material/AddTask';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import NoteAltIcon from '@mui/icons-material/NoteAlt';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import ReplyIcon from '@mui/icons-material/Reply';
import SendIcon from '@mui/icons-material/Send';
import ShortcutIcon from '@mui/icons-material/Shortcut';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useUserCampaigns } from '../../app/campaign';
import { usePermissions } from '../../app/queries';
import { onRealtimeEvent } from '../../app/realtime';
import { useSession } from '../../core/session';
import { readString, writeString } from '../../core/storage';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { DetailRow } from '../../ui/DetailList';
import { FormField } from '../../ui/FormField';
import { formatDateTime } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { StatusPage } from '../../ui/StatusPage';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { AuditEntryList } from '../audit/AuditHistory';
import { useCustomer } from '../customers/api';
import { useHandlingTicket } from '../desk/agentStatus';
import { deskKeys, markTicketRead } from '../desk/api';
import type { DynamicFormDetail } from '../forms/api';
import { TemplatePicker } from '../templates';
import {
  type SimpleAction,
  ticketKeys,
  useAcceptTransfer,
  useAddNote,
  useAddTask,
  useCampaignForm,
  useRejectTransfer,
  useTicket,
  useTicketAction,
  useTicketHistory,
} from './api';
import {
  DueChip,
  draftToTask,
  emptyTaskDraft,
  InteractionItem,
  PriorityChip,
  StatusChip,
  type TaskDraft,
  TaskFields,
  validateTaskDraft,
} from './components';
import {
  availableActions,
  buildTimeline,
  parseLayout,
  type TicketLayout,
  taskFieldErrors,
  taskValueText,
} from './model';
import { ReplyComposer } from './ReplyComposer';
import { TicketAttachments } from './TicketAttachments';
import { MergeDialog, TransferDialog } from './TicketDialogs';

function Panel({ title, children, testId }: { title?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      {title ? (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

function CustomerPanel({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const customer = useCustomer(can('ver-cliente') ? ticket.customer.id : null);
  const data = customer.data;
  return (
    <Panel title={t('tickets.fields.customer')} testId="ticket-customer-panel">
      <Typography variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {data?.fullName ?? ticket.customer.fullName}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {data?.identificationType.abbr ?? data?.identificationType.name ?? ''} {ticket.customer.identificationNumber}
      </Typography>
      {customer.isLoading ? <CircularProgress size={20} /> : null}
      {data && data.contacts.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
          {data.contacts.map((contact) => (
            <Box component="li" key={contact.id}>
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                {contact.label || contact.type.name}
              </Typography>
              <Typography variant="body2" dir="ltr" sx={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
                {contact.areaCode ? `(${contact.areaCode}) ` : ''}
                {contact.value}
                {contact.extension ? ` ext. ${contact.extension}` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : data ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('tickets.view.noContacts')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        {can('ver-cliente') ? (
          <Button size="small" component={RouterLink} to={`/app/customers/${ticket.customer.id}/view`}>
            {t('tickets.view.openCustomer')}
          </Button>
        ) : null}
        {can('editar-cliente') ? (
          <Button
            size="small"
            startIcon={<EditIcon />}
            component={RouterLink}
            to={`/app/customers/${ticket.customer.id}/edit`}
            data-testid="ticket-customer-edit"
          >
            {t('tickets.view.editCustomer')}
          </Button>
        ) : null}
      </Box>
    </Panel>
  );
}

function TaskItem({ task, labels }: { task: TicketTask; labels: ReadonlyMap<string, string> }) {
  const { t, i18n } = useTranslation();
  const entries = Object.entries(task.values).filter(([, value]) => taskValueText(value) !== '');
  return (
    <Box data-testid={`task-item-${task.id}`} sx={{ display: 'flex', gap: 1.5 }}>
      <AddTaskIcon color="primary" fontSize="small" sx={{ mt: 0.5 }} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t('tickets.timeline.task')}
          </Typography>
          <Typography variant="body2">{task.author?.nombre ?? t('audit.system')}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }} component="time" dateTime={task.createdAt}>
            {formatDateTime(task.createdAt, i18n.language)}
          </Typography>
        </Box>
        {entries.length > 0 ? (
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'minmax(90px, max-content) 1fr', columnGap: 1.5, my: 0.5 }}
          >
            {entries.map(([key, value]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {labels.get(key) ?? key}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {typeof value === 'boolean' ? (value ? t('common.yes') : t('common.no')) : taskValueText(value)}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
        {task.notes ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 0.5 }}>
            {task.notes}
          </Typography>
        ) : null}
        {task.nextTaskAt ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('tickets.fields.nextTask')}: {formatDateTime(task.nextTaskAt, i18n.language)}
            </Typography>
            <DueChip nextTaskAt={task.nextTaskAt} due={task.due} />
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

function NoteItem({ note }: { note: TicketNote }) {
  const { t, i18n } = useTranslation();
  return (
    <Box data-testid={`note-item-${note.id}`} sx={{ display: 'flex', gap: 1.5 }}>
      <NoteAltIcon color="warning" fontSize="small" sx={{ mt: 0.5 }} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t('tickets.timeline.note')}
          </Typography>
          <Typography variant="body2">{note.author?.nombre ?? t('audit.system')}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }} component="time" dateTime={note.createdAt}>
            {formatDateTime(note.createdAt, i18n.language)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.body}
        </Typography>
      </Box>
    </Box>
  );
}

function Composer({ ticket, form }: { ticket: Ticket; form: DynamicFormDetail | null }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const [tab, setTab] = useState<'reply' | 'task' | 'note'>(() => (ticket.interactions.length ? 'reply' : 'task'));
  const [draft, setDraft] = useState<TaskDraft>(() => emptyTaskDraft(form?.form.fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const addTask = useAddTask(ticket.id);
  const addNote = useAddNote(ticket.id);

  useEffect(() => {
    setDraft(emptyTaskDraft(form?.form.fields));
  }, [form]);

  const saveTask = () => {
    const found = validateTaskDraft(form, draft, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    addTask.mutate(draftToTask(draft), {
      onSuccess: () => {
        feedback.success(t('tickets.task.saved'));
        setDraft(emptyTaskDraft(form?.form.fields));
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(taskFieldErrors(error.fields));
        feedback.failure(error);
      },
    });
  };

  const saveNote = () => {
    if (!note.trim()) {
      setNoteError(t('validation.required'));
      return;
    }
    addNote.mutate(
      { body: note.trim() },
      {
        onSuccess: () => {
          feedback.success(t('tickets.note.saved'));
          setNote('');
        },
        onError: (error) => feedback.failure(error, (fields) => setNoteError(fields.body)),
      },
    );
  };

  return (
    <Panel testId="ticket-composer">
      <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ mb: 1 }} variant="fullWidth">
        <Tab
          value="reply"
          label={t('tickets.reply.add')}
          icon={<ReplyIcon />}
          iconPosition="start"
          data-testid="composer-reply"
        />
        <Tab
          value="task"
          label={t('tickets.task.add')}
          icon={<AddTaskIcon />}
          iconPosition="start"
          data-testid="composer-task"
        />
        <Tab
          value="note"
          label={t('tickets.note.add')}
          icon={<NoteAltIcon />}
          iconPosition="start"
          data-testid="composer-note"
        />
      </Tabs>
      {tab === 'reply' ? (
        <ReplyComposer
          ticket={ticket}
          templates={(insert) => <TemplatePicker ticketId={ticket.id} onPick={insert} />}
        />
      ) : tab === 'task' ? (
        <>
          <TaskFields detail={form} draft={draft} onChange={setDraft} errors={errors} disabled={addTask.isPending} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button
              variant="contained"
              onClick={saveTask}
              disabled={addTask.isPending}
              startIcon={addTask.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
              data-testid="task-save"
            >
              {t('tickets.task.save')}
            </Button>
          </Box>
        </>
      ) : (
        <>
          <FormField
            fullWidth
            multiline
            minRows={3}
            label={t('tickets.note.body')}
            helperText={t('tickets.note.internal')}
            value={note}
            onValueChange={(value) => {
              setNote(value);
              setNoteError(undefined);
            }}
            error={noteError}
            testId="note-body"
            maxLength={10_000}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button
              variant="contained"
              onClick={saveNote}
              disabled={addNote.isPending}
              startIcon={addNote.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
              data-testid="note-save"
            >
              {t('tickets.note.save')}
            </Button>
          </Box>
        </>
      )}
    </Panel>
  );
}

function Timeline({ ticket, form }: { ticket: Ticket; form: DynamicFormDetail | null }) {
  const { t } = useTranslation();
  const labels = useMemo(
    () => new Map((form?.form.fields ?? []).map((field) => [field.key, field.label || field.key])),
    [form],
  );
  const entries = buildTimeline(ticket.tasks, ticket.notes, ticket.interactions ?? []);
  return (
    <Panel title={t('tickets.timeline.title')} testId="ticket-timeline">
      {entries.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="timeline-empty">
          {t('tickets.timeline.empty')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {entries.map((entry, index) => (
            <Box key={`${entry.kind}-${entry.id}`}>
              {index > 0 ? <Divider sx={{ mb: 1.5 }} /> : null}
              {entry.kind === 'task' ? (
                <TaskItem task={entry.item} labels={labels} />
              ) : entry.kind === 'note' ? (
                <NoteItem note={entry.item} />
              ) : (
                <InteractionItem interaction={entry.item} />
              )}
            </Box>
          ))}
        </Box>
      )}
    </Panel>
  );
}

function HistoryTab({ ticketId }: { ticketId: number }) {
  const history = useTicketHistory(ticketId);
  if (history.isLoading) return <PageLoader />;
  if (history.isError) return <Alert severity="error">{history.error.message}</Alert>;
  return <AuditEntryList entries={history.data ?? []} />;
}

function SidePanel({ ticket, campaign }: { ticket: Ticket; campaign: ReturnType<typeof useCampaignForm>['campaign'] }) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const { can, isAgent } = usePermissions();
  const { user } = useSession();
  const userCampaigns = useUserCampaigns();
  const action = useTicketAction(ticket.id);
  const accept = useAcceptTransfer();
  const reject = useRejectTransfer();
  const [tab, setTab] = useState('details');
  const [dialog, setDialog] = useState<'transfer' | 'merge' | 'close' | null>(null);
  const actions = availableActions(ticket, can, {
    id: user?.id ?? null,
    campaignIds: (userCampaigns.data ?? []).map((item) => item.id),
  });
  const config = campaign.data?.config;
  const scripts = campaign.data?.scripts ?? [];
  const customTabs = (campaign.data?.customTabs ?? []).filter((item) => item.enabled);
  const busy = action.isPending || accept.isPending || reject.isPending;

  const run = (name: SimpleAction) =>
    action.mutate(name, {
      onSuccess: () => feedback.success(t(`tickets.actions.done.${name}`)),
      onError: (error) => feedback.failure(error),
    });

  const date = (value: string | null) => formatDateTime(value, i18n.language);
  const activeTab =
    tab.startsWith('custom-') && !customTabs.some((item) => `custom-${item.id}` === tab) ? 'details' : tab;

  return (
    <Panel testId="ticket-side-panel">
      {ticket.status === 3 && ticket.transfer ? (
        <Alert severity="info" sx={{ mb: 1.5 }} data-testid="ticket-transfer-waiting">
          {t('tickets.transfer.waiting', {
            target: ticket.transfer.toUser?.nombre ?? ticket.transfer.toCampaign?.name ?? '',
          })}
          {actions.accept || actions.reject ? (
            <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
              <Button
                size="small"
                variant="contained"
                disabled={busy}
                data-testid="ticket-accept"
                onClick={() =>
                  accept.mutate(ticket.id, {
                    onSuccess: () => feedback.success(t('tickets.transfer.accepted')),
                    onError: (error) => feedback.failure(error),
                  })
                }
              >
                {t('tickets.actions.accept')}
              </Button>
              <Button
                size="small"
                color="error"
                variant="outlined"
                disabled={busy}
                data-testid="ticket-reject"
                onClick={() =>
                  reject.mutate(ticket.id, {
                    onSuccess: () => feedback.success(t('tickets.transfer.rejected')),
                    onError: (error) => feedback.failure(error),
                  })
                }
              >
                {t('tickets.actions.reject')}
              </Button>
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} data-testid="ticket-actions">
        {actions.open ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<LockOpenIcon />}
            disabled={busy}
            onClick={() => run('open')}
            data-testid="ticket-action-open"
          >
            {t('tickets.actions.open')}
          </Button>
        ) : null}
        {actions.escalate ? (
          <Button
            size="small"
            variant="outlined"
            color="warning"
            startIcon={<PriorityHighIcon />}
            disabled={busy}
            onClick={() => run('escalate')}
            data-testid="ticket-action-escalate"
          >
            {t('tickets.actions.escalate')}
          </Button>
        ) : null}
        {actions.transfer ? (
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            startIcon={<ShortcutIcon />}
            disabled={busy}
            onClick={() => setDialog('transfer')}
            data-testid="ticket-action-transfer"
          >
            {t('tickets.actions.transfer')}
          </Button>
        ) : null}
        {actions.merge ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<CallMergeIcon />}
            disabled={busy}
            onClick={() => setDialog('merge')}
            data-testid="ticket-action-merge"
          >
            {t('tickets.actions.merge')}
          </Button>
        ) : null}
        {actions.close ? (
          <Button
            size="small"
            variant="contained"
            color="error"
            startIcon={<LockIcon />}
            disabled={busy}
            onClick={() => setDialog('close')}
            data-testid="ticket-action-close"
          >
            {t('tickets.actions.close')}
          </Button>
        ) : null}
      </Box>
      <Tabs
        value={activeTab}
        onChange={(_, value) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 1.5 }}
      >
        <Tab value="details" label={t('tickets.view.details')} data-testid="ticket-tab-details" />
        {scripts.length > 0 ? (
          <Tab value="scripts" label={t('tickets.view.scripts')} data-testid="ticket-tab-scripts" />
        ) : null}
        <Tab value="history" label={t('tickets.view.history')} data-testid="ticket-tab-history" />
        {customTabs.map((item) => (
          <Tab
            key={item.id}
            value={`custom-${item.id}`}
            label={item.name}
            data-testid={`ticket-tab-custom-${item.id}`}
          />
        ))}
      </Tabs>
      {activeTab === 'details' ? (
        <>
          <SideDetails
            rows={[
              { label: t('tickets.fields.number'), value: `#${ticket.number}`, testId: 'ticket-number' },
              { label: t('tickets.fields.status'), value: <StatusChip status={ticket.status} /> },
              { label: t('tickets.fields.priority'), value: <PriorityChip priority={ticket.priority} /> },
              { label: t('tickets.fields.type'), value: ticket.type?.name },
              { label: t('tickets.fields.campaign'), value: ticket.campaign.name },
              { label: t('tickets.fields.assigned'), value: ticket.assigned?.nombre ?? t('tickets.unassigned') },
              { label: t('tickets.fields.createdAt'), value: date(ticket.createdAt) },
              { label: t('tickets.fields.firstResponse'), value: date(ticket.firstResponseAt) },
              { label: t('tickets.fields.closedAt'), value: date(ticket.closedAt) },
            ]}
          />
          {ticket.mergedInto ? (
            <Alert severity="info" sx={{ mt: 1.5 }} data-testid="ticket-merged-into">
              {t('tickets.view.mergedInto')}{' '}
              <Link component={RouterLink} to={`/app/tickets/${ticket.mergedInto.id}/view`}>
                #{ticket.mergedInto.number}
              </Link>
            </Alert>
          ) : null}
          {ticket.related.length > 0 ? (
            <Box sx={{ mt: 1.5 }} data-testid="ticket-related">
              <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
                {t('tickets.view.related')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {ticket.related.map((item) => (
                  <Chip
                    key={item.id}
                    size="small"
                    clickable
                    component={RouterLink}
                    to={`/app/tickets/${item.id}/view`}
                    label={`#${item.number} · ${t(`tickets.status.${['new', 'open', 'escalated', 'transferred', 'closed'][item.status] ?? 'new'}`)}`}
                    data-testid={`ticket-related-${item.number}`}
                  />
                ))}
              </Box>
            </Box>
          ) : null}
        </>
      ) : null}
      {activeTab === 'scripts' ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="ticket-scripts">
          {scripts.map((script) => (
            <Box key={script.id}>
              <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                {script.title}
              </Typography>
              <Box
                sx={{ typography: 'body2', overflowWrap: 'anywhere', '& p': { my: 0.5 } }}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: script bodies are sanitised by the server when stored.
                dangerouslySetInnerHTML={{ __html: script.body }}
              />
            </Box>
          ))}
        </Box>
      ) : null}
      {activeTab === 'history' ? <HistoryTab ticketId={ticket.id} /> : null}
      {customTabs.map((item) =>
        activeTab === `custom-${item.id}` ? (
          <Box
            key={item.id}
            component="iframe"
            title={item.name}
            src={item.url}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="no-referrer"
            data-testid={`ticket-custom-tab-${item.id}`}
            sx={{ width: '100%', height: item.height, border: 0, borderRadius: 1, bgcolor: 'background.default' }}
          />
        ) : null,
      )}
      {dialog === 'transfer' ? (
        <TransferDialog
          ticket={ticket}
          allowUser={!isAgent || config?.agentTransfer !== false}
          allowCampaign={!isAgent || config?.campaignTransfer === true}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'merge' ? <MergeDialog ticket={ticket} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={dialog === 'close'}
        title={t('tickets.close.title', { number: ticket.number })}
        message={t('tickets.close.message')}
        confirmLabel={t('tickets.actions.close')}
        destructive
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          run('close');
        }}
      />
    </Panel>
  );
}

/** A compact label/value list that fits the narrow side column (labels sized to their text). */
function SideDetails({ rows }: { rows: DetailRow[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1, m: 0 }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {row.label}
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }} data-testid={row.testId}>
            {row.value === null || row.value === undefined || row.value === '' ? (
              <Typography variant="body2" sx={{ color: 'text.disabled' }}>
                —
              </Typography>
            ) : typeof row.value === 'string' ? (
              <Typography variant="body2">{row.value}</Typography>
            ) : (
              row.value
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Opening a ticket (spec): an unread ticket is marked read (the pending lists hear `leido`); a new inbound message
 * or a delivery update of this ticket refetches it while it is open.
 */
function useTicketLive(ticket: Ticket | undefined) {
  const client = useQueryClient();
  const ticketId = ticket?.id ?? null;
  const unread = ticket?.unread ?? false;
  const marking = useRef<number | null>(null);

  useEffect(() => {
    if (ticketId === null || !unread || marking.current === ticketId) return;
    marking.current = ticketId;
    markTicketRead(ticketId)
      .then(() => {
        client.setQueryData<Ticket>(ticketKeys.detail(ticketId), (current) =>
          current ? { ...current, unread: false } : current,
        );
        void client.invalidateQueries({ queryKey: ticketKeys.lists() });
        void client.invalidateQueries({ queryKey: deskKeys.pending });
      })
      .catch((error: unknown) => console.warn('ticket not marked read', error))
      .finally(() => {
        marking.current = null;
      });
  }, [ticketId, unread, client]);

  useEffect(() => {
    if (ticketId === null) return;
    const refetch = (payload: { casoId?: unknown } | null | undefined) => {
      if (payload?.casoId === ticketId) void client.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
    };
    const stops = [
      onRealtimeEvent(NEW_INBOUND_EVENT, refetch),
      onRealtimeEvent(REALTIME_EVENTS.messageStatus, refetch),
      onRealtimeEvent(REALTIME_EVENTS.messageChanged, refetch),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [ticketId, client]);
}

function readLayout(): TicketLayout {
  return parseLayout(readString(STORAGE_KEYS.ticketView));
}

/** /app/tickets/:id/view: customer, work timeline with the composer, and the side panel (two or three columns). */
export function TicketViewPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const ticketId = Number(id);
  const valid = Number.isInteger(ticketId) && ticketId > 0;
  const { can } = usePermissions();
  const ticket = useTicket(valid ? ticketId : null);
  const { campaign, form } = useCampaignForm(ticket.data?.campaign.id ?? null);
  const [layout, setLayout] = useState<TicketLayout>(readLayout);
  useTicketLive(ticket.data);
  useHandlingTicket(ticket.data);

  const changeLayout = (_: unknown, value: TicketLayout | null) => {
    if (!value) return;
    setLayout(value);
    writeString(STORAGE_KEYS.ticketView, value);
  };

  if (!valid || (ticket.isError && ticket.error instanceof ApiError && ticket.error.httpStatus === 404)) {
    return (
      <StatusPage
        code="404"
        title={t('tickets.view.notFound')}
        description={t('tickets.view.notFoundDescription')}
        data-testid="ticket-not-found"
        action={
          <Button component={RouterLink} to="/app/tickets" variant="contained">
            {t('tickets.view.backToList')}
          </Button>
        }
      />
    );
  }
  if (ticket.isLoading || !ticket.data) {
    return ticket.isError ? (
      <PageContainer>
        <Alert severity="error">{ticket.error.message}</Alert>
      </PageContainer>
    ) : (
      <PageLoader />
    );
  }
  const data = ticket.data;
  const canWork = can('editar-caso') && data.status !== 4;
  const three = layout === 'three_column';

  const work = (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, alignContent: 'start' }}>
      <Panel title={t('tickets.fields.description')}>
        <Typography
          variant="body2"
          // Customers' words take their own direction (a Spanish question stays "¿…?" on an RTL page).
          dir="auto"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="ticket-description"
        >
          {data.description}
        </Typography>
      </Panel>
      <Panel title={t('tickets.attachments.title')}>
        <TicketAttachments ticket={data} canUpload={canWork} />
      </Panel>
      {canWork ? <Composer ticket={data} form={form} /> : null}
      <Timeline ticket={data} form={form} />
    </Box>
  );

  return (
    <PageContainer maxWidth={1700}>
      <PageHeader
        title={t('tickets.view.title', { number: data.number })}
        subtitle={`${data.campaign.name} · ${data.customer.fullName}`}
        backTo="/app/tickets"
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <StatusChip status={data.status} testId="ticket-status" />
            <ToggleButtonGroup
              size="small"
              exclusive
              value={layout}
              onChange={changeLayout}
              aria-label={t('tickets.view.layout')}
            >
              <Tooltip title={t('tickets.view.twoColumns')}>
                <ToggleButton
                  value="two_column"
                  aria-label={t('tickets.view.twoColumns')}
                  data-testid="ticket-layout-two"
                >
                  <ViewColumnIcon fontSize="small" />
                </ToggleButton>
              </Tooltip>
              <Tooltip title={t('tickets.view.threeColumns')}>
                <ToggleButton
                  value="three_column"
                  aria-label={t('tickets.view.threeColumns')}
                  data-testid="ticket-layout-three"
                >
                  <ViewWeekIcon fontSize="small" />
                </ToggleButton>
              </Tooltip>
            </ToggleButtonGroup>
          </Box>
        }
      />
      {data.status === 4 ? (
        <Alert severity="success" icon={<CheckCircleIcon />} sx={{ mb: 2 }} data-testid="ticket-closed">
          {t('tickets.view.closed')}
        </Alert>
      ) : null}
      <Box
        data-testid="ticket-view"
        data-layout={layout}
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: three
            ? {
                xs: '1fr',
                md: 'minmax(220px, 1fr) minmax(0, 2fr)',
                lg: 'minmax(240px, 1fr) minmax(0, 2fr) minmax(340px, 1.3fr)',
              }
            : { xs: '1fr', md: 'minmax(0, 2fr) minmax(300px, 1fr)' },
        }}
      >
        {three ? (
          <>
            <CustomerPanel ticket={data} />
            {work}
            <Box sx={{ gridColumn: { md: '1 / -1', lg: 'auto' }, minWidth: 0 }}>
              <SidePanel ticket={data} campaign={campaign} />
            </Box>
          </>
        ) : (
          <>
            {work}
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <CustomerPanel ticket={data} />
              <SidePanel ticket={data} campaign={campaign} />
            </Box>
          </>
        )}
      </Box>
    </PageContainer>
  );
}
