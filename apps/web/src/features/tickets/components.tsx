import { type FormField, taskDue } from '@atiende/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormField as TextInput } from '../../ui/FormField';
import type { DynamicFormDetail } from '../forms/api';
import { DynamicFormRenderer, listsToMap, validateFormValues } from '../forms/DynamicFormRenderer';
import { compactValues, type FormValues, initialValues } from '../forms/model';
import type { TaskInput } from './api';
import { localDateTimeToIso, PRIORITY_COLORS, priorityKey, STATUS_COLORS, statusKey } from './model';

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

/** Multi-select of ids for the list filters (`testId` on the clickable display, options `<testId>-option-<id>`). */
export function IdsFilter({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: number[];
  options: { id: number; label: string }[];
  onChange: (value: number[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const names = new Map(options.map((option) => [option.id, option.label]));
  return (
    <TextField
      select
      size="small"
      margin="none"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(event) => {
        const raw = event.target.value as unknown as (number | string)[];
        onChange(raw.map((item) => Number(item)));
      }}
      sx={{ minWidth: 150, maxWidth: 280 }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          SelectDisplayProps: { 'data-testid': testId } as object,
          renderValue: (selected) => {
            const ids = selected as number[];
            if (ids.length === 0) return <Box component="span">{t('common.all')}</Box>;
            return ids.map((id) => names.get(id) ?? id).join(', ');
          },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id} data-testid={`${testId}-option-${option.id}`}>
          <Checkbox size="small" checked={value.includes(option.id)} sx={{ p: 0.5, marginInlineEnd: 1 }} />
          <ListItemText primary={option.label} />
        </MenuItem>
      ))}
    </TextField>
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

/** Client-side validation with the shared schema plus the form's notes / next-task requirements. */
export function validateTaskDraft(
  detail: DynamicFormDetail | null,
  draft: TaskDraft,
  t: TFunction,
): Record<string, string> {
  const errors: Record<string, string> = detail
    ? validateFormValues(detail.form.fields, listsToMap(detail.lists), compactValues(draft.values), t)
    : {};
  if (detail?.form.requireNotes && !draft.notes.trim()) errors.notes = t('tickets.task.notesRequired');
  if (detail?.form.requireNextTask && !draft.next) errors.nextTaskAt = t('tickets.task.nextRequired');
  if (draft.next && !localDateTimeToIso(draft.next)) errors.nextTaskAt = t('validation.date');
  return errors;
}

export function draftToTask(draft: TaskDraft): TaskInput {
  return {
    values: compactValues(draft.values),
    notes: draft.notes.trim() || null,
    nextTaskAt: localDateTimeToIso(draft.next),
  };
}

/** The task inputs: the campaign's dynamic form, notes and the next task date-time. */
export function TaskFields({
  detail,
  draft,
  onChange,
  errors,
  disabled,
  testIdPrefix = 'task',
}: {
  detail: DynamicFormDetail | null;
  draft: TaskDraft;
  onChange: (draft: TaskDraft) => void;
  errors: Record<string, string>;
  disabled?: boolean;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {detail ? (
        <DynamicFormRenderer
          fields={detail.form.fields}
          lists={listsToMap(detail.lists)}
          values={draft.values}
          onChange={(values) => onChange({ ...draft, values })}
          errors={errors}
          disabled={disabled}
          testIdPrefix={`${testIdPrefix}-field`}
        />
      ) : (
        <Alert severity="info" variant="outlined" sx={{ my: 1 }}>
          {t('tickets.task.noForm')}
        </Alert>
      )}
      <TextInput
        label={t('tickets.task.notes')}
        value={draft.notes}
        onValueChange={(notes) => onChange({ ...draft, notes })}
        multiline
        minRows={2}
        required={detail?.form.requireNotes}
        disabled={disabled}
        error={errors.notes}
        testId={`${testIdPrefix}-notes`}
        maxLength={10_000}
      />
      <TextInput
        label={t('tickets.task.next')}
        type="datetime-local"
        value={draft.next}
        onValueChange={(next) => onChange({ ...draft, next })}
        required={detail?.form.requireNextTask}
        disabled={disabled}
        error={errors.nextTaskAt}
        testId={`${testIdPrefix}-next`}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Box>
  );
}
