import type { Ticket } from '@atiende/contracts';
import AddTaskIcon from '@mui/icons-material/AddTask';
import NoteAltIcon from '@mui/icons-material/NoteAlt';
import ReplyIcon from '@mui/icons-material/Reply';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { FormField } from '../../ui/FormField';
import { useApiFeedback } from '../../ui/useApiFeedback';
import type { DynamicFormDetail } from '../forms/api';
import { TemplatePicker } from '../templates';
import { useAddNote, useAddTask } from './api';
import { draftToTask, emptyTaskDraft, type TaskDraft, TaskFields, validateTaskDraft } from './components';
import { taskFieldErrors } from './model';
import { ReplyComposer } from './ReplyComposer';
import { Panel } from './TicketSidePanel';

export function Composer({ ticket, form }: { ticket: Ticket; form: DynamicFormDetail | null }) {
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
