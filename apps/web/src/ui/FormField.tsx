import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

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

/** A TextField wired to a string value and an error message; the test id goes on the input element. */
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
        inputLabel: {
          shrink: ['date', 'color', 'datetime-local', 'time'].includes(String(props.type)) ? true : undefined,
        },
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
