import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Multi-select of ids for the list filters (`testId` on the clickable display, options `<testId>-option-<id>`). */
export function IdsFilter({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: number[];
  options: { id: number; label: string }[];
  onChange: (value: number[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const names = new Map(options.map((option) => [option.id, option.label]));
  return (
    <TextField
      select
      size="small"
      margin="none"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(event) => {
        const raw = event.target.value as unknown as (number | string)[];
        onChange(raw.map((item) => Number(item)));
      }}
      sx={{ minWidth: 150, maxWidth: 280 }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          SelectDisplayProps: { 'data-testid': testId } as object,
          renderValue: (selected) => {
            const ids = selected as number[];
            if (ids.length === 0) return <Box component="span">{t('common.all')}</Box>;
            return ids.map((id) => names.get(id) ?? id).join(', ');
          },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id} data-testid={`${testId}-option-${option.id}`}>
          <Checkbox size="small" checked={value.includes(option.id)} sx={{ p: 0.5, marginInlineEnd: 1 }} />
          <ListItemText primary={option.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
