import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type DateKind, DateTimeField } from './dates';

type TextFieldBase = Omit<TextFieldProps, 'onChange' | 'value' | 'error'>;

interface FormFieldProps extends TextFieldBase {
  value: string | number;
  onValueChange: (value: string) => void;
  /** The field's error message (client validation or the server's `result.fields`). */
  error?: string;
  /** data-testid on the <input> element. */
  testId?: string;
  maxLength?: number;
}

/** The native input types whose fields are localised pickers instead (the browser's follow its own locale). */
const PICKER_KINDS: Partial<Record<string, DateKind>> = { date: 'date', time: 'time', 'datetime-local': 'datetime' };

/**
 * A TextField wired to a string value and an error message; the test id goes on the input element.
 * `type="date"`, `"time"` and `"datetime-local"` render the localised picker with the same string value.
 */
export function FormField({
  value,
  onValueChange,
  error,
  testId,
  maxLength,
  helperText,
  slotProps,
  ...props
}: FormFieldProps) {
  const pickerKind = PICKER_KINDS[String(props.type)];
  if (pickerKind) {
    return (
      <DateTimeField
        kind={pickerKind}
        label={props.label}
        value={String(value)}
        onValueChange={onValueChange}
        error={error}
        helperText={helperText}
        testId={testId}
        name={props.name}
        required={props.required}
        disabled={props.disabled}
        size={props.size === 'small' ? 'small' : undefined}
        margin={props.margin ?? 'dense'}
        fullWidth={props.fullWidth}
        sx={props.sx}
      />
    );
  }
  return (
    <TextField
      {...props}
      margin={props.margin ?? 'dense'}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        ...slotProps,
        htmlInput: {
          'data-testid': testId,
          maxLength,
          ...(slotProps?.htmlInput as object | undefined),
        },
        inputLabel: { shrink: props.type === 'color' ? true : undefined },
      }}
    />
  );
}

interface SwitchFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId?: string;
}

export function SwitchField({ label, checked, onChange, disabled, testId }: SwitchFieldProps) {
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Switch
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'data-testid': testId } as object }}
        />
      }
    />
  );
}
