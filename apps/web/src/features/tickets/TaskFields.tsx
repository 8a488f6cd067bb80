import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { FormField as TextInput } from '../../ui/FormField';
import type { DynamicFormDetail } from '../forms/api';
import { DynamicFormRenderer } from '../forms/DynamicFormRenderer';
import { loadFormValuesValidator } from '../forms/formValuesValidator';
import { listsToMap } from '../forms/model';
import type { TaskDraft } from './components';

/** The task inputs: the campaign's dynamic form, notes and the next task date-time. */
export interface TaskFieldsProps {
  detail: DynamicFormDetail | null;
  draft: TaskDraft;
  onChange: (draft: TaskDraft) => void;
  errors: Record<string, string>;
  disabled?: boolean;
  testIdPrefix?: string;
}

export function TaskFields({ detail, draft, onChange, errors, disabled, testIdPrefix = 'task' }: TaskFieldsProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {detail ? (
        <DynamicFormRenderer
          fields={detail.form.fields}
          lists={listsToMap(detail.lists)}
          values={draft.values}
          onChange={(values) => {
            // The values' validation (zod) loads as the agent starts filling the form in.
            void loadFormValuesValidator().catch(() => null);
            onChange({ ...draft, values });
          }}
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
      />
    </Box>
  );
}
