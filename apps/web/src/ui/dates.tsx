import { type Locale, pickLocale } from '@atiende/contracts';
import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES } from '@mui/x-date-pickers/locales';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/es';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const PICKER_TEXTS: Record<Locale, typeof esES.components.MuiLocalizationProvider.defaultProps.localeText> = {
  es: esES.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * Dates and times in the UI language: Spanish shows dd/mm/aaaa and a 24-hour clock, English its own order. Each
 * field brings its own provider (not one around the whole app), so the pickers' code loads only with a page that
 * shows a date: the login page and most lists never download it.
 */
function DatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = pickLocale(i18n.language);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language} localeText={PICKER_TEXTS[language]}>
      {children}
    </LocalizationProvider>
  );
}

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

/**
 * A localised date, time or date-and-time picker over a string value. The half-typed value stays in the field
 * (the form sees '' until it is complete), so typing day by day is not reset by the form's re-render.
 */
export function DateTimeField({
  kind,
  label,
  value,
  onValueChange,
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
}: DateTimeFieldProps) {
  const [draft, setDraft] = useState<Dayjs | null>(() => parseWireDate(kind, value));
  const reported = useRef(value);

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setDraft(parseWireDate(kind, value));
  }, [kind, value]);

  const change = (next: Dayjs | null) => {
    setDraft(next);
    const wire = formatWireDate(kind, next);
    if (wire === reported.current) return;
    reported.current = wire;
    onValueChange(wire);
  };

  const common = {
    label,
    value: draft,
    onChange: change,
    disabled,
    name,
    slotProps: {
      textField: {
        required,
        size,
        margin,
        fullWidth,
        sx,
        error: error ? true : undefined,
        helperText: error ?? helperText,
        slotProps: { htmlInput: { 'data-testid': testId } as object },
      },
    },
  };
  return (
    <DatesProvider>
      {kind === 'time' ? (
        <TimePicker {...common} />
      ) : kind === 'datetime' ? (
        <DateTimePicker {...common} />
      ) : (
        <DatePicker {...common} />
      )}
    </DatesProvider>
  );
}
