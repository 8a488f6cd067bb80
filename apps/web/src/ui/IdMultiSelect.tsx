import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface MultiSelectProps {
  label: string;
  value: number[];
  options: { id: number; label: string }[];
  onChange: (value: number[]) => void;
  error?: string;
  testId: string;
  required?: boolean;
}

/** Multi-select of ids with chips; `testId` is on the element that opens the list. */
export function IdMultiSelect({ label, value, options, onChange, error, testId, required }: MultiSelectProps) {
  const names = new Map(options.map((option) => [option.id, option.label]));
  return (
    <TextField
      select
      margin="dense"
      label={label}
      value={value}
      required={required}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => {
        const raw = event.target.value as unknown as (number | string)[];
        onChange(raw.map((item) => Number(item)));
      }}
      slotProps={{
        select: {
          multiple: true,
          SelectDisplayProps: { 'data-testid': testId } as object,
          renderValue: (selected) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {(selected as number[]).map((id) => (
                <Chip key={id} size="small" label={names.get(id) ?? id} />
              ))}
            </Box>
          ),
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id} data-testid={`${testId}-option-${option.id}`}>
          <Checkbox size="small" checked={value.includes(option.id)} sx={{ p: 0.5, me: 1 }} />
          <ListItemText primary={option.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
