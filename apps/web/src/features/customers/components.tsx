import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip, { type ChipProps } from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { UserOption } from './api';
import { contrastText } from './model';

export interface LabelLike {
  id: number;
  name: string;
  color: string | null;
}

/** A customer label as a chip in the label's colour (outlined when the label has none). */
export function LabelChip({ label, size = 'small', ...rest }: { label: LabelLike } & Omit<ChipProps, 'label'>) {
  const text = contrastText(label.color);
  return (
    <Chip
      size={size}
      label={label.name}
      variant={label.color ? 'filled' : 'outlined'}
      data-testid={`customer-label-chip-${label.id}`}
      sx={label.color && text ? { bgcolor: label.color, color: text, fontWeight: 600 } : undefined}
      {...rest}
    />
  );
}

export function LabelChips({ labels }: { labels: readonly LabelLike[] }) {
  if (labels.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {labels.map((label) => (
        <LabelChip key={label.id} label={label} />
      ))}
    </Box>
  );
}

interface LabelMultiSelectProps {
  label: string;
  value: number[];
  options: readonly LabelLike[];
  onChange: (value: number[]) => void;
  error?: string;
  testId: string;
}

/** Multi-select of labels shown as coloured chips; `testId` is on the element that opens the list. */
export function LabelMultiSelect({ label, value, options, onChange, error, testId }: LabelMultiSelectProps) {
  const byId = new Map(options.map((option) => [option.id, option]));
  return (
    <TextField
      select
      margin="dense"
      label={label}
      value={value}
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
              {(selected as number[]).map((id) => {
                const item = byId.get(id);
                return item ? <LabelChip key={id} label={item} /> : <Chip key={id} size="small" label={id} />;
              })}
            </Box>
          ),
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id} data-testid={`${testId}-option-${option.id}`}>
          <Checkbox size="small" checked={value.includes(option.id)} sx={{ p: 0.5, marginInlineEnd: 1 }} />
          <Box
            component="span"
            aria-hidden
            sx={{
              width: 12,
              height: 12,
              borderRadius: '50%',
              bgcolor: option.color ?? 'action.disabled',
              marginInlineEnd: 1,
              flexShrink: 0,
            }}
          />
          <ListItemText primary={option.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}

interface UserSelectProps {
  label: string;
  value: number | '';
  users: readonly UserOption[];
  onChange: (value: number | '') => void;
  testId: string;
  error?: string;
  /** Text of the empty choice (none when omitted: a user must be chosen). */
  emptyLabel?: string;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense';
  required?: boolean;
}

export function UserSelect({
  label,
  value,
  users,
  onChange,
  testId,
  error,
  emptyLabel,
  size,
  margin = 'dense',
  required,
}: UserSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size={size}
      margin={margin}
      label={label}
      value={value}
      required={required}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => {
        const raw = event.target.value as unknown as number | string;
        onChange(raw === '' ? '' : Number(raw));
      }}
      slotProps={{
        inputLabel: { shrink: emptyLabel !== undefined ? true : undefined },
        select: {
          displayEmpty: emptyLabel !== undefined,
          SelectDisplayProps: { 'data-testid': testId } as object,
          renderValue: (selected) =>
            selected === ''
              ? (emptyLabel ?? '') || t('common.none')
              : (users.find((user) => user.id === Number(selected))?.nombre ?? String(selected)),
        },
      }}
    >
      {emptyLabel !== undefined ? (
        <MenuItem value="" data-testid={`${testId}-option-none`}>
          <em>{emptyLabel || t('common.none')}</em>
        </MenuItem>
      ) : null}
      {users.map((user) => (
        <MenuItem key={user.id} value={user.id} data-testid={`${testId}-option-${user.id}`}>
          <ListItemText primary={user.nombre} secondary={user.email} />
        </MenuItem>
      ))}
    </TextField>
  );
}
