import type { GeneratedReport, GeneratedReportStatus } from '@atiende/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { clampProgress, isActive } from './model';

const STATUS_COLOR: Record<GeneratedReportStatus, 'default' | 'info' | 'success' | 'error'> = {
  created: 'default',
  generating: 'info',
  generated: 'success',
  failed: 'error',
};

/** The report's state in words and colour; while it is generated, a live progress bar with the rows so far. */
export function StatusCell({ report }: { report: GeneratedReport }) {
  const { t, i18n } = useTranslation();
  const progress = clampProgress(report.progress);
  return (
    <Box sx={{ minWidth: 150 }}>
      <Chip
        size="small"
        color={STATUS_COLOR[report.status]}
        variant={report.status === 'created' ? 'outlined' : 'filled'}
        label={t(`reports.status.${report.status}`)}
        data-testid={`report-status-${report.id}`}
        data-status={report.status}
        sx={{ fontWeight: 600 }}
      />
      {isActive(report.status) ? (
        <Box sx={{ mt: 0.75 }}>
          <LinearProgress
            variant={report.status === 'created' ? 'indeterminate' : 'determinate'}
            value={progress}
            aria-label={t('reports.progressLabel', { name: report.name })}
            data-testid={`report-progress-${report.id}`}
            sx={{ height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
            {t('reports.progress', { progress, rows: report.rows.toLocaleString(i18n.language) })}
          </Typography>
        </Box>
      ) : null}
      {report.status === 'failed' && report.error ? (
        <Typography
          variant="caption"
          component="p"
          sx={{ color: 'error.main', mt: 0.5, maxWidth: 240 }}
          dir="auto"
          data-testid={`report-error-${report.id}`}
        >
          {report.error}
        </Typography>
      ) : null}
    </Box>
  );
}

export interface Option {
  id: number;
  name: string;
  enabled: boolean;
}

/**
 * Multi-select of campaigns or agents with chips (disabled ones say so). `testId` is on the element that opens
 * the list, options are `<testId>-option-<id>`; ids chosen before that the options no longer hold keep their
 * known name (`known`).
 */
export function OptionMultiSelect({
  label,
  value,
  options,
  known,
  onChange,
  error,
  helperText,
  disabled,
  disabledLabel,
  testId,
  required,
}: {
  label: string;
  value: number[];
  options: readonly Option[];
  known?: ReadonlyMap<number, string>;
  onChange: (value: number[]) => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /** "{{name}} (disabled)" */
  disabledLabel: (name: string) => string;
  testId: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const names = new Map<number, string>(known);
  for (const option of options) names.set(option.id, option.enabled ? option.name : disabledLabel(option.name));
  return (
    <TextField
      select
      margin="dense"
      label={label}
      value={value}
      required={required}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      onChange={(event) => {
        const raw = event.target.value as unknown as (number | string)[];
        onChange(raw.map((item) => Number(item)));
      }}
      slotProps={{
        // A disabled field's helper says why it is disabled: it keeps the readable secondary colour.
        formHelperText: {
          'data-testid': `${testId}-helper`,
          sx: { '&.Mui-disabled': { color: 'text.secondary' } },
        } as object,
        select: {
          multiple: true,
          SelectDisplayProps: { 'data-testid': testId } as object,
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
          renderValue: (selected) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {(selected as number[]).map((id) => (
                <Chip key={id} size="small" label={names.get(id) ?? `#${id}`} />
              ))}
            </Box>
          ),
        },
      }}
    >
      {options.length === 0 ? (
        <MenuItem disabled value="">
          {t('reports.wizard.noOptions')}
        </MenuItem>
      ) : null}
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id} data-testid={`${testId}-option-${option.id}`}>
          <Checkbox size="small" checked={value.includes(option.id)} sx={{ p: 0.5, marginInlineEnd: 1 }} />
          <ListItemText
            primary={option.name}
            secondary={option.enabled ? undefined : t('common.disabled')}
            slotProps={{ secondary: { variant: 'caption' } }}
          />
        </MenuItem>
      ))}
    </TextField>
  );
}

const SEPARATORS = /[\s,;]+/;

/** E-mail addresses as chips: typed and confirmed with Enter, a comma, a space or by leaving the field. */
export function RecipientsField({
  label,
  value,
  onChange,
  error,
  helperText,
  testId,
}: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  helperText: string;
  testId: string;
}) {
  const [input, setInput] = useState('');
  const add = (text: string) => {
    const added = text
      .split(SEPARATORS)
      .map((item) => item.trim())
      .filter(Boolean);
    if (added.length > 0) onChange([...new Set([...value, ...added])]);
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={value}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        if (reason === 'input' && SEPARATORS.test(next)) {
          add(next);
          setInput('');
        } else {
          setInput(next);
        }
      }}
      onChange={(_, next) => {
        onChange([...new Set(next.map((item) => String(item).trim()).filter(Boolean))]);
        setInput('');
      }}
      onBlur={() => {
        add(input);
        setInput('');
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={item} {...props} data-testid={`${testId}-chip-${index}`} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          margin="dense"
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId, inputMode: 'email' },
          }}
        />
      )}
    />
  );
}

/** The irreversible confirmation before a generated or programmed report is deleted, and the deletion. */
export function DeleteReportDialog({
  target,
  title,
  message,
  onClose,
  remove,
}: {
  target: { id: number; name: string } | null;
  title: string;
  message: string;
  onClose: () => void;
  remove: (id: number, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      message={message}
      confirmLabel={t('reports.actions.delete')}
      destructive
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        if (!target) return;
        remove(target.id, {
          onSuccess: () => feedback.success(t('reports.deleted')),
          onError: (error) => feedback.failure(error),
        });
      }}
    />
  );
}
