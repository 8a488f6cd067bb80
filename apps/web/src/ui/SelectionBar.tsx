import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SelectionBarProps {
  /** "3 selected", already translated. */
  label: string;
  clearLabel: string;
  onClear: () => void;
  /** data-testid of the bar; the clear button gets `${testId}-clear`. */
  testId: string;
  /** The actions on the selected rows. */
  children?: ReactNode;
}

/** The bar above a list while rows are selected: how many, clear, and what can be done with them. */
export function SelectionBar({ label, clearLabel, onClear, testId, children }: SelectionBarProps) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        mb: 1.5,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'action.selected',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
        {label}
      </Typography>
      <Button size="small" onClick={onClear} data-testid={`${testId}-clear`}>
        {clearLabel}
      </Button>
      {children}
    </Box>
  );
}
