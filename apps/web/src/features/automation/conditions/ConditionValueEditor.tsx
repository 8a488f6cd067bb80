import {
  type Condition,
  type ConditionFieldDescriptor,
  type ConditionScalar,
  type ConditionType,
  type ConditionValue,
  DURATION_UNITS,
  type DurationUnit,
} from '@atiende/contracts';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../ui/FormField';
import { enumLabelKey } from './labels';
import { type ConditionOptions, firstErrorUnder, referenceOptions, valueShape } from './model';
import { NamedOptionPicker, namedOptionLabel } from './NamedOptionPicker';
import {
  asList,
  asRange,
  cleanTextList,
  instantToLocalInput,
  localInputToInstant,
  parseNumberInput,
  parseNumberList,
  withMissingIds,
} from './values';

const UNITS = Object.keys(DURATION_UNITS) as DurationUnit[];

interface ValueEditorProps {
  condition: Condition;
  descriptor: ConditionFieldDescriptor | null;
  options: ConditionOptions;
  /** The condition's own messages (`value`, `value.0`, `value.amount`...). */
  errors: Record<string, string>;
  onChange: (value: ConditionValue | undefined) => void;
  testId: string;
}

/** The value of a condition, edited as its field's type and its operator want it. */
export function ConditionValueEditor({ condition, descriptor, options, errors, onChange, testId }: ValueEditorProps) {
  const { t } = useTranslation();
  const shape = valueShape(condition.operator);
  if (shape === 'none' || !descriptor) return null;
  const scalar = {
    type: condition.type,
    field: condition.field,
    descriptor,
    options,
  };
  if (shape === 'duration') {
    return <DurationInput value={condition.value} onChange={onChange} errors={errors} testId={testId} />;
  }
  if (shape === 'range') {
    const [from, to] = asRange(condition.value);
    const orderError = errors.value;
    return (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 1 }}>
        <ScalarInput
          {...scalar}
          label={t('automation.builder.from')}
          value={from}
          onChange={(next) => onChange([next, to])}
          error={errors['value.0'] ?? orderError}
          testId={`${testId}-from`}
        />
        <ScalarInput
          {...scalar}
          label={t('automation.builder.to')}
          value={to}
          onChange={(next) => onChange([from, next])}
          error={errors['value.1']}
          testId={`${testId}-to`}
        />
      </Box>
    );
  }
  if (shape === 'list') {
    return (
      <ListInput
        {...scalar}
        value={asList(condition.value)}
        onChange={onChange}
        error={firstErrorUnder(errors, 'value')}
        testId={testId}
      />
    );
  }
  return (
    <ScalarInput
      {...scalar}
      label={t('automation.builder.value')}
      value={(condition.value ?? '') as ConditionScalar}
      onChange={onChange}
      error={firstErrorUnder(errors, 'value')}
      testId={testId}
    />
  );
}

interface ScalarProps {
  type: ConditionType;
  field: string;
  descriptor: ConditionFieldDescriptor;
  options: ConditionOptions;
  label: string;
  value: ConditionScalar;
  onChange: (value: ConditionScalar) => void;
  error?: string;
  testId: string;
}

/** Props every small text field of the builder shares. */
const FIELD = { size: 'small', margin: 'none', fullWidth: true } as const;

/** One value of the field's type. */
function ScalarInput({ type, field, descriptor, options, label, value, onChange, error, testId }: ScalarProps) {
  const { t } = useTranslation();
  switch (type) {
    case 'number':
      return (
        <FormField
          {...FIELD}
          type="number"
          label={label}
          value={typeof value === 'number' ? value : ''}
          onValueChange={(raw) => onChange(parseNumberInput(raw))}
          error={error}
          testId={testId}
        />
      );
    case 'datetime':
      return (
        <FormField
          {...FIELD}
          type="datetime-local"
          label={label}
          value={instantToLocalInput(value)}
          onValueChange={(local) => onChange(localInputToInstant(local))}
          error={error}
          testId={testId}
        />
      );
    case 'date':
      return (
        <FormField
          {...FIELD}
          type="date"
          label={label}
          value={typeof value === 'string' ? value : ''}
          onValueChange={onChange}
          error={error}
          testId={testId}
        />
      );
    case 'boolean':
      return (
        <TextField
          {...FIELD}
          select
          label={label}
          value={value === true ? 'true' : value === false ? 'false' : ''}
          onChange={(event) => onChange(event.target.value === 'true')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { 'data-testid': testId } }}
        >
          <MenuItem value="true">{t('automation.builder.yes')}</MenuItem>
          <MenuItem value="false">{t('automation.builder.no')}</MenuItem>
        </TextField>
      );
    case 'enum': {
      const choices = descriptor.options ?? [];
      return (
        <TextField
          {...FIELD}
          select
          label={label}
          value={value === '' ? '' : String(value)}
          onChange={(event) => onChange(choices.find((option) => String(option) === event.target.value) ?? '')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { 'data-testid': testId } }}
        >
          {choices.map((option) => (
            <MenuItem key={option} value={String(option)}>
              {t(enumLabelKey(field, option))}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'reference':
    case 'labels':
      return (
        <NamedOptionPicker
          size="small"
          label={label}
          choices={referenceOptions(options, descriptor.reference)}
          value={typeof value === 'number' ? value : null}
          onChange={(id) => onChange(id ?? '')}
          error={error}
          testId={testId}
        />
      );
    default:
      return descriptor.options && descriptor.options.length > 0 ? (
        <SuggestedText
          label={label}
          suggestions={descriptor.options.map(String)}
          value={String(value)}
          onChange={onChange}
          error={error}
          testId={testId}
        />
      ) : (
        <FormField
          {...FIELD}
          label={label}
          value={String(value)}
          onValueChange={onChange}
          error={error}
          maxLength={500}
          testId={testId}
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
      );
  }
}

/** Free text with the form field's options offered as suggestions. */
function SuggestedText({
  label,
  suggestions,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  suggestions: string[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      size="small"
      freeSolo
      options={suggestions}
      inputValue={value}
      onInputChange={(_, next) => onChange(next)}
      noOptionsText={t('automation.builder.noOptions')}
      renderInput={(params) => (
        <TextField
          {...params}
          margin="none"
          label={label}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId, maxLength: 500, dir: 'auto' },
          }}
        />
      )}
    />
  );
}

interface ListProps extends Omit<ScalarProps, 'value' | 'onChange' | 'label'> {
  value: ConditionScalar[];
  onChange: (value: ConditionScalar[]) => void;
}

/** Several values: chosen from the field's options, or typed (text and numbers: Enter or leaving the field adds). */
function ListInput({ type, field, descriptor, options, value, onChange, error, testId }: ListProps) {
  const { t } = useTranslation();
  const label = t('automation.builder.values');
  if (type === 'reference' || type === 'labels') {
    const all = withMissingIds(referenceOptions(options, descriptor.reference), value);
    return (
      <Autocomplete
        multiple
        size="small"
        options={all}
        value={all.filter((option) => value.includes(option.id))}
        onChange={(_, selected) => onChange(selected.map((option) => option.id))}
        getOptionLabel={(option) => namedOptionLabel(option, t)}
        isOptionEqualToValue={(option, selected) => option.id === selected.id}
        noOptionsText={t('automation.builder.noOptions')}
        renderInput={(params) => <ListTextField params={params} label={label} error={error} testId={testId} />}
      />
    );
  }
  if (type === 'enum') {
    const choices = [...(descriptor.options ?? [])];
    return (
      <Autocomplete
        multiple
        size="small"
        options={choices}
        value={choices.filter((option) => value.includes(option))}
        onChange={(_, selected) => onChange(selected)}
        getOptionLabel={(option) => t(enumLabelKey(field, option))}
        noOptionsText={t('automation.builder.noOptions')}
        renderInput={(params) => <ListTextField params={params} label={label} error={error} testId={testId} />}
      />
    );
  }
  return (
    <TypedList
      numeric={type === 'number'}
      suggestions={(descriptor.options ?? []).map(String)}
      value={value}
      onChange={onChange}
      label={label}
      error={error}
      testId={testId}
    />
  );
}

/** Typed values as chips: Enter or leaving the field adds what was typed. */
function TypedList({
  numeric,
  suggestions,
  value,
  onChange,
  label,
  error,
  testId,
}: {
  numeric: boolean;
  suggestions: string[];
  value: ConditionScalar[];
  onChange: (value: ConditionScalar[]) => void;
  label: string;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const clean = (entries: readonly (string | number)[]): ConditionScalar[] =>
    numeric ? [...new Set(parseNumberList(entries))] : cleanTextList(entries);
  const commit = () => {
    if (input.trim()) onChange(clean([...value.map(String), input]));
    setInput('');
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={suggestions}
      value={value.map(String)}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        if (reason === 'input') setInput(next);
      }}
      onChange={(_, next) => {
        onChange(clean(next));
        setInput('');
      }}
      onBlur={commit}
      renderValue={(selected, getItemProps) =>
        selected.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={item} {...props} />;
        })
      }
      renderInput={(params) => (
        <ListTextField
          params={params}
          label={label}
          error={error}
          helperText={t('automation.builder.listHint')}
          testId={testId}
          numeric={numeric}
        />
      )}
    />
  );
}

function ListTextField({
  params,
  label,
  error,
  helperText,
  testId,
  numeric,
}: {
  params: AutocompleteRenderInputParams;
  label: string;
  error?: string;
  helperText?: string;
  testId: string;
  numeric?: boolean;
}) {
  return (
    <TextField
      {...params}
      margin="none"
      label={label}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        ...params.slotProps,
        htmlInput: {
          ...params.slotProps.htmlInput,
          'data-testid': testId,
          inputMode: numeric ? 'decimal' : undefined,
          dir: 'auto',
        },
      }}
    />
  );
}

/** `olderThan` / `newerThan`: an amount of minutes, hours or days. */
function DurationInput({
  value,
  onChange,
  errors,
  testId,
}: {
  value: ConditionValue | undefined;
  onChange: (value: ConditionValue) => void;
  errors: Record<string, string>;
  testId: string;
}) {
  const { t } = useTranslation();
  const current =
    value && typeof value === 'object' && !Array.isArray(value) ? value : { amount: 1, unit: 'days' as DurationUnit };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(90px, 1fr) minmax(120px, 1fr)', gap: 1 }}>
      <FormField
        {...FIELD}
        type="number"
        label={t('automation.builder.amount')}
        value={Number.isFinite(current.amount) ? current.amount : ''}
        onValueChange={(raw) => onChange({ ...current, amount: parseNumberInput(raw) as number })}
        error={errors['value.amount'] ?? errors.value}
        testId={`${testId}-amount`}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <TextField
        {...FIELD}
        select
        label={t('automation.builder.unit')}
        value={current.unit}
        onChange={(event) => onChange({ ...current, unit: event.target.value as DurationUnit })}
        error={Boolean(errors['value.unit'])}
        helperText={errors['value.unit']}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-unit` } }}
      >
        {UNITS.map((unit) => (
          <MenuItem key={unit} value={unit}>
            {t(`automation.units.${unit}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
