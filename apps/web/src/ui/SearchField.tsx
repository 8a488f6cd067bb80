import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

interface SearchFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Placeholder and accessible name. */
  label: string;
  testId?: string;
}

/** The magnifier at the start of a search field (list searches, the header's and the sidebar's searches). */
export function SearchAdornment() {
  return (
    <InputAdornment position="start">
      <SearchIcon fontSize="small" />
    </InputAdornment>
  );
}

/** The search box at the head of a list, table or board: a magnifier, the placeholder as its name. */
export function SearchField({ value, onValueChange, label, testId }: SearchFieldProps) {
  return (
    <TextField
      size="small"
      margin="none"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      placeholder={label}
      sx={{ flex: '1 1 220px', maxWidth: 360 }}
      slotProps={{
        htmlInput: { 'data-testid': testId, 'aria-label': label },
        input: {
          startAdornment: <SearchAdornment />,
        },
      }}
    />
  );
}
