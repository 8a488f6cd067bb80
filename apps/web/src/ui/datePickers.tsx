import { type Locale, pickLocale } from '@atiende/contracts';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES } from '@mui/x-date-pickers/locales';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/es';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateTimeFieldProps, notePickersLoaded } from './dates';
import { formatWireDate, parseWireDate } from './pickerValues';

// The MUI X pickers (about 65 KB of gzip): ui/dates.tsx loads this module when a date field is first used.
notePickersLoaded();

const PICKER_TEXTS: Record<Locale, typeof esES.components.MuiLocalizationProvider.defaultProps.localeText> = {
  es: esES.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * Dates and times in the UI language: Spanish shows dd/mm/aaaa and a 24-hour clock, English its own order. Each
 * field brings its own provider (not one around the whole app), so the pickers load only with a date field.
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

/**
 * A localised date, time or date-and-time picker over a string value. The half-typed value stays in the field
 * (the form sees '' until it is complete), so typing day by day is not reset by the form's re-render.
 */
export function PickerField({
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
  autoFocus,
}: DateTimeFieldProps & { autoFocus?: boolean }) {
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
    autoFocus,
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
