import { type Locale, pickLocale } from '@atiende/contracts';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EventIcon from '@mui/icons-material/Event';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from './lazy';

/** The string shapes the forms and the API exchange (those of the native inputs the pickers replace). */
export type DateKind = 'date' | 'time' | 'datetime';

const WIRE_FORMATS: Record<DateKind, string> = { date: 'YYYY-MM-DD', time: 'HH:mm', datetime: 'YYYY-MM-DDTHH:mm' };

/** '' or an unparseable string is no date; a time is read on a fixed day (only its hour and minute matter). */
export function parseWireDate(kind: DateKind, value: string): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(kind === 'time' ? `2000-01-01T${value}` : value);
  return parsed.isValid() ? parsed : null;
}

/** A complete date becomes its wire string; a cleared or half-typed one becomes '' (no value). */
export function formatWireDate(kind: DateKind, value: Dayjs | null): string {
  return value?.isValid() ? value.format(WIRE_FORMATS[kind]) : '';
}

/**
 * A wire value as the picker shows it in the UI language (Spanish 05/03/2026 and 14:30, English 03/05/2026 and
 * 02:30 PM): what the field shows before the pickers' code has loaded.
 */
export function displayWireDate(kind: DateKind, value: string, locale: Locale): string {
  const parsed = parseWireDate(kind, value)?.toDate();
  if (!parsed) return '';
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(parsed);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(parsed);
  return kind === 'date' ? day : kind === 'time' ? time : `${day} ${time}`;
}

export interface DateTimeFieldProps {
  kind: DateKind;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** The field's error message (client validation or the server's `result.fields`). */
  error?: string;
  helperText?: ReactNode;
  /** data-testid on the hidden <input> that holds the shown value. */
  testId?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense' | 'normal';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

const PickerField = lazyNamed(() => import('./datePickers'), 'PickerField');
/** Set once the pickers' code is there: later fields render the picker at once. */
let pickersLoaded = false;

/**
 * The field as it looks before it is used: the same outlined field, label, value (formatted in the UI language),
 * icon, error and helper text, read-only. Pointing at it, touching it or moving the focus into it turns it into
 * the picker (whose code loads then), which takes the focus.
 */
function DateFieldPreview({
  kind,
  label,
  value,
  error,
  helperText,
  testId,
  name,
  required,
  disabled,
  size,
  margin = 'dense',
  fullWidth,
  sx,
  onUse,
}: DateTimeFieldProps & { onUse?: (focus: boolean) => void }) {
  const { i18n } = useTranslation();
  const Icon = kind === 'time' ? AccessTimeIcon : EventIcon;
  return (
    <TextField
      label={label}
      value={displayWireDate(kind, value, pickLocale(i18n.language))}
      name={name}
      required={required}
      disabled={disabled}
      size={size}
      margin={margin}
      fullWidth={fullWidth}
      sx={sx}
      error={error ? true : undefined}
      helperText={error ?? helperText}
      onPointerEnter={onUse ? () => onUse(false) : undefined}
      onPointerDown={onUse ? () => onUse(true) : undefined}
      onFocus={onUse ? () => onUse(true) : undefined}
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': testId } as object,
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ color: disabled ? 'action.disabled' : 'action.active', mr: 0.5 }}>
              <Icon fontSize={size === 'small' ? 'small' : 'medium'} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * A localised date, time or date-and-time picker over a string value (the MUI X pickers in the UI language). The
 * pickers' code loads the first time a date field is used, not with the page: until then the field is a preview
 * that looks the same.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  const [used, setUsed] = useState(pickersLoaded);
  const [focus, setFocus] = useState(false);
  if (!used) {
    return (
      <DateFieldPreview
        {...props}
        onUse={(withFocus) => {
          if (props.disabled) return;
          setFocus(withFocus);
          setUsed(true);
        }}
      />
    );
  }
  return (
    <Suspense fallback={<DateFieldPreview {...props} />}>
      <PickerField {...props} autoFocus={focus} />
    </Suspense>
  );
}

/** Called by the pickers' module when it loads. */
export function notePickersLoaded(): void {
  pickersLoaded = true;
}
