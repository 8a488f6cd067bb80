import type { Ticket, TicketNote, TicketTask } from '@atiende/contracts';
import AddTaskIcon from '@mui/icons-material/AddTask';
import NoteAltIcon from '@mui/icons-material/NoteAlt';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format';
import type { DynamicFormDetail } from '../forms/api';
import { DueChip } from './components';
import { buildTimeline, taskValueText } from './model';
import { Panel } from './TicketSidePanel';

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
          <Typography variant="body2">{task.author?.nombre ?? t('common.system')}</Typography>
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
          <Typography variant="body2">{note.author?.nombre ?? t('common.system')}</Typography>
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

export function Timeline({ ticket, form }: { ticket: Ticket; form: DynamicFormDetail | null }) {
  const { t } = useTranslation();
  const labels = useMemo(
    () => new Map((form?.form.fields ?? []).map((field) => [field.key, field.label || field.key])),
    [form],
  );
  // The conversations are in the thread above; the work log holds tasks and notes.
  const entries = buildTimeline(ticket.tasks, ticket.notes);
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
              {entry.kind === 'task' ? <TaskItem task={entry.item} labels={labels} /> : <NoteItem note={entry.item} />}
            </Box>
          ))}
        </Box>
      )}
    </Panel>
  );
}
