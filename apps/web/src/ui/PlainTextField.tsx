import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type SxProps, type Theme, useThemeProps } from '@mui/material/styles';
import { type ChangeEventHandler, type ReactNode, useId } from 'react';

export interface PlainTextFieldProps {
  label?: ReactNode;
  type?: string;
  name?: string;
  id?: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  slotProps?: { htmlInput?: object; input?: { endAdornment?: ReactNode } };
}

/**
 * An outlined text field that looks and behaves like MUI's `TextField` (its theme defaults included) without
 * TextField's select mode, which brings the select, menu, popover and modal code along: about 12 KB of gzip the
 * login page does not need (docs/performance.md). For the sign-in pages; other pages use TextField.
 */
export function PlainTextField(inProps: PlainTextFieldProps) {
  const {
    label,
    type,
    name,
    id,
    value,
    onChange,
    autoComplete,
    autoFocus,
    required,
    disabled,
    error,
    helperText,
    placeholder,
    fullWidth,
    margin,
    size,
    sx,
    slotProps,
  } = useThemeProps({ props: inProps, name: 'MuiTextField' }) as PlainTextFieldProps;
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      fullWidth={fullWidth}
      margin={margin}
      size={size}
      required={required}
      disabled={disabled}
      error={error}
      sx={sx}
    >
      {label != null && label !== '' ? <InputLabel htmlFor={inputId}>{label}</InputLabel> : null}
      <OutlinedInput
        id={inputId}
        label={label}
        type={type}
        name={name}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        endAdornment={slotProps?.input?.endAdornment}
        inputProps={{ ...slotProps?.htmlInput, 'aria-describedby': helperId }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
