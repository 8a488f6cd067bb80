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
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import type { DynamicFormDetail } from '../forms/api';
import { loadedFormValuesValidator, useSendWithFormValuesValidator } from '../forms/formValuesValidator';
import { KbInsertButton } from '../knowledgeBase';
import { TemplatePicker } from '../templates';
import { useAddNote, useAddTask } from './api';
import {
  draftToTask,
  emptyTaskDraft,
  type TaskDraft,
  TaskFields,
  taskDraftValues,
  validateTaskDraft,
} from './components';
import { taskFieldErrors } from './model';
import { ReplyComposer } from './ReplyComposer';
import { Panel } from './TicketSidePanel';

export function Composer({ ticket, form }: { ticket: Ticket; form: DynamicFormDetail | null }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const [tab, setTab] = useState<'reply' | 'task' | 'note'>(() => (ticket.interactions.length ? 'reply' : 'task'));
  const [draft, setDraft] = useState<TaskDraft>(() => emptyTaskDraft(form?.form.fields));
  const [note, setNote] = useState('');
  const task = useFormErrors({
    values: taskDraftValues(draft),
    rules: () => validateTaskDraft(form, draft, t, loadedFormValuesValidator()),
  });
  const noteForm = useFormErrors({
    values: { body: note },
    rules: (values): FieldErrors => (values.body.trim() ? {} : { body: t('validation.required') }),
  });
  const addTask = useAddTask(ticket.id);
  const addNote = useAddNote(ticket.id);
  const resetTask = task.reset;

  useEffect(() => {
    setDraft(emptyTaskDraft(form?.form.fields));
    resetTask();
  }, [form, resetTask]);

  const saveTask = useSendWithFormValuesValidator(() => {
    if (!task.check()) return;
    addTask.mutate(draftToTask(draft), {
      onSuccess: () => {
        feedback.success(t('tickets.task.saved'));
        setDraft(emptyTaskDraft(form?.form.fields));
      },
      onError: (error) => {
        if (error instanceof ApiError) task.show(taskFieldErrors(error.fields));
        feedback.failure(error);
      },
    });
  });

  const saveNote = () => {
    if (!noteForm.check()) return;
    addNote.mutate(
      { body: note.trim() },
      {
        onSuccess: () => {
          feedback.success(t('tickets.note.saved'));
          setNote('');
        },
        onError: (error) => feedback.failure(error, noteForm.show),
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
          templates={(insert) => (
            <>
              <TemplatePicker ticketId={ticket.id} onPick={insert} />
              <KbInsertButton onInsert={insert} />
            </>
          )}
        />
      ) : tab === 'task' ? (
        <Box ref={task.formRef}>
          <TaskFields
            detail={form}
            draft={draft}
            onChange={setDraft}
            errors={task.errors}
            disabled={addTask.isPending}
          />
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
        </Box>
      ) : (
        <Box ref={noteForm.formRef}>
          <FormField
            fullWidth
            multiline
            minRows={3}
            label={t('tickets.note.body')}
            helperText={t('tickets.note.internal')}
            value={note}
            onValueChange={setNote}
            error={noteForm.errors.body}
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
        </Box>
      )}
    </Panel>
  );
}
