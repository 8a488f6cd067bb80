import { type FormField, type FormValue, type OptionNode, resolveOptions } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../ui/dates';
import type { FormValues, ListOptions } from './model';

/** The options of each level of a multi-level path: level 0 is the root, level n the children of path[n-1]. */
export function levelsOf(options: readonly OptionNode[], path: readonly string[]): OptionNode[][] {
  const levels: OptionNode[][] = [[...options]];
  let current: readonly OptionNode[] = options;
  for (const label of path) {
    const node = current.find((option) => option.label === label);
    if (!node?.children || node.children.length === 0) break;
    levels.push(node.children);
    current = node.children;
  }
  return levels;
}

/** A new multi-level path after choosing `label` at `level` (deeper choices are dropped). */
export function choosePath(path: readonly string[], level: number, label: string): string[] {
  const kept = path.slice(0, level);
  return label ? [...kept, label] : kept;
}

const INPUT_TYPES: Partial<Record<FormField['type'], string>> = {
  number: 'number',
  email: 'email',
  phone: 'tel',
};

export interface DynamicFormRendererProps {
  fields: readonly FormField[];
  /** Options of the reusable lists the fields use (listsToMap of GET dynamic-forms/:id). */
  lists?: ListOptions;
  values: FormValues;
  onChange: (values: FormValues) => void;
  /** Messages by field key (validateFormValues or the server's result.fields). */
  errors?: Record<string, string>;
  disabled?: boolean;
  /** Prefix of the inputs' test ids (`${testIdPrefix}-<key>`). */
  testIdPrefix?: string;
}

/** Renders a dynamic form from its definition (used by the form builder's preview and by tickets' tasks). */
export function DynamicFormRenderer({
  fields,
  lists = new Map(),
  values,
  onChange,
  errors = {},
  disabled,
  testIdPrefix = 'dynamic-field',
}: DynamicFormRendererProps) {
  const { t } = useTranslation();
  const set = (key: string, value: FormValue) => onChange({ ...values, [key]: value });
  const ordered = [...fields].sort((a, b) => a.order - b.order);

  return (
    <Box data-testid="dynamic-form" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {ordered.map((field) => {
        const testId = `${testIdPrefix}-${field.key}`;
        const error = errors[field.key];
        const helper = error ?? field.description ?? undefined;
        const value = values[field.key];
        const label = field.label || field.key;
        switch (field.type) {
          case 'checkbox':
            return (
              <FormControl key={field.key} error={Boolean(error)} required={field.required} margin="dense">
                <FormControlLabel
                  label={`${label}${field.required ? ' *' : ''}`}
                  disabled={disabled}
                  control={
                    <Checkbox
                      checked={value === true}
                      onChange={(event) => set(field.key, event.target.checked)}
                      slotProps={{ input: { 'data-testid': testId } as object }}
                    />
                  }
                />
                {helper ? <FormHelperText>{helper}</FormHelperText> : null}
              </FormControl>
            );
          case 'radio': {
            const options = resolveOptions(field, lists);
            return (
              <FormControl key={field.key} error={Boolean(error)} required={field.required} margin="dense">
                <FormLabel>{label}</FormLabel>
                <RadioGroup
                  row
                  value={typeof value === 'string' ? value : ''}
                  onChange={(event) => set(field.key, event.target.value)}
                  data-testid={testId}
                >
                  {options.map((option) => (
                    <FormControlLabel
                      key={option.label}
                      value={option.label}
                      disabled={disabled}
                      control={<Radio />}
                      label={option.label}
                    />
                  ))}
                </RadioGroup>
                {helper ? <FormHelperText>{helper}</FormHelperText> : null}
              </FormControl>
            );
          }
          case 'list': {
            const options = resolveOptions(field, lists);
            return (
              <TextField
                key={field.key}
                select
                margin="dense"
                label={label}
                required={field.required}
                disabled={disabled}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(field.key, event.target.value)}
                error={Boolean(error)}
                helperText={helper}
                slotProps={{ htmlInput: { 'data-testid': testId } }}
              >
                <MenuItem value="">
                  <em>{t('common.none')}</em>
                </MenuItem>
                {options.map((option) => (
                  <MenuItem key={option.label} value={option.label}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            );
          }
          case 'multilevel': {
            const path = Array.isArray(value) ? value : [];
            const levels = levelsOf(resolveOptions(field, lists), path);
            return (
              <FormControl key={field.key} error={Boolean(error)} required={field.required} margin="dense">
                <FormLabel>{label}</FormLabel>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid={testId}>
                  {levels.map((options, level) => (
                    <TextField
                      // biome-ignore lint/suspicious/noArrayIndexKey: levels are positional.
                      key={level}
                      select
                      size="small"
                      margin="dense"
                      disabled={disabled}
                      label={t('forms.preview.level', { level: level + 1 })}
                      value={path[level] ?? ''}
                      onChange={(event) => set(field.key, choosePath(path, level, event.target.value))}
                      sx={{ minWidth: 160 }}
                      slotProps={{ htmlInput: { 'data-testid': `${testId}-level-${level}` } }}
                    >
                      <MenuItem value="">
                        <em>{t('common.none')}</em>
                      </MenuItem>
                      {options.map((option) => (
                        <MenuItem key={option.label} value={option.label}>
                          {option.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  ))}
                </Box>
                {helper ? <FormHelperText>{helper}</FormHelperText> : null}
              </FormControl>
            );
          }
          case 'date':
          case 'time':
          case 'datetime':
            return (
              <DateTimeField
                key={field.key}
                kind={field.type}
                label={label}
                required={field.required}
                disabled={disabled}
                value={typeof value === 'string' ? value : ''}
                onValueChange={(next) => set(field.key, next)}
                error={error}
                helperText={helper}
                testId={testId}
              />
            );
          default:
            return (
              <TextField
                key={field.key}
                margin="dense"
                label={label}
                required={field.required}
                disabled={disabled}
                type={INPUT_TYPES[field.type] ?? 'text'}
                multiline={field.type === 'textarea'}
                minRows={field.type === 'textarea' ? 3 : undefined}
                value={typeof value === 'string' || typeof value === 'number' ? value : ''}
                onChange={(event) => set(field.key, event.target.value)}
                error={Boolean(error)}
                helperText={helper}
                slotProps={{
                  htmlInput: { 'data-testid': testId },
                }}
              />
            );
        }
      })}
    </Box>
  );
}
