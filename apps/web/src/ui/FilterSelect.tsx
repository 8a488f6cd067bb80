import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/**
 * A list filter: "All" (the empty value) or one of the options. Values keep their type (ids stay numbers).
 * `testId` goes on the native input, as the other list filters do.
 */
export function FilterSelect<V extends string | number>({
  label,
  value,
  onChange,
  options,
  testId,
  minWidth = 160,
  allLabel,
}: {
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  options: readonly { value: V; label: string }[];
  testId: string;
  minWidth?: number;
  /** The empty value's text when "All" must agree with the noun in Spanish ("Todas" las campañas). */
  allLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      margin="none"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(event) => {
        const raw = String(event.target.value);
        onChange(raw === '' ? '' : (options.find((option) => String(option.value) === raw)?.value ?? ''));
      }}
      sx={{ minWidth }}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        inputLabel: { shrink: true },
        select: { displayEmpty: true },
      }}
    >
      <MenuItem value="">{allLabel ?? t('common.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
