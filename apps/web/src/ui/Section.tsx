import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled card grouping part of a form. */
export function Section({
  title,
  children,
  action,
  testId,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid={testId}>
      <CardContent>
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, mb: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <span style={{ flexGrow: 1 }}>{title}</span>
          {action}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Two columns from md up, one below. */
export const FORM_GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 } as const;
