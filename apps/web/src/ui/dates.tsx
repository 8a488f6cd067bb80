import { type Locale, pickLocale } from '@atiende/contracts';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EventIcon from '@mui/icons-material/Event';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from './lazy';

/** The string shapes the forms and the API exchange (those of the native inputs the pickers replace). */
export type DateKind = 'date' | 'time' | 'datetime';

/**
 * A wire value as a local Date, read as the pickers read it (ui/pickerValues.ts): the date and time parts in local
 * time, or, with a zone (`Z`, `+02:00`), that instant; a time is read on a fixed day; an impossible date (02-31) is
 * none. Done without dayjs, so the workspace's forms do not download it before a picker is used.
 */
export function wireDateToDate(kind: DateKind, value: string): Date | null {
  if (!value) return null;
  const text = kind === 'time' ? `2000-01-01T${value}` : value;
  const local = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,3})\d*)?)?)?$/.exec(
    text,
  );
  let date: Date;
  if (local) {
    const [, year, month, day, hour = '0', minute = '0', second = '0', millis = '0'] = local;
    date = new Date(+year, +month - 1, +day, +hour, +minute, +second, +millis.padEnd(3, '0'));
    if (date.getMonth() !== +month - 1 || date.getDate() !== +day || +hour > 23 || +minute > 59 || +second > 59) {
      return null;
    }
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    date = new Date(text);
  } else {
    return null;
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A wire value as the picker shows it in the UI language (Spanish 05/03/2026 and 14:30, English 03/05/2026 and
 * 02:30 PM): what the field shows before the pickers' code has loaded.
 */
export function displayWireDate(kind: DateKind, value: string, locale: Locale): string {
  const parsed = wireDateToDate(kind, value);
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
