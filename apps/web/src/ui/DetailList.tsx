import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** A definition list of label/value pairs (read-only views). Empty values show a dash. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 220px) 1fr' }, gap: 1.25, m: 0 }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {row.label}
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }} data-testid={row.testId}>
            {row.value === null || row.value === undefined || row.value === '' ? (
              <Typography variant="body1" sx={{ color: 'text.disabled' }}>
                —
              </Typography>
            ) : typeof row.value === 'string' || typeof row.value === 'number' ? (
              <Typography variant="body1">{row.value}</Typography>
            ) : (
              row.value
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
