import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { NamedOption } from './model';
import { withMissingIds } from './values';

/** A record's name; one the list no longer has (removed, or of another campaign) reads by its id. */
export function namedOptionLabel(option: NamedOption, t: TFunction): string {
  return option.name || t('automation.builder.missingOption', { id: option.id });
}

/** One record (an agent, a ticket type, a campaign...) chosen by name, searchable. */
export function NamedOptionPicker({
  label,
  choices,
  value,
  onChange,
  error,
  helperText,
  required,
  size,
  testId,
}: {
  label: string;
  choices: readonly NamedOption[];
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  size?: 'small' | 'medium';
  testId: string;
}) {
  const { t } = useTranslation();
  const all = withMissingIds(choices, value === null ? [] : [value]);
  return (
    <Autocomplete
      size={size}
      options={all}
      value={all.find((option) => option.id === value) ?? null}
      onChange={(_, option) => onChange(option ? option.id : null)}
      getOptionLabel={(option) => namedOptionLabel(option, t)}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText={t('automation.builder.noOptions')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          margin={size === 'small' ? 'none' : 'dense'}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
